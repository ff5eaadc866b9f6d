// Demo data for trying HydroBridge: one pre-verified user per role and campaigns that reproduce the
// spec's samples (250 t, 150 t and 300 t, India → Europe, buy ≈ $1.40 / sell ≈ $5.60 per kg).
import { receiveBuffer } from '../uploads/storage.ts';
import { inArray, or, sql } from 'drizzle-orm';
import { costBreakdown } from '../../domain/breakdown.ts';
import { assessRiskLevel, destinationRegion } from '../../domain/campaign-rules.ts';
import Big from 'big.js';
import { dec, estimatedCampaignProfit, toFixed } from '../../domain/money.ts';
import { hashPassword, verifyPassword } from '../features/accounts/index.ts';
import type { Db } from '../db/connect.ts';
import { inTransaction, type Tx } from '../db/transaction.ts';
import { SANDBOX_PAYING_IBAN, SANDBOX_SUCCESS_CARD } from '../../domain/payments.ts';
import type { Tranche } from '../../domain/money-out.ts';
import { createMoney } from '../compose.ts';
import { createPaymentIntent } from '../features/investing/index.ts';
import type { UserRow } from '../features/accounts/index.ts';
import { SandboxProvider } from '../features/money/index.ts';
import type { MilestoneCreate } from '../../domain/lifecycle.ts';
import { recordMilestone } from '../features/campaigns/index.ts';
import { sweepDeadlines, transitionCampaign } from '../features/campaigns/index.ts';
import { decideSettlement, uploadCampaignDocument } from '../features/campaigns/index.ts';
import type { Money } from '../features/money/index.ts';
import { advancePayment } from '../features/money/index.ts';
import { setBankAccount } from '../features/money/index.ts';
import { setReleaseSchedule } from '../features/money/index.ts';
import { campaignReviews, campaigns, payments, settlements, totpFactors, users } from '../db/schema/index.ts';
import {
  DILIGENCE_DOCUMENT_KINDS,
  DILIGENCE_DOCUMENT_LABELS,
  REVIEW_CHECKS,
} from '../../domain/diligence.ts';
import { eq } from 'drizzle-orm';
import { seedMarketplace } from './marketplace.ts';
import { seedCertificates } from './origin.ts';
import { demoPdf } from './demo-pdf.ts';
import { lossSimulation, needsRiskWarning } from '../../domain/investor-protection.ts';
import { recordPassedTest, saveDisclosure } from '../features/verification/index.ts';

/**
 * Every demo investor took the knowledge test before their first pledge (the demo investor's still
 * holds: /portfolio and the modal show the test done); their simulation gives a net worth of 150,000,
 * so the risk warning starts above $7,500 (the demo investor confirmed it for the $12,000 pledge).
 */
const DEMO_SIMULATION = { income: '85000.00', liquidAssets: '90000.00', commitments: '25000.00' };
const DEMO_NET_WORTH = lossSimulation(DEMO_SIMULATION).netWorth;

/** The trader's risk factors of a demo campaign (its KIIS): the trade's own, then its route's. */
function demoRiskFactors(c: { tradeRoute: string; description: string; quantity: string }): string {
  const [from, to] = c.tradeRoute.split('→').map((port) => port.trim());
  return [
    `Price: the sale price to the offtaker at ${to} is agreed per cargo; a fall in grey-hydrogen or ammonia prices before the sales contract is signed lowers the margin.`,
    `Shipping: an ammonia carrier from ${from} can be delayed by port congestion or weather; each week of delay adds demurrage and delays the settlement.`,
    `Counterparty: the buyer may reject or delay acceptance of the ${c.quantity} t cargo if its purity or Guarantee of Origin papers are challenged.`,
    'Conversion: losses when the ammonia is cracked back to hydrogen can exceed the 2% allowed for in the costs.',
  ].join('\n');
}

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

/**
 * The demo admin's authenticator-app secret, published in the README like the demo password: add it
 * to any authenticator app, or print the current code with `npm run cli -- totp-code --secret …`.
 */
export const DEMO_ADMIN_TOTP_SECRET = 'HYDROBRIDGEDEMOADMIN2FA2';

