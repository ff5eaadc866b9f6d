// What a user did with money: the facts behind their transaction count and risk score (domain/risk.ts),
// for the user list and the compliance exports alike. Payments are made as an investor (investments)
// and as a buyer (orders); disputes are escrow disputes the user opened.
import { inArray, sql, type SQL } from 'drizzle-orm';
import { riskScore } from '../../../domain/risk.ts';
import type { KycStatus } from '../../../domain/users.ts';
import { PLACED, SPENT } from '../marketplace/index.ts';

const DAY_MS = 86_400_000;

export interface Activity {
  total_transactions: number;
  volume: string;
  last_24h: number;
  failed: number;
  disputes: number;
}

/**
 * The select-list columns of `Activity`, read from the joins `activityJoins` adds. Per payment:
 * placed = paid and recorded (also when refunded since), kept = its money still counts as paid
 * (refunds excluded), failed = the reservation lapsed unpaid.
 */
export const ACTIVITY_COLUMNS = sql`coalesce(p.total_transactions, 0)::int as total_transactions,
  coalesce(p.volume, 0)::text as volume, coalesce(p.last_24h, 0)::int as last_24h,
  coalesce(p.failed, 0)::int as failed, coalesce(d.disputes, 0)::int as disputes`;

/** Lateral joins on the user whose id is `userId` (a column): one row of activity each. */
export function activityJoins(userId: SQL, now: Date): SQL {
  const since = new Date(now.getTime() - DAY_MS).toISOString();
  return sql`left join lateral (
      select count(*) filter (where x.placed) as total_transactions,
        sum(x.amount) filter (where x.kept) as volume,
        count(*) filter (where x.created_at > ${since}::timestamptz) as last_24h,
        count(*) filter (where x.failed) as failed
      from (
        select i.amount, i.created_at,
          i.status in ('confirmed', 'paid_out', 'refunding', 'refunded') as placed,
          i.status in ('confirmed', 'paid_out') as kept, i.status = 'expired' as failed
        from investments i where i.investor_id = ${userId}
        union all
        select o.total_amount, o.created_at, ${inArray(sql`o.payment`, [...PLACED])},
          ${inArray(sql`o.payment`, [...SPENT])}, o.payment = 'expired'
        from orders o where o.buyer_id = ${userId}) x) p on true
    left join lateral (
      select count(*) as disputes from escrow_records e join investments i on i.id = e.investment_id
      where i.investor_id = ${userId} and e.disputed_at is not null) d on true`;
}

/** The risk score of a user with this activity (none yet: a user who never paid). */
export function riskOf(user: { kycStatus: KycStatus; country: string | null }, a: Activity | undefined) {
  return riskScore({
    kycStatus: user.kycStatus,
    country: user.country,
    paymentVolume: a?.volume ?? '0',
    paymentsLast24h: a?.last_24h ?? 0,
    failedPayments: a?.failed ?? 0,
    disputes: a?.disputes ?? 0,
  });
}
