// Two-step verification in the browser (docs/security.md "Second factor"): the demo admin adds a
// passkey in /settings with Chromium's virtual authenticator and signs in with it; a new investor turns
// on an authenticator app (codes computed from the setup key the page shows), keeps the recovery codes,
// signs in with a code, and is asked for one before a bank account is saved on a session without a
// fresh proof.
import type { Page } from '@playwright/test';
import {
  banner,
  DEMO_ADMIN,
  DEMO_PASSWORD,
  dialog,
  expectToast,
  signInThroughDialog,
  signOut,
  signUpVerifiedViaApi,
} from './accounts.ts';
import { expect, test } from './fixtures.ts';
import { followSystemTheme, lookAt } from './look.ts';
import { DEMO_ADMIN_TOTP_SECRET, signInDemoAdmin, signInWithCode, totpCodeAt } from './two-factor-kit.ts';

const STEP_MS = 30_000;

/** Codes of one authenticator: each call gives a code of a later step than the last (a code works once). */
function authenticator(secret: string) {
  let lastStep = -Infinity;
  return async function nextCode(): Promise<string> {
    for (;;) {
      const now = Math.floor(Date.now() / STEP_MS);
      // The server accepts the step before and after its own: the next step's code is good now too.
      for (const step of [now, now + 1]) {
        if (step <= lastStep) continue;
        lastStep = step;
        return totpCodeAt(secret, step * STEP_MS + 1000);
      }
      await new Promise((resolve) => setTimeout(resolve, (now + 1) * STEP_MS - Date.now() + 500));
    }
  };
}

async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
}

const twoFactorSection = (page: Page) => page.locator('#two-factor');

