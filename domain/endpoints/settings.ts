// The user's settings calls as both sides see them (docs/api.md "Types for the client").
import { endpoint } from '../endpoint.ts';
import type { notificationPrefsSchema } from '../notifications.ts';

export const SETTINGS_API = {
  /** Notification emails: true = the email is sent. */
  notifications: endpoint('GET', '/api/settings/notifications').answers<typeof notificationPrefsSchema>(),
  saveNotifications: endpoint('PUT', '/api/settings/notifications')
    .takes<typeof notificationPrefsSchema>()
    .answers<typeof notificationPrefsSchema>(),
};
