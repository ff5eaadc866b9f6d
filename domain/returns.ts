// Honest returns (issue 19 §7, docs/investor-protection.md): what an investor can expect to be paid,
// net of the costs the trader declares and of the platform's fee, beside the spec's gross ROI (which
// stays, labelled "Gross ROI"). One formula, in big.js, used by the KIIS, the campaign page and the
// investment modal; and the realised return of a completed campaign for the trader's track record.
import { Big } from 'big.js';
import { dec, estimatedCampaignProfit, platformFee, toFixed, type DecimalInput } from './money.ts';

/** The costs a trader declares beside the purchase (which is quantity × buy price). */
export const DECLARED_COSTS = ['conversionCost', 'shippingCost', 'insuranceCost', 'feesCost'] as const;
export type DeclaredCost = (typeof DECLARED_COSTS)[number];
export const DECLARED_COST_LABELS: Record<DeclaredCost, string> = {
  conversionCost: 'Conversion (ammonia cracking or synthesis)',
  shippingCost: 'Shipping',
  insuranceCost: 'Insurance',
  feesCost: 'Fees (port, customs, brokers, certification)',
};

export type DeclaredCosts = Record<DeclaredCost, string>;

/** The campaign's disclosure: the trader's risk factors and declared costs (part of its terms). */
export interface Disclosure extends DeclaredCosts {
  riskFactors: string;
}
export const NO_DECLARED_COSTS: DeclaredCosts = {
  conversionCost: '0.00',
  shippingCost: '0.00',
  insuranceCost: '0.00',
  feesCost: '0.00',
};

export const DISCLOSURE_KEYS = ['riskFactors', ...DECLARED_COSTS] as const;

export function totalDeclaredCosts(
  costs: Partial<Record<DeclaredCost, DecimalInput | null | undefined>>,
): Big {
  return DECLARED_COSTS.reduce((sum, k) => sum.plus(dec(costs[k] ?? '0')), new Big(0));
}

export interface ReturnTerms extends Partial<Record<DeclaredCost, DecimalInput | null>> {
  quantity: DecimalInput;
  buyPrice: DecimalInput;
  sellPrice: DecimalInput;
  targetAmount: DecimalInput;
}

export interface NetReturn {
  /** quantity × 1000 × (sell − buy): the spec's estimated profit, before any other cost. */
  grossProfit: string;
  /** Conversion + shipping + insurance + fees, as declared. */
  declaredCosts: string;
  /** grossProfit − declaredCosts. */
  tradeProfit: string;
  /** 5% of a positive trade profit (none on a loss). */
  platformFee: string;
  /** What the investors share: tradeProfit − platformFee. */
  investorsProfit: string;
  /** investorsProfit / target × 100, 1 decimal (may be negative). */
  netReturnPercent: string;
}

/**
 * Expected return to investors, net: the trade's estimated profit (spec §9) less the trader's declared
 * costs, less the platform's 5% fee on a profit, shared over the target (an investment's share is
 * amount / target, spec §9). The settlement pays the same way on the actual profit.
 */
export function expectedNetReturn(t: ReturnTerms): NetReturn {
  const gross = estimatedCampaignProfit(t.quantity, t.buyPrice, t.sellPrice);
  const costs = totalDeclaredCosts(t);
  const trade = gross.minus(costs);
  const fee = platformFee(trade);
  const investors = trade.minus(fee);
  const target = dec(t.targetAmount);
  return {
    grossProfit: toFixed(gross),
    declaredCosts: toFixed(costs),
    tradeProfit: toFixed(trade),
    platformFee: toFixed(fee),
    investorsProfit: toFixed(investors),
    netReturnPercent: target.gt(0) ? toFixed(investors.div(target).times(100), 1) : '0.0',
  };
}

/** An investment's projected profit, net: amount × investors' profit / target, to the cent (rounded down). */
export function projectedNetProfit(amount: DecimalInput, t: ReturnTerms): string {
  const target = dec(t.targetAmount);
  if (target.lte(0)) return '0.00';
  const { investorsProfit } = expectedNetReturn(t);
  return toFixed(dec(amount).times(investorsProfit).div(target).round(2, Big.roundDown));
}

/** The realised return of a completed campaign to its investors: actual profit less the fee, over the target. */
export function realisedNetReturnPercent(actualProfit: DecimalInput, targetAmount: DecimalInput): string {
  const target = dec(targetAmount);
  if (target.lte(0)) return '0.0';
  const net = dec(actualProfit).minus(platformFee(actualProfit));
  return toFixed(net.div(target).times(100), 1);
}