test('the demo admin adds a passkey in settings, then signs in with the password and the passkey', async ({
  page,
}) => {
  // The sign-in below may wait for the next 30-second code step (other tests use the current codes).
  test.setTimeout(120_000);
  await followSystemTheme(page);
  await addVirtualAuthenticator(page);
  // A session of its own (this test signs out; the worker's shared admin session stays): password and
  // authenticator code, so it has a fresh proof and adding a factor asks nothing more.
  await signInWithCode(page.request, {
    email: DEMO_ADMIN.email,
    password: DEMO_PASSWORD,
    secret: DEMO_ADMIN_TOTP_SECRET,
  });
  await page.goto('/settings');
  const section = twoFactorSection(page);
  await expect(section.getByRole('heading', { name: 'Two-step verification' })).toBeVisible();
  await expect(section.getByText('Codes come from your authenticator app.')).toBeVisible();

  const name = `E2E key ${Date.now().toString(36)}`;
  const add = section.getByRole('form', { name: 'Add a passkey' });
  await add.getByLabel('Passkey name (optional)').fill(name);
  await add.getByRole('button', { name: 'Add a passkey' }).click();
  const keys = section.getByRole('list', { name: 'Your passkeys' });
  await expect(keys.getByText(name)).toBeVisible();
  // The demo admin's app is seeded without recovery codes: the passkey brings ten, shown once.
  await expect(section.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
  await section.getByRole('button', { name: 'I have saved them' }).click();
  await expect(keys.getByRole('listitem').filter({ hasText: name })).toContainText(/Added \w+/);
  await lookAt(page, 'settings two-step verification (admin)', { focus: section });

  await signOut(page);
  await signInThroughDialog(page, 'Investor', DEMO_ADMIN.email, DEMO_PASSWORD);
  const second = dialog(page).getByRole('form', { name: 'Two-step verification' });
  await expect(second.getByLabel('Authentication code')).toBeVisible();
  await second.getByRole('button', { name: 'Use your passkey' }).click();
  await expect(dialog(page)).toBeHidden();
  await expect(banner(page).getByText(DEMO_ADMIN.firstName, { exact: true })).toBeVisible();
  await page.goto('/admin/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
});

test('a new investor turns on an authenticator app, saves the recovery codes, signs in with a code and confirms a bank account change with one', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  await followSystemTheme(page);
  const person = await signUpVerifiedViaApi(page.request, 'investor', {
    firstName: 'Ines',
    lastName: 'Marchetti',
  });
  // Another device signed in before the app was turned on: it has no fresh proof.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  const signin = await otherPage.request.post('/api/auth/signin', {
    data: { email: person.email, password: person.password, rememberMe: false },
  });
  expect(signin.status(), await signin.text()).toBe(200);

  await page.goto('/dashboard');
  const offer = page.getByRole('region', { name: 'Protect your account with two-step verification' });
  await expect(offer).toBeVisible();
  await offer.getByRole('link', { name: 'Turn it on' }).click();
  await expect(page).toHaveURL(/\/settings#two-factor$/);

  const section = twoFactorSection(page);
  await expect(section.getByText('Signing in needs only your password.')).toBeVisible();
  await section.getByRole('button', { name: 'Set up an authenticator app' }).click();
  const setup = section.getByRole('form', { name: 'Set up an authenticator app' });
  await expect(setup.getByRole('img', { name: /QR code/ })).toBeVisible();
  const secret = (await setup.getByTestId('totp-secret').innerText()).replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await expect(setup.getByRole('link', { name: 'Open in your authenticator app' })).toHaveAttribute(
    'href',
    new RegExp(`^otpauth://totp/.*secret=${secret}`),
  );
  await lookAt(page, 'authenticator app setup', { focus: setup });
  const nextCode = authenticator(secret);

  // A wrong code is refused at its field.
  await setup.getByLabel('Code from the app').fill('000000');
  await setup.getByRole('button', { name: 'Turn on' }).click();
  await expect(setup.getByLabel('Code from the app')).toHaveAttribute('aria-invalid', 'true');
  await setup.getByLabel('Code from the app').fill(await nextCode());
  await setup.getByRole('button', { name: 'Turn on' }).click();

  const codes = section.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  await lookAt(page, 'recovery codes', {
    focus: section.getByRole('region', { name: 'Save your recovery codes' }),
  });
  await section.getByRole('button', { name: 'I have saved them' }).click();
  await expect(codes).toHaveCount(0);
  await expect(section.getByText('10 recovery codes left.')).toBeVisible();
  await expect(
    section.getByText('Signing in asks for your second factor after your password.'),
  ).toBeVisible();

  await signOut(page);
  await signInThroughDialog(page, 'Investor', person.email, person.password);
  const second = dialog(page).getByRole('form', { name: 'Two-step verification' });
  await second.getByLabel('Authentication code').fill(await nextCode());
  await second.getByRole('button', { name: 'Verify' }).click();
  await expect(dialog(page)).toBeHidden();
  await expect(banner(page).getByText('Ines', { exact: true })).toBeVisible();

  // The other device changes the bank account: the server asks for a fresh proof first.
  await followSystemTheme(otherPage);
  await otherPage.goto('/settings#bank-account');
  const bank = otherPage.getByRole('form', { name: 'Bank account' });
  await expect(bank.getByLabel('Account holder')).toHaveValue('Ines Marchetti');
  await bank.getByLabel('IBAN').fill('DE89 3704 0044 0532 0130 00');
  await bank.getByRole('button', { name: 'Verify and save' }).click();
  const stepUp = otherPage.getByRole('dialog', { name: 'Confirm it is you' });
  await expect(stepUp).toBeVisible();
  // Cancel leaves the form as it was: nothing saved, no error.
  await stepUp.getByRole('button', { name: 'Cancel' }).click();
  await expect(stepUp).toBeHidden();
  await expect(bank.getByLabel('IBAN')).toHaveValue('DE89 3704 0044 0532 0130 00');
  await expect(bank.getByRole('alert')).toHaveCount(0);
  await expect(otherPage.getByTestId('masked-iban')).toHaveCount(0);

  await bank.getByRole('button', { name: 'Verify and save' }).click();
  await expect(stepUp).toBeVisible();
  await lookAt(otherPage, 'step-up dialog', { scope: '[role="dialog"]' });
  await stepUp.getByLabel('Authentication code').fill(await nextCode());
  await stepUp.getByRole('button', { name: 'Confirm' }).click();
  await expect(stepUp).toBeHidden();
  await expectToast(otherPage, 'Bank account verified', 'held by Ines Marchetti');
  await expect(otherPage.getByTestId('masked-iban')).toBeVisible();
  await other.close();
});

test('an admin whose calls are refused for want of a second factor is sent to the enrollment page', async ({
  page,
}) => {
  await followSystemTheme(page);
  await signInDemoAdmin(page.context());
  // The demo admin has a factor: the console's calls get the answer an admin without one gets
  // (server/plugins/auth.ts), to show what the client does with it.
  await page.route('**/api/admin/**', (route) =>
    route.fulfill({
      status: 403,
      contentType: 'application/json',
      body: JSON.stringify({
        error: 'Admins must turn on two-step verification first: set up an authenticator app or a passkey.',
        code: 'TWO_FACTOR_ENROLLMENT_REQUIRED',
      }),
    }),
  );
  await page.goto('/admin/dashboard');
  await expect(page).toHaveURL(/\/admin\/two-factor$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Two-step verification' })).toBeVisible();
  await expect(
    page.getByText('Admins must protect their account with a second factor before using the console'),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Authenticator app' })).toBeVisible();
  await lookAt(page, 'admin two-step verification page');
  await page.unroute('**/api/admin/**');
  await page.getByRole('link', { name: 'Go to the admin console' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
});
