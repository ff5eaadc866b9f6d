// KYC and the admin console in a real browser (issue 12): a new investor uploads documents, is refused
// at invest time until the demo admin approves them in the console, then invests; a rejected trader
// reads the reason; suspension signs a user out until reactivated; axe on every admin page and the
// Verification page in both themes.
import type { Browser } from '@playwright/test';
import { ERRORS } from '../domain/errors.ts';
import {
  expectToast,
  passKnowledgeTest,
  signUpVerifiedViaApi,
  signUpViaApi,
  toast,
  verifyEmailViaOutbox,
} from './accounts.ts';
import { expectNoSeriousAxeViolations, setThemeBeforeLoad } from './axe.ts';
import { expect, test, type Page } from './fixtures.ts';
import {
  acknowledgeKiis,
  createOwnCampaign,
  fillCard,
  investmentModal,
  landingCard,
  modalControls,
  TEST_CARDS,
} from './investing.ts';
import { signInDemoAdmin } from './two-factor-kit.ts';

const pdf = (name: string) => ({
  name,
  mimeType: 'application/pdf',
  buffer: Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'),
});

/** The demo admin signed in, in a browser context of their own. */
async function adminPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInDemoAdmin(context);
  return page;
}

/** The user-management table's row of `email`, found with the search box, in the tab given. */
async function userRow(page: Page, tab: string, email: string) {
  if (tab) await page.getByRole('tab', { name: tab }).click();
  await page.getByRole('searchbox', { name: 'Search users by name, email or company' }).fill(email);
  const row = page.getByRole('main').getByRole('row').filter({ hasText: email });
  await expect(row).toHaveCount(1);
  return row;
}

