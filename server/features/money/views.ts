// Reading where a campaign's money is (docs/money.md): its release schedule with each tranche's
// evidence, its settlement with the waterfall estimated beside actual, its documents. What the campaign
// page, the trader, the admin console and `/portfolio` show.
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  estimatedWaterfall,
  type AdminRelease,
  type AdminSettlement,
  type CampaignDocument,
  type Release,
  type SettlementStatus,
  type SettlementView,
} from '../../../domain/money-out.ts';
import { displayName } from '../../../domain/users.ts';
import type { Db } from '../../db/connect.ts';
import {
  campaignDocuments,
  campaignReleases,
  campaigns,
  payments,
  settlements,
  users,
} from '../../db/schema/index.ts';

type DocumentRow = Pick<
  typeof campaignDocuments.$inferSelect,
  'id' | 'kind' | 'milestone' | 'fileName' | 'createdAt'
>;
type CampaignRow = typeof campaigns.$inferSelect;

const documentColumns = {
  id: campaignDocuments.id,
  kind: campaignDocuments.kind,
  milestone: campaignDocuments.milestone,
  fileName: campaignDocuments.fileName,
  createdAt: campaignDocuments.createdAt,
};

export function toCampaignDocument(row: DocumentRow): CampaignDocument {
  return { ...row, createdAt: row.createdAt.toISOString() };
}

async function documentsById(db: Db, ids: Array<string | null>) {
  const wanted = ids.filter((id): id is string => id !== null);
  if (wanted.length === 0) return new Map<string, CampaignDocument>();
  const rows = await db
    .select(documentColumns)
    .from(campaignDocuments)
    .where(inArray(campaignDocuments.id, wanted));
  return new Map(rows.map((r) => [r.id, toCampaignDocument(r)]));
}

function toRelease(row: typeof campaignReleases.$inferSelect, docs: Map<string, CampaignDocument>): Release {
  return {
    id: row.id,
    seq: row.seq,
    trigger: row.trigger,
    percent: row.percent,
    status: row.status,
    amount: row.amount,
    releasedAt: row.releasedAt?.toISOString() ?? null,
    document: (row.documentId && docs.get(row.documentId)) || null,
    reviewNote: row.reviewNote,
  };
}

/** A campaign's release schedule, each tranche with its evidence. */
export async function releaseViews(db: Db, campaignId: string): Promise<Release[]> {
  return (await releaseViewsOf(db, [campaignId])).get(campaignId) ?? [];
}

/** The release schedules of many campaigns, in two statements (the portfolio reads one per campaign). */
export async function releaseViewsOf(db: Db, campaignIds: string[]): Promise<Map<string, Release[]>> {
  const byCampaign = new Map<string, Release[]>(campaignIds.map((id) => [id, []]));
  if (campaignIds.length === 0) return byCampaign;
  const rows = await db
    .select()
    .from(campaignReleases)
    .where(inArray(campaignReleases.campaignId, campaignIds))
    .orderBy(asc(campaignReleases.campaignId), asc(campaignReleases.seq));
  const docs = await documentsById(
    db,
    rows.map((r) => r.documentId),
  );
  for (const r of rows) byCampaign.get(r.campaignId)?.push(toRelease(r, docs));
  return byCampaign;
}

/**
 * The campaign's settlement as the viewer may see it: the live one (or, for its owner and admins, the
 * last rejected one, with the reason); the card step's intent and secret only for the owner and admins.
 */
export async function settlementView(
  db: Db,
  campaign: CampaignRow,
  canPay: boolean,
): Promise<SettlementView | null> {
  return (await settlementViewsOf(db, [campaign], canPay)).get(campaign.id) ?? null;
}

