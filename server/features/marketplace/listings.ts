// Listings (what suppliers sell) and suppliers (trader companies with earned figures): the owning
// trader's create / edit / withdraw, the buyers' search with filters, sorts and pages, and the
// supplier figures computed from delivered orders (never made up: none delivered reads "New supplier").
import { canSeeHiddenListing, type Actor } from '../../../domain/policies.ts';
import {
  and,
  asc,
  arrayContains,
  count,
  desc,
  eq,
  gt,
  gte,
  ilike,
  inArray,
  lte,
  sql,
  type SQL,
} from 'drizzle-orm';
import { containsPattern } from '../../db/like.ts';
import { inStatusGroup } from '../../../domain/campaigns.ts';
import {
  availableQuantity,
  companyName,
  listingListSchema,
  quantityText,
  type Listing,
  type ListingCreate,
  type ListingPatch,
  type ListingQuery,
  type ListingSort,
} from '../../../domain/listings.ts';
import { dec, percentOf, toFixed } from '../../../domain/money.ts';
import type { Supplier } from '../../../domain/order-tracking.ts';
import type { Db } from '../../db/connect.ts';
import { campaigns, listings, orders, users } from '../../db/schema/index.ts';
import { afterCommit, inTransaction, type Tx } from '../../db/transaction.ts';
import { effectKey, effectOf } from '../../effects.ts';
import { LRUCache } from 'lru-cache';
import { AppError } from '../../errors.ts';

type ListingRow = typeof listings.$inferSelect;

/** Each supplier's figures over delivered orders: count, mean rating, ratings, on time (by the promised day). */
function supplierStats(db: Db) {
  return db
    .select({
      traderId: orders.traderId,
      delivered: sql<number>`count(*)::int`.as('delivered'),
      rating: sql<string | null>`round(avg(${orders.rating}), 1)::text`.as('rating'),
      ratings: sql<number>`count(${orders.rating})::int`.as('ratings'),
      onTime:
        sql<number>`(count(*) filter (where ${orders.deliveredAt} < ${orders.deliveryDate} + interval '1 day'))::int`.as(
          'on_time',
        ),
    })
    .from(orders)
    .where(eq(orders.status, 'delivered'))
    .groupBy(orders.traderId)
    .as('supplier_stats');
}

function listingsQuery(db: Db) {
  const stats = supplierStats(db);
  return {
    stats,
    query: db
      .select({
        listing: listings,
        supplier: { companyName: users.companyName, firstName: users.firstName, username: users.username },
        supplierStatus: users.accountStatus,
        campaignTitle: campaigns.title,
        campaignCarbonIntensity: campaigns.carbonIntensity,
        rating: stats.rating,
        delivered: stats.delivered,
      })
      .from(listings)
      .innerJoin(users, eq(users.id, listings.traderId))
      .leftJoin(campaigns, eq(campaigns.id, listings.campaignId))
      .leftJoin(stats, eq(stats.traderId, listings.traderId)),
  };
}

type ListingJoin = {
  listing: ListingRow;
  supplierStatus: string;
  supplier: { companyName: string | null; firstName: string | null; username: string };
  campaignTitle: string | null;
  campaignCarbonIntensity: string | null;
  rating: string | null;
  delivered: number | null;
};

function toListing(r: ListingJoin): Listing {
  const l = r.listing;
  return {
    id: l.id,
    traderId: l.traderId,
    supplierName: companyName(r.supplier),
    supplierRating: r.rating,
    supplierDelivered: r.delivered ?? 0,
    location: l.location,
    availability: l.availability,
    quantity: l.quantity,
    unit: l.unit,
    available: toFixed(availableQuantity(l)),
    pricePerKg: l.pricePerKg,
    minOrder: l.minOrder,
    certifications: l.certifications,
    campaignId: l.campaignId,
    campaignTitle: r.campaignTitle,
    status: l.status,
    createdAt: l.createdAt.toISOString(),
    carbonIntensity: l.carbonIntensity ?? r.campaignCarbonIntensity,
  };
}

/**
 * Public pages of the list, cached per app context as whole JSON texts (as the campaign list is,
 * campaigns/campaign-list.ts): a page is two statements, one with the suppliers' figures. Every marketplace
 * write of this process clears it (after commit); another instance's write shows within the TTL.
 */
const PAGE_CACHE_TTL_MS = 2_000;
export type ListingPageCache = LRUCache<string, ListingPage>;

/** An empty cache of the public listing pages: one per app context. */
export function createListingPageCache(): ListingPageCache {
  return new LRUCache({ max: 1_000, ttl: PAGE_CACHE_TTL_MS });
}

export interface ListingPage {
  /** The page as JSON text (listingListSchema). */
  json: string;
  total: number;
}

