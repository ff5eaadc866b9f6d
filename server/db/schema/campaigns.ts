import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  CAMPAIGN_STATUSES,
  REGIONS,
  RISK_LEVELS,
  type CampaignStatus,
  type Region,
  type RiskLevel,
} from '../../../domain/campaigns.ts';
import { REVIEW_STATUSES, type ReviewStatus } from '../../../domain/diligence.ts';
import { MILESTONE_KINDS, type MilestoneKind } from '../../../domain/lifecycle.ts';
import { CAMPAIGN_DOCUMENT_KINDS, type CampaignDocumentKind } from '../../../domain/money-out.ts';
import type { DocumentType } from '../../../domain/kyc.ts';
import { storedFiles } from './files.ts';
import { users } from './users.ts';
import { checkIn } from '../vocabulary.ts';

// spec §3 Campaign, plus the minimum investment, risk level and region shown on every card.
// Money stays `numeric` and reaches the code as strings (never `mode: 'number'`).
export const campaigns = pgTable(
  'campaigns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    traderId: uuid('trader_id')
      .notNull()
      .references(() => users.id),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    targetAmount: numeric('target_amount', { precision: 15, scale: 2 }).notNull(),
    raisedAmount: numeric('raised_amount', { precision: 15, scale: 2 }).notNull().default('0'),
    quantity: numeric('quantity', { precision: 10, scale: 2 }).notNull(),
    buyPrice: numeric('buy_price', { precision: 8, scale: 2 }).notNull(),
    sellPrice: numeric('sell_price', { precision: 8, scale: 2 }).notNull(),
    tradeRoute: text('trade_route').notNull(),
    status: text('status').$type<CampaignStatus>().notNull().default('active'),
    deadline: timestamp('deadline', { withTimezone: true }).notNull(),
    expectedProfit: numeric('expected_profit', { precision: 15, scale: 2 }),
    actualProfit: numeric('actual_profit', { precision: 15, scale: 2 }),
    minimumInvestment: numeric('minimum_investment', { precision: 15, scale: 2 }).notNull().default('100'),
    riskLevel: text('risk_level').$type<RiskLevel>().notNull().default('medium'),
    region: text('region').$type<Region>().notNull().default('europe'),
    /** Distinct investors with a confirmed investment; kept by the investment flow in its transaction. */
    investorCount: integer('investor_count').notNull().default(0),
    /**
     * Bumped by every change of the financial terms or the release schedule: a payment intent carries
     * the version it was made on, and a hold on other terms is voided (docs/money.md).
     */
    termsVersion: integer('terms_version').notNull().default(1),
    /** Why an admin cancelled it (or that its deadline passed unfunded); null while not cancelled. */
    cancelReason: text('cancel_reason'),
    /**
     * The admin's due-diligence review (issue 19): only an approved campaign is seen by investors and
     * visitors and takes investments. New campaigns start pending (deny by default); the decisions with
     * their checks are in campaign_reviews (schema/diligence.ts).
     */
    reviewStatus: text('review_status').$type<ReviewStatus>().notNull().default('pending'),
    /** Why the reviewer sent it back; null unless rejected. */
    reviewReason: text('review_reason'),
    /**
     * kg CO₂e per kg H₂ delivered: the highest of its approved Guarantees of Origin (docs/carbon.md),
     * set from them whenever one is decided; null while none is approved.
     */
    carbonIntensity: numeric('carbon_intensity', { precision: 8, scale: 3 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('campaigns_status_created_idx').on(t.status, t.createdAt.desc(), t.id.desc()),
    index('campaigns_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('campaigns_trader_idx').on(t.traderId, t.createdAt.desc()),
    // One index per sort of the list (service.ts: LIST_ORDER), so a page reads only its rows.
    index('campaigns_deadline_idx').on(t.deadline, t.id),
    index('campaigns_roi_idx').on(sql`(${t.sellPrice} / ${t.buyPrice}) desc`, t.id),
    index('campaigns_funded_idx').on(sql`(${t.raisedAmount} / ${t.targetAmount}) desc`, t.id),
    // Search: trigram index (pg_trgm) over the text the `q` filter matches with ILIKE.
    index('campaigns_search_idx').using('gin', sql`(${campaignSearchText(t)}) gin_trgm_ops`),
    checkIn('campaigns_status_check', t.status, CAMPAIGN_STATUSES),
    checkIn('campaigns_review_status_check', t.reviewStatus, REVIEW_STATUSES),
    // The review queue, oldest first.
    index('campaigns_review_queue_idx').on(t.reviewStatus, t.updatedAt),
    checkIn('campaigns_risk_level_check', t.riskLevel, RISK_LEVELS),
    checkIn('campaigns_region_check', t.region, REGIONS),
    check('campaigns_target_positive', sql`${t.targetAmount} > 0`),
    check('campaigns_raised_nonnegative', sql`${t.raisedAmount} >= 0`),
    check('campaigns_quantity_positive', sql`${t.quantity} > 0`),
    check('campaigns_prices_positive', sql`${t.buyPrice} > 0 and ${t.sellPrice} > 0`),
    check('campaigns_minimum_floor', sql`${t.minimumInvestment} >= 100`),
    check('campaigns_investor_count_nonnegative', sql`${t.investorCount} >= 0`),
  ],
);

/** The text `q` searches: title, route and description (the search index is built on the same). */
export function campaignSearchText(t: {
  title: AnyPgColumn;
  tradeRoute: AnyPgColumn;
  description: AnyPgColumn;
}) {
  return sql`${t.title} || ' ' || ${t.tradeRoute} || ' ' || ${t.description}`;
}

/**
 * Shipment milestones of a trading campaign (issue 11): each step once, with when it happened and an
 * optional note or document reference (bill of lading, customs entry). Completion records `delivered`
 * when the trader has not.
 */
export const campaignMilestones = pgTable(
  'campaign_milestones',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id),
    kind: text('kind').$type<MilestoneKind>().notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    note: text('note'),
    documentRef: text('document_ref'),
    /** The uploaded evidence (bill of lading…) a staged release is confirmed against. */
    documentId: uuid('document_id').references((): AnyPgColumn => campaignDocuments.id),
    recordedBy: uuid('recorded_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('campaign_milestones_once_key').on(t.campaignId, t.kind),
    checkIn('campaign_milestones_kind_check', t.kind, MILESTONE_KINDS),
  ],
);

/** A document a trader files for a campaign: a milestone's evidence (bill of lading), the sales invoice. */
export const campaignDocuments = pgTable(
  'campaign_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id),
    kind: text('kind').$type<CampaignDocumentKind>().notNull(),
    milestone: text('milestone').$type<MilestoneKind>(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').$type<DocumentType>().notNull(),
    size: integer('size').notNull(),
    fileId: uuid('file_id')
      .notNull()
      .references(() => storedFiles.id),
    uploadedBy: uuid('uploaded_by')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('campaign_documents_campaign_idx').on(t.campaignId, t.createdAt),
    checkIn('campaign_documents_kind_check', t.kind, CAMPAIGN_DOCUMENT_KINDS),
    check('campaign_documents_size_check', sql`${t.size} > 0 and ${t.size} <= 10485760`),
  ],
);
