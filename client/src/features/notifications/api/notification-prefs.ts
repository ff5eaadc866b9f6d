// The signed-in user's notification email settings (/settings).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SETTINGS_API } from '@domain/endpoints/settings.ts';
import type { NotificationPrefs } from '@domain/notifications.ts';
import { toast } from '@/components/ui/toast-store.ts';
import { apiQuery, callApi } from '@/lib/api.ts';

const notificationsQuery = () => apiQuery(SETTINGS_API.notifications);
export function useNotificationPrefs() {
  return useQuery(notificationsQuery());
}

export function useSaveNotificationPrefs() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (prefs: NotificationPrefs) => callApi(SETTINGS_API.saveNotifications, { body: prefs }),
    onSuccess: (prefs) => {
      client.setQueryData(notificationsQuery().queryKey, prefs);
      toast({ title: 'Notification settings saved' });
    },
  });
}
