// `npm run fuzz`: fuzzes every API route from its own schemas on an in-memory PGlite database and
// prints the seed, the requests per route and status, the 5xx count (must be 0) and every problem.
//   FUZZ_RUNS=100000 (default) · FUZZ_SEED=<n> or `npm run fuzz -- --seed <n>` to replay a run.
// Exits 1 when any problem was found.
import { buildApp } from '../server/app.ts';
import { openDatabase } from '../server/db/connect.ts';
import { prepareDatabase } from '../server/db/prepare.ts';
import { startOidcProvider } from '../test/auth-services.ts';
import { formatReport, runFuzz } from '../test/fuzz/run.ts';

function option(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? process.argv[at + 1] : process.env[`FUZZ_${name.toUpperCase()}`];
}

const runs = Number(option('runs') ?? 100_000);
const seed = Number(option('seed') ?? Math.floor(Math.random() * 2 ** 31));
if (!Number.isInteger(runs) || runs < 1 || !Number.isInteger(seed)) {
  console.error('FUZZ_RUNS must be a positive whole number and FUZZ_SEED a whole number');
  process.exit(2);
}

console.log(
  `fuzz: seed ${seed}, ${runs.toLocaleString('en-US')} requests on in-memory PGlite (replay: FUZZ_SEED=${seed})`,
);
const oidc = await startOidcProvider();
const database = await openDatabase({ memory: true });
await prepareDatabase(database, { seedDemo: false });
const app = await buildApp({
  database,
  settings: {
    oauth: { google: { clientId: 'fuzz-client', clientSecret: 'fuzz-secret', issuer: oidc.issuer } },
  },
});
try {
  const report = await runFuzz(app, oidc, { runs, seed, log: console.log, progressEvery: 5_000 });
  console.log(`\n${formatReport(report)}`);
  process.exitCode = report.groups.length || report.unsendable.length ? 1 : 0;
} finally {
  await app.close();
  await oidc.close();
}
