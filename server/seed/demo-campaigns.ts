// The demo campaigns, reproducing the spec's samples (250 t, 150 t and 300 t, India → Europe,
// buy ≈ $1.40 / sell ≈ $5.60 per kg), and the shipment steps of the cargoes at sea or delivered.
import type { Tranche } from '../../domain/money-out.ts';
import type { MilestoneCreate } from '../../domain/lifecycle.ts';

export const DAY_MS = 86_400_000;

/** The trader's risk factors of a demo campaign (its KIIS): the trade's own, then its route's. */
export function demoRiskFactors(c: { tradeRoute: string; description: string; quantity: string }): string {
  const [from, to] = c.tradeRoute.split('→').map((port) => port.trim());
  return [
    `Price: the sale price to the offtaker at ${to} is agreed per cargo; a fall in grey-hydrogen or ammonia prices before the sales contract is signed lowers the margin.`,
    `Shipping: an ammonia carrier from ${from} can be delayed by port congestion or weather; each week of delay adds demurrage and delays the settlement.`,
    `Counterparty: the buyer may reject or delay acceptance of the ${c.quantity} t cargo if its purity or Guarantee of Origin papers are challenged.`,
    'Conversion: losses when the ammonia is cracked back to hydrogen can exceed the 2% allowed for in the costs.',
  ].join('\n');
}

export interface DemoCampaign {
  title: string;
  description: string;
  tradeRoute: string;
  quantity: string;
  buyPrice: string;
  sellPrice: string;
  /** Share of the target already raised. */
  funded: string;
  /** `expired`: still short of its target when its deadline passed (refunded by the deadline sweep). */
  status: 'active' | 'funded' | 'trading' | 'completed' | 'expired';
  deadlineInDays: number;
  createdDaysAgo: number;
  minimumInvestment: string;
  /** Demo backers who invested (the raised amount is split among them), besides the demo investor. */
  backers: number;
  /** What the demo investor put in, if anything. */
  demoInvestment?: string;
  /** The release schedule, when not everything at trading. */
  schedule?: Tranche[];
}

export const DEMO_CAMPAIGNS: DemoCampaign[] = [
  {
    title: 'Kandla → Rotterdam green ammonia cargo',
    description:
      'Electrolytic hydrogen from a 300 MW solar-wind hybrid in Kutch, converted to green ammonia at Kandla and shipped to Rotterdam for a Dutch fertilizer offtaker under a signed letter of intent. GoO certificates are issued per batch.',
    tradeRoute: 'Kandla, India → Rotterdam, Netherlands',
    quantity: '250',
    buyPrice: '1.40',
    sellPrice: '5.60',
    funded: '0.62',
    status: 'active',
    deadlineInDays: 45,
    createdDaysAgo: 12,
    minimumInvestment: '1000',
    backers: 6,
    demoInvestment: '5000',
  },
  {
    title: 'Paradip → Hamburg pilot shipment',
    description:
      'A first 150-tonne pilot cargo from an Odisha electrolysis plant to a Hamburg steel mill testing hydrogen-based direct reduction. Fully funded; the ammonia carrier is being booked.',
    tradeRoute: 'Paradip, India → Hamburg, Germany',
    quantity: '150',
    buyPrice: '1.45',
    sellPrice: '5.50',
    funded: '1',
    status: 'funded',
    deadlineInDays: 20,
    createdDaysAgo: 100,
    minimumInvestment: '1500',
    backers: 7,
    demoInvestment: '12000',
  },
  {
    title: 'Tuticorin → Antwerp scale-up cargo',
    description:
      'A 300-tonne cargo from a new Tamil Nadu wind-powered plant. Higher return, with first-year production risk at the plant: the delivery window depends on its commissioning.',
    tradeRoute: 'Tuticorin, India → Antwerp, Belgium',
    quantity: '300',
    buyPrice: '1.35',
    sellPrice: '5.70',
    funded: '0.18',
    status: 'active',
    deadlineInDays: 200,
    createdDaysAgo: 4,
    minimumInvestment: '1000',
    backers: 3,
  },
  {
    title: 'Mundra → Yokohama power-sector supply',
    description:
      'Green ammonia for co-firing at a Japanese power utility, shipped from Mundra. Long-term offtake framework in place; this campaign funds the second cargo.',
    tradeRoute: 'Mundra, India → Yokohama, Japan',
    quantity: '200',
    buyPrice: '1.40',
    sellPrice: '5.20',
    funded: '0.35',
    status: 'active',
    deadlineInDays: 60,
    createdDaysAgo: 9,
    minimumInvestment: '1000',
    backers: 4,
  },
  {
    title: 'Kochi → Houston refinery hydrogen',
    description:
      'A 180-tonne cargo for a Gulf Coast refinery replacing grey hydrogen in hydrotreating. Funded and now at sea.',
    tradeRoute: 'Kochi, India → Houston, United States',
    quantity: '180',
    buyPrice: '1.50',
    sellPrice: '5.40',
    funded: '1',
    status: 'trading',
    deadlineInDays: -15,
    createdDaysAgo: 75,
    minimumInvestment: '1000',
    backers: 6,
    demoInvestment: '4000',
    // Staged: 40% to buy the cargo, 60% once the bill of lading shows it loaded (awaiting an admin).
    schedule: [
      { trigger: 'trading', percent: '40' },
      { trigger: 'loaded', percent: '60' },
    ],
  },
  {
    title: 'Kandla → Rotterdam first cargo',
    description: 'The first HydroBridge cargo: delivered to Rotterdam and settled with investors.',
    tradeRoute: 'Kandla, India → Rotterdam, Netherlands',
    quantity: '220',
    buyPrice: '1.40',
    sellPrice: '5.60',
    funded: '1',
    status: 'completed',
    deadlineInDays: -120,
    createdDaysAgo: 180,
    minimumInvestment: '1000',
    demoInvestment: '8000',
    backers: 8,
  },
  {
    title: 'Visakhapatnam → Marseille ammonia cargo',
    description:
      'A 160-tonne cargo for a fertiliser plant near Fos-sur-Mer. It was still short of its target when the funding deadline passed, so every investor was refunded in full.',
    tradeRoute: 'Visakhapatnam, India → Marseille, France',
    quantity: '160',
    buyPrice: '1.45',
    sellPrice: '5.50',
    funded: '0.4',
    status: 'expired',
    deadlineInDays: -6,
    createdDaysAgo: 70,
    minimumInvestment: '1000',
    demoInvestment: '3000',
    backers: 3,
  },
];

/** The demo's shipment steps (a trading cargo shows the first three, a delivered one all five). */
export const DEMO_MILESTONES: MilestoneCreate[] = [
  { kind: 'loaded', note: 'Loaded at the export terminal', documentRef: 'BL-2026-0417' },
  { kind: 'departed', note: 'Vessel sailed on schedule' },
  { kind: 'arrived', note: 'Berthed at the destination terminal' },
  { kind: 'customs_cleared', documentRef: 'Customs entry 26NL00981' },
  { kind: 'delivered', note: 'Discharged to the offtaker; quantity and quality certificates signed' },
];
