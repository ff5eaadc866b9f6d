// Notification emails an investor may turn off on /settings (issue 11). Account emails (reset and
// verification links, security notices) are not optional and are not listed here.
import { z } from 'zod';

/** An outgoing email in the outbox (server/email/outbox.ts, docs/email.md): `dead` after its last try. */
export const OUTGOING_EMAIL_STATUSES = ['pending', 'sending', 'sent', 'dead'] as const;
export type OutgoingEmailStatus = (typeof OUTGOING_EMAIL_STATUSES)[number];
/** Still to send: waiting for its turn or being sent. */
export const UNSENT_EMAIL_STATUSES = ['pending', 'sending'] as const satisfies readonly OutgoingEmailStatus[];

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

// ---------------------------------------------------------------------------------------------------
// The notification centre (issue 22 item 3, docs/notifications.md): every event a user is told of in
// the app, and by email where the kind has one. The three kinds above keep their email setting
// (`GET/PUT /api/settings/notifications`); every kind's in-app and email choice is
// `GET/PUT /api/settings/notifications/channels`.

/** How a kind's email is chosen: the user may turn it off, it always leaves, or the kind has none. */
export type NoticeEmail = 'optional' | 'required' | 'none';

export const NOTICE_KINDS = [
  'investment_confirmed',
  'hold_voided',
  'campaign_funded',
  'campaign_refunded',
  'campaign_completed',
  'campaign_defaulted',
  'disbursement',
  'settlement',
  'withdrawal',
  'milestone',
  'campaign_update',
  'question_answered',
  'campaign_deadline',
  'saved_search',
  'order',
  'kyc',
  'complaint',
  'campaign_review',
  'investment_revoked',
] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

export const NOTICE_KIND_INFO: Record<
  NoticeKind,
  { label: string; description: string; email: NoticeEmail }
> = {
  investment_confirmed: {
    label: 'Investments',
    description: 'Your investment was charged and is held in the campaign’s escrow.',
    email: 'none',
  },
  hold_voided: {
    label: 'Released card holds',
    description: 'An investment or order could not go ahead and your card was not charged.',
    email: 'none',
  },
  campaign_funded: { ...NOTIFICATION_LABELS.campaign_funded, email: 'optional' },
  campaign_refunded: { ...NOTIFICATION_LABELS.campaign_refunded, email: 'optional' },
  campaign_completed: { ...NOTIFICATION_LABELS.campaign_completed, email: 'optional' },
  campaign_defaulted: {
    label: 'Settlement defaults',
    description: 'A trader did not pay a settlement in time (always emailed).',
    email: 'required',
  },
  disbursement: {
    label: 'Disbursements',
    description: 'Money of a campaign went to its trade.',
    email: 'none',
  },
  settlement: {
    label: 'Settlements',
    description: 'A campaign’s settlement was approved, sent back or paid in.',
    email: 'none',
  },
  withdrawal: {
    label: 'Withdrawals',
    description: 'A withdrawal or payout reached your bank, or came back to your balance.',
    email: 'none',
  },
  milestone: {
    label: 'Shipment milestones',
    description: 'A campaign you invested in loaded, departed, arrived, cleared customs or delivered.',
    email: 'none',
  },
  campaign_update: {
    label: 'Campaign updates',
    description: 'A trader posted an update to a campaign you back.',
    email: 'optional',
  },
  question_answered: {
    label: 'Answers',
    description: 'A trader answered your question.',
    email: 'optional',
  },
  campaign_deadline: {
    label: 'Deadline reminders',
    description: 'A campaign you follow stops taking investments within 48 hours.',
    email: 'optional',
  },
  saved_search: {
    label: 'Saved searches',
    description: 'A new campaign matches a search you saved.',
    email: 'optional',
  },
  order: {
    label: 'Orders',
    description: 'An order of yours was placed, confirmed, shipped, delivered, received or cancelled.',
    email: 'optional',
  },
  kyc: {
    label: 'Verification',
    description: 'An admin approved or rejected your verification.',
    email: 'none',
  },
  complaint: {
    label: 'Complaints',
    description: 'Your complaint was received or decided (always emailed).',
    email: 'required',
  },
  campaign_review: {
    label: 'Campaign reviews',
    description: 'An admin approved your campaign or sent it back (always emailed).',
    email: 'required',
  },
  investment_revoked: {
    label: 'Revoked investments',
    description: 'An investor revoked an investment in your campaign (always emailed).',
    email: 'required',
  },
};

