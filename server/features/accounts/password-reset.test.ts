// Forgotten password, end to end: the request answers the same for any email, the link arrives by
// email (through a real SMTP server started here, or the development outbox), its token sets a new
// password once, within the hour, ending every session — and no token reaches a log line.
import { createHash } from 'node:crypto';
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, TEST_PASSWORD } from '../../../test/app.ts';
import { linkToken, outboxMail } from '../../../test/auth.ts';
import { buildAppWithSettings, startSmtpReceiver, waitUntil } from '../../../test/auth-services.ts';
import { freePort } from '../../../test/free-port.ts';
import type { App } from '../../app.ts';
import { emailOutbox, outgoingEmails, passwordResetTokens } from '../../db/schema/index.ts';
import { sessionCookieFor } from './sessions.ts';

const PUBLIC_URL = 'https://hydrobridge.test';
/** __Host-hb_session: PUBLIC_URL is https. */
const SESSION_COOKIE = sessionCookieFor(PUBLIC_URL).name;
const NEW_PASSWORD = 'A-brand-new-passphrase-7';
const SAME_ANSWER = { success: true };
const INVALID_LINK = {
  error: 'This password reset link is invalid or has expired. Please request a new one.',
};

let ipCounter = 0;
/** Every call from its own address unless a test is about the per-IP limit. */
const freshIp = () => `10.20.${(++ipCounter >> 8) & 255}.${ipCounter & 255}`;

function forgot(app: App, email: string, ip = freshIp()) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/forgot-password',
    payload: { email },
    remoteAddress: ip,
  });
}

function reset(app: App, token: string, password = NEW_PASSWORD) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/reset-password',
    payload: { token, password, confirmPassword: password },
    remoteAddress: freshIp(),
  });
}

async function signin(app: App, email: string, password: string) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/signin',
    payload: { email, password },
    remoteAddress: freshIp(),
  });
}

const RESET_SUBJECT = 'Reset your HydroBridge password';
const tokenIn = (text: string) => linkToken(text, '/reset-password');

