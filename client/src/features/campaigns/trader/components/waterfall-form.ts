// The P&L waterfall form as typed (docs/money.md): five amounts as text, the actual profit they make
// once all five read as money (waterfallProfit), the server's messages per field (waterfallSchema), and
// what the trader would pay in once the admin approves (settlementFigures, with what went to the trade).
import type { CampaignDetail } from '@domain/campaign-schemas.ts';
import { waterfallSchema } from '@domain/lifecycle.ts';
import {
  settlementFigures,
  waterfallProfit,
  type SettlementFigures,
  type Waterfall,
} from '@domain/money-out.ts';
import { disbursedAmount } from '@domain/money-out-views.ts';

export const WATERFALL_KEYS = [
  'salesProceeds',
  'purchaseCost',
  'shippingCost',
  'insuranceCost',
  'otherCosts',
] as const satisfies ReadonlyArray<keyof Waterfall>;

export const EMPTY_WATERFALL: Waterfall = {
  salesProceeds: '',
  purchaseCost: '',
  shippingCost: '',
  insuranceCost: '',
  otherCosts: '',
};

const MONEY = /^\d+(\.\d{1,2})?$/;

/** The actual profit of the figures as typed; null until all five read as amounts. */
export function typedProfit(values: Waterfall): string | null {
  const trimmed = Object.fromEntries(
    WATERFALL_KEYS.map((k) => [k, values[k].trim()]),
  ) as unknown as Waterfall;
  return WATERFALL_KEYS.every((k) => MONEY.test(trimmed[k])) ? waterfallProfit(trimmed) : null;
}

/** The waterfall to send, or the server's message for each field that is wrong. */
export function parseWaterfall(
  values: Waterfall,
): { ok: true; waterfall: Waterfall } | { ok: false; errors: Partial<Record<keyof Waterfall, string>> } {
  const parsed = waterfallSchema.safeParse(values);
  if (parsed.success) return { ok: true, waterfall: parsed.data };
  const errors: Partial<Record<keyof Waterfall, string>> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path[0] as keyof Waterfall;
    errors[key] ??= issue.message;
  }
  return { ok: false, errors };
}

/** What the settlement would be if the admin approves this profit (the server books the same). */
export function settlementIf(
  campaign: Pick<CampaignDetail, 'targetAmount' | 'raisedAmount' | 'releases'>,
  actualProfit: string,
): SettlementFigures {
  return settlementFigures({
    actualProfit,
    targetAmount: campaign.targetAmount,
    principal: campaign.raisedAmount,
    disbursed: disbursedAmount(campaign.releases),
  });
}
