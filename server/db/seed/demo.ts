// Demo data for trying HydroBridge: one pre-verified user per role and campaigns that reproduce the
// spec's samples (250 t, 150 t and 300 t, India → Europe, buy ≈ $1.40 / sell ≈ $5.60 per kg).
import { inArray, or, sql } from 'drizzle-orm';
import { costBreakdown } from '../../../domain/breakdown.ts';
import { assessRiskLevel, destinationRegion } from '../../../domain/campaign-rules.ts';
import Big from 'big.js';
import { dec, estimatedCampaignProfit, toFixed } from '../../../domain/money.ts';
import { hashPassword, verifyPassword } from '../../features/auth/password.ts';
import type { Db } from '../connect.ts';
import { campaigns, users } from '../schema/index.ts';

/** Shared by every demo account; listed in the README. */
export const DEMO_PASSWORD = 'GreenHydrogen-2025';

export const DEMO_USERS = [
  {
    username: 'investor',
    email: 'investor@hydrobridge.example',
    role: 'investor',
    firstName: 'Priya',
    lastName: 'Sharma',
    country: 'GB',
  },
  {
    username: 'trader',
    email: 'trader@hydrobridge.example',
    role: 'trader',
    firstName: 'Arjun',
    lastName: 'Mehta',
    country: 'IN',
    companyName: 'Bharat Green Fuels Pvt Ltd',
    registrationNumber: 'U40100GJ2021PTC123456',
  },
  {
    username: 'buyer',
    email: 'buyer@hydrobridge.example',
    role: 'buyer',
    firstName: 'Lena',
    lastName: 'Vogel',
    country: 'DE',
    companyName: 'Rhein Stahlwerke GmbH',
    buyerIndustry: 'steel',
  },
  {
    username: 'admin',
    email: 'admin@hydrobridge.example',
    role: 'admin',
    firstName: 'Sam',
    lastName: 'Okafor',
    country: 'GB',
  },
] as const;

interface DemoCampaign {
  title: string;
  description: string;
  tradeRoute: string;
  quantity: string;
  buyPrice: string;
  sellPrice: string;
  /** Share of the target already raised. */
  funded: string;
  status: 'active' | 'funded' | 'trading' | 'completed';
  deadlineInDays: number;
  createdDaysAgo: number;
  minimumInvestment: string;
  /** Backers behind the raised amount. */
  investorCount: number;
}

const DEMO_CAMPAIGNS: DemoCampaign[] = [
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
    investorCount: 38,
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
    investorCount: 52,
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
    investorCount: 9,
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
    investorCount: 17,
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
    investorCount: 44,
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
    investorCount: 61,
  },
];

const DAY_MS = 86_400_000;

/** True when the database holds no user yet: demo data is only ever written into an empty database. */
export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  return (row?.n ?? 0) === 0;
}

/**
 * Usernames of the demo accounts (matched by username or email) whose password is still DEMO_PASSWORD,
 * in DEMO_USERS order. Seeded accounts share one hash, so this costs one verification per distinct hash.
 */
export async function demoAccountsWithDemoPassword(db: Db): Promise<string[]> {
  const rows = await db
    .select({ username: users.username, email: users.email, password: users.password })
    .from(users)
    .where(
      or(
        inArray(
          users.username,
          DEMO_USERS.map((u) => u.username),
        ),
        inArray(
          users.email,
          DEMO_USERS.map((u) => u.email),
        ),
      ),
    );
  const verdicts = new Map<string, Promise<boolean>>();
  const exposed = await Promise.all(
    rows.map(async (row) => {
      if (!verdicts.has(row.password))
        verdicts.set(row.password, verifyPassword(row.password, DEMO_PASSWORD));
      return (await verdicts.get(row.password)) ? row.username : null;
    }),
  );
  const order = (name: string) => DEMO_USERS.findIndex((u) => u.username === name);
  return exposed.filter((name): name is string => name !== null).sort((a, b) => order(a) - order(b));
}

export async function seedDemoData(db: Db, now = new Date()): Promise<void> {
  const password = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(users)
      .values(
        DEMO_USERS.map((u) => ({
          ...u,
          password,
          kycStatus: 'approved' as const,
          termsAccepted: true,
          riskDisclosureAccepted: u.role === 'investor',
        })),
      )
      .returning({ id: users.id, role: users.role });
    const traderId = inserted.find((u) => u.role === 'trader')!.id;
    await tx.insert(campaigns).values(
      DEMO_CAMPAIGNS.map((c) => {
        // The target is the capital the trade needs: purchase plus logistics (the /breakdown model).
        const target = costBreakdown({
          quantityTonnes: c.quantity,
          buyPrice: c.buyPrice,
          sellPrice: c.sellPrice,
        }).totalCost;
        const expectedProfit = toFixed(estimatedCampaignProfit(c.quantity, c.buyPrice, c.sellPrice));
        const createdAt = new Date(now.getTime() - c.createdDaysAgo * DAY_MS);
        const deadline = new Date(now.getTime() + c.deadlineInDays * DAY_MS);
        return {
          traderId,
          title: c.title,
          description: c.description,
          tradeRoute: c.tradeRoute,
          quantity: c.quantity,
          buyPrice: c.buyPrice,
          sellPrice: c.sellPrice,
          targetAmount: target,
          raisedAmount: toFixed(c.funded === '1' ? target : roundToHundreds(target, c.funded)),
          status: c.status,
          deadline,
          expectedProfit,
          actualProfit: c.status === 'completed' ? expectedProfit : null,
          minimumInvestment: c.minimumInvestment,
          investorCount: c.investorCount,
          // The same rules as a campaign created through the app (domain/campaign-rules.ts).
          riskLevel: assessRiskLevel({ ...c, targetAmount: target, deadline }, createdAt),
          region: destinationRegion(c.tradeRoute) ?? 'europe',
          createdAt,
          updatedAt: createdAt,
        };
      }),
    );
  });
}

/** A partly funded amount that looks like real pledges: the share of the target, in whole hundreds. */
function roundToHundreds(target: string, share: string) {
  return dec(target).times(share).div(100).round(0, Big.roundDown).times(100);
}
