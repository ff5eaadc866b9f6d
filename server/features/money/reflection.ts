// The reflection period (issue 19, domain/diligence.ts, docs/money.md): a non-sophisticated investor may
// revoke a confirmed investment for 4 × 24 h, so no money of a campaign leaves escrow for the trade while
// any of its investments may still be revoked. This is the one query both rules read.
import { and, eq, sql } from 'drizzle-orm';
import { REFLECTION_PERIOD_MS } from '../../../domain/diligence.ts';
import type { Db } from '../../db/connect.ts';
import { escrowRecords, investments, users } from '../../db/schema/index.ts';
import type { Tx } from '../../db/transaction.ts';
import { ESCROW_STATUS_GROUPS } from '../../../domain/investments.ts';
import { sqlIn } from '../../db/vocabulary.ts';

/**
 * When the last reflection period of the campaign's investments ends: the latest confirmation + 4 days
 * among confirmed investments still held in escrow whose investor is not sophisticated, if it is after
 * `now`; null when none is open. Read in the caller's transaction (trading locks the campaign first, and
 * every revoke and every new investment locks it too, so nothing slips in between).
 */
export async function reflectionEndsAtOf(db: Db | Tx, campaignId: string, now: Date): Promise<Date | null> {
  const [row] = await db
    .select({ last: sql<string | null>`max(${investments.confirmedAt})` })
    .from(investments)
    .innerJoin(escrowRecords, eq(escrowRecords.investmentId, investments.id))
    .innerJoin(users, eq(users.id, investments.investorId))
    .where(
      and(
        eq(investments.campaignId, campaignId),
        eq(investments.status, 'confirmed'),
        sqlIn(escrowRecords.status, ESCROW_STATUS_GROUPS.inEscrow),
        // Retail investors: not sophisticated now (domain/investor-protection.ts isSophisticated).
        sql`not (${users.isAccredited} and (${users.accreditedUntil} is null or ${users.accreditedUntil} > ${now.toISOString()}::timestamptz))`,
        sql`${investments.confirmedAt} > ${new Date(now.getTime() - REFLECTION_PERIOD_MS).toISOString()}::timestamptz`,
      ),
    );
  if (!row?.last) return null;
  const ends = new Date(new Date(row.last).getTime() + REFLECTION_PERIOD_MS);
  return ends > now ? ends : null;
}
