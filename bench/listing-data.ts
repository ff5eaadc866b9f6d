// A large listing table for the /buyer/offers benchmark: N listings from a few hundred suppliers, with
// varied ports, availabilities, certifications, prices and sizes. Deterministic (seeded PRNG), like
// bench/campaign-data.ts.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { AVAILABILITIES, CERTIFICATIONS, type Certification } from '../domain/listings.ts';
import type { Db } from '../server/db/connect.ts';
import { listings, users } from '../server/db/schema/index.ts';

/** Listings in the benchmark's table (issue 13: /buyer/offers must be fast on 10,000). */
export const BENCH_LISTINGS = 10_000;
/** The view measured: two filters and a sort, one page as /buyer/offers asks for it. */
export const OFFERS_VIEW_PATH =
  '/api/listings?availability=immediate&certification=rfnbo&limit=12&sort=price_asc';

const PORTS = ['Kandla', 'Mundra', 'Paradip', 'Tuticorin', 'Kochi', 'Vizag', 'Hazira', 'Dahej', 'Chennai'];
const DAY_MS = 86_400_000;

function prng(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export async function insertBenchListings(db: Db, count: number, traderCount = 200, now = new Date()) {
  const random = prng(13);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)]!;
  const [template] = await db.select({ password: users.password }).from(users).limit(1);
  const traders = await db
    .insert(users)
    .values(
      Array.from({ length: traderCount }, (_, i) => ({
        username: `bench_supplier_${i}_${randomUUID().slice(0, 6)}`,
        email: `bench.supplier.${i}.${randomUUID().slice(0, 6)}@bench.example`,
        password: template?.password ?? 'not-a-login',
        role: 'trader' as const,
        companyName: `Bench Supplier ${i} Ltd`,
        registrationNumber: `BENCH-S-${i}`,
        emailVerified: true,
        kycStatus: 'approved' as const,
        termsAccepted: true,
      })),
    )
    .returning({ id: users.id });
  const BATCH = 500;
  for (let start = 0; start < count; start += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, count - start) }, (_, i) => {
      const quantity = String(20 + Math.floor(random() * 480));
      const certifications = CERTIFICATIONS.filter(() => random() < 0.5) as Certification[];
      const createdAt = new Date(now.getTime() - Math.floor(random() * 180 * DAY_MS));
      return {
        traderId: traders[(start + i) % traders.length]!.id,
        location: `${pick(PORTS)}, India`,
        availability: pick(AVAILABILITIES),
        quantity,
        unit: 'tonnes' as const,
        // Synthetic figures: the app only ever sees the decimal strings.
        pricePerKg: (4.2 + random() * 2.2).toFixed(2),
        minOrder: String(Math.min(Number(quantity), 5 + Math.floor(random() * 45))),
        certifications,
        createdAt,
        updatedAt: createdAt,
      };
    });
    await db.insert(listings).values(rows);
  }
  await db.execute(sql`analyze listings`);
}
