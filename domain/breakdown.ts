// Trade cost breakdown (spec §9, /breakdown): the spec's sample of 1,000 t at buy $1.40 / sell $5.60
// gives purchase 1,400,000 + shipping 1,000,000 + customs 400,000 + insurance 100,000 + storage 50,000
// + other 100,000 = 3,050,000. Costs other than the purchase scale per tonne at the sample's rates.
import { dec, KG_PER_TONNE, ZERO, PLATFORM_FEE_RATE, platformFee, toFixed, type Decimal } from './money.ts';

export interface CostBreakdownLine {
  label: string;
  amount: string;
  description: string;
  isTotal: boolean;
}

/** Per-tonne logistics costs in USD, derived from the spec's 1,000 t sample. */
export const DEFAULT_COSTS_PER_TONNE = {
  shipping: '1000',
  customs: '400',
  insurance: '100',
  storage: '50',
  other: '100',
} as const;

/** Calculator input: the three values a trader varies (decimal strings). */
export interface BreakdownInput {
  quantityTonnes: string;
  buyPrice: string;
  sellPrice: string;
}

export const SAMPLE_BREAKDOWN_INPUT: BreakdownInput = {
  quantityTonnes: '1000',
  buyPrice: '1.40',
  sellPrice: '5.60',
};

export interface CostBreakdown {
  lines: CostBreakdownLine[];
  totalCost: string;
  grossRevenue: string;
  grossProfit: string;
  platformFee: string;
  netProfit: string;
  /** Net profit / gross revenue, percent. */
  marginPercent: string;
  /** Net profit / total cost, percent: what the capital that funds the trade earns. */
  returnOnCostPercent: string;
}

/** "1000000" → "1,000,000" (whole numbers only; a plain rule keeps domain/ free of locale APIs). */
function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

function percent(part: Decimal, whole: Decimal): string {
  return whole.gt(0) ? toFixed(part.div(whole).times(100), 2) : '0.00';
}

export function costBreakdown(input: BreakdownInput): CostBreakdown {
  const tonnes = dec(input.quantityTonnes);
  const kg = tonnes.times(KG_PER_TONNE);
  const perTonne = (rate: string) => tonnes.times(rate);
  const costs: Array<[string, Decimal, string]> = [
    [
      'Hydrogen purchase',
      kg.times(input.buyPrice),
      `${groupThousands(toFixed(kg, 0))} kg at $${toFixed(input.buyPrice)}/kg`,
    ],
    [
      'Shipping (green ammonia)',
      perTonne(DEFAULT_COSTS_PER_TONNE.shipping),
      'Ammonia carrier, India → Europe',
    ],
    ['Customs & duties', perTonne(DEFAULT_COSTS_PER_TONNE.customs), 'EU import clearance and duties'],
    ['Insurance', perTonne(DEFAULT_COSTS_PER_TONNE.insurance), 'Cargo and transit cover'],
    ['Storage', perTonne(DEFAULT_COSTS_PER_TONNE.storage), 'Terminal storage at destination'],
    ['Other', perTonne(DEFAULT_COSTS_PER_TONNE.other), 'Certification, inspection, admin'],
  ];
  const totalCost = costs.reduce((sum, [, amount]) => sum.plus(amount), ZERO);
  const grossRevenue = kg.times(input.sellPrice);
  const grossProfit = grossRevenue.minus(totalCost);
  const fee = platformFee(grossProfit, PLATFORM_FEE_RATE);
  const netProfit = grossProfit.minus(fee);
  return {
    lines: [
      ...costs.map(([label, amount, description]) => ({
        label,
        amount: toFixed(amount),
        description,
        isTotal: false,
      })),
      { label: 'Total cost', amount: toFixed(totalCost), description: 'Capital required', isTotal: true },
    ],
    totalCost: toFixed(totalCost),
    grossRevenue: toFixed(grossRevenue),
    grossProfit: toFixed(grossProfit),
    platformFee: toFixed(fee),
    netProfit: toFixed(netProfit),
    marginPercent: percent(netProfit, grossRevenue),
    returnOnCostPercent: percent(netProfit, totalCost),
  };
}
