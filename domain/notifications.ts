// Notification emails an investor may turn off on /settings (issue 11). Account emails (reset and
// verification links, security notices) are not optional and are not listed here.
import { z } from 'zod';

export const NOTIFICATION_KINDS = ['campaign_funded', 'campaign_refunded', 'campaign_completed'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const NOTIFICATION_LABELS: Record<NotificationKind, { label: string; description: string }> = {
  campaign_funded: {
    label: 'Campaign funded',
    description: 'A campaign you invested in reached its target.',
  },
  campaign_refunded: {
    label: 'Refunds',
    description: 'A campaign you invested in was cancelled and your investment refunded.',
  },
  campaign_completed: {
    label: 'Payouts',
    description: 'A campaign you invested in completed and paid you out.',
  },
};

/** `GET/PUT /api/settings/notifications`: true = the email is sent. */
export const notificationPrefsSchema = z.strictObject({
  campaign_funded: z.boolean(),
  campaign_refunded: z.boolean(),
  campaign_completed: z.boolean(),
});
export type NotificationPrefs = z.infer<typeof notificationPrefsSchema>;

export function prefsFromOptOuts(optOuts: readonly string[]): NotificationPrefs {
  return Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, !optOuts.includes(k)])) as NotificationPrefs;
}

export function optOutsFromPrefs(prefs: NotificationPrefs): NotificationKind[] {
  return NOTIFICATION_KINDS.filter((k) => !prefs[k]);
}
