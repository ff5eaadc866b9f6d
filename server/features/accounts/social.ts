// Who a social login is: the account linked to the provider's subject; else the account with the
// provider's email when the provider vouches for it (email_verified), which is linked only once its
// owner gives the account's password (and second factor) in this browser: a "link your account" step;
// else a new account, when the dialog chose a role and the terms (and, for investors, the risk
// disclosure) were accepted. Then a session, exactly like a password sign-in, or the second step when
// the account has a second factor. Admin accounts are never signed in or linked this way.
//
// Linking an account whose address was never verified would hand it to whoever registered that address
// first (pre-registration takeover): its password is cleared and its sessions ended before the link,
// and the owner is told (docs/decisions/0001-email-verification.md).
import { and, eq, gt, sql } from 'drizzle-orm';
import { AUTH_PROVIDER_LABELS, type AuthProvider } from '../../../domain/auth.ts';
import type { SignupRole } from '../../../domain/users.ts';
import type { Db } from '../../db/connect.ts';
import { inTransaction } from '../../db/transaction.ts';
import { oauthAccounts, pendingSocialLinks, users } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { queueAccountEmail, type AccountMailContext } from '../../email/account-emails.ts';
import { createSocialUser, unusablePasswordHash } from './accounts.ts';
import { withdrawVerificationLinks } from './email-verification.ts';
import type { ProviderIdentity } from './oauth.ts';
import { PENDING_SIGN_IN_MS } from '../../../domain/two-factor.ts';
import { hasSecondFactor } from './two-factor/factors.ts';
import { startPendingSignIn } from './two-factor/pending.ts';
import {
  createSession,
  deleteUserSessions,
  hashToken,
  newToken,
  type NewSession,
  type UserRow,
} from './sessions.ts';

/** What the dialog sent along when the browser left for the provider. */
export interface SignupIntent {
  role?: SignupRole | undefined;
  terms: boolean;
  risk: boolean;
}

async function linkedUser(db: Db, provider: AuthProvider, subject: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select({ user: users })
    .from(oauthAccounts)
    .innerJoin(users, eq(users.id, oauthAccounts.userId))
    .where(and(eq(oauthAccounts.provider, provider), eq(oauthAccounts.providerUserId, subject)));
  return row?.user;
}

async function link(db: Db, provider: AuthProvider, subject: string, userId: string): Promise<void> {
  await inTransaction(db, (tx) =>
    tx.insert(oauthAccounts).values({ provider, providerUserId: subject, userId }).onConflictDoNothing(),
  );
}

function assertMaySignIn(user: UserRow, intent: SignupIntent, provider: AuthProvider): void {
  // An admin account is worth more than any provider's word: password and second factor only.
  if (user.role === 'admin') {
    throw AppError.of('SOCIAL_ADMIN_REFUSED', { provider: AUTH_PROVIDER_LABELS[provider] });
  }
  if (user.accountStatus !== 'active') throw AppError.of('ACCOUNT_SUSPENDED');
  // The same rule as the password sign-in: a role chosen in the dialog must be the user's own.
  if (intent.role && intent.role !== user.role) {
    throw AppError.of('ROLE_ACCESS_DENIED', { role: intent.role });
  }
}

/**
 * Links an account whose address was never verified, now that the provider proved it: the password
 * whoever signed up with this address chose is replaced by one nobody knows, every session ends, the
 * address counts as verified, and the owner hears why. Conditional on the account still being
 * unverified, in one transaction; returns null when it was verified meanwhile (a plain link then).
 */
async function claimUnverifiedAccount(
  ctx: AccountMailContext,
  provider: AuthProvider,
  identity: ProviderIdentity,
  existing: UserRow,
  now: Date,
): Promise<UserRow | null> {
  const password = await unusablePasswordHash();
  return inTransaction(ctx.db, async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ password, emailVerified: true, updatedAt: now })
      .where(and(eq(users.id, existing.id), eq(users.emailVerified, false)))
      .returning();
    if (!row) return null;
    await deleteUserSessions(tx, row.id);
    await withdrawVerificationLinks(tx, row.id);
    await link(tx, provider, identity.subject, row.id);
    // Greeted by the name the provider knows: the names on the account were typed by whoever registered it.
    const owner = { email: row.email, firstName: identity.givenName ?? null };
    await queueAccountEmail(ctx.outbox, tx, owner, 'password-cleared', {
      provider: AUTH_PROVIDER_LABELS[provider],
    });
    return row;
  });
}

/** Who signed in, or the existing account the identity may be linked to once its password is given. */
type Found = { user: UserRow } | { linkTo: UserRow };

