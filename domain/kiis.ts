// The key investment information sheet (ECSP art. 23, docs/investor-protection.md): generated from
// the campaign's data and the trader's disclosure, versioned with the campaign's terms version (every
// change of the terms, the release schedule, the declared costs or the risk factors bumps it), shown
// in the investment modal and at /campaigns/:id/kiis, acknowledged with every investment.
import { z } from 'zod';
import { RELEASE_TRIGGER_LABELS, type ReleaseTrigger } from './money-out.ts';
import { dec, expectedRoiPercent, KG_PER_TONNE, PLATFORM_FEE_RATE, toFixed } from './money.ts';
import { DECLARED_COST_LABELS, DECLARED_COSTS, expectedNetReturn, type Disclosure } from './returns.ts';
import { RISK_LABELS, type RiskLevel } from './campaigns.ts';

/** What every sheet says, whatever the campaign (ECSP Annex I part C, in plain words). */
export const STANDARD_RISKS: readonly string[] = [
  'You can lose all or part of the money you invest. This investment is not covered by a deposit guarantee scheme or an investor compensation scheme.',
  'You may not get your money back for several months: it is tied up in the trade until the settlement, and there is no market on which to sell your share.',
  'The expected return is an estimate from the trader’s figures, not a promise: hydrogen and ammonia prices, shipping delays, conversion losses and the buyer can make the actual result lower, or a loss.',
  'Once trading starts, your money is released to the trader to buy the cargo: from then on you depend on the trader paying the settlement when the cargo is sold.',
  'Invest only money you can afford to lose, and spread it across several campaigns.',
];

export const KIIS_DISCLAIMER =
  'This key investment information sheet has not been verified or approved by a competent authority. The appropriateness of this investment for you has been assessed by your knowledge test answers only.';

export const kiisSchema = z.object({
  campaignId: z.string().uuid(),
  /** The campaign's terms version: acknowledging the sheet means acknowledging this version. */
  version: z.number().int().positive(),
  title: z.string(),
  description: z.string(),
  traderName: z.string(),
  traderCompany: z.string().nullable(),
  tradeRoute: z.string(),
  quantityTonnes: z.string(),
  buyPrice: z.string(),
  sellPrice: z.string(),
  targetAmount: z.string(),
  raisedAmount: z.string(),
  minimumInvestment: z.string(),
  deadline: z.string().datetime(),
  riskLevel: z.string(),
  releaseSchedule: z.array(z.object({ label: z.string(), percent: z.string() })),
  costs: z.array(z.object({ label: z.string(), amount: z.string() })),
  totalCosts: z.string(),
  platformFeePercent: z.string(),
  grossRoiPercent: z.string(),
  grossProfit: z.string(),
  investorsProfit: z.string(),
  netReturnPercent: z.string(),
  riskFactors: z.string(),
  standardRisks: z.array(z.string()),
  disclaimer: z.string(),
});
export type Kiis = z.infer<typeof kiisSchema>;

export interface KiisSource {
  id: string;
  termsVersion: number;
  title: string;
  description: string;
  tradeRoute: string;
  quantity: string;
  buyPrice: string;
  sellPrice: string;
  targetAmount: string;
  raisedAmount: string;
  minimumInvestment: string;
  deadline: Date | string;
  riskLevel: RiskLevel;
  traderName: string;
  traderCompany: string | null;
  schedule: ReadonlyArray<{ trigger: ReleaseTrigger; percent: string }>;
  disclosure: Disclosure;
}

/** The sheet, from the campaign as it is now. */
export function buildKiis(c: KiisSource): Kiis {
  const returns = expectedNetReturn({ ...c, ...c.disclosure });
  const purchase = dec(c.quantity).times(KG_PER_TONNE).times(c.buyPrice);
  return {
    campaignId: c.id,
    version: c.termsVersion,
    title: c.title,
    description: c.description,
    traderName: c.traderName,
    traderCompany: c.traderCompany,
    tradeRoute: c.tradeRoute,
    quantityTonnes: c.quantity,
    buyPrice: c.buyPrice,
    sellPrice: c.sellPrice,
    targetAmount: c.targetAmount,
    raisedAmount: c.raisedAmount,
    minimumInvestment: c.minimumInvestment,
    deadline: new Date(c.deadline).toISOString(),
    riskLevel: RISK_LABELS[c.riskLevel],
    releaseSchedule: c.schedule.map((t) => ({
      label: RELEASE_TRIGGER_LABELS[t.trigger],
      percent: t.percent,
    })),
    costs: [
      { label: 'Purchase (quantity × buy price)', amount: toFixed(purchase) },
      ...DECLARED_COSTS.map((k) => ({ label: DECLARED_COST_LABELS[k], amount: toFixed(c.disclosure[k]) })),
    ],
    totalCosts: toFixed(purchase.plus(returns.declaredCosts)),
    platformFeePercent: toFixed(dec(PLATFORM_FEE_RATE).times(100), 0),
    grossRoiPercent: toFixed(expectedRoiPercent(c.buyPrice, c.sellPrice), 1),
    grossProfit: returns.grossProfit,
    investorsProfit: returns.investorsProfit,
    netReturnPercent: returns.netReturnPercent,
    riskFactors: c.disclosure.riskFactors,
    standardRisks: [...STANDARD_RISKS],
    disclaimer: KIIS_DISCLAIMER,
  };
}
