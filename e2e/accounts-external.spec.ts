// Accounts with outside parties: forgot password through the development outbox (one file per email in
// DATA_DIR/outbox), and Google sign-in against a local OpenID Connect provider (e2e/global-setup.ts).
import {
  dialog,
  signInForm,
  signUpForm,
  banner,
  expectToast,
  openDialog,
  pickRole,
  expectFieldError,
  expectSignedInAs,
  signOut,
  signUpViaApi,
  resetLinkFor,
  approveKycViaAdmin,
  passKnowledgeTest,
  uploadKycViaApi,
} from './accounts.ts';
import { campaignCard, expect, SEEDED, test } from './fixtures.ts';
import { investmentModal } from './investing.ts';
import { GOOGLE_PERSON } from './oidc-provider.ts';

test('forgot password end to end: the emailed link sets a new password, which then signs in', async ({
  page,
  request,
}) => {
  const person = await signUpViaApi(request, 'investor', { firstName: 'Tara' });
  await openDialog(page, 'Sign In');
  await dialog(page).getByRole('button', { name: 'Forgot password?' }).click();
  const forgot = dialog(page).getByRole('form', { name: 'Reset your password' });
  await forgot.getByRole('button', { name: 'Send reset link' }).click();
  await expectFieldError(forgot.getByLabel('Email'), 'Email is required');
  await forgot.getByLabel('Email').fill(person.email);
  await forgot.getByRole('button', { name: 'Send reset link' }).click();
  await expect(dialog(page).getByRole('status')).toContainText(
    "If an account exists for that email, we've sent a reset link.",
  );

  const link = await resetLinkFor(person.email);
  expect(new URL(link).origin).toBe(new URL(page.url()).origin);
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible();
  const newPassword = 'Ammonia-Cracker-77';
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm new password').fill('something-else');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expectFieldError(page.getByLabel('Confirm new password'), "Passwords don't match");
  await page.getByLabel('Confirm new password').fill(newPassword);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your password has been changed' })).toBeVisible();

  // The link works once.
  const reuse = await request.post('/api/auth/reset-password', {
    data: {
      token: new URL(link).searchParams.get('token'),
      password: 'Other-Password-1',
      confirmPassword: 'Other-Password-1',
    },
  });
  expect(reuse.status()).toBe(400);

  await page.getByRole('button', { name: 'Sign In' }).click();
  await pickRole(page, 'Investor');
  await signInForm(page).getByLabel('Email or username').fill(person.email);
  await signInForm(page).getByLabel('Password', { exact: true }).fill(person.password);
  await signInForm(page).getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(dialog(page).getByRole('alert')).toHaveText('Invalid email, username or password');
  await signInForm(page).getByLabel('Password', { exact: true }).fill(newPassword);
  await signInForm(page).getByRole('button', { name: 'Sign In', exact: true }).click();
  await expectToast(page, 'Welcome back!', 'You are logged in as investor');
  await expectSignedInAs(page, 'Investor', 'Tara');
});

test('Google sign-in end to end against a local OpenID Connect provider; LinkedIn is disabled with the reason', async ({
  page,
}) => {
  await openDialog(page, 'Sign In');
  const linkedIn = signInForm(page).getByRole('button', { name: 'LinkedIn' });
  await expect(linkedIn).toBeDisabled();
  await expect(linkedIn).toHaveAccessibleDescription(/LinkedIn sign-in is not configured on this server/);

  // No account yet, and Sign In sends no terms: the server refuses to create one, the landing page says why.
  await pickRole(page, 'Investor');
  await signInForm(page).getByRole('button', { name: 'Google' }).click();
  await expect(page).toHaveURL('/');
  await expectToast(
    page,
    'Sign In Failed',
    'Choose your role and accept the terms to create an account with Google',
  );
  await expect(banner(page).getByRole('button', { name: 'Login' })).toBeVisible();

  // Sign Up asks for the terms and the risk disclosure first.
  await openDialog(page, 'Sign Up');
  await pickRole(page, 'Investor');
  const form = signUpForm(page);
  await form.getByRole('button', { name: 'Google' }).click();
  await expectFieldError(form.getByLabel(/I accept the terms/), 'You must accept the terms and conditions');
  await expectFieldError(
    form.getByLabel(/risk disclosure/),
    'Investors must acknowledge the risk disclosure',
  );
  await expect(page).toHaveURL('/');
  await form.getByLabel(/I accept the terms/).check();
  await form.getByLabel(/risk disclosure/).check();
  await form.getByRole('button', { name: 'Google' }).click();

  await expect(page).toHaveURL('/dashboard');
  await expectSignedInAs(page, 'Investor', GOOGLE_PERSON.given_name);
  await expectToast(page, 'Welcome back!', 'You are logged in as investor');
  await page.goto('/profile');
  await expect(page.getByRole('main')).toContainText(GOOGLE_PERSON.email);

  // The linked account signs in again from the Sign In tab.
  await signOut(page);
  await openDialog(page, 'Sign In');
  await pickRole(page, 'Investor');
  await signInForm(page).getByRole('button', { name: 'Google' }).click();
  await expect(page).toHaveURL('/dashboard');
  await expectSignedInAs(page, 'Investor', GOOGLE_PERSON.given_name);

  // Invest Now as a visitor, then Google: the trip leaves the page, and still ends in the modal for
  // the campaign chosen before it (once the account's KYC is approved and the knowledge test taken:
  // investing needs both).
  await uploadKycViaApi(page.request, 'investor');
  await approveKycViaAdmin(GOOGLE_PERSON.email);
  await passKnowledgeTest(page.request);
  await signOut(page);
  await page.goto('/');
  await page.getByRole('searchbox', { name: 'Search campaigns' }).fill(SEEDED.kandla.title);
  await campaignCard(page, SEEDED.kandla.title).getByRole('button', { name: 'Invest Now' }).click();
  await pickRole(page, 'Investor');
  await signInForm(page).getByRole('button', { name: 'Google' }).click();
  await expect(page).toHaveURL('/dashboard');
  await expect(
    investmentModal(page).getByRole('heading', { name: `Invest in ${SEEDED.kandla.title}` }),
  ).toBeVisible();

  // Taken once: a reload opens no modal again.
  await page.reload();
  await expectSignedInAs(page, 'Investor', GOOGLE_PERSON.given_name);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
