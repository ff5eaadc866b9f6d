// Account pre-registration takeover (issue 9, finding 1), over real HTTP against a real local OpenID
// Connect provider: an attacker signs up with the victim's email and a password; the victim later
// signs in with Google, which vouches for the email. The account is the victim's from then on: the
// attacker's password and sessions stop working, and the victim is told by email.
import { eq, sql } from 'drizzle-orm';
import { roleAccessDeniedMessage } from '../../../domain/policies.ts';
import { socialOutcomeMessage } from '../../../domain/social-outcome.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, TEST_PASSWORD, testBackend } from '../../../test/app.ts';
import { AuthClient, outboxMail, PASSWORD, VERIFY_SUBJECT, linkToken } from '../../../test/auth.ts';
import { socialSignIn, startAppWithGoogle, type OidcIdentity } from '../../../test/auth-services.ts';
import type { App } from '../../app.ts';
import { oauthAccounts, users } from '../../db/schema/index.ts';
import { SESSION_COOKIE } from './sessions.ts';

const CLEARED_SUBJECT = 'Your HydroBridge password was cleared';

let google: Awaited<ReturnType<typeof startAppWithGoogle>>;
let app: App;
let api: AuthClient;

beforeAll(async () => {
  google = await startAppWithGoogle();
  app = google.app;
  api = new AuthClient(app);
});

afterAll(async () => {
  api?.expectNoSecretsInResponses();
  await google?.close();
});

let sequence = 0;
function victim(): OidcIdentity {
  const n = `${++sequence}${Date.now().toString(36)}`;
  return {
    sub: `google-victim-${n}`,
    email: `victim.${n}@gmail.test`,
    email_verified: true,
    given_name: 'Vera',
  };
}

/** The browser's journey as `identity`; returns where it ends up and the session it holds, if any. */
async function googleSignIn(identity: OidcIdentity, query = '') {
  const { res, jar } = await socialSignIn(google, identity, { query });
  const session = jar.cookies.get(SESSION_COOKIE);
  if (session) api.tokens.add(session);
  return { location: res.headers.get('location')!, session };
}

async function userRow(id: string) {
  const [row] = await app.db.select().from(users).where(eq(users.id, id));
  return row!;
}

