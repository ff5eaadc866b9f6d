// Compliance exports (spec §2 compliance cards; docs/admin.md): KYC audit, transaction monitoring and
// risk assessment as CSV. Streamed: rows are read in keyset-ordered batches of 1,000 and written as
// they come, so an export of 100,000 rows never sits in memory. Excel-safe: UTF-8 BOM, ISO dates,
// text cells that look like formulas escaped (domain/csv.ts).
import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { sql, type SQL } from 'drizzle-orm';
import type { Report, ReportQuery } from '../../../domain/audit-log.ts';
import { CSV_OPTIONS, isoCell, safeText } from '../../../domain/csv.ts';
import { dec } from '../../../domain/money.ts';
import { riskLevel, RISK_LEVEL_LABELS } from '../../../domain/risk.ts';
import type { KycStatus } from '../../../domain/users.ts';
import { queryRows, type Db } from '../../db/connect.ts';
import { ACTIVITY_COLUMNS, activityJoins, riskOf, type Activity } from './activity.ts';
import { INVESTMENT_STATUS_GROUPS } from '../../../domain/investments.ts';
import { ORDER_PAYMENT_GROUPS } from '../../../domain/orders.ts';
import { sqlIn } from '../../db/vocabulary.ts';

const BATCH = 1000;
const DAY_MS = 86_400_000;

/** The range's bounds: from the start of `from` to the end of `to` (UTC days), either open. */
function range(column: SQL, q: ReportQuery): SQL {
  const parts = [sql`true`];
  if (q.from) parts.push(sql`${column} >= ${`${q.from}T00:00:00.000Z`}::timestamptz`);
  if (q.to)
    parts.push(
      sql`${column} < ${new Date(Date.parse(`${q.to}T00:00:00.000Z`) + DAY_MS).toISOString()}::timestamptz`,
    );
  return sql.join(parts, sql` and `);
}

/**
 * Rows of `query(after)` batch after batch, keyed on (created_at, id). The key travels as text
 * (`created_key`): a JS Date would drop the microseconds and repeat rows.
 */
async function* batches<T extends { created_key: string; id: string }>(
  db: Db,
  query: (after: SQL) => SQL,
): AsyncGenerator<T> {
  let after = sql`true`;
  for (;;) {
    const rows = await queryRows<T>(db, query(after));
    yield* rows;
    if (rows.length < BATCH) return;
    const last = rows[rows.length - 1]!;
    after = sql`(created_at, id) > (${last.created_key}::timestamptz, ${last.id}::uuid)`;
  }
}

type Timestamp = Date | string;

interface UserFacts {
  id: string;
  created_at: Timestamp;
  created_key: string;
  name: string;
  email: string | null;
  role: string;
  country: string | null;
  kyc_status: KycStatus;
  account_status: string;
  kyc_submitted_at: Timestamp | null;
  decided_at: Timestamp | null;
  decided_by: string | null;
  decision: string | null;
  decision_reason: string | null;
}
type UserActivity = UserFacts & Activity;

/**
 * Users in the range with their latest KYC decision and, when asked (the risk export), their activity
 * as of `activityAt` (the risk facts; the KYC audit does not need them).
 */
function usersQuery(q: ReportQuery, activityAt?: Date) {
  // The page of users first (index-ordered, keyset), then the activity of those 1,000 only.
  return (after: SQL) => sql`select u.id, u.created_at, u.created_at::text as created_key,
        trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')) as name,
        u.email, u.role, u.country, u.kyc_status, u.account_status, u.kyc_submitted_at,
        ${activityAt ? sql`${ACTIVITY_COLUMNS},` : sql``}
        a.created_at as decided_at, a.actor as decided_by, a.action as decision, a.reason as decision_reason
      from (select * from users where ${range(sql`created_at`, q)} and ${after}
        order by created_at, id limit ${BATCH}) u
      ${activityAt ? activityJoins(sql`u.id`, activityAt) : sql``}
      left join lateral (
        select created_at, actor, action, reason from audit_log
        where target_type = 'user' and target_id = u.id::text and action in ('kyc.approve', 'kyc.reject')
        order by seq desc limit 1) a on true
      order by u.created_at, u.id`;
}

const score = (r: UserActivity) => riskOf({ kycStatus: r.kyc_status, country: r.country }, r);

async function* kycAudit(db: Db, q: ReportQuery) {
  yield [
    'user_id',
    'name',
    'email',
    'role',
    'kyc_status',
    'registered_at',
    'submitted_at',
    'decided_at',
    'decided_by',
    'decision',
    'decision_reason',
  ];
  for await (const r of batches<UserFacts>(db, usersQuery(q)))
    yield [
      r.id,
      safeText(r.name),
      safeText(r.email),
      r.role,
      r.kyc_status,
      isoCell(r.created_at),
      isoCell(r.kyc_submitted_at),
      isoCell(r.decided_at),
      safeText(r.decided_by),
      r.decision?.replace('kyc.', '') ?? '',
      safeText(r.decision_reason),
    ];
}

