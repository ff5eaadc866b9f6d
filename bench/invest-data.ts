// The database side of the investing benchmark (runs inside the app's process, bench/serve.ts invest):
// one campaign with room for every investment of the run, signed-in investors, and the reference —
// the smallest transaction that does what recording an investment must do on one campaign: lock the
// campaign row, insert a row, update the campaign.
import { performance } from 'node:perf_hooks';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../server/db/connect.ts';
import { campaigns } from '../server/db/schema/index.ts';
import { createCampaign } from '../test/app.ts';
import { loadInvestor } from './investor-kit.ts';

export async function prepareInvestBench(db: Db, investors: number) {
  const campaign = await createCampaign(db, {
    title: 'Benchmark cargo',
    targetAmount: '9999999999999.99',
    minimumInvestment: '100',
    deadline: new Date(Date.now() + 300 * 86_400_000),
  });
  const people: Array<{ id: string; token: string }> = [];
  for (let i = 0; i < investors; i++) people.push(await loadInvestor(db));
  await db.execute(
    sql`create table if not exists bench_reference (id bigserial primary key, campaign_id uuid not null, amount numeric(15,2) not null, created_at timestamptz not null default now())`,
  );
  return { campaignId: campaign.id, investors: people };
}

export interface ReferenceResult {
  transactions: number;
  seconds: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
}

/** `concurrency` workers running the reference transaction back to back for `seconds`. */
export async function runReference(
  db: Db,
  campaignId: string,
  seconds: number,
  concurrency: number,
): Promise<ReferenceResult> {
  const latencies: number[] = [];
  const end = performance.now() + seconds * 1000;
  const worker = async () => {
    while (performance.now() < end) {
      const started = performance.now();
      await db.transaction(async (tx) => {
        await tx
          .select({ id: campaigns.id })
          .from(campaigns)
          .where(eq(campaigns.id, campaignId))
          .for('update');
        await tx.execute(
          sql`insert into bench_reference (campaign_id, amount) values (${campaignId}, '100.00')`,
        );
        await tx.update(campaigns).set({ updatedAt: new Date() }).where(eq(campaigns.id, campaignId));
      });
      latencies.push(performance.now() - started);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const elapsed = (performance.now() - started) / 1000;
  return {
    transactions: latencies.length,
    seconds: elapsed,
    perSecond: latencies.length / elapsed,
    ...percentiles(latencies),
  };
}

export function percentiles(ms: number[]): { p50Ms: number; p99Ms: number } {
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { p50Ms: at(0.5), p99Ms: at(0.99) };
}
