// The actors of the authorization matrix and the world each cell starts from: a trader owning an
// active campaign and a draft, and the caller the column names. Every cell gets new accounts, so no
// cell depends on what another did (signed out, changed a password, renamed a campaign).
import type { App } from '../../server/app.ts';
import type { Role } from '../../domain/users.ts';
import { createCampaign, createUser, type NewUser } from '../app.ts';
import { signedIn, type Session } from './call.ts';
import type { RouteContext } from './requests.ts';

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
] as const;
export type Actor = (typeof ACTORS)[number];
export const ROLE_ACTORS = ['investor', 'trader', 'buyer', 'admin'] as const satisfies readonly Role[];

/**
 * How each account state is written in the database.
 *
 * TODO(email-verification) — the one place to fill when users carry `emailVerified`: write
 * `unverified: { emailVerified: false }` below and set UNVERIFIED_ENFORCED to true. Until then the
 * unverified actor is a regular (verified) user, and the matrix checks its cells against the column
 * of the same user verified; with the flag on, against the unverified column as written.
 */
const ACCOUNT_STATES = {
  active: {},
  suspended: { accountStatus: 'suspended' },
  unverified: {},
} satisfies Record<string, Partial<NewUser>>;
export const UNVERIFIED_ENFORCED = false;

type AccountState = keyof typeof ACCOUNT_STATES;

function newAccount(app: App, role: Role, state: AccountState = 'active') {
  return createUser(app.db, {
    role,
    ...(role === 'trader' && { companyName: 'Green Molecules Ltd', registrationNumber: 'GB-1' }),
    ...(role === 'buyer' && { companyName: 'Steelworks AG', buyerIndustry: 'steel' }),
    ...ACCOUNT_STATES[state],
  });
}

export interface CellWorld {
  /** The row has an owned object: the owner, not-owner, suspended and unverified columns act on it. */
  owned: boolean;
  /** Role of the suspended and unverified actors when the row has no owned object. */
  role: Role;
}

/**
 * A fresh world for one cell. The suspended and unverified actors are the owner themself on rows
 * with an owned object (so that only their account state can explain a refusal), otherwise a user
 * of `world.role`. The not-owner is a trader with campaigns of their own.
 */
export async function cellContext(
  app: App,
  oidc: RouteContext['oidc'],
  actor: Actor,
  world: CellWorld,
): Promise<RouteContext> {
  const ownerState: AccountState =
    world.owned && (actor === 'suspended' || actor === 'unverified') ? actor : 'active';
  const ownerUser = await newAccount(app, 'trader', ownerState);
  const owner = await signedIn(app, ownerUser);
  const campaign = await createCampaign(app.db, { traderId: ownerUser.id });
  const draft = await createCampaign(app.db, { traderId: ownerUser.id, status: 'cancelled' });
  let caller: Session | null = null;
  if (actor === 'owner' || (world.owned && ownerState !== 'active')) caller = owner;
  else if (actor === 'not-owner') {
    const other = await newAccount(app, 'trader');
    await createCampaign(app.db, { traderId: other.id });
    caller = await signedIn(app, other);
  } else if (actor === 'suspended' || actor === 'unverified') {
    caller = await signedIn(app, await newAccount(app, world.role, actor));
  } else if (actor !== 'visitor') caller = await signedIn(app, await newAccount(app, actor));
  return { app, caller, owner, campaign, draft, oidc };
}
