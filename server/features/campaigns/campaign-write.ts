// Creating and editing a campaign by its trader: the terms checked, what follows from them derived,
// the release schedule and disclosure saved, and the review or terms version moved on when due.
import { eq, sql } from 'drizzle-orm';
import { assessRiskLevel, destinationRegion } from '../../../domain/campaign-rules.ts';
import {
  CAMPAIGN_MESSAGES,
  campaignTermsIssues,
  type Campaign,
  type CampaignCreate,
  type CampaignPatch,
} from '../../../domain/campaign-schemas.ts';
import { dec, estimatedCampaignProfit, toFixed } from '../../../domain/money.ts';
import {
  areTermsLocked,
  FINANCIAL_TERMS,
  isCampaignEditable,
  ownsCampaign,
  type FinancialTerm,
  type Actor,
} from '../../../domain/policies.ts';
import { editNeedsReview } from '../../../domain/diligence.ts';
import type { Db } from '../../db/connect.ts';
import { campaigns } from '../../db/schema/index.ts';
import { DEFAULT_RELEASE_SCHEDULE } from '../../../domain/money-out.ts';
import { setReleaseSchedule } from '../money/index.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError } from '../../errors.ts';
import { disclosureChanges, disclosureOf, saveDisclosure } from '../verification/index.ts';
import { DISCLOSURE_KEYS, type Disclosure } from '../../../domain/returns.ts';
import { invalidateCampaignLists } from './campaign-list.ts';
import { hasLiveHold, toCampaign, type CampaignRow } from './campaign-detail.ts';

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

/** The financial terms a patch would change (a patch may repeat the current values: spec §7 sends all fields). */
function changedTerms(current: CampaignRow, patch: CampaignPatch): FinancialTerm[] {
  return FINANCIAL_TERMS.filter((term) => {
    const next = patch[term];
    if (next === undefined) return false;
    if (term === 'deadline') return new Date(next).getTime() !== current.deadline.getTime();
    return !dec(next).eq(current[term]);
  });
}
