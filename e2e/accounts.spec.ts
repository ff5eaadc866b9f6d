// Accounts in the browser (spec §2 dialog and shell, §4-§8): sign-up for each role, sign-in with email
// or username, the spec's validation messages and toasts, role gating and role switching. Every
// account a test creates is its own, so tests run in parallel.
import {
  DEMO_PASSWORD,
  DEMO,
  PREFERRED_ROLE_KEY,
  SPEC_INDUSTRIES,
  newPerson,
  dialog,
  signInForm,
  signUpForm,
  banner,
  roleSwitcher,
  expectToast,
  openDialog,
  pickRole,
  expectFieldError,
  fillSignUp,
  signInThroughDialog,
  expectSignedInAs,
  signOut,
} from './accounts.ts';
import { expect, test } from './fixtures.ts';

test.describe('sign-up from the landing dialog', () => {
  test('an investor signs up with the risk disclosure, sees the spec toast and the top bar, signs out and back in with the email', async ({
    page,
  }) => {
    const person = newPerson('inv');
    await openDialog(page, 'Sign Up');
    await pickRole(page, 'Investor');
    const form = signUpForm(page);
    // Investors have no company fields; they have the risk disclosure.
    await expect(form.getByLabel('Company name')).toHaveCount(0);
    await expect(form.getByLabel('Registration number')).toHaveCount(0);
    await expect(form.getByLabel('Industry')).toHaveCount(0);
    await expect(form.getByRole('link', { name: 'terms and conditions' })).toHaveAttribute('href', '/terms');
    await expect(form).toContainText('KYC');
    await expect(form).toContainText('1-3 business days');

    await fillSignUp(page, person, { firstName: 'Meera', lastName: 'Iyer' });
    await form.getByLabel(/I accept the terms and conditions/).check();
    await form.getByLabel(/risk disclosure/).check();
    await form.getByRole('button', { name: 'Create Account' }).click();

    await expect(dialog(page)).toHaveCount(0);
    await expectToast(
      page,
      'Account Created Successfully!',
      'Welcome to the product! Complete your KYC verification to start investing',
    );
    await expectSignedInAs(page, 'Investor', 'Meera');
    expect(await page.evaluate((key) => localStorage.getItem(key), PREFERRED_ROLE_KEY)).toBe('investor');

    await signOut(page);
    await signInThroughDialog(page, 'Investor', person.email, person.password);
    await expect(dialog(page)).toHaveCount(0);
    await expectToast(page, 'Welcome back!', 'You are logged in as investor');
    await expectSignedInAs(page, 'Investor', 'Meera');
  });

  test('a trader signs up with company name and registration number, then signs back in with the username', async ({
    page,
  }) => {
    const person = newPerson('trd');
    await openDialog(page, 'Sign Up');
    await pickRole(page, 'Trader');
    const form = signUpForm(page);
    await expect(form.getByLabel(/risk disclosure/)).toHaveCount(0);
    await expect(form.getByLabel('Industry')).toHaveCount(0);

    await fillSignUp(page, person, { firstName: 'Rohan' });
    await form.getByLabel('Company name').fill('Konkan Hydrogen LLP');
    await form.getByLabel('Registration number').fill('U40100MH2024PTC000001');
    await form.getByLabel(/I accept the terms and conditions/).check();
    await form.getByRole('button', { name: 'Create Account' }).click();

    await expectToast(
      page,
      'Account Created Successfully!',
      'Welcome to the product! Complete your KYC verification to start trading',
    );
    await expectSignedInAs(page, 'Trader', 'Rohan');

    // The profile holds what was given at sign-up.
    await page.goto('/profile');
    await expect(page.getByLabel('Company name')).toHaveValue('Konkan Hydrogen LLP');
    await expect(page.getByLabel('Registration number')).toHaveValue('U40100MH2024PTC000001');

    await signOut(page);
    await signInThroughDialog(page, 'Trader', person.username, person.password);
    await expectToast(page, 'Welcome back!', 'You are logged in as trader');
    await expectSignedInAs(page, 'Trader', 'Rohan');
  });

  test("a buyer signs up with company name and an industry from the spec's list", async ({ page }) => {
    const person = newPerson('buy');
    await openDialog(page, 'Sign Up');
    await pickRole(page, 'Buyer');
    const form = signUpForm(page);
    await expect(form.getByLabel('Registration number')).toHaveCount(0);
    await expect(form.getByLabel(/risk disclosure/)).toHaveCount(0);
    const industry = form.getByLabel('Industry');
    const options = await industry
      .locator('option')
      .evaluateAll((els) => els.map((e) => (e as HTMLOptionElement).value).filter(Boolean));
    expect(options).toEqual(SPEC_INDUSTRIES);

    // Without a first name the top bar shows the username.
    await fillSignUp(page, person);
    await form.getByLabel('Company name').fill('Ruhr Ammonia AG');
    await industry.selectOption('fertilizer');
    await form.getByLabel(/I accept the terms and conditions/).check();
    await form.getByRole('button', { name: 'Create Account' }).click();

    await expectToast(
      page,
      'Account Created Successfully!',
      'Welcome to the product! Complete your KYC verification to start buying',
    );
    await expectSignedInAs(page, 'Buyer', person.username);
    await page.goto('/profile');
    await expect(page.getByLabel('Company name')).toHaveValue('Ruhr Ammonia AG');
    await expect(page.getByLabel('Industry')).toHaveValue('fertilizer');
    await expect(page.getByLabel('Registration number')).toHaveCount(0);
  });
});

