// The authorization matrix's requests for the second-factor routes (server/features/accounts/two-factor). The
// sign-in's second step is public and works on a pending sign-in cookie: each request holds one for
// the caller's account (or a new one), which gets an authenticator app when it has none. A passkey's
// answer is made only by a browser's authenticator (e2e/two-factor.spec.ts): here it is a forged one,
// refused.
import { eq } from 'drizzle-orm';
import { totpFactors } from '../../server/db/schema/index.ts';
import { PENDING_COOKIE } from '../../server/features/accounts/index.ts';
import { startPendingSignIn } from '../../server/features/accounts/index.ts';
import { createUser, TEST_ADMIN_TOTP_SECRET } from '../app.ts';
import { TOTP_PERIOD_S } from '../../domain/two-factor.ts';
import { nextTotpCode } from '../two-factor.ts';
import type { Builder, RouteContext } from './requests.ts';

async function withTotp(ctx: RouteContext) {
  const user = ctx.caller?.user ?? (await createUser(ctx.app.db));
  await ctx.app.db
    .insert(totpFactors)
    .values({ userId: user.id, secret: TEST_ADMIN_TOTP_SECRET, enabledAt: new Date() })
    .onConflictDoNothing();
  return user;
}

async function pending(ctx: RouteContext) {
  const user = await withTotp(ctx);
  const { token } = await startPendingSignIn(ctx.app.db, user.id, false, new Date());
  return { user, cookies: { [PENDING_COOKIE]: token } };
}

/** A WebAuthn answer in the right shape whose signature nothing made. */
const FORGED = {
  id: 'Zm9yZ2Vk',
  rawId: 'Zm9yZ2Vk',
  type: 'public-key',
  clientExtensionResults: {},
  response: {
    clientDataJSON: 'e30',
    authenticatorData: 'AAAA',
    signature: 'AAAA',
    attestationObject: 'AAAA',
  },
};

/**
 * A code the caller's app shows now. The fuzzer proves the same user's app many times within one
 * 30-second step, and the server takes each step's code once: when both steps it accepts now are
 * spent, the harness re-enrols the app (its factor forgets the last step used), as a user would.
 */
async function codeNow(ctx: RouteContext, userId: string): Promise<string> {
  const now = new Date();
  const [factor] = await ctx.app.db.select().from(totpFactors).where(eq(totpFactors.userId, userId));
  const nextStep = Math.floor(now.getTime() / (TOTP_PERIOD_S * 1000)) + 1;
  if (
    factor?.lastUsedStep !== null &&
    factor?.lastUsedStep !== undefined &&
    factor.lastUsedStep >= nextStep
  ) {
    await ctx.app.db.update(totpFactors).set({ lastUsedStep: null }).where(eq(totpFactors.userId, userId));
  }
  return nextTotpCode(ctx.app.db, userId, now);
}

const hasTotp = async (ctx: RouteContext) =>
  Boolean(
    ctx.caller &&
    (await ctx.app.db.select().from(totpFactors).where(eq(totpFactors.userId, ctx.caller.user.id))).length,
  );

export const TWO_FACTOR_REQUESTS = {
  'GET /api/auth/2fa/pending': async (ctx) => ({
    url: '/api/auth/2fa/pending',
    cookies: (await pending(ctx)).cookies,
  }),
  'POST /api/auth/2fa/verify': async (ctx) => {
    const { user, cookies } = await pending(ctx);
    return {
      url: '/api/auth/2fa/verify',
      cookies,
      body: { code: await nextTotpCode(ctx.app.db, user.id, new Date()) },
    };
  },
  'POST /api/auth/2fa/passkey/options': async (ctx) => ({
    url: '/api/auth/2fa/passkey/options',
    cookies: (await pending(ctx)).cookies,
  }),
  'POST /api/auth/2fa/passkey/verify': async (ctx) => ({
    url: '/api/auth/2fa/passkey/verify',
    cookies: (await pending(ctx)).cookies,
    body: { response: FORGED },
  }),
  'GET /api/auth/2fa': () => ({ url: '/api/auth/2fa' }),
  'POST /api/auth/2fa/totp/setup': () => ({ url: '/api/auth/2fa/totp/setup' }),
  // Enabling follows a setup: the caller's app waits for its first code (an admin's is on already).
  'POST /api/auth/2fa/totp/enable': async (ctx) => {
    if (ctx.caller && !(await hasTotp(ctx))) {
      await ctx.app.db
        .insert(totpFactors)
        .values({ userId: ctx.caller.user.id, secret: TEST_ADMIN_TOTP_SECRET });
    }
    const code = ctx.caller ? await codeNow(ctx, ctx.caller.user.id) : '123456';
    return { url: '/api/auth/2fa/totp/enable', body: { code } };
  },
  'POST /api/auth/2fa/totp/disable': () => ({ url: '/api/auth/2fa/totp/disable' }),
  'POST /api/auth/2fa/passkeys/options': () => ({ url: '/api/auth/2fa/passkeys/options' }),
  'POST /api/auth/2fa/passkeys': () => ({ url: '/api/auth/2fa/passkeys', body: { response: FORGED } }),
  'POST /api/auth/2fa/passkeys/:id/remove': () => ({ url: '/api/auth/2fa/passkeys/Zm9yZ2Vk/remove' }),
  'POST /api/auth/2fa/recovery-codes': () => ({ url: '/api/auth/2fa/recovery-codes' }),
  'POST /api/auth/2fa/step-up/options': () => ({ url: '/api/auth/2fa/step-up/options' }),
  // Every signed-in caller here has the app on, and proves it with its current code.
  'POST /api/auth/2fa/step-up': async (ctx) => {
    if (!ctx.caller) return { url: '/api/auth/2fa/step-up', body: { code: '123456' } };
    const user = await withTotp(ctx);
    return {
      url: '/api/auth/2fa/step-up',
      body: { code: await codeNow(ctx, user.id) },
    };
  },
} satisfies Record<string, Builder>;
