// Per kind: shown in the app, emailed (GET/PUT /api/settings/notifications/channels).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { NOTIFICATION_API } from '@domain/endpoints/notifications.ts';
import { SETTINGS_API } from '@domain/endpoints/settings.ts';
import type { NoticeChannelsChange } from '@domain/notifications.ts';
import { apiQuery, callApi } from '@/lib/api.ts';

export const channelsQuery = () => apiQuery(NOTIFICATION_API.channels);

export function useNoticeChannels() {
  return useQuery(channelsQuery());
}

export function useSaveNoticeChannels() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: NoticeChannelsChange) => callApi(NOTIFICATION_API.saveChannels, { body: change }),
    onSuccess: (channels) => {
      client.setQueryData(channelsQuery().queryKey, channels);
      // The email settings above read the same choices.
      return client.invalidateQueries({ queryKey: apiQuery(SETTINGS_API.notifications).queryKey });
    },
  });
}
