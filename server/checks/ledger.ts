// The ledger's invariants as code (Open Collective's checks/, reliability checklist M1, M7, M9;
// docs/money.md): run by `npm run cli -- verify-ledger`, after the API tests that move money, and by
// the property test. Each check answers the breaks it finds, in words an operator can act on. With a
// provider, the ledger is also reconciled against it (reconcile.ts).
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../db/connect.ts';
import type { PaymentProvider } from '../features/money/index.ts';
import type { LedgerBreak } from './break.ts';
import { reconcileWithProvider, RECONCILIATION_CHECKS } from './reconcile.ts';
import { ESCROW_STATUS_GROUPS, INVESTMENT_STATUS_GROUPS } from '../../domain/investments.ts';
import { ORDER_PAYMENT_GROUPS } from '../../domain/orders.ts';
import { PAYMENT_STATUS_GROUPS } from '../../domain/payment-lifecycle.ts';
import { sqlIn, sqlNotIn } from '../db/vocabulary.ts';

export type { LedgerBreak };

interface Check {
  name: string;
  /** SQL that returns one row per break, with a `detail` column. */
  query: SQL;
}

/** Sum of a ledger account (`escrow:<id>`…) per subject id, as a CTE body. */
const balances = (prefix: string) =>
  sql.raw(`select substring(account from ${prefix.length + 2})::uuid as id,
  sum(amount) as total from ledger_entries where account like '${prefix}:%' group by account`);

/**
 * Campaigns completed before the money module (migration 0011) paid each investor straight back to the
 * card (a 'payout' posting per investment) from a trade settlement nobody paid in. That history is
 * kept as it happened and checked under its own rule; everything completed since is settled.
 */
const completedBeforeSettlements = sql.raw(`exists (select 1 from ledger_transactions lt
  where lt.campaign_id = c.id and lt.kind = 'payout' and lt.investment_id is not null)`);

