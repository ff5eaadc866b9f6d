// Figures over many orders, computed by the database in numeric (never JS floats, never the whole
// list in the browser): the buyer dashboard's summary and a campaign's marketplace sales.
import { and, asc, eq, sql } from 'drizzle-orm';
import { ORDER_PAYMENT_GROUPS, ORDER_STATUS_GROUPS, type CampaignSales } from '../../../domain/orders.ts';
import { type BuyerSummary } from '../../../domain/order-tracking.ts';
import { canSeeCampaignSales, canViewCampaign, type Actor } from '../../../domain/policies.ts';
import type { Db } from '../../db/connect.ts';
import { campaigns, listings, orders } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { placedOrder } from './order-queries.ts';
import { sqlIn } from '../../db/vocabulary.ts';

/** Money the buyer has spent: held in escrow or released to the supplier (refunds excluded). */
const paid = sqlIn(orders.payment, ORDER_PAYMENT_GROUPS.spent);
const active = sqlIn(orders.status, ORDER_STATUS_GROUPS.active);
/** The order's quantity in kg (a listing's unit is tonnes or kg). */
const kg = sql`case when ${orders.unit} = 'tonnes' then ${orders.quantity} * 1000 else ${orders.quantity} end`;
/** The UTC month of the order ("2026-11"), as the order's ISO date reads. */
const month = sql<string>`to_char(${orders.createdAt} at time zone 'UTC', 'YYYY-MM')`;

/**
 * GET /api/orders/summary: over the buyer's placed orders, their count, the active ones, the spend,
 * the average price paid per kg (weighted by kg), the delivered share (spec §9) and spend per month.
 */
export async function buyerSummary(db: Db, buyerId: string): Promise<BuyerSummary> {
  const mine = and(eq(orders.buyerId, buyerId), placedOrder());
  const [[totals], months] = await Promise.all([
    db
      .select({
        totalOrders: sql<number>`count(*)::int`,
        activeOrders: sql<number>`(count(*) filter (where ${active}))::int`,
        totalSpent: sql<string>`round(coalesce(sum(${orders.totalAmount}) filter (where ${paid}), 0), 2)::text`,
        averagePrice: sql<
          string | null
        >`round(sum(${orders.totalAmount}) filter (where ${paid}) / nullif(sum(${kg}) filter (where ${paid}), 0), 2)::text`,
        successRate: sql<
          string | null
        >`round((count(*) filter (where ${orders.status} = 'delivered')) * 100::numeric / nullif(count(*), 0), 1)::text`,
      })
      .from(orders)
      .where(mine),
    db
      .select({ month, spent: sql<string>`round(sum(${orders.totalAmount}), 2)::text` })
      .from(orders)
      .where(and(mine, paid))
      .groupBy(month)
      .orderBy(asc(month)),
  ]);
  return { ...totals!, spendByMonth: months };
}

/**
 * GET /api/campaigns/:id/sales: the delivered orders of listings tied to the campaign and their revenue,
 * for its trader and admins (as its investors list: a campaign the viewer may not see is not found).
 */
export async function campaignSales(db: Db, viewer: Actor, campaignId: string): Promise<CampaignSales> {
  const [campaign] = await db
    .select({ status: campaigns.status, traderId: campaigns.traderId, reviewStatus: campaigns.reviewStatus })
    .from(campaigns)
    .where(eq(campaigns.id, campaignId));
  if (!campaign || !canViewCampaign(viewer, campaign)) throw new AppError('CAMPAIGN_NOT_FOUND');
  if (!canSeeCampaignSales(viewer, campaign))
    throw new AppError('FORBIDDEN', 'You can only see the sales of your own campaigns');
  const [sales] = await db
    .select({
      orders: sql<number>`count(*)::int`,
      revenue: sql<string>`round(coalesce(sum(${orders.totalAmount}), 0), 2)::text`,
    })
    .from(orders)
    .innerJoin(listings, eq(listings.id, orders.listingId))
    .where(and(eq(listings.campaignId, campaignId), eq(orders.status, 'delivered')));
  return sales!;
}
