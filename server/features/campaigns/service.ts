// Campaign rules and queries: the public list (filters, search, sort, pages), one campaign, create
// and edit by the owning trader, and the trader's stats.
import { and, asc, count, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import { assessRiskLevel, destinationRegion } from '../../../domain/campaign-rules.ts';
import {
  CAMPAIGN_MESSAGES,
  campaignListSchema,
  campaignTermsIssues,
  type Campaign,
  type CampaignCreate,
  type CampaignDetail,
  type CampaignListQuery,
  type CampaignPatch,
  type TraderStats,
} from '../../../domain/campaign-schemas.ts';
import {
  dec,
  estimatedCampaignProfit,
  expectedRoiPercent,
  percentOf,
  toFixed,
  ZERO,
} from '../../../domain/money.ts';
import {
  areTermsLocked,
  canViewCampaign,
  canViewTraderStats,
  FINANCIAL_TERMS,
  isCampaignEditable,
  ownsCampaign,
  type FinancialTerm,
  type Actor,
} from '../../../domain/policies.ts';
import { CAMPAIGN_STATUS_GROUPS, inStatusGroup, type CampaignSort } from '../../../domain/campaigns.ts';
import { editNeedsReview } from '../../../domain/diligence.ts';
import { INVESTMENT_STATUS_GROUPS } from '../../../domain/investments.ts';
import { displayName } from '../../../domain/users.ts';
import type { Db } from '../../db/connect.ts';
import { campaignSearchText } from '../../db/schema/campaigns.ts';
import { campaigns, investments, payments, users } from '../../db/schema/index.ts';
import { DEFAULT_RELEASE_SCHEDULE } from '../../../domain/money-out.ts';
import { setReleaseSchedule } from '../money/index.ts';
import { reflectionEndsAtOf } from '../money/index.ts';
import { releaseViews, settlementView } from '../money/index.ts';
import { reviewHistoryOf } from './review-views.ts';
import { afterCommit, inTransaction, type Tx } from '../../db/transaction.ts';
import { effectKey, effectOf } from '../../effects.ts';
import { AppError } from '../../errors.ts';
import { disclosureChanges, disclosureOf, saveDisclosure, trackRecordOf } from '../verification/index.ts';
import { DISCLOSURE_KEYS, type Disclosure } from '../../../domain/returns.ts';
import { sqlIn } from '../../db/vocabulary.ts';

/** The disclosure fields of a create or edit body, apart from the campaign's own. */
function splitDisclosure<T extends Partial<Disclosure>>(input: T) {
  const disclosure: Partial<Disclosure> = {};
  const rest = { ...input } as Record<string, unknown>;
  for (const key of DISCLOSURE_KEYS) {
    if (input[key] !== undefined) disclosure[key] = input[key];
    delete rest[key];
  }
  return { disclosure, rest: rest as Omit<T, keyof Disclosure> };
}

type CampaignRow = typeof campaigns.$inferSelect;
/** Who is asking: the signed-in user, or null for a visitor. */

export function toCampaign(row: CampaignRow): Campaign {
  return {
    ...row,
    deadline: row.deadline.toISOString(),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    review: {
      status: row.reviewStatus,
      ...(row.reviewStatus === 'rejected' && row.reviewReason && { reason: row.reviewReason }),
    },
  };
}

// ---- list --------------------------------------------------------------------------------------

/** Each sort with a unique tiebreak, written exactly as its index (schema/campaigns.ts) so pages read it. */
const LIST_ORDER: Record<CampaignSort, SQL[]> = {
  newest: [sql`${campaigns.createdAt} desc nulls last`, sql`${campaigns.id} desc nulls last`],
  deadline: [asc(campaigns.deadline), asc(campaigns.id)],
  roi: [sql`(${campaigns.sellPrice} / ${campaigns.buyPrice}) desc`, asc(campaigns.id)],
  funded: [sql`(${campaigns.raisedAmount} / ${campaigns.targetAmount}) desc`, asc(campaigns.id)],
};

/** Escapes LIKE wildcards so a search for "100%" means the text "100%". */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

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
    query.q ? ilike(campaignSearchText(campaigns), likePattern(query.q)) : undefined,
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

/**
 * Call with every write that changes what the list shows (campaign fields, status, raised amount,
 * investors). Inside a transaction the cache is cleared once it commits (before, a concurrent read
 * could cache the old rows again; after a rollback there is nothing to clear).
 */
/** The public campaign list's cache in the app's effects (filled by server/context.ts). */
export const CAMPAIGN_LISTS = effectKey<CampaignListCache>('campaign-lists');

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

// ---- one campaign ------------------------------------------------------------------------------

export async function getCampaign(
  db: Db,
  id: string,
  viewer: Actor<'kycStatus' | 'emailVerified'> | null,
  now: Date,
): Promise<CampaignDetail> {
  const [row] = await db
    .select({ campaign: campaigns, trader: users })
    .from(campaigns)
    .innerJoin(users, eq(users.id, campaigns.traderId))
    .where(eq(campaigns.id, id));
  if (!row) throw new AppError('CAMPAIGN_NOT_FOUND');
  const { campaign, trader } = row;
  // A cancelled campaign is private to its trader, admins and its backers: to anyone else it does not exist.
  if (
    !canViewCampaign(viewer, campaign) &&
    !(viewer && canViewCampaign(viewer, campaign, await backsCampaign(db, viewer.id, campaign.id)))
  )
    throw new AppError('CAMPAIGN_NOT_FOUND');
  const canPay = viewer?.role === 'admin' || viewer?.id === campaign.traderId;
  const [releases, settlement, liveHold, reflection, reviewHistory, disclosure, trackRecord, refunds] =
    await Promise.all([
      releaseViews(db, campaign.id),
      settlementView(db, campaign, canPay),
      hasLiveHold(db, campaign.id),
      reflectionEndsAtOf(db, campaign.id, now),
      canPay ? reviewHistoryOf(db, campaign.id) : [],
      disclosureOf(db, campaign.id),
      trackRecordOf(db, campaign.traderId),
      campaign.status === 'cancelled' ? refundProgressOf(db, campaign.id) : null,
    ]);
  return {
    ...toCampaign(campaign),
    traderName: `${displayName(trader)}${trader.lastName ? ` ${trader.lastName}` : ''}`,
    traderCompany: trader.companyName,
    termsLocked: areTermsLocked(campaign, liveHold),
    releases,
    settlement,
    reflectionEndsAt: reflection?.toISOString() ?? null,
    reviewHistory,
    disclosure,
    termsVersion: campaign.termsVersion,
    trackRecord,
    refunds,
  };
}

/** A cancelled campaign's refunds: refunded so far of all being refunded (null when none). */
async function refundProgressOf(db: Db, campaignId: string): Promise<CampaignDetail['refunds']> {
  const [row] = await db
    .select({
      refunded: sql<number>`count(*) filter (where ${investments.status} = 'refunded')::int`,
      total: sql<number>`count(*)::int`,
    })
    .from(investments)
    .where(
      and(
        eq(investments.campaignId, campaignId),
        sqlIn(investments.status, INVESTMENT_STATUS_GROUPS.refunds),
      ),
    );
  return row && row.total > 0 ? row : null;
}

/** Whether the user put money into the campaign (their refund came from it, or their payout will). */
export async function backsCampaign(db: Db, userId: string, campaignId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: investments.id })
    .from(investments)
    .where(
      and(
        eq(investments.investorId, userId),
        eq(investments.campaignId, campaignId),
        sqlIn(investments.status, INVESTMENT_STATUS_GROUPS.backers),
      ),
    )
    .limit(1);
  return !!row;
}