const CHECKS: Check[] = [
  {
    name: 'every transaction sums to zero',
    query: sql`select 'transaction ' || t.id || ' (' || t.kind || ') sums to ' || coalesce(sum(e.amount), 0)
      || ' over ' || count(e.id) || ' entries' as detail
      from ledger_transactions t left join ledger_entries e on e.transaction_id = t.id
      group by t.id, t.kind having coalesce(sum(e.amount), 0) <> 0 or count(e.id) < 2`,
  },
  {
    name: 'no account that must not go negative is negative',
    query: sql`select 'account ' || account || ' stands at ' || sum(amount) as detail
      from ledger_entries where account not like 'clearing:%' group by account having sum(amount) < 0`,
  },
  {
    // Raised follows the money not refunded; the escrow account holds what of each record still
    // Held or Disputed has not gone to the trade.
    name: "each campaign's raised amount equals its investments not refunded, and its escrow holds what did not go to the trade",
    query: sql`with invested as (
        select r.campaign_id, sum(r.amount) as total, count(distinct i.investor_id) as investors,
          sum(r.amount - r.released_amount) filter (where ${sqlIn(sql`r.status`, ESCROW_STATUS_GROUPS.inEscrow)}) as in_escrow
        from escrow_records r join investments i on i.id = r.investment_id
        where r.status <> 'refunded' group by r.campaign_id),
      held as (${balances('escrow')})
      select 'campaign ' || c.id || ' (' || c.status || '): raised ' || c.raised_amount || ', investments not refunded '
        || coalesce(i.total, 0) || ', escrow balance ' || coalesce(h.total, 0) || ', records still in escrow '
        || coalesce(i.in_escrow, 0) || ', investors ' || c.investor_count || ' (counted ' || coalesce(i.investors, 0) || ')' as detail
      from campaigns c
      left join invested i on i.campaign_id = c.id
      left join held h on h.id = c.id
      where c.raised_amount <> coalesce(i.total, 0) or coalesce(h.total, 0) <> coalesce(i.in_escrow, 0)
        or c.investor_count <> coalesce(i.investors, 0)`,
  },
  {
    name: 'what went to the trade is what the released tranches say, never more than was raised',
    query: sql`with tranches as (
        select campaign_id, sum(amount) filter (where status = 'released') as released from campaign_releases group by campaign_id),
      posted as (
        select t.campaign_id, sum(e.amount) as total, count(distinct t.id) as postings
        from ledger_transactions t join ledger_entries e on e.transaction_id = t.id
        where t.kind = 'release' and e.account like 'trader:%' group by t.campaign_id),
      records as (
        select campaign_id, sum(released_amount) as total from escrow_records where campaign_id is not null group by campaign_id)
      select 'campaign ' || c.id || ': tranches released ' || coalesce(tr.released, 0) || ', release postings '
        || coalesce(p.total, 0) || ', records released ' || coalesce(r.total, 0) || ' of ' || c.raised_amount || ' raised' as detail
      from campaigns c
      left join tranches tr on tr.campaign_id = c.id
      left join posted p on p.campaign_id = c.id
      left join records r on r.campaign_id = c.id
      where coalesce(tr.released, 0) <> coalesce(p.total, 0) or coalesce(tr.released, 0) > c.raised_amount
        or (c.status <> 'completed' and coalesce(r.total, 0) <> coalesce(tr.released, 0))`,
  },
  {
    name: 'a completed campaign was settled: paid in, distributed once, escrow and settlement accounts empty',
    query: sql`with inv as (
        select campaign_id, sum(amount) as principal, sum(profit_share) as profit,
          count(*) filter (where status <> 'paid_out') as unpaid
        from investments i where exists (select 1 from escrow_records r where r.investment_id = i.id and r.status <> 'refunded')
        group by campaign_id),
      dist as (
        select t.campaign_id, count(distinct t.id) as n,
          sum(e.amount) filter (where e.account like 'investor:%') as to_investors,
          sum(e.amount) filter (where e.account = 'platform:fees') as fees
        from ledger_transactions t join ledger_entries e on e.transaction_id = t.id
        where t.kind = 'distribution' group by t.campaign_id),
      esc as (${balances('escrow')}),
      stl as (${balances('settlement')})
      select 'completed campaign ' || c.id || ': settlement ' || coalesce(s.status, 'none') || ', distributions '
        || coalesce(d.n, 0) || ', investments not paid out ' || coalesce(i.unpaid, 0) || ', paid to investors '
        || coalesce(d.to_investors, 0) || ' for principal ' || coalesce(i.principal, 0) || ' + net profit '
        || coalesce(i.profit, 0) || ', fees ' || coalesce(d.fees, 0) || ' (due ' || coalesce(s.fee, 0) || '), escrow '
        || coalesce(e.total, 0) || ', settlement account ' || coalesce(st.total, 0) as detail
      from campaigns c
      left join settlements s on s.campaign_id = c.id and s.status <> 'rejected'
      left join inv i on i.campaign_id = c.id
      left join dist d on d.campaign_id = c.id
      left join esc e on e.id = c.id
      left join stl st on st.id = c.id
      where c.status = 'completed' and not ${completedBeforeSettlements}
        and (s.status is distinct from 'paid' or coalesce(d.n, 0) > 1 or coalesce(i.unpaid, 0) <> 0
          or (coalesce(i.principal, 0) > 0 and coalesce(d.n, 0) = 0)
          or coalesce(d.to_investors, 0) <> coalesce(i.principal, 0) + coalesce(i.profit, 0)
          or coalesce(d.fees, 0) <> coalesce(s.fee, 0)
          or coalesce(e.total, 0) <> 0 or coalesce(st.total, 0) <> 0)`,
  },
  {
    name: 'a campaign completed before settlements paid each investor principal and profit once',
    query: sql`with paid as (
        select t.investment_id, count(distinct t.id) as n, -sum(e.amount) as total
        from ledger_transactions t join ledger_entries e on e.transaction_id = t.id
        where t.kind = 'payout' and t.investment_id is not null and e.account not like 'clearing:%'
          and e.account <> 'platform:fees'
        group by t.investment_id),
      esc as (${balances('escrow')})
      select 'campaign ' || c.id || ' (completed before settlements): investment ' || i.id || ' is '
        || i.status || ', paid ' || coalesce(p.n, 0) || ' time(s), escrow ' || coalesce(e.total, 0) as detail
      from campaigns c join investments i on i.campaign_id = c.id
      left join paid p on p.investment_id = i.id
      left join esc e on e.id = c.id
      where c.status = 'completed' and ${completedBeforeSettlements}
        and exists (select 1 from escrow_records r where r.investment_id = i.id and r.status <> 'refunded')
        and (i.status <> 'paid_out' or coalesce(p.n, 0) <> 1 or coalesce(e.total, 0) <> 0)`,
  },
  {
    // The profit investors were paid came from what the trader paid in, never from the clearing account:
    // in total, and in each distribution, which draws only on the campaign's settlement and escrow.
    name: 'profit paid out never exceeds what the trader paid in beyond the principal disbursed',
    query: sql`with received as (
        select t.campaign_id, sum(e.amount) as total
        from ledger_transactions t join ledger_entries e on e.transaction_id = t.id
        where e.account like 'settlement:%' and e.amount > 0 group by t.campaign_id),
      refunded as (
        select t.campaign_id, -sum(e.amount) as total
        from ledger_transactions t join ledger_entries e on e.transaction_id = t.id
        where e.account like 'settlement:%' and t.kind = 'refund' group by t.campaign_id),
      paid as (
        select t.campaign_id, sum(e.amount) as total
        from ledger_transactions t join ledger_entries e on e.transaction_id = t.id
        where t.kind = 'distribution' and (e.account like 'investor:%' or e.account = 'platform:fees')
        group by t.campaign_id),
      drawn as (
        select t.campaign_id, -sum(e.amount) as total
        from ledger_transactions t join ledger_entries e on e.transaction_id = t.id
        where t.kind = 'distribution' and e.amount < 0
          and e.account not in ('settlement:' || t.campaign_id, 'escrow:' || t.campaign_id)
        group by t.campaign_id),
      tranches as (
        select campaign_id, coalesce(sum(amount) filter (where status = 'released'), 0) as released
        from campaign_releases group by campaign_id)
      select 'campaign ' || c.id || ' paid ' || p.total || ' to investors and fees for a principal of '
        || c.raised_amount || ', with ' || coalesce(r.total, 0) - coalesce(f.total, 0) || ' paid in for '
        || coalesce(tr.released, 0) || ' disbursed, ' || coalesce(d.total, 0)
        || ' drawn from outside its settlement and escrow' as detail
      from campaigns c
      join paid p on p.campaign_id = c.id
      left join received r on r.campaign_id = c.id
      left join refunded f on f.campaign_id = c.id
      left join drawn d on d.campaign_id = c.id
      left join tranches tr on tr.campaign_id = c.id
      where p.total - c.raised_amount > coalesce(r.total, 0) - coalesce(f.total, 0) - coalesce(tr.released, 0)
        or coalesce(d.total, 0) > 0`,
  },
  {
    name: 'no investment of a cancelled campaign is left neither refunded nor paid',
    query: sql`select 'cancelled campaign ' || c.id || ': investment ' || i.id || ' is ' || i.status
        || ' with its escrow ' || coalesce(r.status, 'missing') as detail
      from campaigns c join investments i on i.campaign_id = c.id
      left join escrow_records r on r.investment_id = i.id
      where c.status = 'cancelled' and ${sqlNotIn(sql`i.status`, [...INVESTMENT_STATUS_GROUPS.refunds, ...INVESTMENT_STATUS_GROUPS.unpaid])}`,
  },
  {
    name: 'no campaign is funded beyond its target',
    query: sql`select 'campaign ' || id || ' raised ' || raised_amount || ' of a ' || target_amount || ' target' as detail
      from campaigns where raised_amount > target_amount`,
  },
  {
    // At most once per payment: its capture booked once (and only when it was captured), its refund once.
    name: 'each payment is booked once when captured, and its refund once when refunded',
    query: sql`select 'payment ' || p.id || ' (' || p.purpose || ', ' || p.status || ') has '
        || count(t.id) filter (where t.kind in ('investment', 'order_payment', 'settlement_payment')) || ' capture and '
        || count(t.id) filter (where t.kind in ('refund', 'order_refund')) || ' refund postings' as detail
      from payments p left join ledger_transactions t on t.payment_id = p.id
      group by p.id, p.purpose, p.status
      having count(t.id) filter (where t.kind in ('investment', 'order_payment', 'settlement_payment'))
          <> case when ${sqlIn(sql`p.status`, PAYMENT_STATUS_GROUPS.taken)} then 1 else 0 end
        or count(t.id) filter (where t.kind in ('refund', 'order_refund'))
          <> case when p.status = 'refunded' then 1 else 0 end`,
  },
  {
    name: 'each investment matches its payment: in escrow once captured, refunded with it, never charged before',
    query: sql`select 'investment ' || i.id || ' is ' || i.status || ' with its payment ' || p.status
        || ' and ' || count(r.id) || ' escrow record(s) ' || coalesce(max(r.status), '') as detail
      from investments i join payments p on p.id = i.payment_id
      left join escrow_records r on r.investment_id = i.id
      group by i.id, i.status, p.status
      having (${sqlIn(sql`i.status`, INVESTMENT_STATUS_GROUPS.captured)} and (count(r.id) <> 1 or p.status not in ('captured', 'refunding')))
        or (i.status = 'refunded' and (p.status <> 'refunded' or count(r.id) <> 1 or max(r.status) <> 'refunded'))
        or (${sqlIn(sql`i.status`, INVESTMENT_STATUS_GROUPS.unpaid)} and (count(r.id) > 0 or ${sqlIn(sql`p.status`, PAYMENT_STATUS_GROUPS.taken)}))
        or (i.status = 'paid_out' and max(r.status) <> 'released')`,
  },
  // ---- buyer orders (order escrow: order-escrow:<order>) ----
  {
    name: "each order's escrow holds its total exactly while paid and not yet released or refunded",
    query: sql`with held as (${balances('order-escrow')})
      select 'order ' || o.id || ' (' || o.payment || ', total ' || o.total_amount || ') has '
        || coalesce(h.total, 0) || ' in escrow' as detail
      from orders o left join held h on h.id = o.id
      where coalesce(h.total, 0) <> case when ${sqlIn(sql`o.payment`, ORDER_PAYMENT_GROUPS.inEscrow)} then o.total_amount else 0 end`,
  },
  {
    name: "each order's escrow record says where its money is: held, released to the supplier, refunded",
    query: sql`select 'order ' || o.id || ' is ' || o.status || ' with its payment ' || o.payment
        || ' and its escrow ' || coalesce(r.status, 'none') as detail
      from orders o left join escrow_records r on r.order_id = o.id
      where (${sqlIn(sql`o.payment`, ORDER_PAYMENT_GROUPS.untaken)} and r.id is not null)
        or (${sqlIn(sql`o.payment`, ORDER_PAYMENT_GROUPS.inEscrow)} and (r.status is null or ${sqlNotIn(sql`r.status`, ESCROW_STATUS_GROUPS.inEscrow)}))
        or (o.payment = 'released' and (r.status is distinct from 'released' or o.status <> 'delivered'))
        or (o.payment = 'refunded' and r.status is distinct from 'refunded')
        or (o.status = 'cancelled' and ${sqlNotIn(sql`o.payment`, ORDER_PAYMENT_GROUPS.refunds)})`,
  },
  {
    name: "each order's total is its quantity in kg times its price per kg",
    query: sql`select 'order ' || id || ' totals ' || total_amount || ' for ' || quantity || ' ' || unit || ' at ' || price_per_kg
        as detail from orders
      where total_amount <> quantity * (case unit when 'tonnes' then 1000 else 1 end) * price_per_kg`,
  },
  {
    // An order counts against its listing from its hold on the card, until cancelled or its hold released.
    name: "each listing's reserved quantity is what its orders hold, never above its quantity",
    query: sql`select 'listing ' || l.id || ' reserves ' || l.reserved || ' of ' || l.quantity || '; its orders hold '
        || coalesce(sum(o.quantity), 0) as detail
      from listings l left join (orders o join payments p on p.id = o.payment_id)
        on o.listing_id = l.id and o.status <> 'cancelled' and o.payment <> 'expired'
          and (o.payment <> 'awaiting' or p.status = 'authorized')
      group by l.id, l.reserved, l.quantity
      having l.reserved <> coalesce(sum(o.quantity), 0) or l.reserved > l.quantity`,
  },
  // ---- payouts to bank accounts ----
  {
    name: 'each payout is booked out of its balance once, and returned once if the bank refused it',
    query: sql`select 'payout ' || p.id || ' (' || p.status || ', ' || p.amount || ') has '
        || count(t.id) filter (where t.kind = 'bank_payout') || ' payout and '
        || count(t.id) filter (where t.kind = 'payout_return') || ' return postings' as detail
      from payouts p left join ledger_transactions t on t.payout_id = p.id
      group by p.id, p.status, p.amount
      having count(t.id) filter (where t.kind = 'bank_payout') <> 1
        or count(t.id) filter (where t.kind = 'payout_return') <> case when p.status = 'failed' then 1 else 0 end`,
  },
];

/** Every break of every invariant, in check order (the provider's reconciliation last); empty when sound. */
export async function verifyLedger(db: Db, provider?: PaymentProvider): Promise<LedgerBreak[]> {
  const breaks: LedgerBreak[] = [];
  for (const check of CHECKS) {
    for (const row of await queryRows<{ detail: string }>(db, check.query))
      breaks.push({ check: check.name, detail: row.detail });
  }
  if (provider) breaks.push(...(await reconcileWithProvider(db, provider)));
  return breaks;
}

export const LEDGER_CHECKS = CHECKS.map((c) => c.name);
export { RECONCILIATION_CHECKS };
