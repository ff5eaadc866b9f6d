// /notifications: the user's events, newest first, each marked read on its own or all at once; new
// ones arrive live (the bell's stream fills the same cache).
import { NOTICE_KIND_INFO } from '@domain/notifications.ts';
import { Link } from 'wouter';
import { Page } from '@/components/layouts/page.tsx';
import { Button } from '@/components/ui/button.tsx';
import { useAuth } from '@/features/accounts/index.ts';
import { serverMessageOf } from '@/lib/api.ts';
import { cn } from '@/lib/cn.ts';
import { useMarkRead, useNotifications } from '../api/notifications.ts';

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export default function NotificationsPage() {
  const { user, status } = useAuth();
  const { data, isPending, error } = useNotifications(!!user);
  const mark = useMarkRead();
  if (status !== 'loading' && !user)
    return <Page title="Notifications" lead="Sign in to see your notifications." />;
  return (
    <Page
      title="Notifications"
      lead={
        <>
          What happened to your money and your trades. Choose what reaches you in the app and by email in{' '}
          <Link href="/settings" className="underline">
            settings
          </Link>
          .
        </>
      }
      actions={
        <Button
          variant="outline"
          disabled={!data?.unread || mark.isPending}
          onClick={() => mark.mutate({ all: true })}
        >
          Mark all as read
        </Button>
      }
    >
      {isPending && <p className="text-sm text-muted-foreground">Loading…</p>}
      {error && (
        <p role="alert" className="text-sm text-destructive">
          Your notifications could not be loaded.
        </p>
      )}
      {mark.error && (
        <p role="alert" className="mb-3 text-sm text-destructive">
          {serverMessageOf(mark.error) ?? 'Please try again.'}
        </p>
      )}
      {data && data.items.length === 0 && (
        <p className="text-sm text-muted-foreground">
          Nothing yet: events of your investments and orders appear here.
        </p>
      )}
      {data && data.items.length > 0 && (
        <ul aria-label="Your notifications" className="divide-y rounded-lg border">
          {data.items.map((n) => (
            <li
              key={n.id}
              className={cn('flex flex-wrap items-start gap-3 p-4', !n.readAt && 'bg-accent/40')}
            >
              <div className="min-w-0 flex-1">
                <p className="text-xs text-muted-foreground">
                  {NOTICE_KIND_INFO[n.kind].label} · <time dateTime={n.createdAt}>{when(n.createdAt)}</time>
                  {!n.readAt && <span className="ml-2 font-semibold text-foreground">Unread</span>}
                </p>
                <p className="mt-1 font-medium break-words">
                  {n.link ? (
                    <Link href={n.link} className="underline-offset-2 hover:underline">
                      {n.title}
                    </Link>
                  ) : (
                    n.title
                  )}
                </p>
                {n.body && <p className="mt-1 text-sm break-words text-muted-foreground">{n.body}</p>}
              </div>
              {!n.readAt && (
                <Button
                  size="sm"
                  variant="ghost"
                  disabled={mark.isPending}
                  aria-label={`Mark as read: ${n.title}`}
                  onClick={() => mark.mutate({ ids: [n.id] })}
                >
                  Mark as read
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </Page>
  );
}