test.describe('the dialog', () => {
  test('submit stays disabled with "Please select your role to continue" until a role is picked; admin is not offered', async ({
    page,
  }) => {
    await openDialog(page, 'Sign In');
    const gate = dialog(page).getByText('Please select your role to continue').filter({ visible: true });
    const radios = dialog(page).getByRole('radio');
    await expect(radios).toHaveCount(3);
    for (const [i, role] of ['Investor', 'Trader', 'Buyer'].entries()) {
      await expect(radios.nth(i)).toHaveAccessibleName(new RegExp(`^${role}`));
    }
    await expect(dialog(page).getByRole('radio', { name: /admin/i })).toHaveCount(0);

    const signIn = signInForm(page).getByRole('button', { name: 'Sign In', exact: true });
    await expect(gate).toBeVisible();
    await expect(signIn).toBeDisabled();
    await expect(signIn).toHaveAccessibleDescription('Please select your role to continue');
    await expect(signInForm(page).getByRole('button', { name: 'Google' })).toBeDisabled();

    await dialog(page).getByRole('tab', { name: 'Sign Up' }).click();
    await expect(gate).toBeVisible();
    await expect(signUpForm(page).getByRole('button', { name: 'Create Account' })).toBeDisabled();

    await pickRole(page, 'Buyer');
    await expect(gate).toHaveCount(0);
    await expect(signUpForm(page).getByRole('button', { name: 'Create Account' })).toBeEnabled();
    // The choice holds for both tabs.
    await dialog(page).getByRole('tab', { name: 'Sign In' }).click();
    await expect(signIn).toBeEnabled();
    await expect(signInForm(page).getByRole('button', { name: 'Google' })).toBeEnabled();
  });

  test('every sign-up validation message of the spec appears at its field', async ({ page }) => {
    await openDialog(page, 'Sign Up');
    await pickRole(page, 'Investor');
    const form = signUpForm(page);
    const submit = form.getByRole('button', { name: 'Create Account' });
    const email = form.getByLabel('Email');
    const password = form.getByLabel('Password', { exact: true });
    const confirm = form.getByLabel('Confirm password');

    await submit.click();
    await expectFieldError(email, 'Email is required');
    await expectFieldError(password, 'Password must be at least 8 characters');
    await expectFieldError(confirm, 'Password must be at least 8 characters');
    await expectFieldError(form.getByLabel(/I accept the terms/), 'You must accept the terms and conditions');
    await expectFieldError(
      form.getByLabel(/risk disclosure/),
      'Investors must acknowledge the risk disclosure',
    );
    await expect(dialog(page)).toBeVisible();

    await email.fill('not-an-email');
    await password.fill('Electrolyser-2030');
    await confirm.fill('Electrolyser-2031');
    await submit.click();
    await expectFieldError(email, 'Invalid email address');
    await expectFieldError(confirm, "Passwords don't match");
    await expect(password).not.toHaveAttribute('aria-invalid', 'true');

    await pickRole(page, 'Trader');
    await submit.click();
    const traderRule = 'Company name and registration number are required for traders';
    await expectFieldError(form.getByLabel('Company name'), traderRule);
    await form.getByLabel('Company name').fill('Konkan Hydrogen LLP');
    await submit.click();
    await expectFieldError(form.getByLabel('Registration number'), traderRule);
    // The risk disclosure is the investor's only.
    await expect(form.getByLabel(/risk disclosure/)).toHaveCount(0);

    await pickRole(page, 'Buyer');
    await submit.click();
    await expectFieldError(form.getByLabel('Industry'), 'Company name and industry are required for buyers');
  });

  test('sign-in validation: an invalid email and a missing password are shown at their fields', async ({
    page,
  }) => {
    await openDialog(page, 'Sign In');
    await pickRole(page, 'Investor');
    const form = signInForm(page);
    const identifier = form.getByLabel('Email or username');
    await form.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expectFieldError(identifier, 'Invalid email address');
    await expectFieldError(form.getByLabel('Password', { exact: true }), 'Password is required');

    await identifier.fill('priya@');
    await form.getByLabel('Password', { exact: true }).fill('anything');
    await form.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expectFieldError(identifier, 'Invalid email address');
  });

  test('choosing a role clears company and registration unless trader or buyer, and the industry unless buyer', async ({
    page,
  }) => {
    await openDialog(page, 'Sign Up');
    const form = signUpForm(page);
    await pickRole(page, 'Trader');
    await form.getByLabel('Company name').fill('Konkan Hydrogen LLP');
    await form.getByLabel('Registration number').fill('REG-1');

    // Trader → buyer keeps the company name.
    await pickRole(page, 'Buyer');
    await expect(form.getByLabel('Company name')).toHaveValue('Konkan Hydrogen LLP');
    await form.getByLabel('Industry').selectOption('steel');

    // Buyer → trader clears the industry; the registration number is kept.
    await pickRole(page, 'Trader');
    await expect(form.getByLabel('Company name')).toHaveValue('Konkan Hydrogen LLP');
    await expect(form.getByLabel('Registration number')).toHaveValue('REG-1');
    await pickRole(page, 'Buyer');
    await expect(form.getByLabel('Industry')).toHaveValue('');

    // Investor clears everything company-related.
    await pickRole(page, 'Investor');
    await pickRole(page, 'Trader');
    await expect(form.getByLabel('Company name')).toHaveValue('');
    await expect(form.getByLabel('Registration number')).toHaveValue('');
  });

  test('a wrong password keeps the dialog open with the server message, and the Sign In Failed toast', async ({
    page,
  }) => {
    await signInThroughDialog(page, 'Investor', DEMO.investor.username, 'not-the-password');
    await expect(dialog(page).getByRole('alert')).toHaveText('Invalid email, username or password');
    await expect(dialog(page)).toBeVisible();
    await expectToast(page, 'Sign In Failed', 'Invalid email, username or password');
  });

  test("signing in as a role that is not the account's is refused with the spec's sentence", async ({
    page,
  }) => {
    await signInThroughDialog(page, 'Investor', DEMO.trader.email, DEMO_PASSWORD);
    const message = "You don't have access to the investor role. Contact support to add additional roles.";
    await expect(dialog(page).getByRole('alert')).toHaveText(message);
    await expectToast(page, 'Sign In Failed', message);
  });

  test('a taken username and a taken email are shown at their fields, and the dialog stays open', async ({
    page,
  }) => {
    await openDialog(page, 'Sign Up');
    await pickRole(page, 'Investor');
    const form = signUpForm(page);
    await fillSignUp(page, { ...newPerson('dup'), username: DEMO.investor.username });
    await form.getByLabel(/I accept the terms/).check();
    await form.getByLabel(/risk disclosure/).check();
    await form.getByRole('button', { name: 'Create Account' }).click();
    const usernameTaken = 'This username is taken. Please choose another one.';
    await expectFieldError(form.getByLabel('Username'), usernameTaken);
    await expect(dialog(page).getByRole('alert')).toHaveText(usernameTaken);
    await expectToast(page, 'Sign Up Failed', usernameTaken);

    await form.getByLabel('Username').fill(newPerson('dup').username);
    await form.getByLabel('Email').fill(DEMO.investor.email);
    await form.getByRole('button', { name: 'Create Account' }).click();
    await expectFieldError(form.getByLabel('Email'), 'An account with this email already exists');
    await expect(dialog(page)).toBeVisible();
  });

  test('Remember me keeps the session cookie for 30 days; without it the cookie ends with the browser', async ({
    page,
  }) => {
    const sessionCookie = async () =>
      (await page.context().cookies()).find((c) => c.name === 'hb_session' && c.httpOnly);

    await signInThroughDialog(page, 'Buyer', DEMO.buyer.username, DEMO_PASSWORD);
    await expectSignedInAs(page, 'Buyer', DEMO.buyer.firstName);
    expect((await sessionCookie())?.expires).toBe(-1);
    await signOut(page);

    await openDialog(page, 'Sign In');
    await pickRole(page, 'Buyer');
    await signInForm(page).getByLabel('Email or username').fill(DEMO.buyer.email);
    await signInForm(page).getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await signInForm(page).getByLabel('Remember me').check();
    await signInForm(page).getByRole('button', { name: 'Sign In', exact: true }).click();
    await expectSignedInAs(page, 'Buyer', DEMO.buyer.firstName);
    const expires = (await sessionCookie())?.expires ?? 0;
    expect(expires * 1000 - Date.now()).toBeGreaterThan(29 * 24 * 3600 * 1000);
  });
});

