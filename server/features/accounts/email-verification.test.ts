// Email ownership: sign-up emails a `$PUBLIC_URL/verify-email?token=…` link (development outbox, or a
// real SMTP server started here); POST /api/auth/verify-email with its token verifies the address once,
// within 24 hours, signed in or not; the signed-in user may ask for a new link, within a limit. Time
// is passed to the service rather than waited for.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorMessage } from '../../../domain/errors.ts';
import { createUser, openTestDatabase, TEST_PASSWORD } from '../../../test/app.ts';
import { AuthClient, linkToken, outboxMail, PASSWORD, VERIFY_SUBJECT } from '../../../test/auth.ts';
import { buildAppWithSettings, startSmtpReceiver } from '../../../test/auth-services.ts';
import type { App } from '../../app.ts';
import {
  emailOutbox,
  emailVerificationTokens,
  oauthAccounts,
  rateLimitEvents,
  users,
} from '../../db/schema/index.ts';
import { accountMailContext } from '../../email/account-emails.ts';
import { sendVerificationEmail } from './email-verification.ts';
import { LIMITS } from '../../rate-limit.ts';

// Plain http: the session cookie keeps its development name (hb_session), which the test kit reads.
const PUBLIC_URL = 'http://hydrobridge.test';
const HOUR_MS = 3_600_000;
const LINK_INVALID = { error: errorMessage('EMAIL_VERIFICATION_LINK_INVALID') };

let app: App;
let api: AuthClient;

beforeAll(async () => {
  app = await buildAppWithSettings({ publicUrl: PUBLIC_URL });
  api = new AuthClient(app);
});

afterAll(async () => {
  api.expectNoSecretsInResponses();
  await app.close();
});

/** The token of the newest verification email to `email`; remembered as a secret no answer may hold. */
async function emailedToken(email: string): Promise<string> {
  const token = linkToken((await outboxMail(app, email, VERIFY_SUBJECT)).text, '/verify-email');
  api.tokens.add(token);
  return token;
}

const verify = (token: unknown, sessionToken?: string) =>
  api.post('/api/auth/verify-email', { token }, { token: sessionToken });
const resend = (sessionToken: string | null) =>
  api.post('/api/auth/verify-email/resend', undefined, { token: sessionToken });

async function verificationEmailsTo(email: string): Promise<number> {
  const [row] = await app.db
    .select({ n: count() })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, email), eq(emailOutbox.subject, VERIFY_SUBJECT)));
  return row!.n;
}

/** A token issued by the service at `at` (the clock passed in), for the account's address. */
async function tokenIssuedAt(user: { id: string; email: string; username: string }, at: Date) {
  const before = await verificationEmailsTo(user.email);
  await sendVerificationEmail(accountMailContext(app, app.log), { ...user, firstName: null }, at);
  await expect.poll(() => verificationEmailsTo(user.email)).toBe(before + 1);
  return emailedToken(user.email);
}

