// The signed-in account pages: /profile and /settings, and an axe scan of the dialog and both pages.
import {
  DEMO_PASSWORD,
  DEMO,
  dialog,
  signUpForm,
  banner,
  roleSwitcher,
  expectToast,
  openDialog,
  pickRole,
  expectFieldError,
  signUpViaApi,
} from './accounts.ts';
import { expectNoSeriousAxeViolations, setThemeBeforeLoad } from './axe.ts';
import { expect, test } from './fixtures.ts';

test.describe('profile and settings', () => {
  test('signed out, /profile and /settings show their heading and a Login button', async ({ page }) => {
    for (const [url, heading] of [
      ['/profile', 'Profile'],
      ['/settings', 'Settings'],
    ] as const) {
      await page.goto(url);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await page.getByRole('main').getByRole('button', { name: 'Login' }).click();
      await expect(dialog(page).getByRole('tab', { name: 'Sign In' })).toHaveAttribute(
        'aria-selected',
        'true',
      );
      await page.keyboard.press('Escape');
    }
  });

  test('the profile edits name, phone, country and company fields; email, role and statuses are read-only', async ({
    page,
  }) => {
    const person = await signUpViaApi(page.request, 'buyer', { firstName: 'Jonas' });
    await page.goto('/profile');
    const main = page.getByRole('main');
    const account = main.getByRole('definition');
    await expect(main.getByRole('term')).toHaveText([
      'Email',
      'Email status',
      'Username',
      'Role',
      'KYC status',
      'Account status',
      'Member since',
    ]);
    await expect(account).toHaveText([
      person.email,
      'Not verified',
      person.username,
      'Buyer',
      'Pending',
      'Active',
      /\w{3} \d{1,2}, \d{4}/,
    ]);
    await expect(main.getByLabel('Email')).toHaveCount(0);
    await expect(main.getByLabel('Registration number')).toHaveCount(0);

    const countries = await main
      .getByLabel('Country')
      .locator('option')
      .evaluateAll((els) => els.map((e) => (e as HTMLOptionElement).value).filter(Boolean));
    expect(countries).toEqual(['US', 'CA', 'GB', 'DE', 'FR', 'JP', 'AU', 'IN', 'CN', 'BR']);

    const save = main.getByRole('button', { name: 'Save changes' });
    await expect(save).toBeDisabled();
    await main.getByLabel('First name').fill('Johanna');
    await main.getByLabel('Last name').fill('Becker');
    await main.getByLabel('Phone').fill('not a phone!');
    await save.click();
    await expectFieldError(
      main.getByLabel('Phone'),
      'Phone number may contain digits, spaces, +, -, ( and )',
    );
    await main.getByLabel('Phone').fill('+49 201 555-0100');
    await main.getByLabel('Country').selectOption('DE');
    await main.getByLabel('Company name').fill('Ruhr Stahl AG');
    await main.getByLabel('Industry').selectOption('steel');
    await save.click();
    await expectToast(page, 'Profile Updated', 'Your profile changes have been saved.');
    await expect(save).toBeDisabled();
    // The top bar follows at once, and a reload reads the saved values back.
    await expect(banner(page).getByText('Johanna', { exact: true })).toBeVisible();
    await page.reload();
    await expect(main.getByLabel('First name')).toHaveValue('Johanna');
    await expect(main.getByLabel('Last name')).toHaveValue('Becker');
    await expect(main.getByLabel('Phone')).toHaveValue('+49 201 555-0100');
    await expect(main.getByLabel('Country')).toHaveValue('DE');
    await expect(main.getByLabel('Company name')).toHaveValue('Ruhr Stahl AG');
    await expect(main.getByLabel('Industry')).toHaveValue('steel');
  });

  test('settings: theme, sign out of all other sessions, and change password', async ({
    page,
    playwright,
  }) => {
    const baseURL = test.info().project.use.baseURL!;
    // Another browser where the same account is signed in.
    const elsewhere = await playwright.request.newContext({ baseURL });
    const person = await signUpViaApi(elsewhere, 'trader');
    await page.request.post('/api/auth/signin', {
      data: { email: person.username, password: person.password },
    });
    await page.goto('/settings');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();

    await main.getByRole('radio', { name: 'Dark' }).click();
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await main.getByRole('radio', { name: 'Light' }).click();
    await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);

    expect((await elsewhere.get('/api/auth/me')).status()).toBe(200);
    await main.getByRole('button', { name: 'Sign out of all other sessions' }).click();
    await expectToast(page, 'Other Sessions Signed Out', '1 other session was signed out.');
    expect((await elsewhere.get('/api/auth/me')).status()).toBe(401);

    const change = main.getByRole('form', { name: 'Change password' });
    await change.getByRole('button', { name: 'Change password' }).click();
    await expectFieldError(change.getByLabel('Current password'), 'Password is required');
    await expectFieldError(
      change.getByLabel('New password', { exact: true }),
      'Password must be at least 8 characters',
    );
    await change.getByLabel('Current password').fill('not-my-password');
    await change.getByLabel('New password', { exact: true }).fill('Fresh-Password-2031');
    await change.getByLabel('Confirm new password').fill('Fresh-Password-2031');
    await change.getByRole('button', { name: 'Change password' }).click();
    await expectFieldError(change.getByLabel('Current password'), 'Your current password is not correct');

    // A second session to be ended by the change.
    expect(
      (
        await elsewhere.post('/api/auth/signin', { data: { email: person.email, password: person.password } })
      ).ok(),
    ).toBe(true);
    await change.getByLabel('Current password').fill(person.password);
    await change.getByRole('button', { name: 'Change password' }).click();
    await expectToast(
      page,
      'Password Changed',
      'Your password has been changed. 1 other session was signed out.',
    );
    await expect(change.getByLabel('Current password')).toHaveValue('');
    expect((await elsewhere.get('/api/auth/me')).status()).toBe(401);
    // This browser stays signed in.
    await page.reload();
    await expect(roleSwitcher(page)).toHaveText('Trader');
    await elsewhere.dispose();
  });

  // The client's calls here are typed by the endpoints their routes declare (docs/api.md).
  test('settings: an email notification turned off stays off', async ({ page }) => {
    await signUpViaApi(page.request, 'investor');
    await page.goto('/settings');
    const refunds = page.getByRole('main').getByRole('checkbox', { name: /^Refunds/ });
    await expect(refunds).toBeChecked();
    // The box shows what the server saved: it turns off once the answer is in.
    await refunds.click();
    await expectToast(page, 'Notification settings saved', '');
    await expect(refunds).not.toBeChecked();
    await page.reload();
    await expect(page.getByRole('main').getByRole('checkbox', { name: /^Refunds/ })).not.toBeChecked();
    await expect(page.getByRole('main').getByRole('checkbox', { name: /^Payouts/ })).toBeChecked();
    expect(await (await page.request.get('/api/settings/notifications')).json()).toEqual({
      campaign_funded: true,
      campaign_refunded: false,
      campaign_completed: true,
    });
  });
});

