// The ledger's invariants as code (Open Collective's checks/, reliability checklist M1, M7, M9):
// run by `npm run cli -- verify-ledger`, after the API tests that move money, and by the property
// test. Each check answers the breaks it finds, in words an operator can act on.
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../db/connect.ts';

export interface LedgerBreak {
  check: string;
  detail: string;
}

interface Check {
  name: string;
  /** SQL that returns one row per break, with a `detail` column. */
  query: SQL;
}

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
    // Raised follows the money not refunded (an escrow refund lowers it); the escrow account holds
    // exactly the records still Held or Disputed (a Released one went to the trader).
    name: "each campaign's raised amount equals its investments not refunded, and its escrow holds them",
    query: sql`with invested as (
        select i.campaign_id, sum(i.amount) as total, count(distinct i.investor_id) as investors
        from investments i join escrow_records r on r.investment_id = i.id
        where r.status <> 'refunded' group by i.campaign_id),
      held as (
        select substring(account from 8)::uuid as campaign_id, sum(amount) as total
        from ledger_entries where account like 'escrow:%' group by account),
      escrow as (
        select campaign_id, sum(amount) as total from escrow_records
        where status in ('held', 'disputed') group by campaign_id)
      select 'campaign ' || c.id || ' (' || c.status || '): raised ' || c.raised_amount || ', investments not refunded '
        || coalesce(i.total, 0) || ', escrow balance ' || coalesce(h.total, 0) || ', escrow records held '
        || coalesce(e.total, 0) || ', investors ' || c.investor_count || ' (counted ' || coalesce(i.investors, 0) || ')' as detail
      from campaigns c
      left join invested i on i.campaign_id = c.id
      left join held h on h.campaign_id = c.id
      left join escrow e on e.campaign_id = c.id
      where c.status <> 'completed'
        and (c.raised_amount <> coalesce(i.total, 0) or coalesce(h.total, 0) <> coalesce(e.total, 0)
          or c.investor_count <> coalesce(i.investors, 0))`,
  },
  {
    name: 'a completed campaign paid out: escrow empty, payouts = principal + net profit, trader square',
    query: sql`with inv as (
        select campaign_id, sum(amount) as principal, sum(profit_share) as profit,
          count(*) filter (where status <> 'paid_out') as unpaid
        from investments i where exists (select 1 from escrow_records r where r.investment_id = i.id and r.status <> 'refunded')
        group by campaign_id),
      paid as (
        select t.campaign_id, sum(e.amount) filter (where e.account like 'clearing:%') as payouts,
          sum(e.amount) filter (where e.account = 'platform:fees') as fees
        from ledger_transactions t join ledger_entries e on e.transaction_id = t.id
        where t.kind = 'payout' group by t.campaign_id),
      esc as (
        select substring(account from 8)::uuid as campaign_id, sum(amount) as total
        from ledger_entries where account like 'escrow:%' group by account),
      trader as (
        select t.campaign_id, sum(e.amount) as total
        from ledger_transactions t join ledger_entries e on e.transaction_id = t.id
        where t.campaign_id is not null and e.account like 'trader:%' group by t.campaign_id)
      select 'completed campaign ' || c.id || ': escrow balance ' || coalesce(s.total, 0)
        || ', records not released ' || (select count(*) from escrow_records r where r.campaign_id = c.id and r.status in ('held', 'disputed'))
        || ', investments not paid out ' || coalesce(i.unpaid, 0) || ', payouts ' || coalesce(p.payouts, 0)
        || ' for principal ' || coalesce(i.principal, 0) || ' + net profit ' || coalesce(i.profit, 0)
        || ', trader balance ' || coalesce(tr.total, 0) as detail
      from campaigns c
      left join inv i on i.campaign_id = c.id
      left join paid p on p.campaign_id = c.id
      left join esc s on s.campaign_id = c.id
      left join trader tr on tr.campaign_id = c.id
      where c.status = 'completed'
        and (coalesce(s.total, 0) <> 0 or coalesce(i.unpaid, 0) <> 0
          or coalesce(p.payouts, 0) <> coalesce(i.principal, 0) + coalesce(i.profit, 0)
          or coalesce(tr.total, 0) <> 0
          or exists (select 1 from escrow_records r where r.campaign_id = c.id and r.status in ('held', 'disputed')))`,
  },
  {
    name: 'a cancelled campaign refunded everyone: nothing left in escrow',
    query: sql`select 'cancelled campaign ' || c.id || ' still has ' || count(r.id) || ' escrow records held or disputed' as detail
      from campaigns c join escrow_records r on r.campaign_id = c.id and r.status in ('held', 'disputed')
      where c.status = 'cancelled' and not exists (
        select 1 from investments i where i.id = r.investment_id and i.status = 'refunding')
      group by c.id`,
  },
  {
    name: 'no campaign is funded beyond its target',
    query: sql`select 'campaign ' || id || ' raised ' || raised_amount || ' of a ' || target_amount || ' target' as detail
      from campaigns where raised_amount > target_amount`,
  },
  {
    name: 'each payment intent is recorded at most once',
    query: sql`select 'payment intent ' || stripe_payment_id || ' has ' || count(*) || ' investments' as detail
      from investments where stripe_payment_id is not null group by provider, stripe_payment_id having count(*) > 1`,
  },
  {
    name: 'each investment in escrow has one escrow record and one posting into escrow; each refund and payout is booked once',
    query: sql`select 'investment ' || i.id || ' (' || i.status || ', escrow ' || coalesce(max(e.status), 'none') || ') has '
        || count(distinct e.id) || ' escrow records, ' || count(distinct t.id) filter (where t.kind = 'investment')
        || ' investment postings, ' || count(distinct t.id) filter (where t.kind = 'refund') || ' refund postings' as detail
      from investments i
      left join escrow_records e on e.investment_id = i.id
      left join ledger_transactions t on t.investment_id = i.id
      group by i.id, i.status
      having (i.status in ('confirmed', 'paid_out')
          and (count(distinct e.id) <> 1 or count(distinct t.id) filter (where t.kind = 'investment') <> 1))
        or (i.status in ('pending', 'expired') and count(distinct t.id) > 0)
        or (count(distinct e.id) > 0 and i.status = 'refunded'
          and (max(e.status) <> 'refunded' or count(distinct t.id) filter (where t.kind = 'refund') <> 1))
        or (i.status = 'paid_out' and max(e.status) <> 'released')
        or (count(distinct e.id) > 0 and i.status <> 'refunded' and count(distinct t.id) filter (where t.kind = 'refund') > 0)`,
  },
  {
    name: 'each payment refunded before it was placed came in and went back out',
    query: sql`select 'investment ' || i.id || ' is refunded with ' || count(t.id) || ' of its 2 refund postings' as detail
      from investments i
      left join ledger_transactions t on t.investment_id = i.id and t.kind in ('payment_received', 'payment_refund')
      where i.status = 'refunded' and not exists (select 1 from escrow_records e where e.investment_id = i.id)
      group by i.id having count(t.id) <> 2`,
  },
];

/** Every break of every invariant, in check order; empty when the ledger is sound. */
export async function verifyLedger(db: Db): Promise<LedgerBreak[]> {
  const breaks: LedgerBreak[] = [];
  for (const check of CHECKS) {
    for (const row of await queryRows<{ detail: string }>(db, check.query))
      breaks.push({ check: check.name, detail: row.detail });
  }
  return breaks;
}

export const LEDGER_CHECKS = CHECKS.map((c) => c.name);