describe('an unverified account registered with the victim’s email', () => {
  it('the victim’s Google sign-in ends the attacker’s password and sessions', async () => {
    const person = victim();
    const attacker = await api.signup('investor', { email: person.email });
    expect(await api.meStatus(attacker.token)).toBe(200);

    const { location, session } = await googleSignIn(person);
    expect(location).toBe('/dashboard?welcome=1');
    const me = await api.get('/api/auth/me', { token: session });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ id: attacker.user.id, email: person.email, emailVerified: true });

    // The attacker's session is over, and their password no longer signs in.
    expect(await api.meStatus(attacker.token)).toBe(401);
    const again = await api.signin({ email: person.email, password: PASSWORD });
    expect(again.res.statusCode).toBe(401);
    expect(again.token).toBeNull();
  });

  it('is linked to the provider, its password replaced by one nobody knows, and the owner is told how to set one', async () => {
    const person = victim();
    const attacker = await api.signup('trader', { email: person.email, firstName: 'Visit evil.example' });
    const before = await userRow(attacker.user.id);
    const pendingLink = linkToken(
      (await outboxMail(app, person.email!, VERIFY_SUBJECT)).text,
      '/verify-email',
    );
    api.tokens.add(pendingLink);

    await googleSignIn(person);
    const after = await userRow(attacker.user.id);
    expect(after.password).toMatch(/^\$argon2id\$/);
    expect(after.password).not.toBe(before.password);
    const links = await app.db.select().from(oauthAccounts).where(eq(oauthAccounts.userId, after.id));
    expect(links).toEqual([expect.objectContaining({ provider: 'google', providerUserId: person.sub })]);
    // The verification links sent before are spent: the address is proven.
    expect((await api.post('/api/auth/verify-email', { token: pendingLink })).statusCode).toBe(400);

    const notice = await outboxMail(app, person.email!, CLEARED_SUBJECT);
    // Greeted by the provider's name: the account's names were typed by whoever registered it.
    expect(notice.text).toMatch(/^Hello Vera,\n/);
    expect(notice.text).toContain('Forgot password?');
    expect(notice.text).not.toMatch(/token=/);

    // A second Google sign-in is a plain sign-in: nothing is cleared or sent again.
    const { session } = await googleSignIn(person);
    expect(await api.meStatus(session)).toBe(200);
    expect((await userRow(after.id)).password).toBe(after.password);
  });

  it('is taken from the attacker even when the victim’s sign-in is then refused for choosing another role', async () => {
    const person = victim();
    const attacker = await api.signup('investor', { email: person.email });
    const { location, session } = await googleSignIn(person, '?role=buyer');
    expect(socialOutcomeMessage(new URL(location, 'http://x').searchParams)).toBe(
      roleAccessDeniedMessage('buyer'),
    );
    expect(session).toBeUndefined();
    expect(await api.meStatus(attacker.token)).toBe(401);
    expect((await api.signin({ email: person.email, password: PASSWORD })).res.statusCode).toBe(401);
    // With the account's own role (or none) the owner is in.
    const again = await googleSignIn(person, '?role=investor');
    expect(again.location).toBe('/dashboard?welcome=1');
  });

  // The interleaving that would keep a session alive: the attacker's sign-in has checked the old
  // password when the victim's sign-in clears it. A row lock held here queues the victim's claim first
  // and the attacker's sign-in second, then lets both go. (PGlite runs one transaction at a time, so
  // the interleaving cannot happen there.)
  it.skipIf(testBackend() === 'pglite')(
    'a password sign-in that checked the old password while the Google sign-in cleared it gets no session',
    async () => {
      const person = victim();
      const attacker = await api.signup('buyer', { email: person.email });
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let locked!: () => void;
      const isLocked = new Promise<void>((resolve) => (locked = resolve));
      const lock = app.db.transaction(async (tx) => {
        await tx.execute(sql`select 1 from users where id = ${attacker.user.id} for update`);
        locked();
        await held;
      });
      await isLocked;
      /** Statements of this database waiting for a lock. */
      const waiting = async () => {
        const [row] = await app.db
          .select({ n: sql<number>`count(*)::int` })
          .from(sql`pg_stat_activity`)
          .where(sql`wait_event_type = 'Lock' and datname = current_database()`);
        return row!.n;
      };

      const google = googleSignIn(person);
      await expect.poll(waiting, { timeout: 20_000 }).toBe(1);
      const signin = api.signin({ email: person.email, password: PASSWORD });
      await expect.poll(waiting, { timeout: 20_000 }).toBe(2);
      release();
      await lock;

      const [victimSignIn, attackerSignIn] = await Promise.all([google, signin]);
      expect(await api.meStatus(victimSignIn.session)).toBe(200);
      expect(attackerSignIn.res.statusCode).toBe(401);
      expect(attackerSignIn.token).toBeNull();
      expect(await api.meStatus(attacker.token)).toBe(401);
    },
  );
});

describe('a verified account with the same email', () => {
  it('is not linked on the provider’s word: the owner’s password and sessions keep working, nothing is linked until it is given', async () => {
    const owner = await createUser(app.db);
    const session = await api.session(owner.id);
    const person = { ...victim(), email: owner.email! };
    const { location, session: googleSession } = await googleSignIn(person);
    expect(location).toBe('/?linkAccount=google');
    expect(googleSession).toBeUndefined();
    expect(await api.meStatus(session)).toBe(200);
    expect(await app.db.select().from(oauthAccounts).where(eq(oauthAccounts.userId, owner.id))).toEqual([]);
    const signin = await api.signin({ email: owner.email, password: TEST_PASSWORD });
    expect(signin.res.statusCode).toBe(200);
    expect((await userRow(owner.id)).password).toBe(owner.password);
  });
});