test.describe('accessibility', () => {
  for (const theme of ['light', 'dark'] as const) {
    test(`the open dialog, /profile and /settings have no serious or critical axe violations (${theme})`, async ({
      page,
    }) => {
      await setThemeBeforeLoad(page, theme);
      await openDialog(page, 'Sign In');
      await expectNoSeriousAxeViolations(page, `the sign-in dialog (${theme})`, {
        include: '[role="dialog"]',
      });
      // With errors showing, and on the longest form.
      await dialog(page).getByRole('tab', { name: 'Sign Up' }).click();
      await pickRole(page, 'Trader');
      await signUpForm(page).getByRole('button', { name: 'Create Account' }).click();
      await expect(signUpForm(page).getByText('Email is required')).toBeVisible();
      await expectNoSeriousAxeViolations(page, `the sign-up form with errors (${theme})`, {
        include: '[role="dialog"]',
      });
      await dialog(page).getByRole('tab', { name: 'Sign In' }).click();
      await dialog(page).getByRole('button', { name: 'Forgot password?' }).click();
      await expectNoSeriousAxeViolations(page, `the forgot-password form (${theme})`, {
        include: '[role="dialog"]',
      });
      await page.keyboard.press('Escape');

      await page.request.post('/api/auth/signin', {
        data: { email: DEMO.trader.username, password: DEMO_PASSWORD },
      });
      for (const url of ['/profile', '/settings']) {
        await page.goto(url);
        await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
        await expectNoSeriousAxeViolations(page, `${url} (${theme})`);
      }
    });
  }
});
