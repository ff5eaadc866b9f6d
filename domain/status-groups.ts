// The one way to ask "is this status in that named group?". Every entity names its groups beside its
// statuses (CAMPAIGN_STATUS_GROUPS, INVESTMENT_STATUS_GROUPS, ESCROW_STATUS_GROUPS, ORDER_STATUS_GROUPS,
// ORDER_PAYMENT_GROUPS, PAYMENT_STATUS_GROUPS, PAYOUT_STATUS_GROUPS, ...): services test a value with
// `inGroup`, SQL renders the same list with `sqlIn` (server/db/vocabulary.ts), and the CHECK
// constraints are built from the full status lists with `checkIn`. Nobody retypes a list.

/** Whether `status` is one of `group`'s statuses. */
export function inGroup<S extends string>(group: readonly S[], status: S): boolean {
  return group.includes(status);
}