async function* riskAssessment(db: Db, q: ReportQuery, now: Date) {
  yield [
    'user_id',
    'name',
    'email',
    'role',
    'country',
    'kyc_status',
    'account_status',
    'total_transactions',
    'payment_volume',
    'payments_last_24h',
    'failed_payments',
    'disputes',
    'risk_score',
    'risk_level',
  ];
  for await (const r of batches<UserActivity>(db, usersQuery(q, now))) {
    const s = score(r);
    yield [
      r.id,
      safeText(r.name),
      safeText(r.email),
      r.role,
      safeText(r.country),
      r.kyc_status,
      r.account_status,
      r.total_transactions,
      r.volume,
      r.last_24h,
      r.failed,
      r.disputes,
      s,
      RISK_LEVEL_LABELS[riskLevel(s)],
    ];
  }
}

/** A payment at or above this amount is flagged for review (the AML large-transaction threshold). */
const LARGE_PAYMENT = 10_000;

/**
 * Transaction monitoring: every payment placed on the platform, investments and buyer orders alike,
 * in time order. For an order, `campaign_*` is the campaign its listing is tied to (if any), and
 * `escrow_status` is its payment's escrow state.
 */
async function* transactions(db: Db, q: ReportQuery) {
  yield [
    'kind',
    'id',
    'created_at',
    'paid_at',
    'payer_id',
    'payer_email',
    'campaign_id',
    'campaign_title',
    'supplier_id',
    'amount',
    'status',
    'escrow_status',
    'provider',
    'payment_id',
    'flags',
  ];
  type Row = {
    kind: 'investment' | 'order';
    id: string;
    created_at: Timestamp;
    created_key: string;
    paid_at: Timestamp | null;
    payer_id: string;
    email: string | null;
    campaign_id: string | null;
    title: string | null;
    supplier_id: string | null;
    amount: string;
    status: string;
    escrow_status: string | null;
    provider: string;
    payment_id: string | null;
  };
  // Each table's next batch after the key (index-ordered), merged: the first BATCH of both in order.
  // Provider: the card's, or where the money came from without one (a balance, a bank transfer).
  const query = (after: SQL) => sql`select p.*, u.email, c.title from (
        (select 'investment' as kind, i.id, i.created_at, i.created_at::text as created_key,
          i.confirmed_at as paid_at, i.investor_id as payer_id, i.campaign_id, null::uuid as supplier_id,
          i.amount::text as amount, i.status, e.status as escrow_status,
          coalesce(pay.provider, pay.source) as provider, pay.intent_id as payment_id
        from (select * from investments
          where ${sqlIn(sql`status`, INVESTMENT_STATUS_GROUPS.backers)} and ${range(sql`created_at`, q)} and ${after}
          order by created_at, id limit ${BATCH}) i
        join payments pay on pay.id = i.payment_id
        left join escrow_records e on e.investment_id = i.id)
        union all
        (select 'order', o.id, o.created_at, o.created_at::text, o.paid_at, o.buyer_id, l.campaign_id,
          o.trader_id, o.total_amount::text, o.status, coalesce(e.status, o.payment),
          coalesce(pay.provider, pay.source), pay.intent_id
        from (select * from orders
          where ${sqlIn(sql`payment`, ORDER_PAYMENT_GROUPS.placed)} and ${range(sql`created_at`, q)} and ${after}
          order by created_at, id limit ${BATCH}) o
        join payments pay on pay.id = o.payment_id
        left join escrow_records e on e.order_id = o.id
        left join listings l on l.id = o.listing_id)) p
      join users u on u.id = p.payer_id left join campaigns c on c.id = p.campaign_id
      order by p.created_at, p.id limit ${BATCH}`;
  for await (const r of batches<Row>(db, query)) {
    const flags = [dec(r.amount).gte(LARGE_PAYMENT) && 'large', r.escrow_status === 'disputed' && 'disputed']
      .filter(Boolean)
      .join(' ');
    yield [
      r.kind,
      r.id,
      isoCell(r.created_at),
      isoCell(r.paid_at),
      r.payer_id,
      safeText(r.email),
      r.campaign_id ?? '',
      safeText(r.title),
      r.supplier_id ?? '',
      r.amount,
      r.status,
      r.escrow_status ?? '',
      r.provider,
      safeText(r.payment_id),
      flags,
    ];
  }
}

/** The export as a stream of CSV text (with its BOM). */
export function reportStream(db: Db, report: Report, q: ReportQuery, now: Date): Readable {
  const rows =
    report === 'kyc-audit'
      ? kycAudit(db, q)
      : report === 'transactions'
        ? transactions(db, q)
        : riskAssessment(db, q, now);
  const csv = stringify(CSV_OPTIONS);
  const source = Readable.from(rows);
  source.on('error', (error) => csv.destroy(error));
  return source.pipe(csv);
}

export function reportFileName(report: Report, q: ReportQuery, now: Date): string {
  return `hydrobridge-${report}-${q.from ?? 'start'}-to-${q.to ?? now.toISOString().slice(0, 10)}.csv`;
}
