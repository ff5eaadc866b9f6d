// `npm run bench:plans`: EXPLAIN ANALYZE of the campaign list statements (page and count) on a table of
// 10,000 campaigns, on PGlite and on a throwaway PostgreSQL, for the views the benchmark loads and the
// other sorts. Shows which index each view reads. Writes bench/results/plans.txt.
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { campaignListQuerySchema, type CampaignListQueryInput } from '../domain/campaign-schemas.ts';
import { openDatabase, type Database } from '../server/db/connect.ts';
import { prepareDatabase } from '../server/prepare.ts';
import { campaignPageStatements } from '../server/features/campaigns/index.ts';
import { startPostgres } from '../test/postgres.ts';
import { BENCH_CAMPAIGNS, insertBenchCampaigns } from './campaign-data.ts';

/** The list views the benchmark measures, then one per other sort. */
export const LIST_VIEWS: Array<[label: string, query: CampaignListQueryInput]> = [
  ['default page (newest)', { limit: 20 }],
  ['search + two filters', { limit: 20, q: 'rotterdam', risk: 'medium', region: 'europe' }],
  ['closing soonest', { limit: 20, sort: 'deadline' }],
  ['highest ROI', { limit: 20, sort: 'roi' }],
  ['most funded, active only', { limit: 20, sort: 'funded', status: ['active'] }],
];

async function plans(database: Database): Promise<string> {
  const out: string[] = [];
  for (const [label, input] of LIST_VIEWS) {
    const query = campaignListQuerySchema.parse(input);
    const statements = campaignPageStatements(database.db, query, false);
    for (const [part, statement] of Object.entries(statements)) {
      const result = await database.db.execute(
        sql`explain (analyze, costs off, timing off, summary off) ${statement}`,
      );
      const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Array<
        Record<string, string>
      >;
      out.push(`-- ${label}: ${part}`, ...rows.map((r) => Object.values(r)[0]!), '');
    }
  }
  return out.join('\n');
}

async function main() {
  const sections: string[] = [];
  const pglite = await openDatabase({ memory: true });
  await prepareDatabase(pglite, { seedDemo: true });
  await insertBenchCampaigns(pglite.db, BENCH_CAMPAIGNS);
  sections.push(`==== PGlite, ${BENCH_CAMPAIGNS} + 6 campaigns ====\n\n${await plans(pglite)}`);
  await pglite.close();

  const pg = await startPostgres();
  try {
    const database = await openDatabase({ databaseUrl: pg.createDatabase('hydrobridge_plans') });
    await prepareDatabase(database, { seedDemo: true });
    await insertBenchCampaigns(database.db, BENCH_CAMPAIGNS);
    sections.push(`==== PostgreSQL, ${BENCH_CAMPAIGNS} + 6 campaigns ====\n\n${await plans(database)}`);
    await database.close();
  } finally {
    pg.stop();
  }
  const text = sections.join('\n');
  const file = path.join(import.meta.dirname, 'results', 'plans.txt');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
  console.log(text);
}

await main();
