// Email ownership in the browser: a new account sees "Check your inbox" under the top bar and cannot
// create a campaign; the emailed link (read from the development outbox) verifies it, in this browser or
// another; Resend sends a new link, disabled while sending, until the hourly limit says stop.
import { CAMPAIGN_MESSAGES } from '../domain/campaign-schemas.ts';
import { ERRORS } from '../domain/errors.ts';
import {
  approveKycViaAdmin,
  uploadKycViaApi,
  dialog,
  emailedLink,
  expectToast,
  fillSignUp,
  newPerson,
  openDialog,
  pickRole,
  signUpForm,
  signUpViaApi,
} from './accounts.ts';
import { expectNoSeriousAxeViolations, setThemeBeforeLoad } from './axe.ts';
import { expect, test, type Page } from './fixtures.ts';

const verifyBanner = (page: Page) => page.getByRole('region', { name: 'Verify your email address' });
const main = (page: Page) => page.getByRole('main');

test('sign up → "Check your inbox" → the link from the outbox verifies → the banner is gone and campaigns open', async ({
  page,
}) => {
  const person = newPerson('ver');
  await openDialog(page, 'Sign Up');
  await pickRole(page, 'Trader');
  await fillSignUp(page, person, { firstName: 'Nila' });
  const form = signUpForm(page);
  await form.getByLabel('Company name').fill('Konkan Hydrogen LLP');
  await form.getByLabel('Registration number').fill(`U40100MH2024PTC-${person.username}`);
  await form.getByLabel(/I accept the terms and conditions/).check();
  await form.getByRole('button', { name: 'Create Account' }).click();
  await expect(dialog(page)).toHaveCount(0);

  await expect(verifyBanner(page)).toContainText('Check your inbox');
  await expect(verifyBanner(page)).toContainText(person.email);
  await expect(verifyBanner(page).getByRole('button', { name: 'Resend email' })).toBeEnabled();

  // The action the address is missing for says what to do, and no form is offered.
  await page.goto('/trader/create');
  await expect(main(page)).toContainText(ERRORS.EMAIL_NOT_VERIFIED.message);
  await expect(main(page).getByRole('form', { name: 'Create Campaign' })).toHaveCount(0);
  await expect(verifyBanner(page)).toBeVisible();

  const link = await emailedLink(person.email, '/verify-email');
  expect(new URL(link).origin).toBe(new URL(page.url()).origin);
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Verify your email address' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Your email address is verified.' })).toBeVisible();
  await expect(verifyBanner(page)).toHaveCount(0);

  await page.getByRole('link', { name: 'Go to your dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  // The next gate is KYC/KYB: the page says so and leads to the Verification page.
  await page.goto('/trader/create');
  await expect(main(page)).toContainText(CAMPAIGN_MESSAGES.kycRequired);
  await expect(main(page).getByRole('link', { name: 'Go to Verification' })).toBeVisible();
  await expect(verifyBanner(page)).toHaveCount(0);
  // Once the documents are sent and an admin approves them, campaigns open.
  await uploadKycViaApi(page.request, 'trader');
  await approveKycViaAdmin(person.email);
  await page.reload();
  await expect(main(page).getByRole('form', { name: 'Create Campaign' })).toBeVisible();

  // The link worked once: opened again it says so, and that this account is verified anyway.
  await page.goto(link);
  await expect(page.getByRole('status').filter({ hasText: 'already verified' })).toBeVisible();
});

test('the link opened in a browser that is not signed in verifies too; used again it offers a way on', async ({
  page,
  browser,
}) => {
  const person = await signUpViaApi(page.request, 'investor');
  await page.goto('/dashboard');
  await expect(verifyBanner(page)).toBeVisible();
  const link = await emailedLink(person.email, '/verify-email');

  const elsewhere = await browser.newContext();
  try {
    const other = await elsewhere.newPage();
    await other.goto(link);
    await expect(
      other.getByRole('status').filter({ hasText: 'Your email address is verified.' }),
    ).toBeVisible();
    await expect(other.getByRole('button', { name: 'Sign In' })).toBeVisible();

    await other.goto(link);
    await expect(other.getByRole('alert')).toHaveText(ERRORS.EMAIL_VERIFICATION_LINK_INVALID.message);
    await expect(other.getByText('Sign in to send yourself a new link.')).toBeVisible();
  } finally {
    await elsewhere.close();
  }

  // The first browser learns it at its next load.
  await page.reload();
  await expect(main(page).locator('h1')).toBeVisible();
  await expect(verifyBanner(page)).toHaveCount(0);
});

test('Resend: disabled while sending, a toast naming the address, a new link each time, then the hourly limit', async ({
  page,
}) => {
  const person = await signUpViaApi(page.request, 'buyer');
  await page.goto('/dashboard');
  const resend = verifyBanner(page).getByRole('button', { name: /Resend email|Sending…/ });
  const firstLink = await emailedLink(person.email, '/verify-email');

  // Hold the answer to see the button while the request is in flight.
  let answer!: () => void;
  const held = new Promise<void>((resolve) => (answer = resolve));
  await page.route('**/api/auth/verify-email/resend', async (route) => {
    await held;
    await route.continue();
  });
  await resend.click();
  await expect(resend).toBeDisabled();
  await expect(resend).toHaveText('Sending…');
  answer();
  await expectToast(page, 'Verification Email Sent', `We sent a new link to ${person.email}.`);
  await expect(resend).toBeEnabled();
  await expect(resend).toHaveText('Resend email');
  await page.unroute('**/api/auth/verify-email/resend');
  await expect.poll(() => emailedLink(person.email, '/verify-email')).not.toBe(firstLink);

  // 3 new links an hour per account: the 4th is refused with the reason.
  for (let i = 0; i < 2; i++) {
    await resend.click();
    await expectToast(page, 'Verification Email Sent', person.email);
    await expect(resend).toBeEnabled();
  }
  await resend.click();
  await expectToast(
    page,
    'Email Not Sent',
    'Too many verification emails. Please check your inbox, or try again in an hour.',
  );
});

for (const theme of ['light', 'dark'] as const) {
  test(`no serious accessibility violations on the banner and the verify page (${theme})`, async ({
    page,
  }) => {
    await setThemeBeforeLoad(page, theme);
    const person = await signUpViaApi(page.request, 'trader');
    await page.goto('/trader/create');
    await expect(verifyBanner(page)).toBeVisible();
    await expectNoSeriousAxeViolations(page, `/trader/create unverified (${theme})`);

    await page.goto(await emailedLink(person.email, '/verify-email'));
    await expect(page.getByRole('status').filter({ hasText: 'verified' })).toBeVisible();
    await expectNoSeriousAxeViolations(page, `/verify-email (${theme})`);
    // Signed out, a link without its token explains itself.
    await page.context().clearCookies();
    await page.goto('/verify-email');
    await expect(page.getByRole('alert')).toHaveText(ERRORS.EMAIL_VERIFICATION_LINK_INVALID.message);
    await expectNoSeriousAxeViolations(page, `/verify-email without a token (${theme})`);
  });
}
