// The demo admin signs in with the password and an authenticator code computed from the published
// secret (README), as anyone with an authenticator app would. A code works once per 30-second step
// (the server accepts the step before and after too): when parallel tests have used every code the
// server accepts now, the next step brings a new one. So the demo admin signs in once per run and
// every test shares that session, as an admin's browser tabs would: a sign-in per test would queue the
// suite behind the 30-second steps, and replayed codes count as wrong ones.
import fs from 'node:fs/promises';
import path from 'node:path';
import {
  expect,
  request as playwrightRequest,
  type APIRequestContext,
  type BrowserContext,
} from '@playwright/test';
import { createGuardrails, generate } from 'otplib';
import { DEMO_ADMIN, DEMO_PASSWORD } from './demo-accounts.ts';
import { suiteBaseUrl } from './suite-url.ts';

export const DEMO_ADMIN_TOTP_SECRET = 'HYDROBRIDGEDEMOADMIN2FA2';
const STEP_MS = 30_000;
// The published secret decodes to 15 bytes; otplib asks for 16 unless told.
const guardrails = createGuardrails({ MIN_SECRET_BYTES: 15 });

/** The code an authenticator app with `secret` shows at `at`. */
export function totpCodeAt(secret: string, at: number): Promise<string> {
  return generate({ secret, epoch: Math.floor(at / 1000), guardrails });
}

/**
 * Signs `request` in as `email` with its password and the authenticator code of `secret`; answers the
 * user. Tries the current and the next step's code, then waits for the next step (up to 2 minutes).
 */
export async function signInWithCode(
  request: APIRequestContext,
  {
    email,
    password,
    secret,
    rememberMe = false,
  }: { email: string; password: string; secret: string; rememberMe?: boolean },
) {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const first = await request.post('/api/auth/signin', { data: { email, password, rememberMe } });
    expect(first.status(), await first.text()).toBe(200);
    const body = (await first.json()) as { twoFactorRequired?: boolean };
    if (!body.twoFactorRequired) return body;
    const now = Date.now();
    for (const at of [now, now + STEP_MS]) {
      const res = await request.post('/api/auth/2fa/verify', {
        data: { code: await totpCodeAt(secret, at) },
      });
      if (res.status() === 200) return (await res.json()) as { id: string };
      expect(res.status(), await res.text()).toBe(401);
    }
    if (Date.now() > deadline)
      throw new Error(`no authenticator code of ${email} was accepted for 2 minutes`);
    await new Promise((resolve) => setTimeout(resolve, STEP_MS - (Date.now() % STEP_MS) + 500));
  }
}

type StorageState = Awaited<ReturnType<APIRequestContext['storageState']>>;
let demoAdminSession: Promise<StorageState> | undefined;

/**
 * The run's one session of the demo admin (password + authenticator code), as cookies to share. The
 * first worker to ask signs in and leaves the cookies in the run's data folder; the others (and a
 * worker Playwright restarts after a failure) read them there.
 */
export function demoAdminState(): Promise<StorageState> {
  demoAdminSession ??= (async () => {
    const statePath = path.join(process.env.HYDROBRIDGE_E2E_DATA_DIR!, 'demo-admin-session.json');
    const signingIn = await fs.writeFile(`${statePath}.lock`, '', { flag: 'wx' }).then(
      () => true,
      () => false,
    );
    if (!signingIn) {
      await expect
        .poll(
          () =>
            fs.access(statePath).then(
              () => true,
              () => false,
            ),
          {
            message: "the demo admin's session, signed in by another worker",
            timeout: 150_000,
          },
        )
        .toBe(true);
      return JSON.parse(await fs.readFile(statePath, 'utf8')) as StorageState;
    }
    const request = await playwrightRequest.newContext({ baseURL: suiteBaseUrl() });
    try {
      await signInWithCode(request, {
        email: DEMO_ADMIN.email,
        password: DEMO_PASSWORD,
        secret: DEMO_ADMIN_TOTP_SECRET,
      });
      const state = await request.storageState();
      // Written whole, then renamed: a reader never sees half a file.
      await fs.writeFile(`${statePath}.tmp`, JSON.stringify(state));
      await fs.rename(`${statePath}.tmp`, statePath);
      return state;
    } finally {
      await request.dispose();
    }
  })();
  return demoAdminSession;
}

/** Signs `context` (its pages and its `request`) in as the demo admin. */
export async function signInDemoAdmin(context: BrowserContext) {
  await context.addCookies((await demoAdminState()).cookies);
}
