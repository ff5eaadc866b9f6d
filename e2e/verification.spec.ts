// Verification you can find (issue 19): a new user whose verification is pending is told so on the
// dashboard (what is pending, with a link to /verification) and finds "Verification" in the account
// menu (with a dot while something is pending), on a desktop and on a phone. Once approved, both quiet down.
import { approveKycViaAdmin, signUpViaApi, uploadKycViaApi, verifyEmailViaOutbox } from './accounts.ts';
import { expect, test, type Page } from './fixtures.ts';

const pendingBanner = (page: Page) => page.getByRole('region', { name: 'Verification pending' });

/** Opens the account menu (desktop: the role badge's menu; phone: the menu panel) and follows Verification. */
async function verificationFromMenu(page: Page, phone: boolean, pending: boolean) {
  const name = pending ? 'Verification (pending)' : 'Verification';
  if (phone) {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name, exact: true }).click();
  } else {
    await page.getByRole('button', { name: 'Investor role, switch role' }).click();
    await page.getByRole('menuitem', { name, exact: true }).click();
  }
  await expect(page).toHaveURL(/\/verification$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Verification' })).toBeVisible();
}

for (const [label, phone] of [
  ['1280 px', false],
  ['390 px', true],
] as const) {
  test.describe(`at ${label}`, () => {
    test.use(
      phone
        ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }
        : { viewport: { width: 1280, height: 800 } },
    );

    test('a new investor finds /verification from the dashboard banner and the account menu', async ({
      page,
    }) => {
      const person = await signUpViaApi(page.request, 'investor');
      await page.goto('/dashboard');
      const banner = pendingBanner(page);
      await expect(banner).toContainText('Verification pending: investing opens once it is done.');
      await expect(banner).toContainText('Verify your email address: open the link we emailed you.');
      await expect(banner).toContainText('Upload your identity documents');
      await banner.getByRole('link', { name: 'Open the Verification page' }).click();
      await expect(page).toHaveURL(/\/verification$/);
      await expect(page.getByRole('main').getByLabel('Identity document')).toBeVisible();

      await page.goto('/dashboard');
      await verificationFromMenu(page, phone, true);

      // Documents sent: the banner says they are in review.
      await verifyEmailViaOutbox(page.request, person.email);
      await uploadKycViaApi(page.request, 'investor');
      await page.goto('/dashboard');
      await expect(pendingBanner(page)).toContainText('Your documents are under review (1-3 business days).');
      await expect(pendingBanner(page)).not.toContainText('Verify your email address');

      // Approved: nothing pending, no banner, no dot; the menu still leads to the page.
      await approveKycViaAdmin(person.email);
      await page.goto('/dashboard');
      await expect(page.getByRole('heading', { level: 1, name: 'Investor Dashboard' })).toBeVisible();
      await expect(pendingBanner(page)).toHaveCount(0);
      await verificationFromMenu(page, phone, false);
      await expect(page.getByRole('main')).toContainText('You are verified');
    });
  });
}