test.describe('KYC and the admin console', () => {
  test('a new investor uploads documents, is refused at invest time until an admin approves them, then invests', async ({
    page,
    request,
    browser,
  }) => {
    const campaign = await createOwnCampaign(request);
    const person = await signUpViaApi(page.request, 'investor');
    await verifyEmailViaOutbox(page.request, person.email);

    await page.goto('/verification');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Verification' })).toBeVisible();
    await expect(main.getByText('Pending', { exact: true })).toBeVisible();
    await main.getByLabel('Identity document').setInputFiles(pdf('passport.pdf'));
    await main.getByLabel('Proof of address').setInputFiles(pdf('utility-bill.pdf'));
    await main.getByRole('button', { name: 'Submit documents' }).click();
    await expectToast(page, 'Documents Submitted', 'Our KYC review takes 1-3 business days.');
    await expect(main.getByText('Under Review', { exact: true })).toBeVisible();
    await expect(main.getByRole('link', { name: 'passport.pdf' })).toBeVisible();

    const card = await landingCard(page, campaign);
    await card.getByRole('button', { name: 'Invest Now' }).click();
    await expectToast(page, 'You cannot invest in this campaign', ERRORS.INVESTING_NEEDS_KYC.message);
    await expect(toast(page).getByRole('link', { name: 'Go to Verification' })).toBeVisible();
    await expect(investmentModal(page)).toHaveCount(0);

    const admin = await adminPage(browser);
    await admin.goto('/admin/kyc');
    await expect(admin.getByRole('heading', { level: 1, name: 'KYC Review' })).toBeVisible();
    const row = await userRow(admin, '', person.email);
    await row.getByRole('button', { name: 'Review Documents' }).click();
    const review = admin.getByRole('dialog', { name: /^Review Documents/ });
    // Approve waits until the admin has opened every document (the server records each opening).
    await expect(review.getByRole('button', { name: 'Approve' })).toBeDisabled();
    await expect(review.getByRole('note')).toContainText('2 of 2 not opened yet');
    for (const name of [/Open passport\.pdf/, /Open utility-bill\.pdf/]) {
      const opened = admin.waitForEvent('popup');
      await review.getByRole('link', { name }).click();
      await (await opened).close();
    }
    await expect(review.getByText('Opened', { exact: true })).toHaveCount(2);
    await expect(review.getByRole('note')).toHaveCount(0);
    await review.getByRole('button', { name: 'Approve' }).click();
    await expect(admin.locator('ol > li[data-state="open"]')).toContainText('KYC Approved');
    await expect(admin.getByText('No pending KYC requests')).toBeVisible();
    await admin.context().close();

    await page.reload();
    await passKnowledgeTest(page.request);
    const again = await landingCard(page, campaign);
    await again.getByRole('button', { name: 'Invest Now' }).click();
    const modal = investmentModal(page);
    await acknowledgeKiis(modal);
    await expect(modal).toBeVisible();
    const c = modalControls(modal);
    await c.amount.fill('1000');
    await fillCard(modal, TEST_CARDS.succeeds);
    await c.submit.click();
    await expectToast(page, 'Investment Successful!', `You invested $1,000.00 in ${campaign.title}.`);
  });

  test('an admin rejects a trader with a reason on the dashboard; the trader reads it and may send new documents', async ({
    page,
    browser,
  }) => {
    const person = await signUpViaApi(page.request, 'trader');
    const upload = await page.request.post('/api/kyc/documents', {
      multipart: { identity: pdf('id.pdf'), address: pdf('address.pdf'), company: pdf('registration.pdf') },
    });
    expect(upload.status(), await upload.text()).toBe(201);

    const admin = await adminPage(browser);
    await admin.goto('/admin/dashboard');
    await expect(admin.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
    for (const stat of ['Total Users', 'Active Users', 'Pending KYC', 'Total Escrow', 'Active Disputes'])
      await expect(admin.getByRole('heading', { name: stat, exact: true })).toBeVisible();
    const row = await userRow(admin, 'Pending KYC', person.email);
    await row.getByRole('button', { name: 'Reject' }).click();
    const dialog = admin.getByRole('dialog', { name: /^Reject/ });
    await dialog.getByLabel('Reason').fill('The company registration certificate is unreadable.');
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await expect(admin.locator('ol > li[data-state="open"]')).toContainText('KYC Rejected');
    await admin.context().close();

    await page.goto('/verification');
    const main = page.getByRole('main');
    await expect(main.getByText('Rejected', { exact: true })).toBeVisible();
    await expect(main.getByRole('note')).toContainText('The company registration certificate is unreadable.');
    await expect(main.getByLabel('Company registration (KYB)')).toBeVisible();
    await expect(main.getByLabel('Company name')).toHaveValue('Konkan Hydrogen LLP');
  });

  test('suspending a user signs them out at once; reactivating lets them back in', async ({
    page,
    browser,
  }) => {
    const person = await signUpViaApi(page.request, 'buyer');
    await page.goto('/profile');
    await expect(page.getByRole('main').getByText(person.email)).toBeVisible();

    const admin = await adminPage(browser);
    await admin.goto('/admin/dashboard');
    const row = await userRow(admin, 'Active', person.email);
    await row.getByRole('button', { name: 'Suspend' }).click();
    const dialog = admin.getByRole('dialog', { name: /^Suspend/ });
    await dialog.getByLabel('Reason').fill('Sanctions screening match under review');
    await dialog.getByRole('button', { name: 'Suspend' }).click();
    await expect(admin.locator('ol > li[data-state="open"]')).toContainText('User Suspended');

    await page.reload();
    await expect(page.getByRole('banner').getByRole('button', { name: 'Login' })).toBeVisible();
    const refused = await page.request.post('/api/auth/signin', {
      data: { email: person.email, password: person.password },
    });
    expect(refused.status()).toBe(403);
    expect(await refused.json()).toEqual({ error: ERRORS.ACCOUNT_SUSPENDED.message });

    const suspended = await userRow(admin, 'Suspended', person.email);
    await suspended.getByRole('button', { name: 'Reactivate' }).click();
    await expect(admin.locator('ol > li[data-state="open"]')).toContainText('User Reactivated');
    await admin.context().close();
    const back = await page.request.post('/api/auth/signin', {
      data: { email: person.email, password: person.password },
    });
    expect(back.status(), await back.text()).toBe(200);
  });

  test('an investor disputes a held escrow record; the admin resolves it as a refund from /admin/escrow', async ({
    page,
    request,
    browser,
  }) => {
    const campaign = await createOwnCampaign(request);
    await signUpVerifiedViaApi(page.request, 'investor');
    const me = (await (await page.request.get('/api/auth/me')).json()) as { id: string };
    const intent = await page.request.post('/api/create-payment-intent', {
      data: {
        amount: '1500.00',
        campaignId: campaign.id,
        investorId: me.id,
        acknowledgements: { kiisVersion: 1 },
      },
    });
    expect(intent.status(), await intent.text()).toBe(200);
    const { paymentIntentId, clientSecret } = (await intent.json()) as Record<string, string>;
    const paid = await page.request.post(`/api/sandbox/payment-intents/${paymentIntentId}/confirm`, {
      data: { clientSecret, card: { number: TEST_CARDS.succeeds, expMonth: 12, expYear: 2030, cvc: '123' } },
    });
    expect(paid.status(), await paid.text()).toBe(200);
    const recorded = await page.request.post('/api/investments', {
      data: { paymentIntentId, campaignId: campaign.id, investorId: me.id },
    });
    const { escrowId } = (await recorded.json()) as { escrowId: string };
    // The investor opens the dispute from /portfolio, the reason asked first.
    await page.goto('/portfolio');
    const card = page.getByRole('article').filter({ hasText: campaign.title });
    await card.getByRole('button', { name: 'Dispute this escrow' }).click();
    const form = card.getByRole('form', { name: `Dispute the escrow of ${campaign.title}` });
    await form.getByRole('button', { name: 'Open dispute' }).click();
    await expect(form.getByText('Reason is required')).toBeVisible();
    await form.getByLabel('Why do you dispute it?').fill('The trader stopped answering about the shipment.');
    await form.getByRole('button', { name: 'Open dispute' }).click();
    // Confirmed with what happens next; the card then says the dispute is under review.
    await expectToast(
      page,
      'Dispute opened',
      'An admin will review it and either release the money to the trade or refund it to you.',
    );
    await expect(form).toHaveCount(0);
    await expect(card.getByText('Disputed: an admin is reviewing it')).toBeVisible();
    await expect(card.getByRole('button', { name: 'Dispute this escrow' })).toHaveCount(0);

    const admin = await adminPage(browser);
    await admin.goto('/admin/escrow');
    await admin.getByLabel('Status').selectOption('disputed');
    // The admin finds the campaign by a part of its title, in any case (its tag is its own).
    await admin
      .getByLabel('Campaign', { exact: true })
      .fill(campaign.title.replace(' → Rotterdam', '').toUpperCase());
    const row = admin.getByRole('main').getByRole('row').filter({ hasText: campaign.title });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('The trader stopped answering about the shipment.');
    await row.getByRole('button', { name: 'Resolve Dispute' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Resolve Dispute' });
    await dialog.getByLabel('Note (audit log)').fill('No shipping documents after 90 days');
    await dialog.getByRole('button', { name: 'Refund investor' }).click();
    await expect(admin.locator('ol > li[data-state="open"]')).toContainText('Dispute Resolved');
    await admin.getByLabel('Status').selectOption('refunded');
    await expect(admin.getByRole('main').getByRole('row').filter({ hasText: campaign.title })).toContainText(
      'Refunded',
    );
    // The audit log says it in words: who, what, to which campaign, why and the change; the row as
    // stored (its ids) is there under "Raw data".
    await admin.goto('/admin/reports');
    const entry = admin
      .getByRole('list', { name: 'Audit log' })
      .getByRole('listitem')
      .filter({ hasText: `resolved the escrow dispute in ${campaign.title}` });
    await expect(entry).toHaveCount(1);
    await expect(entry).toContainText('No shipping documents after 90 days');
    await expect(entry).toContainText('status: disputed → refunded');
    await expect(entry.getByText(escrowId)).toBeHidden();
    await entry.getByText('Raw data').click();
    await expect(entry.getByText(escrowId)).toBeVisible();
    // On a phone the log still reads line by line; the page does not scroll sideways.
    await admin.setViewportSize({ width: 390, height: 844 });
    await expect
      .poll(() => admin.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(390);
    await admin.goto('/admin/escrow');
    await expect(admin.getByLabel('Campaign', { exact: true })).toBeVisible();
    await expect
      .poll(() => admin.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(390);
    await admin.context().close();
    const investments = (await (
      await page.request.get(`/api/investments?investorId=${me.id}`)
    ).json()) as Array<{
      escrowId: string;
      status: string;
    }>;
    expect(investments.find((i) => i.escrowId === escrowId)).toMatchObject({ status: 'refunded' });
  });

  test('another role gets the "not for your role" page on admin pages, and the API refuses', async ({
    page,
  }) => {
    await signUpViaApi(page.request, 'investor');
    await page.goto('/admin/escrow');
    await expect(page.getByRole('main')).toContainText('This page is for admins');
    expect((await page.request.get('/api/admin/escrow')).status()).toBe(403);
  });

  for (const theme of ['light', 'dark'] as const) {
    test(`admin pages and the Verification page pass axe (${theme})`, async ({ page }) => {
      await setThemeBeforeLoad(page, theme);
      await signInDemoAdmin(page.context());
      for (const [path, heading] of [
        ['/admin/dashboard', 'Admin Dashboard'],
        ['/admin/kyc', 'KYC Review'],
        ['/admin/escrow', 'Escrow Monitoring'],
        ['/admin/reports', 'Compliance Reports'],
      ] as const) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        await expect(page.getByText(/^Loading/)).toHaveCount(0);
        await expectNoSeriousAxeViolations(page, `${path} (${theme})`);
      }
      // This browser leaves the admin's session (shared by this worker's tests: not logged out) for a trader's.
      await page.context().clearCookies();
      await signUpViaApi(page.request, 'trader');
      await page.goto('/verification');
      await expect(page.getByRole('button', { name: 'Submit documents' })).toBeVisible();
      await expectNoSeriousAxeViolations(page, `/verification (${theme})`);
    });
  }
});
