// Auth judges time by the app's clock (server/context.ts), not the machine's: with the clock moved
// forward, a session, a reset link, a verification link and a rate-limit window end exactly when the
// product says they do — to the millisecond, with no sleeping.
import { describe, expect, it } from 'vitest';
import { AuthClient, linkToken, outboxMail, VERIFY_SUBJECT } from '../../../test/auth.ts';
import { buildTestApp, createUser, TEST_PASSWORD, testClock } from '../../../test/app.ts';
import { RESET_TTL_MS } from './password-reset.ts';
import { IDLE_TIMEOUT_MS, PERSISTENT_TTL_MS } from './sessions.ts';
import { EMAIL_VERIFICATION_TTL_HOURS } from '../../../domain/users.ts';

/** A clock far from the machine's, so nothing can pass by reading the machine's time. */
const start = () => testClock(new Date('2031-05-01T09:00:00.000Z'));

describe('auth on the app clock', () => {
  it('a session without Remember me ends exactly 12 hours after its last use; with it, 30 days after sign-in', async () => {
    const clock = start();
    const app = await buildTestApp({ clock });
    const api = new AuthClient(app);
    const user = await createUser(app.db);
    const signIn = async (rememberMe: boolean) =>
      (await api.signin({ email: user.email, password: TEST_PASSWORD, rememberMe })).token!;
    const [early, onTime, remembered] = [await signIn(false), await signIn(false), await signIn(true)];

    clock.advance(IDLE_TIMEOUT_MS - 1);
    expect(await api.meStatus(early)).toBe(200);
    clock.advance(1);
    expect(await api.meStatus(onTime)).toBe(401);
    // The one used a millisecond before its end slid on from that use.
    clock.advance(IDLE_TIMEOUT_MS - 2);
    expect(await api.meStatus(early)).toBe(200);

    // 2 × 12 h − 2 ms have passed: to 30 days − 1 ms.
    clock.advance(PERSISTENT_TTL_MS - 2 * IDLE_TIMEOUT_MS + 1);
    expect(await api.meStatus(remembered)).toBe(200);
    clock.advance(1);
    expect(await api.meStatus(remembered)).toBe(401);
  });

  it('a reset link works until one hour after it was sent and not a millisecond longer', async () => {
    const clock = start();
    const app = await buildTestApp({ clock });
    const api = new AuthClient(app);
    const [first, second] = [await createUser(app.db), await createUser(app.db)];
    const resetLink = async (email: string) => {
      expect((await api.post('/api/auth/forgot-password', { email })).statusCode).toBe(200);
      const mail = await outboxMail(app, email, 'Reset your HydroBridge password');
      return linkToken(mail.text, '/reset-password');
    };
    const reset = (token: string) =>
      api.post('/api/auth/reset-password', {
        token,
        password: 'A-brand-new-passphrase-7',
        confirmPassword: 'A-brand-new-passphrase-7',
      });
    const [late, inTime] = [await resetLink(first.email!), await resetLink(second.email!)];

    clock.advance(RESET_TTL_MS - 1);
    expect((await reset(inTime)).statusCode).toBe(200);
    clock.advance(1);
    const refused = await reset(late);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error: expect.stringMatching(/invalid or has expired/) });
  });

  it('a verification link expires at its stated hour; the resend limit frees up an hour after', async () => {
    const clock = start();
    const app = await buildTestApp({ clock });
    const api = new AuthClient(app);
    const linkOf = async () => {
      const { token, body } = await api.signup('investor');
      const mail = await outboxMail(app, body.email, VERIFY_SUBJECT);
      return { token, link: linkToken(mail.text, '/verify-email') };
    };
    const [inTime, late] = [await linkOf(), await linkOf()];
    const resend = async () =>
      (await api.post('/api/auth/verify-email/resend', {}, { token: late.token })).statusCode;

    // Three resends an hour: the fourth is refused until the first leaves the window.
    for (let i = 0; i < 3; i++) expect(await resend()).toBe(200);
    expect(await resend()).toBe(429);
    clock.advance(3_600_000 - 1);
    expect(await resend()).toBe(429);
    clock.advance(1);
    expect(await resend()).toBe(200);

    clock.advance(EMAIL_VERIFICATION_TTL_HOURS * 3_600_000 - 3_600_000 - 1);
    expect((await api.post('/api/auth/verify-email', { token: inTime.link })).statusCode).toBe(200);
    clock.advance(1);
    expect((await api.post('/api/auth/verify-email', { token: late.link })).statusCode).toBe(400);
  });
});
