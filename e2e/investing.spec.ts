// Investing in a real browser (issue 10): the investment modal from the landing card, the campaign
// page and the investor dashboard; the sandbox's test cards; the preview and the minimum; a visitor
// who signs in first; another role; axe on the modal and the dashboard. Each test that pays invests
// in a campaign of its own (createOwnCampaign), so no test reads money another one moved.
import { investRefusalMessage } from '../domain/investments.ts';
import { DEMO, DEMO_PASSWORD, expectToast, pickRole, signInForm, signUpViaApi, toast } from './accounts.ts';
import { expectNoSeriousAxeViolations, setThemeBeforeLoad } from './axe.ts';
import { campaignCard, expect, SEEDED, test } from './fixtures.ts';
import {
  acknowledgeKiis,
  campaignNow,
  createOwnCampaign,
  fillCard,
  investmentModal,
  investmentsIn,
  landingCard,
  modalControls,
  signInDemoInvestor,
  TEST_CARDS,
} from './investing.ts';

test.describe('investing', () => {
  test('an investor pays with 4242 from the landing card: success toast, the dashboard lists it, the card shows it raised', async ({
    page,
    request,
  }) => {
    const campaign = await createOwnCampaign(request);
    const investor = await signInDemoInvestor(page);
    const stripeCalls: string[] = [];
    page.on('request', (r) => {
      if (/(^|\.)stripe\.com$/.test(new URL(r.url()).hostname)) stripeCalls.push(r.url());
    });

    const card = await landingCard(page, campaign);
    await expect(card).toContainText('$0 raised');
    const investNow = card.getByRole('button', { name: 'Invest Now' });
    await investNow.click();
    const modal = investmentModal(page);
    await acknowledgeKiis(modal);
    await expect(modal).toBeVisible();
    await expect(modal.getByRole('heading', { name: `Invest in ${campaign.title}` })).toBeVisible();
    const summary = modal.getByRole('region', { name: 'Campaign summary' });
    await expect(summary.getByText('Active', { exact: true })).toBeVisible();
    await expect(summary).toContainText('$1,000,000'); // target
    await expect(summary).toContainText('300.0%'); // expected ROI

    const c = modalControls(modal);
    await c.amount.fill('2500');
    await fillCard(modal, TEST_CARDS.succeeds);
    await c.submit.click();

    await expectToast(page, 'Investment Successful!', `You invested $2,500.00 in ${campaign.title}.`);
    await expect(modal).toHaveCount(0);
    // Focus is back on the button that opened the modal.
    await expect(investNow).toBeFocused();
    // The card's figures were refreshed: the campaign's raised amount grew by the investment.
    await expect(card).toContainText('$2,500 raised');
    await expect(card).toContainText('1 investor');
    expect((await campaignNow(request, campaign.id)).raisedAmount).toBe('2500.00');
    // Sandbox mode loads nothing from Stripe.
    expect(stripeCalls).toEqual([]);

    await page.goto('/dashboard');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Investor Dashboard' })).toBeVisible();
    await expect(main.getByRole('tab', { name: /^Active/ })).toHaveAttribute('aria-selected', 'true');
    const row = main.getByRole('tabpanel').getByRole('listitem').filter({ hasText: campaign.title });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('$2,500.00');
    await expect(row).toContainText('0.25% of campaign'); // 2,500 / 1,000,000
    await expect(row.getByText('Active', { exact: true })).toBeVisible();
    await expect(row).toContainText('Held');
    await expect(row.getByRole('link', { name: campaign.title })).toHaveAttribute(
      'href',
      `/campaigns/${campaign.id}`,
    );
    expect(await investmentsIn(page, investor.id, campaign.id)).toEqual([
      expect.objectContaining({ amount: '2500.00', status: 'confirmed' }),
    ]);
  });

  test('a declined card says Payment Failed and records nothing; another card then pays the same intent', async ({
    page,
    request,
  }) => {
    const campaign = await createOwnCampaign(request);
    const investor = await signInDemoInvestor(page);
    const intents: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/create-payment-intent')
        intents.push(r.url());
    });

    // Opened from the campaign page this time.
    await page.goto(`/campaigns/${campaign.id}`);
    await page.getByRole('main').getByRole('button', { name: 'Invest Now' }).click();
    const modal = investmentModal(page);
    await acknowledgeKiis(modal);
    const c = modalControls(modal);
    await c.amount.fill('1500');
    await fillCard(modal, TEST_CARDS.declined);
    await c.submit.click();

    await expectToast(page, 'Payment Failed', 'Your card was declined.');
    await expect(toast(page)).toHaveClass(/bg-destructive/);
    // The modal stays open and says it too (a modal hides the toast from assistive technology).
    await expect(modal).toBeVisible();
    await expect(modal.getByRole('alert')).toHaveText('Your card was declined.');
    await expect(c.submit).toHaveText('Invest $1,500.00');
    // Nothing recorded: the intent waits, unpaid, for another card (an unpaid attempt is not listed).
    expect(await investmentsIn(page, investor.id, campaign.id)).toEqual([]);
    expect(await campaignNow(request, campaign.id)).toMatchObject({ raisedAmount: '0.00', investorCount: 0 });

    await c.cardNumber.fill(TEST_CARDS.succeeds);
    await expect(modal.getByRole('alert')).toHaveCount(0);
    await c.submit.click();
    await expectToast(page, 'Investment Successful!', `You invested $1,500.00 in ${campaign.title}.`);
    await expect(modal).toHaveCount(0);
    expect(intents).toHaveLength(1); // the second card paid the intent the first one failed on
    expect(await investmentsIn(page, investor.id, campaign.id)).toEqual([
      expect.objectContaining({ amount: '1500.00', status: 'confirmed' }),
    ]);
    expect((await campaignNow(request, campaign.id)).raisedAmount).toBe('1500.00');
    await expect(page.getByRole('main')).toContainText('$1,500');
  });

  test('an unpaid intent keeps nobody out; closing the modal after a declined card gives it up at once', async ({
    page,
    request,
  }) => {
    const campaign = await createOwnCampaign(request);
    const investor = await signInDemoInvestor(page);
    await page.goto(`/campaigns/${campaign.id}`);
    await page.getByRole('main').getByRole('button', { name: 'Invest Now' }).click();
    const modal = investmentModal(page);
    await acknowledgeKiis(modal);
    const c = modalControls(modal);
    await c.amount.fill('1000000');
    await fillCard(modal, TEST_CARDS.declined);
    // Above the demo investor's threshold ($7,500): the risk warning is confirmed first.
    await modal.getByRole('checkbox', { name: /I understand I could lose all of the/ }).check();
    await c.submit.click();
    await expectToast(page, 'Payment Failed', 'Your card was declined.');

    // Nothing is reserved by an unpaid intent (only a card's hold counts): the whole campaign is
    // still open to another intent while the modal is open.
    const wholeCampaign = {
      amount: '1000000.00',
      campaignId: campaign.id,
      investorId: investor.id,
      acknowledgements: { kiisVersion: 1, riskWarning: true },
    };
    expect((await page.request.post('/api/create-payment-intent', { data: wholeCampaign })).status()).toBe(
      200,
    );
    const cancelled = page.waitForResponse(
      (r) => /\/api\/payment-intents\/[^/]+\/cancel$/.test(new URL(r.url()).pathname) && r.ok(),
    );
    await modal.getByRole('button', { name: 'Close' }).click();
    await expect(modal).toHaveCount(0);
    expect(await (await cancelled).json()).toEqual({ status: 'expired' });
    expect((await page.request.post('/api/create-payment-intent', { data: wholeCampaign })).status()).toBe(
      200,
    );
  });

  test('the projected profit shows from $100 up, and submit waits for the campaign minimum', async ({
    page,
    request,
  }) => {
    const campaign = await createOwnCampaign(request); // 300% expected ROI, $1,000 minimum
    await signInDemoInvestor(page);
    const card = await landingCard(page, campaign);
    await card.getByRole('button', { name: 'Invest Now' }).click();
    const modal = investmentModal(page);
    await acknowledgeKiis(modal);
    const c = modalControls(modal);

    // Spec §5: numeric, step 0.01; the minimum is the campaign's, above the $100 floor. It starts there.
    await expect(c.amount).toHaveAttribute('type', 'number');
    await expect(c.amount).toHaveAttribute('step', '0.01');
    await expect(c.amount).toHaveAttribute('min', '1000.00');
    await expect(c.amount).toHaveValue('1000.00');
    await expect(modal).toContainText('$3,000.00');

    await c.amount.fill('99.99');
    await expect(c.preview).toHaveCount(0);
    await expect(modal).toContainText('Enter $100 or more to see your projected profit.');
    await expect(c.submit).toBeDisabled();
    // A waiting submit says why, in words tied to it, at once (the field says it once it was left).
    await expect(c.submit).toHaveAccessibleDescription(
      'The minimum investment for this campaign is $1,000.00',
    );
    await expect(modal.getByText('The minimum investment for this campaign is $1,000.00')).toBeVisible();

    await c.amount.fill('100');
    await expect(c.preview).toBeVisible();
    await expect(modal).toContainText('$300.00'); // 100 × (5.60 − 1.40) / 1.40
    // Below this campaign's minimum: the preview shows, the submit waits, the field says why.
    await expect(c.submit).toBeDisabled();
    await c.amount.blur();
    await expect(c.amount).toHaveAttribute('aria-invalid', 'true');
    await expect(c.amount).toHaveAccessibleDescription(
      'The minimum investment for this campaign is $1,000.00',
    );
    // A click on the waiting button sends nothing.
    await c.submit.click({ force: true });
    await expect(modal).toBeVisible();
    await expect(toast(page)).toHaveCount(0);

    await c.amount.fill('1234.56');
    await expect(modal).toContainText('$3,703.68');
    await expect(c.submit).toBeEnabled();
    await expect(c.submit).toHaveText('Invest $1,234.56');
    await expect(c.submit).toHaveAccessibleDescription('');
    await c.amount.fill('1234.567');
    await expect(c.submit).toBeDisabled();
    await expect(c.submit).toHaveAccessibleDescription('Amount can have at most 2 decimal places');
    // Above what is still open: the catalogue's words for the same refusal.
    await c.amount.fill('1000000.01');
    await expect(c.submit).toHaveAccessibleDescription('Only $1,000,000.00 is still open in this campaign');

    // The sandbox card form of the fixed contract: its labels, a test-mode note naming 4242.
    await expect(modal).toContainText('no real card is charged');
    await expect(modal).toContainText('4242 4242 4242 4242');
    await expect(c.cardNumber).toHaveAttribute('autocomplete', 'cc-number');
    await expect(c.expiry).toHaveAttribute('autocomplete', 'cc-exp');
    await expect(c.cvc).toHaveAttribute('autocomplete', 'cc-csc');

    // An invalid card number is refused by the form itself, before anything is reserved.
    await c.amount.fill('1000');
    await fillCard(modal, '4242 4242 4242 4241');
    await c.submit.click();
    await expect(c.cardNumber).toHaveAttribute('aria-invalid', 'true');
    await expect(c.cardNumber).toBeFocused();
    await expect(modal).toContainText('Your card number is invalid.');

    // Escape closes the modal and puts focus back on Invest Now.
    await page.keyboard.press('Escape');
    await expect(modal).toHaveCount(0);
    await expect(card.getByRole('button', { name: 'Invest Now' })).toBeFocused();
  });

  test('the card number and the expiry are formatted as they are typed, the caret after the digit typed', async ({
    page,
  }) => {
    await signInDemoInvestor(page);
    await page.goto('/dashboard');
    await page
      .getByRole('main')
      .getByRole('button', { name: `Invest in ${SEEDED.kandla.title}` })
      .click();
    const modal = investmentModal(page);
    await acknowledgeKiis(modal);
    const c = modalControls(modal);

    await c.cardNumber.pressSequentially('4242424242424242');
    await expect(c.cardNumber).toHaveValue('4242 4242 4242 4242');
    // A digit typed in the middle: the groups follow, the caret stays after it.
    await c.cardNumber.press('Home');
    for (let i = 0; i < 6; i++) await c.cardNumber.press('ArrowRight'); // "4242 4|242 …"
    await c.cardNumber.press('Backspace');
    await expect(c.cardNumber).toHaveValue('4242 2424 2424 242');
    await c.cardNumber.pressSequentially('4');
    await expect(c.cardNumber).toHaveValue('4242 4242 4242 4242');
    expect(await c.cardNumber.evaluate((input: HTMLInputElement) => input.selectionStart)).toBe(6);

    await c.expiry.pressSequentially('12');
    await expect(c.expiry).toHaveValue('12 / '); // the slash written as soon as the month is complete
    await c.expiry.pressSequentially('30');
    await expect(c.expiry).toHaveValue('12 / 30');
    await c.expiry.press('Backspace');
    await c.expiry.press('Backspace');
    await expect(c.expiry).toHaveValue('12 / ');
    await c.expiry.press('Backspace'); // the separator goes with the month's last digit
    await expect(c.expiry).toHaveValue('1');
    await c.expiry.fill('');
    await c.expiry.pressSequentially('4');
    await expect(c.expiry).toHaveValue('04 / ');
  });

  test('a reload in the middle of a payment: the next page load records it and says so', async ({
    page,
    request,
  }) => {
    const campaign = await createOwnCampaign(request);
    const investor = await signInDemoInvestor(page);
    // The record call of this payment never answers: the page is reloaded while it is on the way.
    let recordCalls = 0;
    let recordStarted: () => void = () => undefined;
    const started = new Promise<void>((resolve) => (recordStarted = resolve));
    await page.route('**/api/investments', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      recordCalls++;
      if (recordCalls > 1) return route.continue();
      recordStarted(); // and never answered
    });

    await page.goto(`/campaigns/${campaign.id}`);
    await page.getByRole('main').getByRole('button', { name: 'Invest Now' }).click();
    const modal = investmentModal(page);
    await acknowledgeKiis(modal);
    const c = modalControls(modal);
    await c.amount.fill('2500');
    await fillCard(modal, TEST_CARDS.succeeds);
    await c.submit.click();
    await started;
    await expect(c.submit).toHaveText('Processing…');
    await expect(c.submit).toHaveAccessibleDescription('Your payment is being processed. Please wait.');

    await page.reload();
    await expectToast(
      page,
      'Payment recorded',
      `Your payment of $2,500.00 for ${campaign.title} was recorded.`,
    );
    expect(recordCalls).toBe(2);
    expect(await investmentsIn(page, investor.id, campaign.id)).toEqual([
      expect.objectContaining({ amount: '2500.00', status: 'confirmed' }),
    ]);
    // Told once: the next load has nothing left to ask.
    await page.reload();
    await expect(page.getByRole('main').getByRole('button', { name: 'Invest Now' })).toBeVisible();
    await expect(toast(page)).toHaveCount(0);
    expect(recordCalls).toBe(2);
  });

  test('a reload in the middle of a payment the server then refuses: its words are shown as they are', async ({
    page,
    request,
  }) => {
    const campaign = await createOwnCampaign(request);
    await signInDemoInvestor(page);
    const refusal = 'The campaign filled up: your card was not charged';
    let recordCalls = 0;
    let recordStarted: () => void = () => undefined;
    const started = new Promise<void>((resolve) => (recordStarted = resolve));
    // The first record call is cut by the reload; the next one is answered with a refusal.
    await page.route('**/api/investments', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      recordCalls++;
      if (recordCalls === 1) return recordStarted();
      return route.fulfill({ status: 409, json: { error: refusal } });
    });
    await page.goto(`/campaigns/${campaign.id}`);
    await page.getByRole('main').getByRole('button', { name: 'Invest Now' }).click();
    const modal = investmentModal(page);
    await acknowledgeKiis(modal);
    await fillCard(modal, TEST_CARDS.succeeds);
    await modalControls(modal).submit.click();
    await started;

    await page.reload();
    await expectToast(page, 'Payment not recorded', refusal);
    await page.reload();
    await expect(page.getByRole('main').getByRole('button', { name: 'Invest Now' })).toBeVisible();
    await expect(toast(page)).toHaveCount(0);
    expect(recordCalls).toBe(2);
  });

  test('a signed-out visitor signs in from Invest Now and lands in the modal for that campaign', async ({
    page,
    request,
  }) => {
    const campaign = await createOwnCampaign(request);
    const card = await landingCard(page, campaign);
    await card.getByRole('button', { name: 'Invest Now' }).click();
    const auth = page.getByRole('dialog');
    await expect(auth.getByRole('tab', { name: 'Sign In' })).toHaveAttribute('aria-selected', 'true');

    // Closing the sign-in dialog forgets the campaign: signing in later opens no modal by surprise.
    await page.keyboard.press('Escape');
    await expect(auth).toHaveCount(0);
    await card.getByRole('button', { name: 'Invest Now' }).click();
    await pickRole(page, 'Investor');
    await signInForm(page).getByLabel('Email or username').fill(DEMO.investor.username);
    await signInForm(page).getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await signInForm(page).getByRole('button', { name: 'Sign In', exact: true }).click();

    const modal = investmentModal(page);

    await acknowledgeKiis(modal);
    await expect(modal).toBeVisible();
    await expect(modal.getByRole('heading', { name: `Invest in ${campaign.title}` })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(1);
    await expect(modalControls(modal).cardNumber).toBeVisible();
  });

  test('a visitor who closes the sign-in dialog and signs in later gets no modal', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('searchbox', { name: 'Search campaigns' }).fill(SEEDED.kandla.title);
    await campaignCard(page, SEEDED.kandla.title).getByRole('button', { name: 'Invest Now' }).click();
    await expect(page.getByRole('dialog').getByRole('tab', { name: 'Sign In' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await page.getByRole('banner').getByRole('button', { name: 'Login' }).click();
    await pickRole(page, 'Investor');
    await signInForm(page).getByLabel('Email or username').fill(DEMO.investor.username);
    await signInForm(page).getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await signInForm(page).getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page.getByRole('banner').getByRole('button', { name: 'Logout' })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('a trader who presses Invest Now is told only investors invest, and gets no modal', async ({
    page,
  }) => {
    const res = await page.request.post('/api/auth/signin', {
      data: { email: DEMO.trader.email, password: DEMO_PASSWORD },
    });
    expect(res.ok(), await res.text()).toBe(true);
    await page.goto('/');
    await page.getByRole('searchbox', { name: 'Search campaigns' }).fill(SEEDED.kandla.title);
    await campaignCard(page, SEEDED.kandla.title).getByRole('button', { name: 'Invest Now' }).click();
    await expectToast(page, 'You cannot invest in this campaign', 'Only investors can invest in campaigns');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('an investor whose email is not verified yet is told to verify it, and gets no modal', async ({
    page,
  }) => {
    await signUpViaApi(page.request, 'investor'); // signed in, email not verified
    await page.goto('/');
    await page.getByRole('searchbox', { name: 'Search campaigns' }).fill(SEEDED.kandla.title);
    await campaignCard(page, SEEDED.kandla.title).getByRole('button', { name: 'Invest Now' }).click();
    await expectToast(page, 'You cannot invest in this campaign', investRefusalMessage('verify-email'));
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test("a new investor's dashboard shows the spec's empty state and tiles at zero", async ({ page }) => {
    await signUpViaApi(page.request, 'investor');
    await page.goto('/dashboard');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Investor Dashboard' })).toBeVisible();
    const tiles = main.getByRole('list', { name: 'Your portfolio figures' }).getByRole('listitem');
    await expect(tiles.getByRole('heading')).toHaveText([
      'Portfolio Value',
      "Today's Change",
      'Total Invested',
      'Current Value',
      'Total ROI',
      'Active Campaigns',
    ]);
    await expect(tiles.nth(0)).toContainText('$0.00');
    await expect(tiles.nth(5)).toContainText('0');
    await expect(main).toContainText('Values are at cost');
    const panel = main.getByRole('tabpanel');
    await expect(panel).toContainText('No active investments yet');
    await expect(panel).toContainText('Start by investing in a campaign above');
    // Open campaigns with their figures and an Invest button.
    const available = main.getByRole('list', { name: 'Campaigns open for funding' });
    const kandla = available.getByRole('article', { name: SEEDED.kandla.title });
    await expect(kandla).toContainText('Target');
    await expect(kandla).toContainText('Expected ROI');
    await expect(kandla).toContainText('250 t');
    await expect(kandla.getByRole('progressbar')).toBeVisible();
    await expect(kandla.getByRole('button', { name: `Invest in ${SEEDED.kandla.title}` })).toBeVisible();
  });
});

test.describe('Stripe mode', () => {
  // The server here takes sandbox payments, so its CSP blocks Stripe.js: that block is this test's
  // "Stripe unreachable" (a Stripe-mode server allows js.stripe.com, server/plugins/security.ts).
  test.use({ expectedPageErrors: [/Loading the script 'https:\/\/js\.stripe\.com\//] });

  test('in Stripe mode Stripe.js is asked for only when the modal opens; unreachable, the modal says so and the submit waits', async ({
    page,
    request,
  }) => {
    // Stripe's servers cannot be reached from the test machine: the server is made to answer Stripe
    // mode, and any request to stripe.com fails (the page's CSP blocks it first).
    const campaign = await createOwnCampaign(request);
    await signInDemoInvestor(page);
    await page.route('**/api/payments/config', (route) =>
      route.fulfill({ json: { provider: 'stripe', publishableKey: 'pk_test_e2e' } }),
    );
    await page.route(/^https:\/\/([\w-]+\.)*stripe\.com\//, (route) => route.abort());
    const stripeScript = page.locator('script[src*="stripe.com"]');

    const card = await landingCard(page, campaign);
    await expect(stripeScript).toHaveCount(0);
    await card.getByRole('button', { name: 'Invest Now' }).click();
    const modal = investmentModal(page);
    await acknowledgeKiis(modal);
    await expect(modal).toContainText('The card form could not be loaded from Stripe');
    expect(await stripeScript.count()).toBeGreaterThan(0);
    await expect(modalControls(modal).cardNumber).toHaveCount(0); // no sandbox form in Stripe mode
    await expect(modalControls(modal).submit).toBeDisabled();
    await expect(modalControls(modal).submit).toHaveAccessibleDescription(
      'The payment form could not be loaded. Reload the page to try again; nothing was charged.',
    );
    await expect(modal).toContainText('$3,000.00'); // the amount and the preview still work
  });
});

test("the dashboard says 'Error Loading Campaigns' when the campaign list fails, and still lists the investments", async ({
  page,
}) => {
  await signInDemoInvestor(page);
  await page.route('**/api/campaigns?*', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"Service unavailable"}' }),
  );
  await page.goto('/dashboard');
  const main = page.getByRole('main');
  const alert = main.getByRole('alert');
  await expect(alert.getByRole('heading', { name: 'Error Loading Campaigns' })).toBeVisible();
  await expect(alert).toContainText('Please try again later');
  await expect(main.getByRole('heading', { name: 'My Investments' })).toBeVisible();
  await expect(main.getByRole('list', { name: 'Your portfolio figures' })).toBeVisible();
});

for (const theme of ['light', 'dark'] as const) {
  test(`the investor dashboard and the open modal have no serious axe violations (${theme} theme)`, async ({
    page,
  }) => {
    // Two scans take several seconds each on a busy 2-core machine.
    test.slow();
    await setThemeBeforeLoad(page, theme);
    await signInDemoInvestor(page);
    await page.goto('/dashboard');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Investor Dashboard' })).toBeVisible();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    await expectNoSeriousAxeViolations(page, `the investor dashboard (${theme} theme)`);

    // Opened from the dashboard's Invest button.
    const invest = main.getByRole('button', { name: `Invest in ${SEEDED.kandla.title}` });
    await invest.click();
    const modal = investmentModal(page);
    await acknowledgeKiis(modal);
    await expect(modal).toBeVisible();
    await expect(modalControls(modal).cardNumber).toBeVisible();
    await expectNoSeriousAxeViolations(page, `the investment modal (${theme} theme)`, {
      include: '[role="dialog"]',
    });
    await page.keyboard.press('Escape');
    await expect(invest).toBeFocused();
  });
}