describe('sign-up', () => {
  it('answers emailVerified: false, as do /api/auth/me and /api/auth/session', async () => {
    const { user, token } = await api.signup('trader');
    expect(user.emailVerified).toBe(false);
    expect((await api.get('/api/auth/me', { token })).json()).toMatchObject({ emailVerified: false });
    expect((await api.get('/api/auth/session', { token })).json()).toMatchObject({
      user: { emailVerified: false },
    });
  });

  it('emails a $PUBLIC_URL/verify-email link holding 256 random bits, stored only as their SHA-256, valid 24 hours', async () => {
    const { user } = await api.signup('investor', { firstName: 'Grace' });
    const mail = await outboxMail(app, user.email, VERIFY_SUBJECT);
    expect(mail.text).toMatch(/^Hello Grace,/);
    expect(mail.text).toMatch(new RegExp(`\n${PUBLIC_URL}/verify-email\\?token=[A-Za-z0-9_-]{43}\n`));
    const token = await emailedToken(user.email);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);

    const rows = await app.db
      .select()
      .from(emailVerificationTokens)
      .where(eq(emailVerificationTokens.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(rows[0]!.email).toBe(user.email);
    expect(rows[0]!.expiresAt.getTime() - rows[0]!.createdAt.getTime()).toBe(24 * HOUR_MS);
  });
});

describe('POST /api/auth/verify-email', () => {
  it('verifies the address without a session (the link may open in another browser); every answer says so', async () => {
    const { user, token: session } = await api.signup('buyer');
    const res = await verify(await emailedToken(user.email));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ emailVerified: true });
    expect(res.headers['set-cookie']).toBeUndefined(); // no sign-in by link

    expect((await api.get('/api/auth/me', { token: session })).json()).toMatchObject({ emailVerified: true });
    const signin = await api.signin({ email: user.email, password: PASSWORD });
    expect(signin.res.json()).toMatchObject({ emailVerified: true });
  });

  it('works once: a second use is 400 with a clear message, and the other links of the account are withdrawn', async () => {
    const { user, token: session } = await api.signup('investor');
    const first = await emailedToken(user.email);
    expect((await resend(session)).json()).toEqual({ sent: true });
    await expect.poll(() => verificationEmailsTo(user.email)).toBe(2);
    const second = await emailedToken(user.email);
    expect(second).not.toBe(first);

    expect((await verify(second)).statusCode).toBe(200);
    for (const used of [second, first]) {
      const again = await verify(used);
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual(LINK_INVALID);
    }
  });

  it('two concurrent uses of one link: exactly one is 200', async () => {
    const { user } = await api.signup('trader');
    const token = await emailedToken(user.email);
    const answers = await Promise.all([verify(token), verify(token), verify(token)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400, 400]);
  });

  it('a link works for 24 hours: issued 23 h 59 min ago it verifies, issued 24 h ago it is refused and changes nothing', async () => {
    const now = Date.now();
    const late = await createUser(app.db, { emailVerified: false });
    const lateToken = await tokenIssuedAt({ ...late, email: late.email! }, new Date(now - 24 * HOUR_MS));
    const res = await verify(lateToken);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(LINK_INVALID);
    const [row] = await app.db.select().from(users).where(eq(users.id, late.id));
    expect(row!.emailVerified).toBe(false);

    const inTime = await createUser(app.db, { emailVerified: false });
    const token = await tokenIssuedAt(
      { ...inTime, email: inTime.email! },
      new Date(now - 24 * HOUR_MS + 60_000),
    );
    expect((await verify(token)).statusCode).toBe(200);
  });

  it('a link proves the address it was sent to: once the account’s address differs, it verifies nothing', async () => {
    const { user } = await api.signup('investor');
    const token = await emailedToken(user.email);
    await app.db
      .update(users)
      .set({ email: `changed.${user.email}` })
      .where(eq(users.id, user.id));
    expect((await verify(token)).json()).toEqual(LINK_INVALID);
    const [row] = await app.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.emailVerified).toBe(false);
  });

  it.each([
    ['an unknown token', { token: 'x'.repeat(43) }, LINK_INVALID.error],
    ['a short token', { token: 'abc' }, undefined],
    ['a huge token', { token: 'x'.repeat(10_000) }, undefined],
    ['a number', { token: 42 }, undefined],
    ['no token', {}, undefined],
  ])('%s → 400 with a message, never a 500', async (_, body, message) => {
    const res = await api.post('/api/auth/verify-email', body);
    expect(res.statusCode).toBe(400);
    const answer = res.json<{ error: string }>();
    expect(answer.error).toEqual(message ?? expect.any(String));
  });
});

