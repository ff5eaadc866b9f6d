// Who a social login is: the account linked to the provider's subject; else the account with the
// provider's email when the provider vouches for it (email_verified), which gets linked; else a new
// account, when the dialog chose a role and the terms (and, for investors, the risk disclosure) were
// accepted. Then a session, exactly like a password sign-in.
//
// Linking an account whose address was never verified would hand it to whoever registered that address
// first (pre-registration takeover): its password is cleared and its sessions ended before the link,
// and the owner is told (docs/decisions/0001-email-verification.md).
import { and, eq, sql } from 'drizzle-orm';
import { AUTH_PROVIDER_LABELS, type AuthProvider } from '../../../domain/auth.ts';
import type { SignupRole } from '../../../domain/users.ts';
import type { Db } from '../../db/connect.ts';
import { oauthAccounts, users } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { sendAccountEmail, type AccountMailContext } from './account-emails.ts';
import { createSocialUser, unusablePasswordHash } from './accounts.ts';
import { withdrawVerificationLinks } from './email-verification.ts';
import type { ProviderIdentity } from './oauth.ts';
import { createSession, deleteUserSessions, type NewSession, type UserRow } from './sessions.ts';

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
  await db.insert(oauthAccounts).values({ provider, providerUserId: subject, userId }).onConflictDoNothing();
}

function assertMaySignIn(user: UserRow, intent: SignupIntent): void {
  if (user.accountStatus !== 'active') throw AppError.of('ACCOUNT_SUSPENDED');
  // The same rule as the password sign-in: a role chosen in the dialog must be the user's own.
  if (intent.role && user.role !== 'admin' && intent.role !== user.role) {
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
): Promise<UserRow | null> {
  const password = await unusablePasswordHash();
  const claimed = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ password, emailVerified: true, updatedAt: new Date() })
      .where(and(eq(users.id, existing.id), eq(users.emailVerified, false)))
      .returning();
    if (!row) return null;
    await deleteUserSessions(tx, row.id);
    await withdrawVerificationLinks(tx, row.id);
    await link(tx, provider, identity.subject, row.id);
    return row;
  });
  if (claimed) {
    const label = AUTH_PROVIDER_LABELS[provider];
    // Greeted by the name the provider knows: the names on the account were typed by whoever registered it.
    const owner = { email: claimed.email, firstName: identity.givenName ?? null };
    sendAccountEmail(ctx, owner, 'Your HydroBridge password was cleared', [
      `You just signed in to HydroBridge with ${label}. An account with your email address already`,
      'existed, but its address had never been verified, so nothing showed that you chose its password.',
      '',
      'To keep the account yours, we cleared that password and signed out every device that used it.',
      `Keep signing in with ${label}, or choose a new password with "Forgot password?" in the sign-in`,
      'dialog.',
      '',
      'If you did not create this account, someone may have registered your address before you: it is',
      'yours now, and nothing else is needed.',
    ]);
  }
  return claimed;
}

async function findOrCreateUser(
  ctx: AccountMailContext,
  provider: AuthProvider,
  identity: ProviderIdentity,
  intent: SignupIntent,
): Promise<UserRow> {
  const { db } = ctx;
  const label = AUTH_PROVIDER_LABELS[provider];
  const linked = await linkedUser(db, provider, identity.subject);
  if (linked) {
    assertMaySignIn(linked, intent);
    return linked;
  }
  if (!identity.email) throw AppError.of('SOCIAL_EMAIL_MISSING', { provider: label });
  const [existing] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${identity.email}`);
  if (existing) {
    // Linking on an unverified email would hand the account to whoever typed that address at the provider.
    if (!identity.emailVerified) throw AppError.of('SOCIAL_EMAIL_TAKEN_UNVERIFIED');
    // The owner has proven the address: whoever registered it first is shut out before anything else
    // is checked, even when this sign-in is then refused (e.g. for another role).
    const claimed = existing.emailVerified
      ? null
      : await claimUnverifiedAccount(ctx, provider, identity, existing);
    assertMaySignIn(claimed ?? existing, intent);
    if (claimed) return claimed;
    await link(db, provider, identity.subject, existing.id);
    return existing;
  }
  if (!intent.role || !intent.terms) throw AppError.of('SOCIAL_SIGNUP_NEEDS_TERMS', { provider: label });
  if (intent.role === 'investor' && !intent.risk) {
    throw AppError.of('SOCIAL_SIGNUP_NEEDS_RISK', { provider: label });
  }
  if (!identity.emailVerified) throw AppError.of('SOCIAL_EMAIL_UNVERIFIED', { provider: label });
  const created = await createSocialUser(db, {
    email: identity.email,
    role: intent.role,
    riskDisclosureAccepted: intent.risk,
    firstName: identity.givenName,
    lastName: identity.familyName,
  });
  if (!created) throw AppError.of('SOCIAL_SIGNUP_RACE');
  await link(db, provider, identity.subject, created.id);
  return created;
}

export async function signInWithProvider(
  ctx: AccountMailContext,
  provider: AuthProvider,
  identity: ProviderIdentity,
  intent: SignupIntent,
  client: { userAgent: string | undefined },
): Promise<{ user: UserRow; session: NewSession }> {
  const { db } = ctx;
  const user = await findOrCreateUser(ctx, provider, identity, intent);
  const [updated] = await db
    .update(users)
    .set({ lastLoginAt: new Date() })
    .where(eq(users.id, user.id))
    .returning();
  const session = await createSession(db, user.id, { persistent: false, userAgent: client.userAgent });
  return { user: updated ?? user, session };
}
