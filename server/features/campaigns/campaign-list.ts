// The public campaign list: filters, search, sort and pages, and its cache (cleared on every write
// that changes what the list shows).
import { and, asc, count, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import { campaignListSchema, type CampaignListQuery } from '../../../domain/campaign-schemas.ts';
import type { Actor } from '../../../domain/policies.ts';
import { CAMPAIGN_STATUS_GROUPS, type CampaignSort } from '../../../domain/campaigns.ts';
import type { Db } from '../../db/connect.ts';
import { campaignSearchText } from '../../db/schema/campaigns.ts';
import { campaigns } from '../../db/schema/index.ts';
import { afterCommit, type Tx } from '../../db/transaction.ts';
import { effectKey, effectOf } from '../../effects.ts';
import { sqlIn } from '../../db/vocabulary.ts';
import { toCampaign } from './campaign-detail.ts';
import { containsPattern } from '../../db/like.ts';

/** Each sort with a unique tiebreak, written exactly as its index (schema/campaigns.ts) so pages read it. */
const LIST_ORDER: Record<CampaignSort, SQL[]> = {
  newest: [sql`${campaigns.createdAt} desc nulls last`, sql`${campaigns.id} desc nulls last`],
  deadline: [asc(campaigns.deadline), asc(campaigns.id)],
  roi: [sql`(${campaigns.sellPrice} / ${campaigns.buyPrice}) desc`, asc(campaigns.id)],
  funded: [sql`(${campaigns.raisedAmount} / ${campaigns.targetAmount}) desc`, asc(campaigns.id)],
};

/** Escapes LIKE wildcards so a search for "100%" means the text "100%". */
/** Cancelled campaigns (drafts) and unreviewed ones are seen only by their trader and by admins. */
function seesDrafts(viewer: Actor<'kycStatus' | 'emailVerified'> | null, query: CampaignListQuery): boolean {
  return viewer?.role === 'admin' || (!!query.traderId && viewer?.id === query.traderId);
}

/** The list's filters as SQL (also how a saved search is matched against a new campaign). */
export function listFilter(query: CampaignListQuery, withDrafts: boolean): SQL | undefined {
  return and(
    query.traderId ? eq(campaigns.traderId, query.traderId) : undefined,
    query.status ? inArray(campaigns.status, query.status) : undefined,
    // Drafts and campaigns before their due-diligence approval: only their trader and admins see them.
    withDrafts ? undefined : sqlIn(campaigns.status, CAMPAIGN_STATUS_GROUPS.public),
    withDrafts ? undefined : eq(campaigns.reviewStatus, 'approved'),
    query.risk ? eq(campaigns.riskLevel, query.risk) : undefined,
    query.region ? eq(campaigns.region, query.region) : undefined,
    query.q ? ilike(campaignSearchText(campaigns), containsPattern(query.q)) : undefined,
  );
}

export interface CampaignPage {
  /** The page as JSON text: cached pages are sent without serializing again. */
  json: string;
  /** Campaigns matching the filters, over all pages. */
  total: number;
}

/** The statements of one list call: the page and the count (the bench prints their plans). */
export function campaignPageStatements(db: Db, query: CampaignListQuery, withDrafts: boolean) {
  const where = listFilter(query, withDrafts);
  return {
    rows: db
      .select()
      .from(campaigns)
      .where(where)
      .orderBy(...LIST_ORDER[query.sort])
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    total: db.select({ total: count() }).from(campaigns).where(where),
  };
}

async function queryCampaignPage(
  db: Db,
  query: CampaignListQuery,
  withDrafts: boolean,
  knownTotal?: number,
): Promise<CampaignPage> {
  const statements = campaignPageStatements(db, query, withDrafts);
  const [rows, total] = await Promise.all([
    statements.rows,
    knownTotal ?? statements.total.then(([counted]) => counted?.total ?? 0),
  ]);
  // Through the wire schema: only declared fields leave, as the route's own serializer would ensure.
  return { json: JSON.stringify(campaignListSchema.parse(rows.map(toCampaign))), total };
}

/**
 * Public views of the list, cached per app context (server/context.ts, server/effects.ts): whole pages,
 * and the totals by filter (the count is the costly statement, and paging or re-sorting keeps it).
 * This process clears both on every campaign write it makes, so with PGlite (one process owns the
 * data) a hit is always current; with PostgreSQL another instance's write shows here within
 * LIST_CACHE_TTL_MS. Views with drafts (a trader's own list, an admin's) are never cached.
 */
const LIST_CACHE_TTL_MS = 2_000;
export interface CampaignListCache {
  pages: LRUCache<string, CampaignPage>;
  totals: LRUCache<string, number>;
}

/** An empty cache of the public list: one per app context. */
export function createCampaignListCache(): CampaignListCache {
  return {
    pages: new LRUCache({ max: 1_000, ttl: LIST_CACHE_TTL_MS }),
    totals: new LRUCache({ max: 1_000, ttl: LIST_CACHE_TTL_MS }),
  };
}

/** The public campaign list's cache in the app's effects (filled by server/context.ts). */
export const CAMPAIGN_LISTS = effectKey<CampaignListCache>('campaign-lists');

/**
 * Call with every write that changes what the list shows (campaign fields, status, raised amount,
 * investors). Inside a transaction the cache is cleared once it commits (before, a concurrent read
 * could cache the old rows again; after a rollback there is nothing to clear).
 */
export async function invalidateCampaignLists(db: Db | Tx): Promise<void> {
  const cache = effectOf(db, CAMPAIGN_LISTS);
  await afterCommit(db, () => {
    cache?.pages.clear();
    cache?.totals.clear();
  });
}

export async function listCampaigns(
  db: Db,
  query: CampaignListQuery,
  viewer: Actor<'kycStatus' | 'emailVerified'> | null,
): Promise<CampaignPage> {
  if (seesDrafts(viewer, query)) return queryCampaignPage(db, query, true);
  const cache = effectOf(db, CAMPAIGN_LISTS);
  // A handle outside any app context (a script's) reads uncached.
  if (!cache) return queryCampaignPage(db, query, false);
  const { pages, totals } = cache;
  // The parsed query is normalized (defaults filled, statuses sorted): equal views share one entry.
  const key = JSON.stringify(query);
  const hit = pages.get(key);
  if (hit) return hit;
  const { traderId, status, q, risk, region } = query;
  const filterKey = JSON.stringify({ traderId, status, q, risk, region });
  const page = await queryCampaignPage(db, query, false, totals.get(filterKey));
  pages.set(key, page);
  totals.set(filterKey, page.total);
  return page;
}