/** Call with every write that changes what listings show (listing fields, reserved, supplier figures). */
/** The public listing pages' cache in the app's effects (filled by server/context.ts). */
export const LISTING_PAGES = effectKey<ListingPageCache>('listing-pages');

export async function invalidateListingPages(db: Db | Tx): Promise<void> {
  const cache = effectOf(db, LISTING_PAGES);
  await afterCommit(db, () => cache?.clear());
}

/**
 * GET /api/listings: what buyers can order (active, something left), filtered, sorted, one page, with
 * the total. A trader asking for their own (`traderId` = themself) sees all of theirs, withdrawn too
 * (never cached).
 */
export async function listListings(db: Db, query: ListingQuery, viewer: Actor | null): Promise<ListingPage> {
  const own = !!query.traderId && viewer?.id === query.traderId;
  if (own) return queryListings(db, query, true);
  const cache = effectOf(db, LISTING_PAGES);
  // A handle outside any app context (a script's) reads uncached.
  if (!cache) return queryListings(db, query, false);
  const key = JSON.stringify(query);
  const hit = cache.get(key);
  if (hit) return hit;
  const page = await queryListings(db, query, false);
  cache.set(key, page);
  return page;
}

/** The listing's supplier is active: a suspended supplier's listings disappear until reactivation. */
const supplierActive = () =>
  sql`exists (select 1 from ${users} s where s.id = ${listings.traderId} and s.account_status = 'active')`;

async function queryListings(db: Db, query: ListingQuery, own: boolean): Promise<ListingPage> {
  const where = and(
    query.traderId ? eq(listings.traderId, query.traderId) : undefined,
    // A suspended supplier's listings disappear until the account is reactivated.
    own
      ? undefined
      : and(eq(listings.status, 'active'), gt(listings.quantity, listings.reserved), supplierActive()),
    query.location ? ilike(listings.location, containsPattern(query.location)) : undefined,
    query.availability ? eq(listings.availability, query.availability) : undefined,
    query.certification ? arrayContains(listings.certifications, [query.certification]) : undefined,
    query.minPrice ? gte(listings.pricePerKg, query.minPrice) : undefined,
    query.maxPrice ? lte(listings.pricePerKg, query.maxPrice) : undefined,
    query.minOrder ? lte(listings.minOrder, query.minOrder) : undefined,
  );
  const { stats, query: base } = listingsQuery(db);
  const order: Record<ListingSort, SQL[]> = {
    newest: [desc(listings.createdAt), desc(listings.id)],
    price_asc: [asc(listings.pricePerKg), asc(listings.id)],
    price_desc: [desc(listings.pricePerKg), asc(listings.id)],
    quantity: [sql`(${listings.quantity} - ${listings.reserved}) desc`, asc(listings.id)],
    rating: [sql`${stats.rating} desc nulls last`, asc(listings.id)],
  };
  const [rows, [counted]] = await Promise.all([
    base
      .where(where)
      .orderBy(...order[query.sort])
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ total: count() }).from(listings).where(where),
  ]);
  // Through the wire schema: only declared fields leave, as the route's serializer would ensure.
  return { json: JSON.stringify(listingListSchema.parse(rows.map(toListing))), total: counted?.total ?? 0 };
}

export async function getListing(db: Db, id: string, viewer: Actor | null): Promise<Listing> {
  const [row] = await listingsQuery(db).query.where(eq(listings.id, id));
  const hidden = row && (row.listing.status !== 'active' || row.supplierStatus !== 'active');
  if (!row || (hidden && !canSeeHiddenListing(viewer, row.listing))) throw new AppError('LISTING_NOT_FOUND');
  return toListing(row);
}

/** A listing may sell the cargo of one of the trader's own campaigns that has been financed. */
async function assertOwnCampaign(tx: Tx, traderId: string, campaignId: string | null | undefined) {
  if (!campaignId) return;
  const [campaign] = await tx
    .select({ traderId: campaigns.traderId, status: campaigns.status })
    .from(campaigns)
    .where(eq(campaigns.id, campaignId));
  if (!campaign || campaign.traderId !== traderId || !inStatusGroup(campaign.status, 'shipping'))
    throw new AppError('LISTING_CAMPAIGN_INVALID', undefined, {
      campaignId: 'A listing can only be tied to one of your own campaigns that is funded or trading',
    });
}

