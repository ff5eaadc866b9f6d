// Brings a freshly opened database up to date: migrations, then demo data when asked and empty; in
// production, a check that no demo account kept the password the README publishes.
import type { FastifyBaseLogger } from 'fastify';
import { installJobQueues } from './jobs/queue.ts';
import { JOB_SPECS } from './job-registry.ts';
import type { Database } from './db/connect.ts';
import { demoAccountsWithDemoPassword, isDatabaseEmpty } from './seed/demo-accounts.ts';
import { seedDemoData } from './seed/demo.ts';

export async function prepareDatabase(
  database: Database,
  options: { seedDemo: boolean; refuseDemoPasswords?: boolean; log?: Pick<FastifyBaseLogger, 'info'> },
): Promise<void> {
  await database.migrate();
  await installJobQueues(database, JOB_SPECS);
  if (options.seedDemo && (await isDatabaseEmpty(database.db))) {
    await seedDemoData(database.db);
    options.log?.info('seeded demo data into the empty database');
  }
  if (options.refuseDemoPasswords) {
    const exposed = await demoAccountsWithDemoPassword(database.db);
    if (exposed.length) {
      const one = exposed.length === 1;
      throw new Error(
        `Refusing to start: the demo account${one ? '' : 's'} ${exposed.join(', ')} still ` +
          `ha${one ? 's' : 've'} the demo password published in the README. Give ${one ? 'it' : 'each'} ` +
          `a new password (npm run cli -- set-password --user ${exposed[0]} --password …), or set ` +
          'ALLOW_DEMO_ACCOUNTS=true if this server is a public demo.',
      );
    }
  }
}
