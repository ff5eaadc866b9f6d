// The admin dashboard (spec §2): five stats, the first 3 of the KYC queue and of escrow monitoring,
// and the compliance cards' figures, all from the database in one request. The spec's hard-coded
// 23.4% growth and 85% / 5% audit counts are computed here.
import { asc, eq, sql } from 'drizzle-orm';
import { approvalRate, KYC_WAITING, percentText, type AdminDashboard } from '../../../domain/admin.ts';
import { queryRows, type Db } from '../../db/connect.ts';
import { escrowRecords, users } from '../../db/schema/index.ts';
import { escrowQuery, toEscrowRow } from './escrow.ts';
import { adminRows } from './users.ts';
import { ESCROW_STATUS_GROUPS } from '../../../domain/investments.ts';
import { KYC_STATUS_GROUPS } from '../../../domain/users.ts';
import { sqlIn } from '../../db/vocabulary.ts';

const DAY_MS = 86_400_000;
/** Spec §9 preview size of the KYC queue and escrow monitoring. */
const PREVIEW = 3;

/** The first PREVIEW rows of the groups, in order, reading a group only while rows are missing. */
async function firstOf<G, R>(groups: readonly G[], read: (group: G) => Promise<R[]>): Promise<R[]> {
  const rows: R[] = [];
  for (const group of groups) {
    if (rows.length >= PREVIEW) break;
    rows.push(...(await read(group)));
  }
  return rows.slice(0, PREVIEW);
}

export async function adminDashboard(db: Db, now: Date): Promise<AdminDashboard> {
  const monthAgo = new Date(now.getTime() - 30 * DAY_MS).toISOString();
  const [[counts], [money], queue, escrow] = await Promise.all([
    queryRows<{
      total: number;
      active: number;
      waiting: number;
      flagged: number;
      new_this_month: number;
    }>(
      db,
      sql`select count(*)::int as total,
          count(*) filter (where account_status = 'active')::int as active,
          count(*) filter (where ${sqlIn(sql`kyc_status`, KYC_STATUS_GROUPS.undecided)})::int as waiting,
          count(*) filter (where kyc_status = 'rejected' or account_status = 'suspended')::int as flagged,
          count(*) filter (where created_at > ${monthAgo}::timestamptz)::int as new_this_month
        from users`,
    ),
    queryRows<{ escrow: string; disputes: number; disputed: number; payments: number }>(
      db,
      sql`select
          (select coalesce(sum(amount), 0)::text from escrow_records where ${sqlIn(sql`status`, ESCROW_STATUS_GROUPS.inEscrow)}) as escrow,
          (select count(*)::int from escrow_records where status = 'disputed') as disputes,
          (select count(*)::int from escrow_records where disputed_at is not null) as disputed,
          (select count(*)::int from investments where confirmed_at > ${monthAgo}::timestamptz) as payments`,
    ),
    // Oldest submission first: Under Review (submitted) before Pending (nothing submitted yet). One
    // index-ordered read per status, so the preview never sorts the whole queue.
    firstOf(KYC_WAITING.toReversed(), (status) =>
      db
        .select()
        .from(users)
        .where(eq(users.kycStatus, status))
        .orderBy(asc(users.kycSubmittedAt), asc(users.createdAt))
        .limit(PREVIEW),
    ),
    // Disputes first: they wait for an admin.
    firstOf(['disputed', 'held'] as const, (status) =>
      escrowQuery(db)
        .where(eq(escrowRecords.status, status))
        .orderBy(asc(escrowRecords.createdAt))
        .limit(PREVIEW),
    ),
  ]);
  const c = counts!;
  const m = money!;
  const before = c.total - c.new_this_month;
  const queueRows = await adminRows(db, queue, now);
  return {
    stats: {
      totalUsers: c.total,
      activeUsers: c.active,
      pendingKyc: c.waiting,
      totalEscrow: m.escrow,
      activeDisputes: m.disputes,
      monthlyGrowth: percentText(c.new_this_month, before),
    },
    kycQueue: queueRows,
    escrow: escrow.map(toEscrowRow),
    compliance: {
      approvalRate: approvalRate(c.total, c.waiting),
      flaggedRate: percentText(c.flagged, c.total),
      paymentsLast30Days: m.payments,
      disputedRecords: m.disputed,
    },
  };
}
