// `npm run fuzz`: fuzzes every API route from its own schemas on an in-memory PGlite database and
// prints the seed, the requests per route and status, the 5xx count (must be 0) and every problem.
//   FUZZ_RUNS=100000 (default) · FUZZ_SEED=<n> or `npm run fuzz -- --seed <n>` to replay a run ·
//   FUZZ_PROGRESS=5000: a progress line every so many requests.
// Exits 1 when any problem was found.
import { buildApp } from '../server/app.ts';
import { openDatabase } from '../server/db/connect.ts';
import { prepareDatabase } from '../server/prepare.ts';
import { startOidcProvider } from '../test/auth-services.ts';
import { METRICS_TOKEN, STRIPE_SETTINGS } from '../test/authz/requests.ts';
import { fuzzRoutes } from '../test/fuzz/routes.ts';
import { openApiDocument } from '../test/openapi.ts';
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
/** The app on a new in-memory PGlite database. */
async function appWith(settings: Parameters<typeof buildApp>[0]['settings']) {
  const database = await openDatabase({ memory: true });
  await prepareDatabase(database, { seedDemo: false });
  return buildApp({ database, settings });
}
const app = await appWith({
  oauth: { google: { clientId: 'fuzz-client', clientSecret: 'fuzz-secret', issuer: oidc.issuer } },
  metricsToken: METRICS_TOKEN,
});
// Routes that exist only with Stripe configured get a share of the run on an app in Stripe mode.
const stripeApp = await appWith({ stripe: STRIPE_SETTINGS });
try {
  const sandboxRoutes = new Set(fuzzRoutes(await openApiDocument(app)).map((r) => r.key));
  const stripeRuns = Math.max(100, Math.round(runs / 100));
  const report = await runFuzz(app, oidc, {
    runs,
    seed,
    log: console.log,
    progressEvery: Number(process.env.FUZZ_PROGRESS ?? 5_000),
  });
  console.log(`\n${formatReport(report)}`);
  console.log(`\nStripe mode, the routes that exist only then (${stripeRuns} more requests):`);
  const stripe = await runFuzz(stripeApp, oidc, {
    runs: stripeRuns,
    seed,
    log: console.log,
    only: (route) => !sandboxRoutes.has(route.key),
  });
  console.log(formatReport(stripe));
  const failed = [report, stripe].some((r) => r.groups.length || r.unsendable.length);
  process.exitCode = failed ? 1 : 0;
} finally {
  await app.close();
  await stripeApp.close();
  await oidc.close();
}
