// The notification centre's calls as both sides see them (docs/api.md "Types for the client").
import { endpoint } from '../endpoint.ts';
import type {
  markReadAnswerSchema,
  markReadSchema,
  noticeChannelsChangeSchema,
  noticeChannelsSchema,
  noticeListQuerySchema,
  noticeListSchema,
} from '../notifications.ts';

export const NOTIFICATION_API = {
  list: endpoint('GET', '/api/notifications')
    .query<typeof noticeListQuerySchema>()
    .answers<typeof noticeListSchema>(),
  markRead: endpoint('POST', '/api/notifications/read')
    .takes<typeof markReadSchema>()
    .answers<typeof markReadAnswerSchema>(),
  channels: endpoint('GET', '/api/settings/notifications/channels').answers<typeof noticeChannelsSchema>(),
  saveChannels: endpoint('PUT', '/api/settings/notifications/channels')
    .takes<typeof noticeChannelsChangeSchema>()
    .answers<typeof noticeChannelsSchema>(),
};
