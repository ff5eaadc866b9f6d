// Fuzzing inside `npm test` (a smaller run of `npm run fuzz`): requests generated from every route's
// own schemas and valid calls — valid, boundary and hostile values, malformed JSON, odd content types,
// odd paths — sent as a visitor and as a user of each role. No answer may be a 5xx, hold a stack,
// SQL, an internal error name or a password hash, refuse without { error } or have a status the
// OpenAPI document does not list for its route; a refused request and a read change no row. The
// routes, their schemas and their answers come from the app's OpenAPI document (GET /api/openapi.json,
// held to every registered route by server/openapi.test.ts): every route is fuzzed (those that exist
// only with Stripe configured on a second app in Stripe mode), and must document its input schemas.
// Prints its seed; replay with FUZZ_SEED=<seed> (FUZZ_TEST_RUNS sets the count, default 2,000).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from './app.ts';
import { buildAppWithSettings, startOidcProvider } from '../test/auth-services.ts';
import { METRICS_TOKEN, STRIPE_SETTINGS } from '../test/authz/requests.ts';
import { formatReport, runFuzz, type FuzzReport } from '../test/fuzz/run.ts';
import { fuzzRoutes, schemaProblems } from '../test/fuzz/routes.ts';
import { openApiDocument, type OpenApiDocument } from '../test/openapi.ts';

const RUNS = Number(process.env.FUZZ_TEST_RUNS ?? 2_000);
const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));

let app: App;
let stripeApp: App;
let oidc: Awaited<ReturnType<typeof startOidcProvider>>;
const documents = new Map<App, OpenApiDocument>();

beforeAll(async () => {
  oidc = await startOidcProvider();
  app = await buildAppWithSettings({
    oauth: { google: { clientId: 'fuzz-client', clientSecret: 'fuzz-secret', issuer: oidc.issuer } },
    metricsToken: METRICS_TOKEN,
  });
  stripeApp = await buildAppWithSettings({ stripe: STRIPE_SETTINGS });
  for (const a of [app, stripeApp]) documents.set(a, await openApiDocument(a));
});

afterAll(async () => {
  await app?.close();
  await stripeApp?.close();
  await oidc?.close();
});

const keys = (a: App) => new Set(fuzzRoutes(documents.get(a)!).map((r) => r.key));

function expectClean(report: FuzzReport, target: App) {
  console.log(formatReport(report));
  const unfuzzed = [...keys(target)].filter((key) => report.routes[key] && !report.routes[key].sent);
  expect(unfuzzed, 'routes that got no request').toEqual([]);
  expect(report.unsendable, 'requests the harness could not send').toEqual([]);
  expect(
    report.groups.map((g) => `${g.count} × ${g.key} (first: #${g.first.index}, seed ${SEED})`),
    `problems found with seed ${SEED}`,
  ).toEqual([]);
}

describe('fuzzing every route', () => {
  it('finds a schema for each input of every route (params, body) in the OpenAPI document', () => {
    expect([...schemaProblems(documents.get(app)!), ...schemaProblems(documents.get(stripeApp)!)]).toEqual(
      [],
    );
  });

  it(`${RUNS.toLocaleString('en-US')} generated requests: no 5xx, nothing internal in any answer, no change from a refused request`, async () => {
    console.log(`[fuzz] seed ${SEED} (replay: FUZZ_SEED=${SEED} npx vitest run server/fuzz.test.ts)`);
    expectClean(await runFuzz(app, oidc, { runs: RUNS, seed: SEED, log: (line) => console.log(line) }), app);
    // ~50 s on an idle 2-core machine with PostgreSQL, more on a loaded one: the default 60 s is too tight.
  }, 300_000);

  it('the routes that exist only with Stripe configured, likewise', async () => {
    const sandboxRoutes = keys(app);
    const report = await runFuzz(stripeApp, oidc, {
      runs: Math.max(100, Math.round(RUNS / 10)),
      seed: SEED,
      log: (line) => console.log(line),
      only: (route) => !sandboxRoutes.has(route.key),
    });
    expect(Object.keys(report.routes)).toEqual(['POST /api/payments/stripe/webhook']);
    expectClean(report, stripeApp);
  });
});
