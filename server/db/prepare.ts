// Brings a freshly opened database up to date: migrations, then demo data when asked and empty.
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from './connect.ts';
import { isDatabaseEmpty, seedDemoData } from './seed/demo.ts';

export async function prepareDatabase(
  database: Database,
  options: { seedDemo: boolean; log?: Pick<FastifyBaseLogger, 'info'> },
): Promise<void> {
  await database.migrate();
  if (options.seedDemo && (await isDatabaseEmpty(database.db))) {
    await seedDemoData(database.db);
    options.log?.info('seeded demo data into the empty database');
  }
}