describe('forgot password with the development outbox (no SMTP_URL)', () => {
  let app: App;
  const logLines: string[] = [];
  const secrets: string[] = [NEW_PASSWORD];

  beforeAll(async () => {
    app = await buildAppWithSettings(
      { publicUrl: PUBLIC_URL },
      { level: 'trace', stream: { write: (line: string) => void logLines.push(line) } },
    );
  });
  afterAll(async () => {
    await app.close();
  });

  it('answers 200 { success: true } alike for a known and an unknown email; only the known one gets mail', async () => {
    const user = await createUser(app.db);
    const known = await forgot(app, user.email!);
    const unknown = await forgot(app, 'nobody-here@test.example');
    expect([known.statusCode, unknown.statusCode]).toEqual([200, 200]);
    expect(known.json()).toEqual(SAME_ANSWER);
    expect(unknown.body).toBe(known.body);

    const mail = await outboxMail(app, user.email!, RESET_SUBJECT);
    expect(mail.text).toContain(`${PUBLIC_URL}/reset-password?token=`);
    secrets.push(tokenIn(mail.text));
    const toUnknown = await app.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.to, 'nobody-here@test.example'));
    expect(toUnknown).toHaveLength(0);
  });

  it('matches the email case-insensitively and stores only the SHA-256 of the token, valid one hour', async () => {
    const user = await createUser(app.db, { email: `mixed.${Date.now()}@test.example` });
    expect((await forgot(app, user.email!.toUpperCase())).statusCode).toBe(200);
    const token = tokenIn((await outboxMail(app, user.email!, RESET_SUBJECT)).text);
    secrets.push(token);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);

    const rows = await app.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(rows[0]!.tokenHash).not.toContain(token);
    const validMinutes = (rows[0]!.expiresAt.getTime() - rows[0]!.createdAt.getTime()) / 60_000;
    expect(validMinutes).toBeCloseTo(60, 0);
  });

  it('the link sets a new password: sign-in works with the new one and fails with the old one', async () => {
    const user = await createUser(app.db);
    await forgot(app, user.email!);
    const token = tokenIn((await outboxMail(app, user.email!, RESET_SUBJECT)).text);
    secrets.push(token);

    const res = await reset(app, token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(SAME_ANSWER);
    // No automatic sign-in after a reset.
    expect(res.headers['set-cookie']).toBeUndefined();

    expect((await signin(app, user.email!, NEW_PASSWORD)).statusCode).toBe(200);
    const old = await signin(app, user.email!, TEST_PASSWORD);
    expect(old.statusCode).toBe(401);
    // The owner hears about it.
    const notice = await outboxMail(app, user.email!, 'Your HydroBridge password was changed');
    expect(notice.text).not.toMatch(/token=/);
  });

  it('a token works once: the second use gets 400 with the spec-style message', async () => {
    const user = await createUser(app.db);
    await forgot(app, user.email!);
    const token = tokenIn((await outboxMail(app, user.email!, RESET_SUBJECT)).text);
    secrets.push(token);
    expect((await reset(app, token)).statusCode).toBe(200);
    const again = await reset(app, token, 'Yet-another-passphrase-9');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(INVALID_LINK);
    expect((await signin(app, user.email!, 'Yet-another-passphrase-9')).statusCode).toBe(401);
  });

  it('two concurrent uses of one token: exactly one wins', async () => {
    const user = await createUser(app.db);
    await forgot(app, user.email!);
    const token = tokenIn((await outboxMail(app, user.email!, RESET_SUBJECT)).text);
    secrets.push(token);
    const results = await Promise.all([
      reset(app, token, 'Racer-one-passphrase-1'),
      reset(app, token, 'Racer-two-passphrase-2'),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const winner = results[0]!.statusCode === 200 ? 'Racer-one-passphrase-1' : 'Racer-two-passphrase-2';
    expect((await signin(app, user.email!, winner)).statusCode).toBe(200);
  });

  it('an expired token is refused and changes nothing', async () => {
    const user = await createUser(app.db);
    await forgot(app, user.email!);
    const token = tokenIn((await outboxMail(app, user.email!, RESET_SUBJECT)).text);
    secrets.push(token);
    await app.db
      .update(passwordResetTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(passwordResetTokens.userId, user.id));
    const res = await reset(app, token);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(INVALID_LINK);
    expect((await signin(app, user.email!, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('an unknown or malformed token is refused with the same message', async () => {
    const unknown = await reset(app, 'x'.repeat(43));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual(INVALID_LINK);
  });

  it('a reset ends every session of the user (the old cookie gets 401) and withdraws the other links', async () => {
    const user = await createUser(app.db);
    const signedIn = await signin(app, user.email!, TEST_PASSWORD);
    expect(signedIn.statusCode).toBe(200);
    const cookie = signedIn.cookies.find((c) => c.name === SESSION_COOKIE)!;
    const me = () => app.inject({ url: '/api/auth/me', cookies: { [SESSION_COOKIE]: cookie.value } });
    expect((await me()).statusCode).toBe(200);

    await forgot(app, user.email!);
    const first = tokenIn((await outboxMail(app, user.email!, RESET_SUBJECT)).text);
    await forgot(app, user.email!);
    const second = await waitUntil(async () => {
      const rows = await app.db
        .select()
        .from(emailOutbox)
        .where(eq(emailOutbox.to, user.email!))
        .orderBy(desc(emailOutbox.createdAt));
      const tokens = rows.map((r) => tokenIn(r.text)).filter((t) => t !== first);
      return tokens[0];
    }, 'the second reset email');
    secrets.push(first, second);

    expect((await reset(app, second)).statusCode).toBe(200);
    expect((await me()).statusCode).toBe(401);
    const withdrawn = await reset(app, first, 'Another-passphrase-33');
    expect(withdrawn.statusCode).toBe(400);
    expect(withdrawn.json()).toEqual(INVALID_LINK);
  });

  it('validates the bodies with the domain schemas (400 naming the field)', async () => {
    const badEmail = await forgot(app, 'not-an-email');
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json()).toMatchObject({
      error: 'Invalid email address',
      fields: { email: 'Invalid email address' },
    });

    const short = await reset(app, 'y'.repeat(43), 'short');
    expect(short.statusCode).toBe(400);
    expect(short.json().error).toBe('Password must be at least 8 characters');

    const mismatch = await app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: 'z'.repeat(43), password: NEW_PASSWORD, confirmPassword: `${NEW_PASSWORD}x` },
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().error).toBe("Passwords don't match");
  });

  it('per email: the 4th request within the hour gets 429 with Retry-After, for unknown emails too', async () => {
    for (const email of [(await createUser(app.db)).email!, `ghost.${Date.now()}@test.example`]) {
      for (let i = 0; i < 3; i++) expect((await forgot(app, email)).statusCode).toBe(200);
      const limited = await forgot(app, email);
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual({
        error: 'Too many password reset requests. Please try again in an hour.',
      });
      const retryAfter = Number(limited.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(3000);
      expect(retryAfter).toBeLessThanOrEqual(3600);
    }
  });

  it('per IP: the 11th request within the hour gets 429 with Retry-After', async () => {
    const ip = '192.0.2.77';
    for (let i = 0; i < 10; i++) {
      expect((await forgot(app, `ip-probe-${i}@test.example`, ip)).statusCode).toBe(200);
    }
    const limited = await forgot(app, 'ip-probe-10@test.example', ip);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await forgot(app, 'ip-probe-10@test.example')).statusCode).toBe(200);
  });

  it('no reset token or new password appears in any log line, even when the reset page URL is requested', async () => {
    const token = secrets[1]!;
    await app.inject({ url: `/reset-password?token=${token}` });
    await app.inject({ url: `/api/auth/oauth/google/callback?code=abc&state=${token}` });
    expect(logLines.length).toBeGreaterThan(20);
    const log = logLines.join('\n');
    expect(log).toContain('[redacted]');
    for (const secret of secrets) expect(log).not.toContain(secret);
  });
});

describe('forgot password through SMTP (SMTP_URL set)', () => {
  let app: App;
  let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
  const MAIL_FROM = 'HydroBridge Test <accounts@hydrobridge.test>';

  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    app = await buildAppWithSettings({ publicUrl: PUBLIC_URL, smtpUrl: smtp.url, mailFrom: MAIL_FROM });
  });
  afterAll(async () => {
    await app.close();
    await smtp.close();
  });

  it('the reset email arrives at a real SMTP server from MAIL_FROM, and its link resets the password', async () => {
    const user = await createUser(app.db);
    expect((await forgot(app, user.email!)).json()).toEqual(SAME_ANSWER);
    const mail = await smtp.waitForMail(
      (m) => m.to === user.email && m.subject === 'Reset your HydroBridge password',
    );
    expect(mail.from).toBe('accounts@hydrobridge.test');
    expect(mail.text).toContain(`${PUBLIC_URL}/reset-password?token=`);
    // Nothing lands in the outbox when SMTP is configured.
    expect(await app.db.select().from(emailOutbox)).toHaveLength(0);

    expect((await reset(app, tokenIn(mail.text))).statusCode).toBe(200);
    expect((await signin(app, user.email!, NEW_PASSWORD)).statusCode).toBe(200);
    await smtp.waitForMail(
      (m) => m.to === user.email && m.subject === 'Your HydroBridge password was changed',
    );
  });

  it('sends nothing for an unknown email', async () => {
    const before = smtp.received.length;
    expect((await forgot(app, 'unknown-smtp@test.example')).json()).toEqual(SAME_ANSWER);
    const user = await createUser(app.db);
    await forgot(app, user.email!);
    await smtp.waitForMail((m) => m.to === user.email);
    expect(smtp.received.slice(before).map((m) => m.to)).toEqual([user.email]);
  });
});

describe('forgot password while the SMTP server is down', () => {
  it('answers the same 200 and logs the failure without the email body', async () => {
    const logLines: string[] = [];
    const port = await freePort(); // nothing listens there
    const app = await buildAppWithSettings(
      { publicUrl: PUBLIC_URL, smtpUrl: `smtp://127.0.0.1:${port}` },
      { level: 'info', stream: { write: (line: string) => void logLines.push(line) } },
    );
    try {
      const user = await createUser(app.db);
      const res = await forgot(app, user.email!);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(SAME_ANSWER);
      const failure = await waitUntil(
        () => logLines.find((l) => l.includes('email could not be sent')),
        'the delivery failure log line',
      );
      expect(failure).not.toContain('reset-password?token=');
      expect(failure).toContain('Reset your HydroBridge password');
      // Kept for a later attempt, not lost.
      const [queued] = await app.db.select().from(outgoingEmails).where(eq(outgoingEmails.to, user.email!));
      expect(queued).toMatchObject({ status: 'pending', attempts: 1, template: 'password-reset' });
      expect(queued!.lastError).toMatch(/ECONNREFUSED/);
      expect(queued!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    } finally {
      await app.close();
    }
  });
});
