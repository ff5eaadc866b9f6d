// The actors of the authorization matrix and the world each cell starts from: a trader owning an
// active campaign and a draft; on rows about investing, an investor owning a pending payment intent
// and a paid one not yet recorded, in that campaign; and the caller the column names. Every cell gets
// new accounts, so no cell depends on what another did (signed out, renamed, paid).
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Role } from '../../domain/users.ts';
import type { App } from '../../server/app.ts';
import { users } from '../../server/db/schema/index.ts';
import type { SandboxProvider } from '../../server/features/money/index.ts';
import { createCampaign, createUser, type NewUser } from '../app.ts';
import { freshIp } from '../actor.ts';
import { listingCreateSchema } from '../../domain/listings.ts';
import { createListing } from '../../server/features/marketplace/index.ts';
import { listingBody } from '../marketplace.ts';
import { recordPassedTest } from '../../server/features/verification/index.ts';
import { actorFor } from '../actor.ts';
import { cookiesOf, type Session } from './call.ts';
import { marketWorld } from './market.ts';
import { successCard, TEST_SIMULATION, type Owner, type RouteContext } from './requests.ts';

export const ACTORS = [
  'visitor',
  'investor',
  'trader',
  'buyer',
  'admin',
  'owner',
  'not-owner',
  'suspended',
  'unverified',
  'kyc-pending',
  'kyc-rejected',
] as const;
export type Actor = (typeof ACTORS)[number];
export const ROLE_ACTORS = ['investor', 'trader', 'buyer', 'admin'] as const satisfies readonly Role[];

/** How each account state is written in the database. */
const ACCOUNT_STATES = {
  active: {},
  suspended: { accountStatus: 'suspended' },
  unverified: { emailVerified: false },
  // Documents in review (a first submission, or a change of legal identity: domain/policies.ts).
  'kyc-pending': { kycStatus: 'under_review' },
  'kyc-rejected': { kycStatus: 'rejected', kycRejectionReason: 'The document is unreadable' },
} satisfies Record<string, Partial<NewUser>>;

/** The actors barred by an account state: the owner themself on rows with an owner. */
const BARRED = new Set<Actor>(['suspended', 'unverified', 'kyc-pending', 'kyc-rejected']);
const isBarred = (actor: Actor): actor is AccountState & Actor => BARRED.has(actor);

type AccountState = keyof typeof ACCOUNT_STATES;

async function newAccount(app: App, role: Role, state: AccountState = 'active') {
  const user = await createUser(app.db, {
    role,
    // Each company its own registration number: no two verified companies share name and number.
    ...(role === 'trader' && {
      companyName: 'Green Molecules Ltd',
      registrationNumber: `GB-${randomUUID()}`,
    }),
    ...(role === 'buyer' && { companyName: 'Steelworks AG', buyerIndustry: 'steel' }),
    ...ACCOUNT_STATES[state],
  });
  // Investors have taken the knowledge test: the cells test who may call, not investor protection.
  if (role === 'investor') await recordPassedTest(app.db, user.id, TEST_SIMULATION, app.clock());
  return user;
}

/** A pending payment intent of `investor` in the campaign, made through the API as the browser does. */
export async function openIntent(app: App, investor: Session, campaignId: string, amount = '1000.00') {
  const res = await app.inject({
    method: 'POST',
    url: '/api/create-payment-intent',
    remoteAddress: freshIp(),
    headers: { 'content-type': 'application/json', cookie: cookiesOf(investor)! },
    // The KIIS of createCampaign's terms version (1) read, the risk warning confirmed.
    payload: JSON.stringify({
      amount,
      campaignId,
      investorId: investor.user.id,
      acknowledgements: { kiisVersion: 1, riskWarning: true },
    }),
  });
  if (res.statusCode !== 200) throw new Error(`payment intent refused: ${res.statusCode} ${res.body}`);
  const { paymentIntentId: id, clientSecret } = res.json<{ paymentIntentId: string; clientSecret: string }>();
  return { id, clientSecret };
}

export interface CellWorld {
  /** Who owns the row's object; null: no owned object (the owner and not-owner columns are __). */
  owner: Owner | null;
  /** Marketplace rows: the trader's listing, a buyer's orders and quote requests (market.ts). */
  market?: boolean;
  /** Role of the barred actors (suspended, unverified, KYC pending or rejected) when the row has no owned object. */
  role: Role;
}

/**
 * A fresh world for one cell. The suspended and unverified actors are the owner themself on rows
 * with an owned object (their objects made first, then their account state set, so that only the
 * state can explain a refusal), otherwise a user of `world.role`. The not-owner is a user of the
 * owner's role with objects of their own.
 */
export async function cellContext(
  app: App,
  oidc: RouteContext['oidc'],
  actor: Actor,
  world: CellWorld,
): Promise<RouteContext> {
  const trader = await actorFor(app, await newAccount(app, 'trader'));
  const campaign = await createCampaign(app.db, { traderId: trader.user.id });
  const draft = await createCampaign(app.db, { traderId: trader.user.id, status: 'cancelled' });
  let owner = trader;
  let investing: RouteContext['investing'];
  if (world.owner === 'investor') {
    owner = await actorFor(app, await newAccount(app, 'investor'));
    const intent = await openIntent(app, owner, campaign.id);
    // Paid at the sandbox (no investment recorded yet): what the record call records.
    const paid = await openIntent(app, owner, campaign.id);
    await (app.payments as SandboxProvider).confirm(
      paid.id,
      { clientSecret: paid.clientSecret, card: successCard() },
      { payerId: owner.user.id },
    );
    investing = { intent, paid };
  }
  let market: RouteContext['market'];
  if (world.market) {
    const buyer = await actorFor(app, await newAccount(app, 'buyer'));
    market = await marketWorld(app, trader, buyer);
    if (world.owner === 'buyer') owner = buyer;
  }
  if (world.owner && isBarred(actor)) {
    await app.db.update(users).set(ACCOUNT_STATES[actor]).where(eq(users.id, owner.user.id));
    owner = { ...owner, user: { ...owner.user, ...ACCOUNT_STATES[actor] } as Session['user'] };
  }

  let caller: Session | null = null;
  if (actor === 'owner' || (world.owner && isBarred(actor))) caller = owner;
  else if (actor === 'not-owner') {
    caller = await actorFor(app, await newAccount(app, world.owner ?? 'trader'));
    if (world.owner === 'investor') await openIntent(app, caller, campaign.id);
    else if (world.owner === 'buyer') await marketWorld(app, trader, caller);
    else {
      await createCampaign(app.db, { traderId: caller.user.id });
      if (world.market)
        await createListing(app.db, caller.user, listingCreateSchema.parse(listingBody()), new Date());
    }
  } else if (isBarred(actor)) {
    caller = await actorFor(app, await newAccount(app, world.role, actor));
  } else if (actor !== 'visitor') caller = await actorFor(app, await newAccount(app, actor));
  return { app, caller, owner, campaign, draft, investing, market, oidc };
}
