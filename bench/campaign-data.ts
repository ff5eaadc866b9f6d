// A large, realistic campaign table for the list benchmark and its query plans: N campaigns from a few
// hundred traders, on varied India → world routes, prices, sizes, statuses and dates, with risk and
// region from the same rules as the app (domain/campaign-rules.ts). Deterministic (seeded PRNG).
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { assessRiskLevel, destinationRegion } from '../domain/campaign-rules.ts';
import type { CampaignStatus } from '../domain/campaigns.ts';
import { estimatedCampaignProfit, toFixed } from '../domain/money.ts';
import type { Db } from '../server/db/connect.ts';
import { campaigns, users } from '../server/db/schema/index.ts';
import { invalidateCampaignLists } from '../server/features/campaigns/index.ts';

/** Campaigns in the benchmark's table (issue 4: the list must be fast on 10,000). */
export const BENCH_CAMPAIGNS = 10_000;

const ORIGINS = ['Kandla', 'Mundra', 'Paradip', 'Tuticorin', 'Kochi', 'Vizag', 'Hazira', 'Dahej'];
const DESTINATIONS = [
  'Rotterdam, Netherlands',
  'Hamburg, Germany',
  'Antwerp, Belgium',
  'Wilhelmshaven, Germany',
  'Le Havre, France',
  'Algeciras, Spain',
  'Teesside, UK',
  'Yokohama, Japan',
  'Ulsan, Korea',
  'Singapore',
  'Houston, USA',
  'Santos, Brazil',
];
const PURPOSES = [
  'fertilizer offtake',
  'steel mill DRI',
  'refinery hydrotreating',
  'power co-firing',
  'shipping fuel',
];
const STATUSES: CampaignStatus[] = [
  'active',
  'active',
  'active',
  'active',
  'funded',
  'trading',
  'completed',
  'cancelled',
];
const DAY_MS = 86_400_000;

/** mulberry32: a small seeded PRNG, so every run benchmarks the same table. */
function prng(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Inserts `count` campaigns spread over `traderCount` new traders (one shared password hash). */
export async function insertBenchCampaigns(db: Db, count: number, traderCount = 200, now = new Date()) {
  const random = prng(42);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)]!;
  const [template] = await db.select({ password: users.password }).from(users).limit(1);
  const password = template?.password ?? 'not-a-login';
  const traders = await db
    .insert(users)
    .values(
      Array.from({ length: traderCount }, (_, i) => ({
        username: `bench_trader_${i}_${randomUUID().slice(0, 6)}`,
        email: `bench.trader.${i}.${randomUUID().slice(0, 6)}@bench.example`,
        password,
        role: 'trader' as const,
        companyName: `Bench Hydrogen ${i} Ltd`,
        registrationNumber: `BENCH-${i}`,
        kycStatus: 'approved' as const,
        termsAccepted: true,
      })),
    )
    .returning({ id: users.id });
  const BATCH = 500;
  for (let start = 0; start < count; start += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, count - start) }, (_, i) => {
      const n = start + i;
      const route = `${pick(ORIGINS)}, India → ${pick(DESTINATIONS)}`;
      const quantity = String(150 + Math.floor(random() * 151));
      const buyPrice = (1.2 + random() * 0.4).toFixed(2);
      const sellPrice = (4.6 + random() * 1.6).toFixed(2);
      // Synthetic figures: floats are fine here, the app only ever sees the decimal strings.
      const targetAmount = (Number(quantity) * 1000 * Number(buyPrice) * (1.8 + random() * 0.6)).toFixed(2);
      const status = pick(STATUSES);
      const createdAt = new Date(now.getTime() - Math.floor(random() * 365 * DAY_MS));
      const deadline = new Date(createdAt.getTime() + (20 + Math.floor(random() * 300)) * DAY_MS);
      const funded = status === 'active' ? random() * 0.95 : status === 'cancelled' ? 0 : 1;
      return {
        traderId: traders[n % traders.length]!.id,
        title: `${route.split(',')[0]} → ${route.split('→ ')[1]!.split(',')[0]} cargo #${n + 1}`,
        description: `Green ammonia for ${pick(PURPOSES)}, ${quantity} t of hydrogen equivalent.`,
        tradeRoute: route,
        quantity,
        buyPrice,
        sellPrice,
        targetAmount,
        raisedAmount: (Number(targetAmount) * funded).toFixed(2),
        status,
        deadline,
        minimumInvestment: pick(['100', '500', '1000', '1500']),
        investorCount: Math.floor(funded * 60),
        expectedProfit: toFixed(estimatedCampaignProfit(quantity, buyPrice, sellPrice)),
        riskLevel: assessRiskLevel({ buyPrice, sellPrice, targetAmount, deadline }, createdAt),
        region: destinationRegion(route) ?? 'europe',
        // Past their due-diligence review (issue 19): only approved campaigns are public.
        reviewStatus: 'approved' as const,
        createdAt,
        updatedAt: createdAt,
      };
    });
    await db.insert(campaigns).values(rows);
  }
  // Fresh statistics, as autovacuum would have them on a table that grew this way.
  await db.execute(sql`analyze campaigns`);
  await invalidateCampaignLists(db);
}