/** A trader lists for sale once verified (email and KYB): a sale moves money to them (DESIGN.md §3). */
export async function createListing(
  db: Db,
  user: Actor & { emailVerified: boolean; kycStatus: string },
  input: ListingCreate,
  now: Date,
): Promise<Listing> {
  const id = await inTransaction(db, async (tx) => {
    await assertOwnCampaign(tx, user.id, input.campaignId);
    const [row] = await tx
      .insert(listings)
      .values({
        ...input,
        campaignId: input.campaignId ?? null,
        traderId: user.id,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: listings.id });
    await invalidateListingPages(tx);
    return row!.id;
  });
  return getListing(db, id, user);
}

/** The owner's edit, under the listing's lock: the quantity never below what orders hold. */
export async function updateListing(
  db: Db,
  user: Actor,
  id: string,
  patch: ListingPatch,
  now: Date,
): Promise<Listing> {
  await inTransaction(db, async (tx) => {
    const [row] = await tx.select().from(listings).where(eq(listings.id, id)).for('update');
    if (!row) throw new AppError('LISTING_NOT_FOUND');
    if (row.traderId !== user.id) throw new AppError('NOT_LISTING_OWNER');
    if (patch.campaignId !== undefined) await assertOwnCampaign(tx, user.id, patch.campaignId);
    const quantity = patch.quantity ?? row.quantity;
    const minOrder = patch.minOrder ?? row.minOrder;
    if (dec(quantity).lt(row.reserved)) {
      const error = AppError.of('LISTING_QUANTITY_BELOW_RESERVED', {
        reserved: quantityText(row.reserved, row.unit),
      });
      throw new AppError(error.code, error.message, { quantity: error.message });
    }
    if (dec(minOrder).gt(quantity)) {
      const message = 'Minimum order cannot exceed the quantity';
      throw new AppError('VALIDATION', message, { minOrder: message });
    }
    await tx
      .update(listings)
      .set({ ...patch, updatedAt: now })
      .where(eq(listings.id, id));
    await invalidateListingPages(tx);
  });
  return getListing(db, id, user);
}

/** The owner takes a listing off the market; orders already placed go on. */
export async function withdrawListing(db: Db, user: Actor, id: string, now: Date): Promise<Listing> {
  const [row] = await db.select({ traderId: listings.traderId }).from(listings).where(eq(listings.id, id));
  if (!row) throw new AppError('LISTING_NOT_FOUND');
  if (row.traderId !== user.id) throw new AppError('NOT_LISTING_OWNER');
  await db.update(listings).set({ status: 'withdrawn', updatedAt: now }).where(eq(listings.id, id));
  await invalidateListingPages(db);
  return getListing(db, id, user);
}

// ---- suppliers ----------------------------------------------------------------------------------

/**
 * GET /api/suppliers: traders with an active listing, best rated first (new suppliers after rated
 * ones), with their earned figures and their lowest price.
 */
export async function listSuppliers(db: Db, limit: number, traderIds?: string[]): Promise<Supplier[]> {
  const stats = supplierStats(db);
  const prices = db
    .select({
      traderId: listings.traderId,
      price: sql<string>`min(${listings.pricePerKg})::text`.as('price'),
    })
    .from(listings)
    .where(eq(listings.status, 'active'))
    .groupBy(listings.traderId)
    .as('prices');
  const rows = await db
    .select({
      id: users.id,
      companyName: users.companyName,
      firstName: users.firstName,
      username: users.username,
      country: users.country,
      rating: stats.rating,
      ratings: stats.ratings,
      delivered: stats.delivered,
      onTime: stats.onTime,
      price: prices.price,
    })
    .from(users)
    .innerJoin(prices, eq(prices.traderId, users.id))
    .leftJoin(stats, eq(stats.traderId, users.id))
    .where(
      and(
        eq(users.role, 'trader'),
        // A suspended supplier's listings are hidden: so is the supplier.
        eq(users.accountStatus, 'active'),
        traderIds ? inArray(users.id, traderIds) : undefined,
      ),
    )
    .orderBy(sql`${stats.rating} desc nulls last`, sql`${stats.delivered} desc nulls last`, asc(users.id))
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    name: companyName(r),
    country: r.country,
    rating: r.rating,
    ratings: r.ratings ?? 0,
    delivered: r.delivered ?? 0,
    onTimeRate: r.delivered ? percentOf(r.onTime ?? 0, r.delivered) : null,
    pricePerKg: r.price,
  }));
}

/** GET /api/market/stats: active listings with something left, and their mean price per kg. */
export async function marketStats(db: Db): Promise<{ listings: number; averagePricePerKg: string | null }> {
  const [row] = await db
    .select({ listings: count(), average: sql<string | null>`round(avg(${listings.pricePerKg}), 2)::text` })
    .from(listings)
    .where(and(eq(listings.status, 'active'), gt(listings.quantity, listings.reserved), supplierActive()));
  return { listings: row?.listings ?? 0, averagePricePerKg: row?.average ?? null };
}