describe('POST /api/auth/verify-email/resend', () => {
  it('needs a session: 401 otherwise', async () => {
    const res = await resend(null);
    expect(res.statusCode).toBe(401);
  });

  it('an already verified address changes nothing: { sent: false }, no email, nothing counted', async () => {
    const user = await createUser(app.db);
    const session = await api.session(user.id);
    const res = await resend(session);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ sent: false });
    expect(await verificationEmailsTo(user.email!)).toBe(0);
    const events = await app.db
      .select()
      .from(rateLimitEvents)
      .where(eq(rateLimitEvents.key, `user:${user.id}`));
    expect(events).toHaveLength(0);
  });

  it('sends a new link each time, 3 an hour per account: the 4th is 429 with Retry-After and the reason', async () => {
    const { user, token: session } = await api.signup('buyer');
    for (let i = 0; i < LIMITS.verifyEmailPerAccount.max; i++) {
      expect((await resend(session)).json()).toEqual({ sent: true });
    }
    const refused = await resend(session);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: LIMITS.verifyEmailPerAccount.message });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);
    // The sign-up email and three new ones (the refused request stopped before making a link).
    await expect.poll(() => verificationEmailsTo(user.email)).toBe(4);
    const links = await app.db
      .select({ n: count() })
      .from(emailVerificationTokens)
      .where(eq(emailVerificationTokens.userId, user.id));
    expect(links[0]!.n).toBe(4);
  });
});

describe('delivery through SMTP when SMTP_URL is set', () => {
  it('the verification email arrives at a real SMTP server, and its link verifies', async () => {
    const smtp = await startSmtpReceiver();
    const smtpApp = await buildAppWithSettings({ publicUrl: PUBLIC_URL, smtpUrl: smtp.url });
    try {
      const client = new AuthClient(smtpApp);
      const { user } = await client.signup('trader');
      const mail = await smtp.waitForMail((m) => m.to === user.email);
      expect(mail.subject).toBe(VERIFY_SUBJECT);
      const token = linkToken(mail.text, '/verify-email');
      client.tokens.add(token);
      expect((await client.post('/api/auth/verify-email', { token })).json()).toEqual({
        emailVerified: true,
      });
      client.expectNoSecretsInResponses();
    } finally {
      await smtpApp.close();
      await smtp.close();
    }
  });
});

describe('accounts that existed before verification (migration 0005)', () => {
  it('verifies admins, KYC-approved and social-linked accounts; plain password sign-ups stay unverified', async () => {
    const database = await openTestDatabase();
    await database.migrate();
    const { db } = database;
    const admin = await createUser(db, { role: 'admin', kycStatus: 'pending', emailVerified: false });
    const approved = await createUser(db, { kycStatus: 'approved', emailVerified: false });
    const social = await createUser(db, { kycStatus: 'pending', emailVerified: false });
    await db.insert(oauthAccounts).values({ provider: 'google', providerUserId: 'g-1', userId: social.id });
    const plain = await createUser(db, { kycStatus: 'pending', emailVerified: false });

    const migration = fs.readFileSync(
      path.resolve(import.meta.dirname, '../../db/migrations/0005_email_verification.sql'),
      'utf8',
    );
    const backfill = migration
      .split('--> statement-breakpoint')
      .map((statement) => statement.replace(/^\s*--.*$/gm, '').trim())
      .find((statement) => statement.startsWith('UPDATE'));
    await db.execute(sql.raw(backfill!));

    const flags = new Map(
      (await db.select({ id: users.id, emailVerified: users.emailVerified }).from(users)).map((u) => [
        u.id,
        u.emailVerified,
      ]),
    );
    expect([admin, approved, social, plain].map((u) => flags.get(u.id))).toEqual([true, true, true, false]);
  });
});

describe('a password reset', () => {
  it('proves the address too: the link came by email', async () => {
    const user = await createUser(app.db, { emailVerified: false });
    await api.post('/api/auth/forgot-password', { email: user.email });
    const mail = await outboxMail(app, user.email!, 'Reset your HydroBridge password');
    const token = linkToken(mail.text, '/reset-password');
    api.tokens.add(token);
    const password = 'A-new-passphrase-for-you-3';
    const res = await api.post('/api/auth/reset-password', { token, password, confirmPassword: password });
    expect(res.statusCode).toBe(200);
    const signin = await api.signin({ email: user.email, password });
    expect(signin.res.json()).toMatchObject({ emailVerified: true });
    expect((await api.signin({ email: user.email, password: TEST_PASSWORD })).res.statusCode).toBe(401);
  });
});