// ---- create and edit ---------------------------------------------------------------------------

/** What follows from the terms: the region when not chosen, the risk level and the expected profit. */
function derivedFields(
  terms: Pick<CampaignRow, 'tradeRoute' | 'quantity' | 'buyPrice' | 'sellPrice' | 'targetAmount'> & {
    deadline: string | Date;
    region?: CampaignRow['region'] | undefined;
  },
  createdAt: Date,
) {
  const region = terms.region ?? destinationRegion(terms.tradeRoute);
  if (!region)
    throw new AppError('VALIDATION', CAMPAIGN_MESSAGES.regionUnknown, {
      region: CAMPAIGN_MESSAGES.regionUnknown,
    });
  return {
    region,
    riskLevel: assessRiskLevel(terms, createdAt),
    expectedProfit: toFixed(estimatedCampaignProfit(terms.quantity, terms.buyPrice, terms.sellPrice)),
  };
}

function termsError(issues: ReturnType<typeof campaignTermsIssues>): AppError | undefined {
  const [first] = issues;
  if (!first) return undefined;
  return new AppError(
    'VALIDATION',
    first.message,
    Object.fromEntries(issues.map((i) => [i.path, i.message])),
  );
}

export async function createCampaign(
  db: Db,
  user: NonNullable<Actor<'kycStatus' | 'emailVerified'> | null>,
  input: CampaignCreate,
  now: Date,
): Promise<Campaign> {
  // The route decides who may create (a trader past the money gate: domain/policies.ts).
  if (user.role !== 'trader') throw new AppError('FORBIDDEN', CAMPAIGN_MESSAGES.notTrader);
  if (input.traderId !== undefined && input.traderId !== user.id)
    throw new AppError('FORBIDDEN', CAMPAIGN_MESSAGES.traderMismatch);
  const { disclosure, rest } = splitDisclosure(input);
  const { traderId: _ignored, region, releaseSchedule, ...fields } = rest;
  return inTransaction(db, async (tx) => {
    const [row] = await tx
      .insert(campaigns)
      .values({
        ...fields,
        traderId: user.id,
        deadline: new Date(input.deadline),
        ...derivedFields({ ...input, region }, now),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await setReleaseSchedule(tx, row!.id, releaseSchedule ?? DEFAULT_RELEASE_SCHEDULE, now);
    await saveDisclosure(tx, row!.id, disclosure, now);
    await invalidateCampaignLists(tx);
    return toCampaign(row!);
  });
}

export async function updateCampaign(
  db: Db,
  user: NonNullable<Actor<'kycStatus' | 'emailVerified'> | null>,
  id: string,
  patch: CampaignPatch,
  now: Date,
): Promise<Campaign> {
  return inTransaction(db, async (tx) => {
    // Locked so a concurrent investment or edit cannot slip between the checks and the write.
    const [current] = await tx.select().from(campaigns).where(eq(campaigns.id, id)).for('update');
    if (!current) throw new AppError('CAMPAIGN_NOT_FOUND');
    if (!ownsCampaign(user, current)) {
      // Someone else's draft does not exist for this user; a public campaign is just not theirs.
      if (current.status === 'cancelled' && user.role !== 'admin') throw new AppError('CAMPAIGN_NOT_FOUND');
      throw new AppError('FORBIDDEN', CAMPAIGN_MESSAGES.notOwner);
    }
    if (patch.traderId !== undefined && patch.traderId !== user.id)
      throw new AppError('FORBIDDEN', CAMPAIGN_MESSAGES.notOwner);
    if (!isCampaignEditable(current)) throw new AppError('CONFLICT', CAMPAIGN_MESSAGES.completedLocked);
    const { disclosure, rest } = splitDisclosure(patch);
    // The declared costs and risk factors are part of the terms (the KIIS's version is the terms version).
    const disclosureChanged = disclosureChanges(await disclosureOf(tx, current.id), disclosure).length > 0;
    const termsChanged =
      changedTerms(current, patch).length > 0 || patch.releaseSchedule !== undefined || disclosureChanged;
    if (termsChanged && areTermsLocked(current, await hasLiveHold(tx, current.id)))
      throw new AppError('CONFLICT', CAMPAIGN_MESSAGES.termsLocked);

    const { traderId: _ignored, deadline, releaseSchedule, ...fields } = rest;
    if (releaseSchedule) await setReleaseSchedule(tx, current.id, releaseSchedule, now);
    if (disclosureChanged) await saveDisclosure(tx, current.id, disclosure, now);
    const merged = { ...current, ...fields, deadline: deadline ?? current.deadline };
    const error = termsError(campaignTermsIssues(merged));
    if (error) throw error;
    // The region is re-derived only when the route changes without a region being chosen.
    const region = fields.region ?? (fields.tradeRoute === undefined ? current.region : undefined);
    // A campaign sent back goes to review again with any edit; an approved one when its financial
    // terms or schedule change (what the reviewer checked against the contracts: docs/campaigns.md).
    const review = editNeedsReview(current.reviewStatus, termsChanged)
      ? { reviewStatus: 'pending' as const, reviewReason: null }
      : {};
    const [row] = await tx
      .update(campaigns)
      .set({
        ...fields,
        ...review,
        ...(deadline !== undefined && { deadline: new Date(deadline) }),
        // The risk rule measures the funding window from the campaign's creation, as it did then.
        ...derivedFields({ ...merged, region }, current.createdAt),
        // An intent made on the old terms can no longer be paid on them (docs/money.md).
        ...(termsChanged && { termsVersion: sql`${campaigns.termsVersion} + 1` }),
        updatedAt: now,
      })
      .where(eq(campaigns.id, id))
      .returning();
    await invalidateCampaignLists(tx);
    return toCampaign(row!);
  });
}

/** Whether a card holds money for the campaign right now (its terms are locked from then on). */
async function hasLiveHold(tx: Db | Tx, campaignId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: investments.id })
    .from(investments)
    .innerJoin(payments, eq(payments.id, investments.paymentId))
    .where(and(eq(investments.campaignId, campaignId), eq(payments.status, 'authorized')))
    .limit(1);
  return !!row;
}

