// The reflection period (issue 19, EU 2020/1503 art. 22; domain/diligence.ts, docs/money.md): a
// non-sophisticated investor revokes a confirmed investment without giving a reason within 4 × 24 h of
// its confirmation. The money goes back in full through the one refund path (marked `refunding` here,
// refunded by the provider after COMMIT, booked out of escrow by the investment purpose), the amount is
// open again (a funded campaign is active again), and the trader is told.
import { and, eq } from 'drizzle-orm';
import { findTransition } from '../../../domain/campaigns.ts';
import {
  reflectionEndsAt,
  revokeRefusal,
  utcMomentText,
  type RevokeResult,
} from '../../../domain/diligence.ts';
import { INVESTMENT_STATUS_LABELS } from '../../../domain/investments.ts';
import { dec } from '../../../domain/money.ts';
import {
  campaigns,
  escrowRecords,
  investmentRevocations,
  investments,
  users,
} from '../../db/schema/index.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError } from '../../errors.ts';
import type { Money } from '../money/index.ts';
import { invalidateCampaignLists } from '../campaigns/index.ts';
import { announce } from '../campaigns/index.ts';
import { startInvestmentRefunds } from '../campaigns/index.ts';

/**
 * `POST /api/investments/:id/revoke`. Locks the campaign, then the investment and its escrow record
 * (the order of every money path): of two concurrent revokes the second finds the investment
 * `refunding` and is refused, and start-trading (which locks the campaign too) either sees the open
 * period and refuses, or ran first and left nothing revocable. Answers once the refund is booked (or
 * `refunding` when the provider is down: the payments sweep finishes it).
 */
export async function revokeInvestment(
  money: Money,
  investor: { id: string },
  investmentId: string,
  now: Date,
): Promise<RevokeResult> {
  const [owner] = await money.db
    .select({ investorId: investments.investorId, campaignId: investments.campaignId })
    .from(investments)
    .where(eq(investments.id, investmentId));
  // Someone else's investment does not exist for this investor.
  if (!owner || owner.investorId !== investor.id) throw new AppError('INVESTMENT_NOT_FOUND');

  const revokedAt = await inTransaction(money.db, async (tx) => {
    const [campaign] = await tx
      .select()
      .from(campaigns)
      .where(eq(campaigns.id, owner.campaignId))
      .for('update');
    const [row] = await tx
      .select({
        investment: investments,
        escrowStatus: escrowRecords.status,
        released: escrowRecords.releasedAmount,
        isAccredited: users.isAccredited,
        accreditedUntil: users.accreditedUntil,
      })
      .from(investments)
      .innerJoin(users, eq(users.id, investments.investorId))
      .leftJoin(escrowRecords, eq(escrowRecords.investmentId, investments.id))
      .where(eq(investments.id, investmentId))
      .for('update', { of: [investments] });
    const { investment } = row!;
    const refusal = revokeRefusal(
      {
        status: investment.status,
        confirmedAt: investment.confirmedAt,
        // Money of it gone to the trade is not simply held any more (trading waits for the period).
        escrowStatus: row!.released && dec(row!.released).gt(0) ? 'released' : row!.escrowStatus,
      },
      { isAccredited: row!.isAccredited, accreditedUntil: row!.accreditedUntil },
      now,
    );
    if (refusal === 'sophisticated') throw new AppError('REVOKE_SOPHISTICATED');
    if (refusal === 'not-confirmed' || refusal === 'not-in-escrow')
      throw AppError.of('REVOKE_NOT_HELD', {
        status:
          refusal === 'not-in-escrow' && investment.status === 'confirmed'
            ? row!.escrowStatus === 'disputed'
              ? 'disputed (an admin is reviewing it)'
              : 'at work in the trade'
            : INVESTMENT_STATUS_LABELS[investment.status].toLowerCase(),
      });
    if (refusal === 'period-over')
      throw AppError.of('REVOKE_PERIOD_OVER', {
        until: utcMomentText(reflectionEndsAt(investment.confirmedAt!)),
      });

    await tx.insert(investmentRevocations).values({
      investmentId: investment.id,
      investorId: investment.investorId,
      campaignId: campaign!.id,
      revokedAt: now,
    });
    await startInvestmentRefunds(tx, money, [investment], now);
    // The amount is open again. Past its deadline a funded campaign short of its target cannot take
    // the rest: active again, the deadline sweep cancels it and refunds its backers (docs/campaigns.md).
    if (campaign!.status === 'funded' && findTransition('funded', 'active', 'system'))
      await tx
        .update(campaigns)
        .set({ status: 'active', updatedAt: now })
        .where(and(eq(campaigns.id, campaign!.id), eq(campaigns.status, 'funded')));
    await invalidateCampaignLists(tx);
    announce(tx, 'onRevoked', investment.id);
    return now;
  });

  // After COMMIT: the investment as it now stands (its refund job usually still running).
  const [after] = await money.db
    .select({ status: investments.status, amount: investments.amount })
    .from(investments)
    .where(eq(investments.id, investmentId));
  return {
    investmentId,
    status: after!.status === 'refunded' ? 'refunded' : 'refunding',
    amount: after!.amount,
    revokedAt: revokedAt.toISOString(),
  };
}
