// The campaign lifecycle in the browser (issue 11, issue 18): a funded campaign is traded, delivered
// and settled (through the API here: e2e/trader-money.spec.ts drives the trader's and the admin's
// screens); the investor follows the money to the trade and back on /portfolio, sees the payout on the
// dashboard and on /statements (whose CSV downloads and parses), then withdraws to a bank account. A cancelled campaign's investor sees the refund, and so does the
// backer of a campaign that expired unfunded.
import fs from 'node:fs/promises';
import { defaultDeadline } from '../domain/campaign-rules.ts';
import { expectToast, newPerson, signUpVerifiedViaApi, becomeSophisticatedViaApi } from './accounts.ts';
import { expectNoSeriousAxeViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { approveThroughReview, signInDemoInvestor, TEST_CARDS } from './investing.ts';
import { personContext, settleTradedViaApi, tradeViaApi } from './money.ts';
import { demoAdminState, signInDemoAdmin } from './two-factor-kit.ts';

test('a campaign is settled; the investor sees the payout and downloads the statement', async ({
  page,
  browser,
}) => {
  // The trader, in a browser of their own, with a $2,000 campaign.
  const traderContext = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    extraHTTPHeaders: { 'x-forwarded-for': `10.250.${Date.now() % 250}.1` },
  });
  const traderPage = await traderContext.newPage();
  await signUpVerifiedViaApi(traderPage.request, 'trader');
  const title = `Lifecycle test ${newPerson('cargo').username} → Rotterdam`;
  const created = await traderPage.request.post('/api/campaigns', {
    data: {
      title,
      description: 'A campaign made by the lifecycle browser test.',
      tradeRoute: 'Kandla, India → Rotterdam, Netherlands',
      targetAmount: '2000',
      quantity: '200',
      buyPrice: '1.40',
      sellPrice: '5.60',
      minimumInvestment: '1000',
      deadline: defaultDeadline(),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const campaign = (await created.json()) as { id: string };
  await approveThroughReview(traderPage.request, campaign.id);

  // The investor (this page's session) funds it in full through the sandbox.
  await signUpVerifiedViaApi(page.request, 'investor', { firstName: 'Lena', lastName: 'Fischer' });
  await becomeSophisticatedViaApi(page.request);
  const me = (await (await page.request.get('/api/auth/me')).json()) as { id: string };
  const intent = await page.request.post('/api/create-payment-intent', {
    data: {
      amount: '2000.00',
      campaignId: campaign.id,
      investorId: me.id,
      // The KIIS of the new campaign's first terms read.
      acknowledgements: { kiisVersion: 1 },
    },
  });
  expect(intent.status(), await intent.text()).toBe(200);
  const { paymentIntentId, clientSecret } = (await intent.json()) as {
    paymentIntentId: string;
    clientSecret: string;
  };
  const paid = await page.request.post(`/api/sandbox/payment-intents/${paymentIntentId}/confirm`, {
    data: {
      clientSecret,
      card: { number: TEST_CARDS.succeeds.replaceAll(' ', ''), expMonth: 12, expYear: 2030, cvc: '123' },
    },
  });
  expect(paid.status(), await paid.text()).toBe(200);

  // Before: the dashboard values the investment at cost.
  await page.goto('/dashboard');
  const tile = (label: string) =>
    page
      .getByRole('list', { name: 'Your portfolio figures' })
      .getByRole('listitem')
      .filter({ hasText: label });
  await expect(tile('Portfolio Value')).toContainText('$2,000.00');
  await expect(tile('Total ROI')).toContainText('—');
  // Money paid in today is not a change in value.
  await expect(tile("Today's Change")).toContainText('$0.00');

  // The trade starts, the cargo is loaded and delivered: the whole raise went to the trader when trading
  // started (the default schedule), and the investor follows it on /portfolio.
  await tradeViaApi(traderPage.request, campaign.id);
  await page.goto('/portfolio');
  const card = page.getByRole('article', { name: title });
  const where = card.getByRole('list', { name: `Where the money of ${title} is` });
  await expect(where).toContainText('100% to the trade when trading started');
  await expect(where).toContainText('$2,000.00 of yours went to the trader');
  await expect(card.getByText('Gone to the trade').locator('xpath=following-sibling::dd[1]')).toHaveText(
    '$2,000.00',
  );

  // $200 profit declared, approved by an admin and paid in by the trader.
  const adminContext = await personContext(browser);
  await signInDemoAdmin(adminContext);
  await settleTradedViaApi(traderPage.request, adminContext.request, campaign.id, {
    proceeds: 1_120_000,
    profit: 200,
  });
  await adminContext.close();
  await traderContext.close();

  // The investor's tiles change: the payout counts, and the realised ROI shows.
  await page.goto('/dashboard');
  await expect(tile('Portfolio Value')).toContainText('$2,190.00');
  await expect(tile('Total ROI')).toContainText('9.5%');
  // Today's change is the profit realised by today's payout, not the principal coming back.
  await expect(tile("Today's Change")).toContainText('$190.00');

  // The investor sees the payout and where the money went.
  await page.goto('/portfolio');
  await expect(card).toContainText('$2,190.00');
  await expect(where).toContainText('Settlement paid in by the trader');
  await expect(where).toContainText('Paid to your balance');
  await expect(where).toContainText('$2,190.00 in your HydroBridge balance');
  // Released money is not in escrow any more: nothing to dispute.
  await expect(card.getByRole('button', { name: 'Dispute this escrow' })).toHaveCount(0);
  await expectNoSeriousAxeViolations(page, '/portfolio');

  await page.goto('/statements');
  await expect(page.getByRole('cell', { name: 'Payout to your balance' })).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const file = await (await download).path();
  const csv = await fs.readFile(file, 'utf8');
  expect(
    csv.startsWith('\uFEFFDate,Type,Campaign,Paid in,Paid out,Profit,Fee,Invested,Cash balance\r\n'),
  ).toBe(true);
  const rows = csv
    .slice(1)
    .trim()
    .split('\r\n')
    .map((line) => line.split(','));
  // The payout lands in the cash balance: nothing paid out to a card or bank, nothing left invested.
  const payout = rows.find((r) => r[1] === 'Payout to your balance');
  expect(payout?.slice(3)).toEqual(['0.00', '0.00', '190.00', '10.00', '0.00', '2190.00']);
  await expectNoSeriousAxeViolations(page, '/statements');

  // The investor withdraws part of it: a bank account in their own name first, then the amount.
  await page.goto('/portfolio');
  const cash = page.getByRole('region', { name: 'Your HydroBridge balance' });
  await expect(cash.getByTestId('cash-balance')).toHaveText('$2,190.00');
  await cash.getByRole('link', { name: 'Add one in Settings' }).click();
  await expect(page).toHaveURL(/\/settings#bank-account$/);
  const bank = page.getByRole('form', { name: 'Bank account' });
  await expect(bank.getByLabel('Account holder')).toHaveValue('Lena Fischer');
  await bank.getByLabel('IBAN').fill('DE89 3704 0044 0532 0130 00');
  await bank.getByRole('button', { name: 'Verify and save' }).click();
  await expectToast(page, 'Bank account verified', 'held by Lena Fischer');

  await page.goto('/portfolio');
  const withdraw = cash.getByRole('form', { name: 'Withdraw to your bank' });
  await withdraw.getByLabel('Withdraw (USD)').fill('2500');
  await withdraw.getByRole('button', { name: 'Withdraw' }).click();
  await expect(withdraw.getByLabel('Withdraw (USD)')).toHaveAccessibleDescription(/\$2,190\.00/);
  await withdraw.getByLabel('Withdraw (USD)').fill('1000');
  await withdraw.getByRole('button', { name: 'Withdraw' }).click();
  await expectToast(page, 'Withdrawal on its way', '$1,000.00 is being paid to your bank account.');
  await expect(cash.getByTestId('cash-balance')).toHaveText('$1,190.00');
  const sent = cash.getByRole('listitem').filter({ hasText: 'Withdrawal' });
  await expect(sent).toContainText('$1,000.00');
  // The sandbox bank pays it: the list says so once the provider has answered.
  await expect(async () => {
    await page.reload();
    await expect(sent).toContainText('Paid', { timeout: 1_000 });
  }).toPass();

  // The statement follows the money out of the platform.
  await page.goto('/statements');
  const out = page.getByRole('row').filter({ hasText: 'Withdrawal to your bank' });
  await expect(out).toContainText('$1,000.00');
  await expect(out.getByRole('cell').last()).toHaveText('$1,190.00');
  await expectNoSeriousAxeViolations(page, '/portfolio after a withdrawal');
});

test('an investor whose campaign is cancelled sees the refund, and "Funding ended — refunded" beside Draft', async ({
  page,
  playwright,
}) => {
  const baseURL = test.info().project.use.baseURL!;
  const trader = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { 'x-forwarded-for': `10.251.${Date.now() % 250}.2` },
  });
  await signUpVerifiedViaApi(trader, 'trader');
  const title = `Refund test ${newPerson('cargo').username} → Rotterdam`;
  const created = await trader.post('/api/campaigns', {
    data: {
      title,
      description: 'A campaign the lifecycle browser test cancels.',
      tradeRoute: 'Kandla, India → Rotterdam, Netherlands',
      targetAmount: '5000',
      quantity: '200',
      buyPrice: '1.40',
      sellPrice: '5.60',
      minimumInvestment: '1000',
      deadline: defaultDeadline(),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const campaign = (await created.json()) as { id: string };
  await approveThroughReview(trader, campaign.id);
  await trader.dispose();

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
  const { paymentIntentId, clientSecret } = (await intent.json()) as {
    paymentIntentId: string;
    clientSecret: string;
  };
  const paid = await page.request.post(`/api/sandbox/payment-intents/${paymentIntentId}/confirm`, {
    data: {
      clientSecret,
      card: { number: TEST_CARDS.succeeds.replaceAll(' ', ''), expMonth: 12, expYear: 2030, cvc: '123' },
    },
  });
  expect(paid.status(), await paid.text()).toBe(200);

  // The seeded admin cancels it with a reason: the same refunds as a missed deadline.
  const admin = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { 'x-forwarded-for': `10.252.${Date.now() % 250}.3` },
    storageState: await demoAdminState(),
  });
  const cancel = await admin.post(`/api/campaigns/${campaign.id}/transitions`, {
    data: { to: 'cancelled', reason: 'Carrier withdrew' },
  });
  expect(cancel.status(), await cancel.text()).toBe(200);
  await admin.dispose();

  await page.goto('/portfolio');
  const card = page.getByRole('article', { name: title });
  await expect(card).toContainText('Draft');
  await expect(card).toContainText('Funding ended — refunded');
  await expect(card.getByRole('list', { name: `Where the money of ${title} is` })).toContainText(
    'Refunded to your card',
  );
  await expect(card.getByRole('button', { name: 'Dispute this escrow' })).toHaveCount(0);
  // Its backer still sees the campaign page, with the same words.
  await page.goto(`/campaigns/${campaign.id}`);
  await expect(page.getByText('Funding ended — refunded')).toBeVisible();
});

test('the demo investor sees the campaign that missed its deadline refunded by the sweep', async ({
  page,
}) => {
  // Seeded short of its target with a deadline 6 days ago; the deadline sweep cancelled it and
  // refunded its backers (server/seed/demo.ts).
  const title = 'Visakhapatnam → Marseille ammonia cargo';
  await signInDemoInvestor(page);
  await page.goto('/portfolio');
  const card = page.getByRole('article', { name: title });
  await expect(card).toContainText('Draft');
  await expect(card).toContainText('Funding ended — refunded');
  const money = card.getByRole('list', { name: `Where the money of ${title} is` });
  await expect(money).toContainText('Paid');
  await expect(money).toContainText('Refunded to your card');
  // Its backer still finds the campaign page, which says the same.
  await card.getByRole('link', { name: title }).click();
  await expect(page.getByText('Funding ended — refunded')).toBeVisible();

  // The refund is a movement of the tax year it happened in, with the amount back in full.
  const refundedIn = new Date(Date.now() - 6 * 86_400_000).getUTCFullYear();
  await page.goto('/statements');
  await page.getByLabel('Tax year').selectOption(String(refundedIn));
  const row = page.getByRole('row').filter({ hasText: title }).filter({ hasText: 'Refund from escrow' });
  await expect(row).toContainText('$3,000.00');
});
