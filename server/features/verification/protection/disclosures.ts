// The trader's disclosure of a campaign (risk factors and declared costs, docs/investor-protection.md):
// part of its terms, so a change bumps the terms version (and with it the KIIS version). A campaign
// without a row (created before issue 19) declares no costs and no risk factors of its own.
import { eq, inArray, sql } from 'drizzle-orm';
import { dec } from '../../../../domain/money.ts';
import { NO_DECLARED_COSTS, type Disclosure } from '../../../../domain/returns.ts';
import type { Db } from '../../../db/connect.ts';
import { campaignDisclosures } from '../../../db/schema/index.ts';
import type { Tx } from '../../../db/transaction.ts';

const NONE: Disclosure = { riskFactors: '', ...NO_DECLARED_COSTS };

const columns = {
  campaignId: campaignDisclosures.campaignId,
  riskFactors: campaignDisclosures.riskFactors,
  conversionCost: campaignDisclosures.conversionCost,
  shippingCost: campaignDisclosures.shippingCost,
  insuranceCost: campaignDisclosures.insuranceCost,
  feesCost: campaignDisclosures.feesCost,
};

export async function disclosuresOf(db: Db | Tx, campaignIds: string[]): Promise<Map<string, Disclosure>> {
  const found = new Map<string, Disclosure>(campaignIds.map((id) => [id, { ...NONE }]));
  if (campaignIds.length === 0) return found;
  const rows = await db
    .select(columns)
    .from(campaignDisclosures)
    .where(inArray(campaignDisclosures.campaignId, campaignIds));
  for (const { campaignId, ...disclosure } of rows) found.set(campaignId, disclosure);
  return found;
}

export async function disclosureOf(db: Db | Tx, campaignId: string): Promise<Disclosure> {
  const [row] = await db
    .select(columns)
    .from(campaignDisclosures)
    .where(eq(campaignDisclosures.campaignId, campaignId));
  if (!row) return { ...NONE };
  const { campaignId: _id, ...disclosure } = row;
  return disclosure;
}

/** Which of `patch`'s fields differ from the current disclosure. */
export function disclosureChanges(current: Disclosure, patch: Partial<Disclosure>): Array<keyof Disclosure> {
  return (Object.keys(patch) as Array<keyof Disclosure>).filter((key) => {
    const next = patch[key];
    if (next === undefined) return false;
    return key === 'riskFactors' ? next !== current.riskFactors : !dec(next).eq(current[key]);
  });
}

/** Creates or updates the campaign's disclosure (the caller holds the campaign's lock). */
export async function saveDisclosure(tx: Db | Tx, campaignId: string, patch: Partial<Disclosure>, now: Date) {
  const values = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
  await tx
    .insert(campaignDisclosures)
    .values({ campaignId, ...values, updatedAt: now })
    .onConflictDoUpdate({
      target: campaignDisclosures.campaignId,
      set: { ...values, updatedAt: sql`excluded.updated_at` },
    });
}