/** The financial terms a patch would change (a patch may repeat the current values: spec §7 sends all fields). */
function changedTerms(current: CampaignRow, patch: CampaignPatch): FinancialTerm[] {
  return FINANCIAL_TERMS.filter((term) => {
    const next = patch[term];
    if (next === undefined) return false;
    if (term === 'deadline') return new Date(next).getTime() !== current.deadline.getTime();
    return !dec(next).eq(current[term]);
  });
}

// ---- trader stats ------------------------------------------------------------------------------

export async function traderStats(
  db: Db,
  viewer: NonNullable<Actor<'kycStatus' | 'emailVerified'> | null>,
  traderId: string,
): Promise<TraderStats> {
  if (!canViewTraderStats(viewer, traderId)) throw new AppError('FORBIDDEN');
  if (viewer.role === 'admin') {
    const [trader] = await db.select({ role: users.role }).from(users).where(eq(users.id, traderId));
    if (trader?.role !== 'trader') throw new AppError('NOT_FOUND', 'Trader not found');
  }
  const rows = await db
    .select({
      status: campaigns.status,
      raisedAmount: campaigns.raisedAmount,
      actualProfit: campaigns.actualProfit,
      buyPrice: campaigns.buyPrice,
      sellPrice: campaigns.sellPrice,
    })
    .from(campaigns)
    .where(eq(campaigns.traderId, traderId))
    .orderBy(desc(campaigns.createdAt));
  return summarizeTraderCampaigns(rows);
}

