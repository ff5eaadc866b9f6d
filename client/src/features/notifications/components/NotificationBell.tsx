// The bell in the top bar: the unread count, live; it opens /notifications.
import { Bell } from 'lucide-react';
import { Link } from 'wouter';
import { useNotifications, useNotificationStream } from '../api/notifications.ts';

export function bellLabel(unread: number): string {
  return unread === 0 ? 'Notifications, none unread' : `Notifications, ${unread} unread`;
}

export default function NotificationBell() {
  useNotificationStream(true);
  const { data } = useNotifications();
  const unread = data?.unread ?? 0;
  return (
    <Link
      href="/notifications"
      aria-label={bellLabel(unread)}
      className="relative inline-flex h-9 w-9 items-center justify-center rounded-md text-muted-foreground transition-colors hover:bg-muted hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
    >
      <Bell className="h-5 w-5" aria-hidden />
      {unread > 0 && (
        <span
          aria-hidden
          className="absolute -top-0.5 -right-0.5 min-w-[1.25rem] rounded-full bg-primary px-1 text-center text-xs leading-5 font-semibold text-primary-foreground"
        >
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </Link>
  );
}