test.describe('the top bar when signed in', () => {
  test('the role switcher lists all four roles: the own role switches, any other is denied without a call', async ({
    page,
  }) => {
    const switchCalls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/auth/switch-role')) switchCalls.push(r.postData() ?? '');
    });
    await signInThroughDialog(page, 'Trader', DEMO.trader.username, DEMO_PASSWORD);
    await expectSignedInAs(page, 'Trader', DEMO.trader.firstName);

    await roleSwitcher(page).click();
    const items = page.getByRole('menuitemradio');
    await expect(items).toHaveText(['Investor', 'Trader', 'Buyer', 'Admin']);
    await expect(page.getByRole('menuitemradio', { name: 'Trader' })).toHaveAttribute('aria-checked', 'true');
    await page.getByRole('menuitemradio', { name: 'Buyer' }).click();
    await expectToast(
      page,
      'Role Access Denied',
      "You don't have access to the buyer role. Contact support to add additional roles.",
    );
    await expect(roleSwitcher(page)).toHaveText('Trader');

    await roleSwitcher(page).click();
    await page.getByRole('menuitemradio', { name: 'Admin' }).click();
    await expectToast(
      page,
      'Role Access Denied',
      "You don't have access to the admin role. Contact support to add additional roles.",
    );
    expect(switchCalls).toEqual([]);

    await roleSwitcher(page).click();
    await page.getByRole('menuitemradio', { name: 'Trader' }).click();
    await expectToast(page, 'Role Switched', 'You are now working as trader');
    expect(switchCalls).toEqual([JSON.stringify({ newRole: 'trader' })]);
    await expect(roleSwitcher(page)).toHaveText('Trader');
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

    test('the role stays in the bar; the menu panel has the name, Profile, Settings and Logout', async ({
      page,
    }) => {
      await page.request.post('/api/auth/signin', {
        data: { email: DEMO.investor.username, password: DEMO_PASSWORD },
      });
      await page.goto('/');
      await expect(roleSwitcher(page)).toHaveText('Investor');
      await page.getByRole('button', { name: 'Open menu' }).click();
      const panel = page.getByRole('navigation', { name: 'Mobile' });
      await expect(panel).toContainText(`Signed in as ${DEMO.investor.firstName}`);
      await expect(panel.getByRole('link')).toHaveText([
        'Dashboard',
        'Browse Campaigns',
        'How It Works',
        'Portfolio',
        'Statements',
        'Profile',
        'Verification',
        'Settings',
      ]);
      await panel.getByRole('button', { name: 'Logout' }).click();
      await expectToast(page, 'Signed Out', 'You have been successfully signed out');
      await expect(banner(page).getByRole('button', { name: 'Login' })).toBeVisible();
    });
  });
});