/** The settlements of many campaigns as one viewer may see them, in two statements. */
export async function settlementViewsOf(
  db: Db,
  campaignRows: readonly CampaignRow[],
  canPay: boolean,
): Promise<Map<string, SettlementView>> {
  const views = new Map<string, SettlementView>();
  if (campaignRows.length === 0) return views;
  const rows = await db
    .select({ settlement: settlements, intentId: payments.intentId, source: payments.source })
    .from(settlements)
    .leftJoin(payments, eq(payments.id, settlements.paymentId))
    .where(
      and(
        inArray(
          settlements.campaignId,
          campaignRows.map((c) => c.id),
        ),
        canPay ? undefined : sql`${settlements.status} <> 'rejected'`,
      ),
    )
    // The live one first, then the newest rejected one.
    .orderBy(sql`${settlements.status} = 'rejected'`, desc(settlements.declaredAt));
  const docs = await documentsById(
    db,
    rows.map((r) => r.settlement.invoiceDocumentId),
  );
  const campaignsById = new Map(campaignRows.map((c) => [c.id, c]));
  for (const row of rows) {
    const s = row.settlement;
    if (views.has(s.campaignId)) continue;
    const waterfall =
      s.salesProceeds === null
        ? null
        : {
            salesProceeds: s.salesProceeds,
            purchaseCost: s.purchaseCost!,
            shippingCost: s.shippingCost!,
            insuranceCost: s.insuranceCost!,
            otherCosts: s.otherCosts!,
          };
    const payable = canPay && (s.status === 'approved' || s.status === 'defaulted') && row.source === 'card';
    views.set(s.campaignId, {
      status: s.status,
      amountDue: s.amountDue,
      paymentIntentId: payable ? row.intentId : null,
      clientSecret: payable ? s.clientSecret : null,
      actualProfit: s.actualProfit,
      waterfall,
      estimate: estimatedWaterfall(campaignsById.get(s.campaignId)!),
      principal: s.principal,
      disbursed: s.disbursed,
      grossProfit: s.grossProfit,
      fee: s.fee,
      declaredAt: s.declaredAt.toISOString(),
      dueAt: s.dueAt?.toISOString() ?? null,
      paidAt: s.paidAt?.toISOString() ?? null,
      rejectReason: canPay ? s.rejectReason : null,
      invoice: (s.invoiceDocumentId && docs.get(s.invoiceDocumentId)) || null,
    });
  }
  return views;
}

/** The admin console's settlements in the given statuses, oldest first (what waits longest on top). */
export async function adminSettlements(db: Db, statuses: SettlementStatus[]): Promise<AdminSettlement[]> {
  const rows = await db
    .select({ s: settlements, title: campaigns.title, trader: users })
    .from(settlements)
    .innerJoin(campaigns, eq(campaigns.id, settlements.campaignId))
    .innerJoin(users, eq(users.id, campaigns.traderId))
    .where(inArray(settlements.status, statuses))
    .orderBy(asc(settlements.declaredAt))
    .limit(200);
  return rows.map(({ s, title, trader }) => ({
    campaignId: s.campaignId,
    campaignTitle: title,
    traderName: trader.companyName ?? displayName(trader),
    status: s.status,
    amountDue: s.amountDue,
    actualProfit: s.actualProfit,
    declaredAt: s.declaredAt.toISOString(),
    dueAt: s.dueAt?.toISOString() ?? null,
  }));
}

/** Staged releases waiting for an admin's confirmation, oldest first. */
export async function releasesAwaitingReview(db: Db): Promise<AdminRelease[]> {
  const rows = await db
    .select({ r: campaignReleases, title: campaigns.title })
    .from(campaignReleases)
    .innerJoin(campaigns, eq(campaigns.id, campaignReleases.campaignId))
    .where(eq(campaignReleases.status, 'awaiting_review'))
    .orderBy(asc(campaignReleases.updatedAt))
    .limit(200);
  const docs = await documentsById(
    db,
    rows.map((r) => r.r.documentId),
  );
  return rows.map(({ r, title }) => ({
    ...toRelease(r, docs),
    campaignId: r.campaignId,
    campaignTitle: title,
  }));
}

/** A campaign's documents (its owner's and admins' list). */
export async function campaignDocumentList(db: Db, campaignId: string): Promise<CampaignDocument[]> {
  const rows = await db
    .select(documentColumns)
    .from(campaignDocuments)
    .where(eq(campaignDocuments.campaignId, campaignId))
    .orderBy(asc(campaignDocuments.createdAt));
  return rows.map(toCampaignDocument);
}
