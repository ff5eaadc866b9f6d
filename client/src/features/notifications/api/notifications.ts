// The notification centre's calls (typed by domain/endpoints/notifications.ts) and its live stream:
// an EventSource on /api/notifications/stream puts each new notification and the unread count into
// the list's cache, so the bell and the page change without a reload.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { NOTIFICATION_API } from '@domain/endpoints/notifications.ts';
import type { NoticeEvent, NoticeList } from '@domain/notifications.ts';
import { apiQuery, callApi } from '@/lib/api.ts';

export const notificationsQuery = () => apiQuery(NOTIFICATION_API.list);

export function useNotifications(enabled = true) {
  return useQuery({ ...notificationsQuery(), enabled });
}

/** Marks the given ids read, or all of the user's. */
export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (which: { ids: string[] } | { all: true }) =>
      callApi(NOTIFICATION_API.markRead, { body: which }),
    onSuccess: () => client.invalidateQueries({ queryKey: notificationsQuery().queryKey }),
  });
}

/** While signed in: keeps the list's cache in step with the server's live stream. */
export function useNotificationStream(enabled: boolean) {
  const client = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    const { queryKey } = notificationsQuery();
    const source = new EventSource('/api/notifications/stream');
    source.addEventListener('notification', (message) => {
      const event = JSON.parse((message as MessageEvent<string>).data) as NoticeEvent;
      const { notification } = event;
      client.setQueryData<NoticeList>(queryKey, (list) => {
        if (!list) return list;
        const items =
          notification && !list.items.some((n) => n.id === notification.id)
            ? [notification, ...list.items]
            : list.items;
        return { items, unread: event.unread };
      });
      // The first event (and one after a reconnect) carries only the count: read the list again.
      if (!notification) void client.invalidateQueries({ queryKey });
    });
    // The session ended: no reconnecting until the user signs in again.
    source.addEventListener('signed-out', () => source.close());
    return () => source.close();
  }, [enabled, client]);
}