export const noticeKindSchema = z.enum(NOTICE_KINDS);

/** One entry of `GET /api/notifications`: `link` is a path in the app, or null. */
export const noticeSchema = z.object({
  id: z.string(),
  kind: noticeKindSchema,
  title: z.string(),
  body: z.string().nullable(),
  link: z.string().nullable(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type Notice = z.infer<typeof noticeSchema>;

/** The newest `limit` (default 30, at most 100) of the user's notifications, and how many are unread. */
export const noticeListQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(100).default(30),
});
export const noticeListSchema = z.object({ items: z.array(noticeSchema), unread: z.number().int() });
export type NoticeList = z.infer<typeof noticeListSchema>;

/** `POST /api/notifications/read`: the ids to mark read (the caller's own; others are ignored), or all. */
export const markReadSchema = z
  .strictObject({
    ids: z
      .array(z.uuid({ error: 'Each id must be a notification id' }))
      .max(200)
      .optional(),
    all: z.literal(true).optional(),
  })
  .refine((b) => (b.ids !== undefined) !== (b.all !== undefined), {
    error: 'Send the ids to mark read, or all: true',
    path: ['ids'],
  });
export const markReadAnswerSchema = z.object({ marked: z.number().int(), unread: z.number().int() });

/** What the live stream (`GET /api/notifications/stream`) sends in each `notification` event. */
export const noticeEventSchema = z.object({
  notification: noticeSchema.nullable(),
  unread: z.number().int(),
});
export type NoticeEvent = z.infer<typeof noticeEventSchema>;

/** A kind's channels: shown in the app, emailed (always false for a kind without email). */
export const noticeChannelSchema = z.strictObject({ inApp: z.boolean(), email: z.boolean() });
export type NoticeChannel = z.infer<typeof noticeChannelSchema>;
export const noticeChannelsSchema = z.strictObject(
  Object.fromEntries(NOTICE_KINDS.map((k) => [k, noticeChannelSchema])) as Record<
    NoticeKind,
    typeof noticeChannelSchema
  >,
);
export type NoticeChannels = z.infer<typeof noticeChannelsSchema>;
/** The change: any kinds, any of their two channels. */
export const noticeChannelsChangeSchema = z.strictObject(
  Object.fromEntries(NOTICE_KINDS.map((k) => [k, noticeChannelSchema.partial().optional()])) as Record<
    NoticeKind,
    z.ZodOptional<ReturnType<typeof noticeChannelSchema.partial>>
  >,
);
export type NoticeChannelsChange = z.infer<typeof noticeChannelsChangeSchema>;

/** Whether the email of `kind` is sent to a user with these email opt-outs. */
export function emailWanted(kind: NoticeKind, emailOptOuts: readonly string[]): boolean {
  const mode = NOTICE_KIND_INFO[kind].email;
  return mode === 'required' || (mode === 'optional' && !emailOptOuts.includes(kind));
}

export function channelsOf(emailOptOuts: readonly string[], inAppOptOuts: readonly string[]): NoticeChannels {
  return Object.fromEntries(
    NOTICE_KINDS.map((k) => [k, { inApp: !inAppOptOuts.includes(k), email: emailWanted(k, emailOptOuts) }]),
  ) as NoticeChannels;
}

/**
 * The opt-out lists after `change`: a kind without email, or whose email always leaves, keeps it as it
 * is (`refused` names such a kind asked to change).
 */
export function applyChannels(
  emailOptOuts: readonly string[],
  inAppOptOuts: readonly string[],
  change: NoticeChannelsChange,
): { emailOptOuts: string[]; inAppOptOuts: NoticeKind[]; refused: NoticeKind | null } {
  const email = new Set(emailOptOuts);
  const inApp = new Set(inAppOptOuts.filter((k): k is NoticeKind => NOTICE_KINDS.includes(k as NoticeKind)));
  let refused: NoticeKind | null = null;
  for (const kind of NOTICE_KINDS) {
    const c = change[kind];
    if (!c) continue;
    if (c.inApp !== undefined) {
      if (c.inApp) inApp.delete(kind);
      else inApp.add(kind);
    }
    if (c.email !== undefined && c.email !== emailWanted(kind, [...email])) {
      if (NOTICE_KIND_INFO[kind].email !== 'optional') refused ??= kind;
      else if (c.email) email.delete(kind);
      else email.add(kind);
    }
  }
  return { emailOptOuts: [...email], inAppOptOuts: [...inApp], refused };
}