async function findOrCreateUser(
  ctx: AccountMailContext,
  provider: AuthProvider,
  identity: ProviderIdentity,
  intent: SignupIntent,
  now: Date,
): Promise<Found> {
  const { db } = ctx;
  const label = AUTH_PROVIDER_LABELS[provider];
  const linked = await linkedUser(db, provider, identity.subject);
  if (linked) {
    assertMaySignIn(linked, intent, provider);
    return { user: linked };
  }
  if (!identity.email) throw AppError.of('SOCIAL_EMAIL_MISSING', { provider: label });
  const [existing] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${identity.email}`);
  if (existing) {
    // Linking on an unverified email would hand the account to whoever typed that address at the provider.
    if (!identity.emailVerified) throw AppError.of('SOCIAL_EMAIL_TAKEN_UNVERIFIED');
    if (existing.role === 'admin') throw AppError.of('SOCIAL_ADMIN_REFUSED', { provider: label });
    // The owner has proven the address: whoever registered it first is shut out before anything else
    // is checked, even when this sign-in is then refused (e.g. for another role). That account's
    // password was never shown to be anyone's, so it is not asked for.
    const claimed = existing.emailVerified
      ? null
      : await claimUnverifiedAccount(ctx, provider, identity, existing, now);
    assertMaySignIn(claimed ?? existing, intent, provider);
    if (claimed) return { user: claimed };
    // A verified account is its owner's: linked only after its password is given in this browser.
    return { linkTo: existing };
  }
  if (!intent.role || !intent.terms) throw AppError.of('SOCIAL_SIGNUP_NEEDS_TERMS', { provider: label });
  if (intent.role === 'investor' && !intent.risk) {
    throw AppError.of('SOCIAL_SIGNUP_NEEDS_RISK', { provider: label });
  }
  if (!identity.emailVerified) throw AppError.of('SOCIAL_EMAIL_UNVERIFIED', { provider: label });
  const created = await createSocialUser(
    db,
    {
      email: identity.email,
      role: intent.role,
      riskDisclosureAccepted: intent.risk,
      firstName: identity.givenName,
      lastName: identity.familyName,
    },
    now,
  );
  if (!created) throw AppError.of('SOCIAL_SIGNUP_RACE');
  await link(db, provider, identity.subject, created.id);
  return { user: created };
}

/** Where a social sign-in ends: a session, the second step, or the "link your account" step. */
export type SocialOutcome =
  | { kind: 'session'; user: UserRow; session: NewSession }
  | { kind: 'second-step'; pendingToken: string }
  | { kind: 'link'; linkToken: string };

export async function signInWithProvider(
  ctx: AccountMailContext,
  provider: AuthProvider,
  identity: ProviderIdentity,
  intent: SignupIntent,
  client: { userAgent: string | undefined },
  now: Date,
): Promise<SocialOutcome> {
  const { db } = ctx;
  const found = await findOrCreateUser(ctx, provider, identity, intent, now);
  if ('linkTo' in found) {
    const linkToken = newToken();
    await inTransaction(db, (tx) =>
      tx.insert(pendingSocialLinks).values({
        tokenHash: hashToken(linkToken),
        userId: found.linkTo.id,
        provider,
        providerUserId: identity.subject,
        createdAt: now,
        expiresAt: new Date(now.getTime() + PENDING_SIGN_IN_MS),
      }),
    );
    return { kind: 'link', linkToken };
  }
  const { user } = found;
  // A social sign-in proves the provider account, not the second factor: it is asked for next.
  if (await hasSecondFactor(db, user.id)) {
    const pending = await startPendingSignIn(db, user.id, false, now);
    return { kind: 'second-step', pendingToken: pending.token };
  }
  return inTransaction(db, async (tx) => {
    const [updated] = await tx
      .update(users)
      .set({ lastLoginAt: now })
      .where(eq(users.id, user.id))
      .returning();
    const session = await createSession(tx, user.id, { persistent: false, userAgent: client.userAgent }, now);
    return { kind: 'session' as const, user: updated ?? user, session };
  });
}

/**
 * The password (and second factor) of `userId` was just given in the browser that holds this link
 * token: the social identity waiting for it is linked. A token of another account, or expired, links
 * nothing. Spent either way.
 */
export async function completePendingLink(db: Db, token: string, userId: string, now: Date): Promise<void> {
  if (token.length > 100) return;
  await inTransaction(db, async (tx) => {
    const [pending] = await tx
      .delete(pendingSocialLinks)
      .where(and(eq(pendingSocialLinks.tokenHash, hashToken(token)), gt(pendingSocialLinks.expiresAt, now)))
      .returning();
    if (!pending || pending.userId !== userId) return;
    await link(tx, pending.provider as AuthProvider, pending.providerUserId, userId);
  });
}
