// Who a social login is: the account linked to the provider's subject; else the account with the
// provider's email when the provider vouches for it (email_verified), which gets linked; else a new
// account, when the dialog chose a role and the terms (and, for investors, the risk disclosure) were
// accepted. Then a session, exactly like a password sign-in.
import { and, eq, sql } from 'drizzle-orm';
import { AUTH_PROVIDER_LABELS, type AuthProvider } from '../../../domain/auth.ts';
import { roleAccessDeniedMessage } from '../../../domain/policies.ts';
import type { SignupRole } from '../../../domain/users.ts';
import type { Db } from '../../db/connect.ts';
import { oauthAccounts, users } from '../../db/schema/index.ts';
import { createSocialUser } from './accounts.ts';
import type { ProviderIdentity } from './oauth.ts';
import { createSession, type NewSession, type UserRow } from './sessions.ts';

/** What the dialog sent along when the browser left for the provider. */
export interface SignupIntent {
  role?: SignupRole | undefined;
  terms: boolean;
  risk: boolean;
}

/** A refusal to show the visitor as it is. */
export class SocialLoginError extends Error {
  override name = 'SocialLoginError';
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
  if (user.accountStatus !== 'active') {
    throw new SocialLoginError('Your account is suspended. Contact support to reactivate it.');
  }
  // The same rule as the password sign-in: a role chosen in the dialog must be the user's own.
  if (intent.role && user.role !== 'admin' && intent.role !== user.role) {
    throw new SocialLoginError(roleAccessDeniedMessage(intent.role));
  }
}

async function findOrCreateUser(
  db: Db,
  provider: AuthProvider,
  identity: ProviderIdentity,
  intent: SignupIntent,
): Promise<UserRow> {
  const label = AUTH_PROVIDER_LABELS[provider];
  const linked = await linkedUser(db, provider, identity.subject);
  if (linked) {
    assertMaySignIn(linked, intent);
    return linked;
  }
  if (!identity.email) {
    throw new SocialLoginError(`${label} did not share your email address. Sign up with your email instead.`);
  }
  const [existing] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${identity.email}`);
  if (existing) {
    // Linking on an unverified email would hand the account to whoever typed that address at the provider.
    if (!identity.emailVerified) {
      throw new SocialLoginError(
        'An account with this email already exists. Sign in with your email and password.',
      );
    }
    assertMaySignIn(existing, intent);
    await link(db, provider, identity.subject, existing.id);
    return existing;
  }
  if (!intent.role || !intent.terms) {
    throw new SocialLoginError(`Choose your role and accept the terms to create an account with ${label}`);
  }
  if (intent.role === 'investor' && !intent.risk) {
    throw new SocialLoginError(`Acknowledge the risk disclosure to create an investor account with ${label}`);
  }
  if (!identity.emailVerified) {
    throw new SocialLoginError(
      `Your ${label} email address is not verified. Verify it with ${label}, or sign up with your email.`,
    );
  }
  const created = await createSocialUser(db, {
    email: identity.email,
    role: intent.role,
    riskDisclosureAccepted: intent.risk,
    firstName: identity.givenName,
    lastName: identity.familyName,
  });
  if (!created) {
    throw new SocialLoginError('An account with this email already exists. Please try signing in again.');
  }
  await link(db, provider, identity.subject, created.id);
  return created;
}

export async function signInWithProvider(
  db: Db,
  provider: AuthProvider,
  identity: ProviderIdentity,
  intent: SignupIntent,
  client: { userAgent: string | undefined },
): Promise<{ user: UserRow; session: NewSession }> {
  const user = await findOrCreateUser(db, provider, identity, intent);
  const [updated] = await db
    .update(users)
    .set({ lastLoginAt: new Date() })
    .where(eq(users.id, user.id))
    .returning();
  const session = await createSession(db, user.id, { persistent: false, userAgent: client.userAgent });
  return { user: updated ?? user, session };
}
