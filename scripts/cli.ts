// `npm run cli -- <command>`: operator commands against the configured database (DATABASE_URL or
// the embedded one under DATA_DIR).
//   seed    write the demo data into an empty database (refuses a database that holds users)
import { parseArgs } from 'node:util';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/connect.ts';
import { isDatabaseEmpty, seedDemoData } from '../server/db/seed/demo.ts';

const USAGE = `Usage: npm run cli -- <command>

Commands:
  seed    write the demo users and campaigns into an empty database`;

async function seed() {
  const config = loadConfig();
  const database = await openDatabase(
    config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir, lockRetries: 0 },
  );
  try {
    await database.migrate();
    if (!(await isDatabaseEmpty(database.db))) {
      throw new Error('The database already holds users: demo data is only written into an empty database.');
    }
    await seedDemoData(database.db);
    console.log(`Demo data written (${database.kind}). See the README for the demo logins.`);
  } finally {
    await database.close();
  }
}

async function main() {
  const { positionals } = parseArgs({ allowPositionals: true, strict: false });
  const [command] = positionals;
  if (command === 'seed') return seed();
  console.error(command ? `Unknown command "${command}".\n\n${USAGE}` : USAGE);
  process.exitCode = 2;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
