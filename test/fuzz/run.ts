// The fuzzer's loop: draws request plans with fast-check (in batches, each from a seed derived from
// the run's seed, so the same seed sends the same requests in the same order), makes each plan a
// real request against the current data, sends it as a visitor or a signed-in user of each role, and
// checks the answer (checks.ts) and what it changed (test/change-log.ts). Used by `npm run fuzz`
// and by server/fuzz.test.ts.
import { eq, inArray, sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { App } from '../../server/app.ts';
import { users } from '../../server/db/schema/index.ts';
import { hashToken } from '../../server/features/accounts/index.ts';
import { recordPassedTest } from '../../server/features/verification/index.ts';
import type { SandboxProvider } from '../../server/features/money/index.ts';
import { createCampaign, createUser } from '../app.ts';
import { freshIp } from '../actor.ts';
import { actorFor } from '../actor.ts';
import { callAndWatch, watchBackgroundMail, type HttpCall, type Session } from '../authz/call.ts';
import { openIntent } from '../authz/actors.ts';
import { marketWorld, type MarketWorld } from '../authz/market.ts';
import {
  needsMarket,
  ownerKind,
  READS_THAT_WRITE,
  ROUTE_REQUESTS,
  successCard,
  TEST_SIMULATION,
  type RouteContext,
  type RouteRequest,
  type RowKey,
} from '../authz/requests.ts';
import { describeChange, installChangeLog, unexpectedChanges, type RowChange } from '../change-log.ts';
import { isErrorBody, leaksIn } from './checks.ts';
import { FUZZ_ACTORS, planArb, type FuzzActor, type FuzzRoute, type Plan } from './plan.ts';
import { fuzzedCall } from './request.ts';
import { openApiDocument } from '../openapi.ts';
import { apiWords, documentsAnswer, fuzzRoutes } from './routes.ts';
import type { Resolver } from './values.ts';

export interface FuzzOptions {
  runs: number;
  seed: number;
  log: (line: string) => void;
  /** Progress line every this many requests (0: none). */
  progressEvery?: number;
  /** Fuzz only these routes (e.g. those that exist only in Stripe mode). */
  only?: (route: FuzzRoute) => boolean;
}

export interface FuzzFailure {
  index: number;
  route: string;
  actor: FuzzActor;
  kind: Plan['kind'];
  status: number;
  problem: string;
  call: HttpCall;
}

export interface FuzzReport {
  seed: number;
  runs: number;
  ms: number;
  /** Per route: requests sent and their statuses. */
  routes: Record<string, { sent: number; statuses: Record<number, number> }>;
  serverErrors: number;
  /** Requests the client library could not send (not the server's doing; should stay 0). */
  unsendable: Array<{ index: number; route: string; error: string }>;
  /** Failures grouped by route and problem: how many, and the first one. */
  groups: Array<{ key: string; count: number; first: FuzzFailure }>;
}

const SHARED_IP = '10.250.0.1';
/** Accounts that may sign in but must never move money, whatever they send (DESIGN.md §3). */
const BARRED_ACCOUNTS = {
  unverified: { role: 'investor', emailVerified: false },
  suspended: { role: 'investor', accountStatus: 'suspended' },
  'pending-trader': {
    role: 'trader',
    companyName: 'Fuzz Pending Ltd',
    registrationNumber: 'FZ-2',
    kycStatus: 'under_review',
  },
  'rejected-buyer': {
    role: 'buyer',
    companyName: 'Fuzz Rejected Steel',
    buyerIndustry: 'steel',
    kycStatus: 'rejected',
  },
} as const;
type BarredActor = keyof typeof BARRED_ACCOUNTS;
const BARRED_FROM_MONEY: ReadonlySet<FuzzActor> = new Set(Object.keys(BARRED_ACCOUNTS) as BarredActor[]);
const isBarred = (actor: FuzzActor): actor is BarredActor => BARRED_FROM_MONEY.has(actor);
/** The tables a money movement writes (docs/money.md): payments, escrow, the ledger, payouts, the provider's. */
const MONEY_TABLES = new Set([
  'payments',
  'investments',
  'orders',
  'escrow_records',
  'ledger_transactions',
  'ledger_entries',
  'bank_accounts',
  'payouts',
  'sandbox_payment_intents',
  'sandbox_payouts',
]);
/** What starts a money path (domain/policies.ts, the money gate): a barred account creates none of them. */
const MONEY_PATH_TABLES = new Set(['rfqs', 'offers', 'market_messages', 'listings', 'campaigns']);
const EXAMPLE_USES = 25;
const MARKET_USES = 10;
const BATCH = 100;

/** The accounts and campaigns fuzzed requests act as and on. */
async function fuzzWorld(app: App) {
  const accounts: Record<Exclude<FuzzActor, 'visitor'>, Parameters<typeof createUser>[1]> = {
    investor: { role: 'investor' },
    trader: { role: 'trader', companyName: 'Fuzz Trading Ltd', registrationNumber: 'FZ-1' },
    buyer: { role: 'buyer', companyName: 'Fuzz Steel', buyerIndustry: 'steel' },
    admin: { role: 'admin' },
    ...BARRED_ACCOUNTS,
  };
  const sessions: Record<FuzzActor, Session | null> = {
    visitor: null,
    investor: null,
    trader: null,
    buyer: null,
    admin: null,
    unverified: null,
    suspended: null,
    'pending-trader': null,
    'rejected-buyer': null,
  };
  for (const [actor, account] of Object.entries(accounts)) {
    const user = await createUser(app.db, account);
    // Investors have taken the knowledge test (investor protection has its own tests).
    if (user.role === 'investor') await recordPassedTest(app.db, user.id, TEST_SIMULATION, app.clock());
    sessions[actor as FuzzActor] = await actorFor(app, user);
  }
  const trader = sessions.trader!;
  // A target no run of intents can fill (each reserves $1,000 for 15 minutes).
  const campaign = await createCampaign(app.db, { traderId: trader.user.id, targetAmount: '1000000000.00' });
  const draft = await createCampaign(app.db, { traderId: trader.user.id, status: 'cancelled' });
  await createCampaign(app.db, { status: 'funded' }); // another trader's
  return { sessions, campaign, draft };
}

/** A pending payment intent of the investor, and one paid at the sandbox but not recorded. */
async function payments(app: App, investor: Session, campaignId: string) {
  const intent = await openIntent(app, investor, campaignId);
  const paid = await openIntent(app, investor, campaignId);
  await (app.payments as SandboxProvider).confirm(
    paid.id,
    { clientSecret: paid.clientSecret, card: successCard() },
    { payerId: investor.user.id },
  );
  return { intent, paid };
}

/** Ids of existing rows, from every table with a uuid `id` (tables added later included). */
async function existingIds(app: App, first: string[]): Promise<string[]> {
  const { rows: tables } = (await app.db.execute(
    "select table_name as name from information_schema.columns where table_schema = 'public' and column_name = 'id' and data_type = 'uuid'",
  )) as unknown as { rows: Array<{ name: string }> };
  const ids = [...first];
  for (const { name } of tables) {
    const { rows } = (await app.db
      .execute(`select id::text as id from "${name}" order by created_at desc nulls last limit 10`)
      .catch(() => app.db.execute(`select id::text as id from "${name}" limit 10`))) as unknown as {
      rows: Array<{ id: string }>;
    };
    ids.push(...rows.map((r) => r.id));
  }
  return [...new Set(ids)];
}

export async function runFuzz(
  app: App,
  oidc: RouteContext['oidc'],
  options: FuzzOptions,
): Promise<FuzzReport> {
  const started = Date.now();
  const { runs, seed, log } = options;
  await installChangeLog(app.db);
  // Every example opens intents for the same few accounts, hundreds in minutes: the intent rate (a
  // cap against loops, tested with the money module) would refuse the run's own objects. Lifted here.
  app.money.limits = { ...app.money.limits, intentRate: { max: Number.MAX_SAFE_INTEGER, windowMinutes: 10 } };
  const mailSettled = watchBackgroundMail(app);
  const world = await fuzzWorld(app);
  // The routes, their schemas and their answers as the app's OpenAPI document describes them.
  const document = await openApiDocument(app);
  const routes = fuzzRoutes(document).filter((r) => !options.only || options.only(r));
  const hints = { words: apiWords(document) };
  const actorIds = Object.values(world.sessions).flatMap((s) => (s ? [s.user.id] : []));
  let ids = await existingIds(app, [...actorIds, world.campaign.id, world.draft.id]);
  const resolver: Resolver = { knownId: (n) => ids[n % ids.length]! };

  /**
   * Fuzzed admin calls may have suspended an actor or sent their KYC back: each example starts from
   * the accounts as the world made them (active and approved, the barred ones barred for their one
   * reason); an upload's example then sets its caller pending.
   */
  async function restoreAccounts() {
    const id = (actor: FuzzActor) => world.sessions[actor]?.user.id ?? null;
    // One statement: the barred accounts keep their one barrier, every other is active and approved.
    await app.db
      .update(users)
      .set({
        accountStatus: sql`case when ${users.id} = ${id('suspended')} then 'suspended' else 'active' end`,
        kycStatus: sql`case ${users.id} when ${id('pending-trader')} then 'under_review' when ${id('rejected-buyer')} then 'rejected' else 'approved' end`,
        emailVerified: sql`${users.id} is distinct from ${id('unverified')}`,
      })
      .where(inArray(users.id, actorIds));
  }

  const examples = new Map<string, { request: RouteRequest; uses: number }>();
  // Marketplace objects (a listing, orders, quote requests) are costly to make: rows and actors share
  // them, renewed now and then (a request that finds an order already moved gets its 4xx, as it should).
  let market: { world: MarketWorld; uses: number } | undefined;
  async function sharedMarket(): Promise<MarketWorld> {
    if (!market || market.uses >= MARKET_USES)
      market = { world: await marketWorld(app, world.sessions.trader!, world.sessions.buyer!), uses: 0 };
    market.uses++;
    return market.world;
  }
  async function example(row: string, actor: FuzzActor): Promise<RouteRequest> {
    const key = `${row}|${actor}`;
    let cached = examples.get(key);
    if (!cached || cached.uses >= EXAMPLE_USES) {
      await restoreAccounts();
      // On investing rows the investor actor owns fresh payments; on marketplace rows the buyer actor
      // owns fresh orders and requests (the trader supplies them); elsewhere the trader owns the campaigns.
      // An account barred from money sends its own ids (a real attempt to invest, which must fail);
      // the payments it names are the investor's, as it can open none itself.
      const kind = ownerKind(row as RowKey);
      const investorOwned = kind === 'investor';
      const investor = world.sessions.investor!;
      const owner =
        kind === 'investor'
          ? BARRED_FROM_MONEY.has(actor)
            ? world.sessions[actor]!
            : investor
          : kind === 'buyer'
            ? world.sessions.buyer!
            : world.sessions.trader!;
      // Investing examples get an open campaign of their own: fuzzed transitions and milestones move
      // the shared one on (trading, cancelled), after which no intent could be opened on it.
      const campaign = investorOwned
        ? await createCampaign(app.db, {
            traderId: world.sessions.trader!.user.id,
            targetAmount: '1000000000.00',
          })
        : world.campaign;
      const ctx: RouteContext = {
        app,
        caller: world.sessions[actor],
        owner,
        campaign,
        draft: world.draft,
        investing: investorOwned ? await payments(app, investor, campaign.id) : undefined,
        market: needsMarket(row as RowKey) ? await sharedMarket() : undefined,
        oidc,
      };
      cached = { request: await ROUTE_REQUESTS[row as RowKey](ctx), uses: 0 };
      examples.set(key, cached);
    }
    cached.uses++;
    return cached.request;
  }

  /** A fuzzed request may lift a bar legitimately (a password reset proves the email): put it back. */
  async function rebar(actor: FuzzActor) {
    if (!isBarred(actor)) return;
    const { role: _role, ...bar } = BARRED_ACCOUNTS[actor];
    await app.db.update(users).set(bar).where(eq(users.id, world.sessions[actor]!.user.id));
  }

  async function buildCall(route: FuzzRoute, plan: Plan): Promise<HttpCall> {
    await rebar(plan.actor);
    const row = route.rows.length ? route.rows[plan.row % route.rows.length]! : undefined;
    const valid = row ? await example(row, plan.actor) : undefined;
    const remoteAddress = plan.sharedIp ? SHARED_IP : freshIp();
    return fuzzedCall(route, plan, { valid, caller: world.sessions[plan.actor], resolver, remoteAddress });
  }

  /** A fuzzed request may end an actor's session (sign-out, sign-in, reset): give them a new one. */
  async function keepActorsSignedIn(changes: RowChange[]) {
    const ended = new Set(
      changes.filter((c) => c.table === 'sessions' && c.op === 'DELETE').map((c) => c.old?.token_hash),
    );
    if (!ended.size) return;
    for (const actor of FUZZ_ACTORS) {
      const session = world.sessions[actor];
      if (session && ended.has(hashToken(session.token)))
        world.sessions[actor] = await actorFor(app, session.user);
    }
  }

  const report: FuzzReport = { seed, runs, ms: 0, routes: {}, serverErrors: 0, unsendable: [], groups: [] };
  const groups = new Map<string, { key: string; count: number; first: FuzzFailure }>();
  for (const route of routes) report.routes[route.key] = { sent: 0, statuses: {} };
  const arbs = routes.map((route) => planArb(route, hints));
  const top = fc
    .constantFrom(...routes.keys())
    .chain((i) => arbs[i]!.map((plan) => ({ route: routes[i]!, plan })));

  for (let batch = 0, index = 0; index < runs; batch++) {
    const plans = fc.sample(top, {
      seed: (seed ^ Math.imul(batch + 1, 0x9e3779b1)) | 0,
      numRuns: Math.min(BATCH, runs - index),
    });
    for (const { route, plan } of plans) {
      const stats = report.routes[route.key]!;
      let call: HttpCall | undefined;
      try {
        call = await buildCall(route, plan);
        const { res, changes } = await callAndWatch(app, call, mailSettled);
        stats.sent++;
        stats.statuses[res.statusCode] = (stats.statuses[res.statusCode] ?? 0) + 1;
        const problems: string[] = [];
        if (res.statusCode >= 500) {
          report.serverErrors++;
          problems.push(`answered ${res.statusCode}`);
        }
        problems.push(...leaksIn(res.body, call).map((leak) => `the answer holds ${leak}`));
        if (!documentsAnswer(route, res.statusCode))
          problems.push(`answered ${res.statusCode}, which the OpenAPI document does not list for the route`);
        if (res.statusCode >= 400 && !isErrorBody(res.body))
          problems.push('a refusal without { "error": … }');
        const refused = res.statusCode >= 400;
        if (refused || (route.method === 'GET' && !READS_THAT_WRITE.has(route.key))) {
          const changed = await unexpectedChanges(app.db, changes);
          if (changed.length)
            problems.push(
              `${refused ? 'a refused request' : 'a read'} changed rows: ${[...new Set(changed.map((c) => `${c.op} ${c.table}`))].join(', ')}` +
                `\n      ${changed.slice(0, 3).map(describeChange).join('\n      ')}`,
            );
        }
        if (BARRED_FROM_MONEY.has(plan.actor)) {
          const moved = [
            ...new Set(
              changes
                .filter(
                  (c) => MONEY_TABLES.has(c.table) || (c.op === 'INSERT' && MONEY_PATH_TABLES.has(c.table)),
                )
                .map((c) => c.table),
            ),
          ];
          if (moved.length) problems.push(`the ${plan.actor} account's request wrote ${moved.join(', ')}`);
        }
        for (const problem of problems) {
          const key = `${route.key} — ${problem.split('\n')[0]!.replace(/ \(".*"\)$/, '')}`;
          const failure: FuzzFailure = {
            index,
            route: route.key,
            actor: plan.actor,
            kind: plan.kind,
            status: res.statusCode,
            problem,
            call,
          };
          const group = groups.get(key);
          if (group) group.count++;
          else {
            groups.set(key, { key, count: 1, first: failure });
            log(describeFailure(failure, seed, res.body));
          }
        }
        await keepActorsSignedIn(changes);
      } catch (error) {
        report.unsendable.push({ index, route: route.key, error: (error as Error).message });
        if (report.unsendable.length <= 3)
          log(
            `! #${index} ${route.key}: not sent (${(error as Error).message}) ${call ? describeCall(call) : ''}`,
          );
      }
      index++;
      if (options.progressEvery && index % options.progressEvery === 0) {
        log(
          `[fuzz] ${index.toLocaleString('en-US')}/${runs.toLocaleString('en-US')} sent, ${report.serverErrors} × 5xx, ${groups.size} distinct problems, ${((Date.now() - started) / 1000).toFixed(0)} s`,
        );
      }
      if (index % 500 === 0) ids = await existingIds(app, [...actorIds, world.campaign.id, world.draft.id]);
    }
  }
  report.groups = [...groups.values()];
  report.ms = Date.now() - started;
  return report;
}

const clip = (text: string, max: number) =>
  text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text;

export function describeCall(call: HttpCall): string {
  const payload =
    call.payload === undefined ? '' : `\n      body: ${clip(JSON.stringify(call.payload), 400)}`;
  return `${call.method} ${clip(call.url, 300)}\n      headers: ${clip(JSON.stringify(call.headers), 300)}${payload}`;
}

export function describeFailure(f: FuzzFailure, seed: number, body?: string): string {
  return [
    `✖ #${f.index} ${f.route} as ${f.actor} (${f.kind}) → ${f.status}: ${f.problem}`,
    `      ${describeCall(f.call)}`,
    ...(body === undefined ? [] : [`      answer: ${clip(body, 300)}`]),
    `      replay: FUZZ_SEED=${seed} FUZZ_RUNS=${f.index + 1} npm run fuzz`,
  ].join('\n');
}

/** The run in lines: seed, counts, per-route statuses, problems. */
export function formatReport(r: FuzzReport): string {
  const sent = Object.values(r.routes).reduce((n, s) => n + s.sent, 0);
  const width = Math.max(...Object.keys(r.routes).map((k) => k.length));
  const lines = [
    `fuzz: seed ${r.seed}, ${sent.toLocaleString('en-US')} requests in ${(r.ms / 1000).toFixed(1)} s, ${r.serverErrors} × 5xx, ${r.groups.length} distinct problems${r.unsendable.length ? `, ${r.unsendable.length} not sent` : ''}`,
    ...Object.entries(r.routes).map(
      ([route, s]) =>
        `  ${route.padEnd(width)}  ${String(s.sent).padStart(6)}  ${Object.entries(s.statuses)
          .map(([code, n]) => `${code}×${n}`)
          .join(' ')}`,
    ),
    ...r.groups.map((g) => `  ✖ ${g.count} × ${g.key} (first: #${g.first.index})`),
  ];
  return lines.join('\n');
}