interface DemoCampaign {
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

const DAY_MS = 86_400_000;

/** The demo's shipment steps (a trading cargo shows the first three, a delivered one all five). */
const DEMO_MILESTONES: MilestoneCreate[] = [
  { kind: 'loaded', note: 'Loaded at the export terminal', documentRef: 'BL-2026-0417' },
  { kind: 'departed', note: 'Vessel sailed on schedule' },
  { kind: 'arrived', note: 'Berthed at the destination terminal' },
  { kind: 'customs_cleared', documentRef: 'Customs entry 26NL00981' },
  { kind: 'delivered', note: 'Discharged to the offtaker; quantity and quality certificates signed' },
];

/** True when the database holds no user yet: demo data is only ever written into an empty database. */
export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  return (row?.n ?? 0) === 0;
}

/**
 * Usernames of the demo accounts (matched by username or email) whose password is still DEMO_PASSWORD,
 * in demoLogins() order. Seeded accounts share one hash, so this costs one verification per distinct hash.
 */
export async function demoAccountsWithDemoPassword(db: Db): Promise<string[]> {
  const rows = await db
    .select({ username: users.username, email: users.email, password: users.password })
    .from(users)
    .where(
      or(
        inArray(
          users.username,
          demoLogins().map((u) => u.username),
        ),
        inArray(
          users.email,
          demoLogins().map((u) => u.email),
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
  const order = (name: string) => demoLogins().findIndex((u) => u.username === name);
  return exposed.filter((name): name is string => name !== null).sort((a, b) => order(a) - order(b));
}

const demoEmail = (username: string) => `${username}@hydrobridge.example`;

/** Every demo login: one user per role and the demo backers, all with DEMO_PASSWORD. */
const demoLogins = () => [
  ...DEMO_USERS.map(({ username, email }) => ({ username, email })),
  ...DEMO_BACKERS.map(([username]) => ({ username, email: demoEmail(username) })),
];

/** Demo backers: investors whose investments make up the campaigns' raised amounts. */
const DEMO_BACKERS = [
  ['aisha.khan', 'Aisha', 'Khan', 'GB'],
  ['tom.becker', 'Tom', 'Becker', 'DE'],
  ['marie.dubois', 'Marie', 'Dubois', 'FR'],
  ['kenji.sato', 'Kenji', 'Sato', 'JP'],
  ['lucas.silva', 'Lucas', 'Silva', 'BR'],
  ['emma.wilson', 'Emma', 'Wilson', 'AU'],
  ['rahul.iyer', 'Rahul', 'Iyer', 'IN'],
  ['sophie.martin', 'Sophie', 'Martin', 'CA'],
] as const;

/**
 * Writes the demo data through the app's own investment flow: every raised amount is made of real
 * investments (payment intent, a sandbox card payment, the recorded investment with its ledger
 * posting and escrow record), so `npm run cli -- verify-ledger` passes on a fresh start.
 */
export async function seedDemoData(db: Db, now = new Date()): Promise<void> {
  const password = await hashPassword(DEMO_PASSWORD);
  // All or nothing: a half-seeded database would not count as empty, and would never be seeded again.
  // The sandbox provider works inside the same transaction here (PGlite admits one at a time).
  await inTransaction(db, (tx) => seedInto(tx, password, now));
  // The expired cargo is refunded as the server's deadline sweep would have done an hour after its
  // deadline (the sandbox refunds after COMMIT, so outside the seed's transaction). Should this step
  // be interrupted, the server's own sweep refunds it at start-up.
  for (const c of DEMO_CAMPAIGNS.filter((c) => c.status === 'expired')) {
    const swept = new Date(now.getTime() + c.deadlineInDays * DAY_MS + 3_600_000);
    await sweepDeadlines(moneyAt(db, swept));
  }
}

/** The money module on the seed's database (or transaction), its clock standing at `at`. */
function moneyAt(db: Db, at: Date): Money {
  return createMoney(db, new SandboxProvider(db, () => at), () => at);
}

async function seedInto(db: Tx, password: string, now: Date): Promise<void> {
  const people = await db
    .insert(users)
    .values(
      [
        ...DEMO_USERS.map((u) => ({ ...u })),
        ...DEMO_BACKERS.map(([username, firstName, lastName, country]) => ({
          username,
          email: demoEmail(username),
          role: 'investor' as const,
          firstName,
          lastName,
          country,
        })),
      ].map((u) => ({
        ...u,
        password,
        // Pre-verified, so the demo shows what a verified user can do.
        emailVerified: true,
        kycStatus: 'approved' as const,
        termsAccepted: true,
        riskDisclosureAccepted: u.role === 'investor',
      })),
    )
    .returning();
  const traderId = people.find((u) => u.role === 'trader')!.id;
  const trader = people.find((u) => u.id === traderId)!;
  const admin = people.find((u) => u.role === 'admin')!;
  // Admins must have a second factor: the demo admin's authenticator app uses the published secret.
  await db
    .insert(totpFactors)
    .values({ userId: admin.id, secret: DEMO_ADMIN_TOTP_SECRET, enabledAt: now, createdAt: now });
  const demoInvestor = people.find((u) => u.username === 'investor')!;
  const backers = people.filter((u) => u.role === 'investor' && u.id !== demoInvestor.id);
  // The test comes before the oldest demo campaign's first pledge, and holds until after today.
  const tested = new Date(
    now.getTime() - (Math.max(...DEMO_CAMPAIGNS.map((c) => c.createdDaysAgo)) + 1) * DAY_MS,
  );
  for (const investor of [demoInvestor, ...backers])
    await recordPassedTest(db, investor.id, DEMO_SIMULATION, tested);
  let cargoAtSea: { id: string; tradeRoute: string } | undefined;
  // The trader's releases and the investor's withdrawals go to verified sandbox accounts.
  const opened = new Date(now.getTime() - 200 * DAY_MS);
  await setBankAccount(moneyAt(db, opened), traderId, {
    holderName: trader.companyName!,
    iban: SANDBOX_PAYING_IBAN,
  });
  await setBankAccount(moneyAt(db, opened), demoInvestor.id, {
    holderName: `${demoInvestor.firstName} ${demoInvestor.lastName}`,
    iban: SANDBOX_PAYING_IBAN,
  });

  for (const c of DEMO_CAMPAIGNS) {
    // The target is the capital the trade needs: purchase plus logistics (the /breakdown model).
    const target = costBreakdown({
      quantityTonnes: c.quantity,
      buyPrice: c.buyPrice,
      sellPrice: c.sellPrice,
    }).totalCost;
    const expectedProfit = toFixed(estimatedCampaignProfit(c.quantity, c.buyPrice, c.sellPrice));
    const createdAt = new Date(now.getTime() - c.createdDaysAgo * DAY_MS);
    const deadline = new Date(now.getTime() + c.deadlineInDays * DAY_MS);
    const [campaign] = await db
      .insert(campaigns)
      .values({
        traderId,
        title: c.title,
        description: c.description,
        tradeRoute: c.tradeRoute,
        quantity: c.quantity,
        buyPrice: c.buyPrice,
        sellPrice: c.sellPrice,
        targetAmount: target,
        deadline,
        expectedProfit,
        minimumInvestment: c.minimumInvestment,
        // The same rules as a campaign created through the app (domain/campaign-rules.ts).
        riskLevel: assessRiskLevel({ ...c, targetAmount: target, deadline }, createdAt),
        // Reviewed on the day it was created (approveDemoCampaign files its documents and the decision).
        reviewStatus: 'approved',
        region: destinationRegion(c.tradeRoute) ?? 'europe',
        createdAt,
        updatedAt: createdAt,
      })
      .returning();
    await setReleaseSchedule(db, campaign!.id, c.schedule, createdAt);
    // The trader's disclosure for the KIIS: the logistics of the cost model (the target covers them).
    const lines = costBreakdown({
      quantityTonnes: c.quantity,
      buyPrice: c.buyPrice,
      sellPrice: c.sellPrice,
    }).lines;
    const line = (label: string) => dec(lines.find((l) => l.label === label)!.amount);
    await saveDisclosure(
      db,
      campaign!.id,
      {
        riskFactors: demoRiskFactors(c),
        conversionCost: '0.00',
        shippingCost: toFixed(line('Shipping (green ammonia)')),
        insuranceCost: toFixed(line('Insurance')),
        feesCost: toFixed(line('Customs & duties').plus(line('Storage')).plus(line('Other'))),
      },
      createdAt,
    );
    await approveDemoCampaign(db, trader, admin, campaign!, createdAt);

    const raised = c.funded === '1' ? dec(target) : roundToHundreds(target, c.funded);
    const others = raised.minus(c.demoInvestment ?? '0');
    const pledges = [
      ...(c.demoInvestment ? [{ investor: demoInvestor, amount: toFixed(c.demoInvestment) }] : []),
      ...splitIntoPledges(others, c.backers).map((amount, i) => ({
        investor: backers[i % backers.length]!,
        amount,
      })),
    ];
    // Spread over the funding window so far: the last pledge lands well before the deadline (and its
    // reflection period ends before the cargoes at sea started trading).
    const window = Math.min(now.getTime(), deadline.getTime() - 5 * DAY_MS) - createdAt.getTime();
    for (const [i, pledge] of pledges.entries()) {
      const at = new Date(createdAt.getTime() + Math.round((window * (i + 1)) / (pledges.length + 1)));
      await investThroughSandbox(db, pledge.investor, campaign!.id, pledge.amount, at);
    }
    // The cargoes at sea or delivered go through the lifecycle's own services: trading (the first
    // tranche to the trader), shipment milestones, and for the delivered one its settlement declared,
    // approved by the admin, paid in by the trader and distributed to the investors' balances.
    if (c.status === 'trading' || c.status === 'completed') {
      const shipped = new Date(deadline.getTime() + 2 * DAY_MS);
      await transitionCampaign(moneyAt(db, shipped), trader, campaign!.id, { to: 'trading' }, shipped);
      const steps = DEMO_MILESTONES.slice(0, c.status === 'trading' ? 3 : 5);
      for (const [i, step] of steps.entries()) {
        const at = new Date(shipped.getTime() + (i + 1) * 4 * DAY_MS);
        const evidence =
          step.kind === 'loaded'
            ? await uploadCampaignDocument(db, trader, campaign!.id, {
                ...(await receiveBuffer(
                  db,
                  trader.id,
                  'file',
                  `bill-of-lading-${step.documentRef}.pdf`,
                  demoPdf(`Bill of lading ${step.documentRef}`),
                )),
                kind: 'milestone',
                milestone: 'loaded',
              })
            : undefined;
        await recordMilestone(
          db,
          trader,
          campaign!.id,
          { ...step, at: at.toISOString(), ...(evidence && { documentId: evidence.id }) },
          at,
        );
      }
      if (c.status === 'completed')
        await settleDemoCampaign(
          db,
          trader,
          admin,
          campaign!.id,
          expectedProfit,
          new Date(shipped.getTime() + 30 * DAY_MS),
        );
    }
    if (c.status === 'trading') cargoAtSea ??= { id: campaign!.id, tradeRoute: c.tradeRoute };
  }
  const buyer = people.find((u) => u.role === 'buyer')!;
  await seedMarketplace(db, trader, buyer, now, cargoAtSea, (listingIds) =>
    seedCertificates(db, trader, admin, listingIds, now),
  );
}

/**
 * The delivered cargo's result: a little under plan (the demo shows an actual beside the estimate),
 * declared with its waterfall and invoice, approved, paid in by the trader with the sandbox card and
 * distributed.
 */
async function settleDemoCampaign(
  db: Tx,
  trader: UserRow,
  admin: UserRow,
  campaignId: string,
  expectedProfit: string,
  at: Date,
): Promise<void> {
  const [campaign] = await db.select().from(campaigns).where(eq(campaigns.id, campaignId));
  const kg = dec(campaign!.quantity).times(1000);
  const salesProceeds = toFixed(kg.times(campaign!.sellPrice).times('0.97'));
  const purchaseCost = toFixed(kg.times(campaign!.buyPrice));
  const shippingCost = toFixed(kg.times('0.26'));
  const insuranceCost = toFixed(kg.times('0.02'));
  const otherCosts = toFixed(
    dec(salesProceeds)
      .minus(purchaseCost)
      .minus(shippingCost)
      .minus(insuranceCost)
      .minus(dec(expectedProfit).times('0.8')),
  );
  const waterfall = { salesProceeds, purchaseCost, shippingCost, insuranceCost, otherCosts };
  const actualProfit = toFixed(
    dec(salesProceeds).minus(purchaseCost).minus(shippingCost).minus(insuranceCost).minus(otherCosts),
  );
  const invoice = await uploadCampaignDocument(db, trader, campaignId, {
    ...(await receiveBuffer(
      db,
      trader.id,
      'file',
      'sales-invoice-INV-2026-118.pdf',
      demoPdf('Sales invoice INV-2026-118'),
    )),
    kind: 'sales_invoice',
    milestone: null,
  });
  const money = moneyAt(db, at);
  await transitionCampaign(
    money,
    trader,
    campaignId,
    { to: 'completed', actualProfit, waterfall, invoiceDocumentId: invoice.id },
    at,
  );
  await decideSettlement(money, admin, campaignId, { decision: 'approve' });
  const [due] = await db
    .select({ settlement: settlements, intentId: payments.intentId })
    .from(settlements)
    .innerJoin(payments, eq(payments.id, settlements.paymentId))
    .where(eq(settlements.campaignId, campaignId));
  const { intent } = await (money.provider as SandboxProvider).confirm(
    due!.intentId!,
    { clientSecret: due!.settlement.clientSecret!, card: demoCard(at) },
    { payerId: trader.id },
  );
  const { payment } = await advancePayment(money, due!.settlement.paymentId!, intent);
  if (payment.status !== 'captured') throw new Error(`demo settlement ended ${payment.status}`);
}

/** The sandbox card a browser would send. */
const demoCard = (at: Date) => ({
  number: SANDBOX_SUCCESS_CARD,
  expMonth: 12,
  expYear: at.getUTCFullYear() + 3,
  cvc: '123',
});

/** One investment as a browser makes it: intent, the 4242 card (a hold), recorded (captured). */
async function investThroughSandbox(
  db: Db,
  investor: UserRow,
  campaignId: string,
  amount: string,
  at: Date,
): Promise<void> {
  const money = moneyAt(db, at);
  // The KIIS of the campaign's first terms read (and the warning confirmed above the threshold).
  const acknowledgements = { kiisVersion: 1, riskWarning: needsRiskWarning(amount, DEMO_NET_WORTH) };
  const { paymentIntentId, clientSecret } = await createPaymentIntent(
    money,
    investor,
    { amount, campaignId, investorId: investor.id, acknowledgements },
    at,
  );
  const { intent } = await (money.provider as SandboxProvider).confirm(
    paymentIntentId,
    { clientSecret, card: demoCard(at) },
    { payerId: investor.id },
  );
  const { payment } = await advancePayment(money, intent.metadata.paymentId!, intent);
  if (payment.status !== 'captured')
    throw new Error(`demo investment in ${campaignId} ended ${payment.status}`);
}

/**
 * A total split into `count` pledges that look like real ones: uneven, in whole hundreds, the largest
 * first, adding up to the total exactly (the last one takes the cents).
 */
function splitIntoPledges(total: Big, count: number): string[] {
  if (count <= 0 || total.lte(0)) return [];
  const weights = [5, 4, 3, 3, 2, 2, 1, 1].slice(0, count);
  const sumOfWeights = weights.reduce((a, b) => a + b, 0);
  const pledges = weights
    .slice(1)
    .map((w) => total.times(w).div(sumOfWeights).div(100).round(0, Big.roundDown).times(100));
  const first = pledges.reduce((rest, p) => rest.minus(p), total);
  return [first, ...pledges].map((p) => toFixed(p));
}

/** A partly funded amount that looks like real pledges: the share of the target, in whole hundreds. */
function roundToHundreds(target: string, share: string) {
  return dec(target).times(share).div(100).round(0, Big.roundDown).times(100);
}

/**
 * The demo campaigns passed due diligence (issue 19): the trader's supply and offtake contracts and
 * financials on file, the admin's decision with every check ticked.
 */
async function approveDemoCampaign(
  db: Tx,
  trader: typeof users.$inferSelect,
  admin: typeof users.$inferSelect,
  campaign: typeof campaigns.$inferSelect,
  at: Date,
): Promise<void> {
  const documentIds: string[] = [];
  for (const kind of DILIGENCE_DOCUMENT_KINDS) {
    const doc = await uploadCampaignDocument(db, trader, campaign.id, {
      ...(await receiveBuffer(
        db,
        trader.id,
        'file',
        `${kind.replace('_', '-')}.pdf`,
        demoPdf(`${DILIGENCE_DOCUMENT_LABELS[kind]}: ${campaign.title}`),
      )),
      kind,
      milestone: null,
    });
    documentIds.push(doc.id);
  }
  await db.insert(campaignReviews).values({
    campaignId: campaign.id,
    decision: 'approved',
    checks: [...REVIEW_CHECKS],
    documentIds,
    termsVersion: campaign.termsVersion,
    reviewerId: admin.id,
    createdAt: at,
  });
}