type StatsRow = Pick<CampaignRow, 'status' | 'raisedAmount' | 'actualProfit' | 'buyPrice' | 'sellPrice'>;

/** The dashboard's four cards from the trader's campaigns (money in decimals, never floats). */
export function summarizeTraderCampaigns(rows: StatsRow[]): TraderStats {
  const live = rows.filter((r) => inStatusGroup(r.status, 'live'));
  // Funding has ended for a campaign that reached its target (funded onwards) or was cancelled.
  const reachedTarget = rows.filter((r) => inStatusGroup(r.status, 'funded')).length;
  const fundingEnded = reachedTarget + (rows.length - live.length);
  const totalRoi = live.reduce((sum, r) => sum.plus(expectedRoiPercent(r.buyPrice, r.sellPrice)), ZERO);
  return {
    totalCampaigns: rows.length,
    activeCampaigns: rows.filter((r) => inStatusGroup(r.status, 'openForFunding')).length,
    totalFunded: toFixed(live.reduce((sum, r) => sum.plus(r.raisedAmount), ZERO)),
    totalProfits: toFixed(
      rows.filter((r) => r.status === 'completed').reduce((sum, r) => sum.plus(dec(r.actualProfit)), ZERO),
    ),
    successRate: fundingEnded ? percentOf(reachedTarget, fundingEnded) : null,
    averageRoi: live.length ? toFixed(totalRoi.div(live.length), 1) : null,
  };
}
