// Money to the trade and back in the browser (issue 18): a trader creates a campaign whose release
// schedule is staged (40% at trading, 60% on loaded), an investor funds it through the sandbox card,
// the trader adds a bank account, starts trading, records the loading with its bill of lading; an
// admin sends the evidence back, the trader files it again, the admin confirms the release on
// /admin/money; the cargo is delivered, the trader declares the result as a P&L waterfall with the
// sales invoice, the admin approves, the trader pays the settlement with the sandbox card: the campaign
// is completed and the investor's balance holds the payout. Each new screen is looked at in light and
// dark, at 1280 px and 390 px, with an axe scan.
import { defaultDeadline } from '../domain/campaign-rules.ts';
import {
  DEMO,
  DEMO_PASSWORD,
  expectToast,
  newPerson,
  signUpVerifiedViaApi,
  becomeSophisticatedViaApi,
} from './accounts.ts';
import { expect, test } from './fixtures.ts';
import { approveThroughReview, fillCard, TEST_CARDS } from './investing.ts';
import { followSystemTheme, lookAt } from './look.ts';
import {
  approveViaApi,
  campaignNow,
  declareViaApi,
  demoAdminContext,
  invest,
  pdf,
  personContext,
  tradeViaApi,
  watchErrors,
} from './money.ts';
import { signInDemoAdmin } from './two-factor-kit.ts';

test('a staged campaign from creation to a paid settlement; the investor sees the payout in their balance', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);

  // ---- the trader creates the campaign with a staged schedule ------------------------------------
  const traderContext = await personContext(browser);
  const trader = await traderContext.newPage();
  const traderErrors = watchErrors(trader);
  await followSystemTheme(trader);
  await signUpVerifiedViaApi(trader.request, 'trader');
  const title = `Money test ${newPerson('cargo').username} → Rotterdam`;
  await trader.goto('/trader/create');
  const create = trader.getByRole('form', { name: 'Create Campaign' });
  await create.getByLabel('Campaign title').fill(title);
  await create.getByLabel('Trade route').fill('Kandla, India → Rotterdam, Netherlands');
  await create.getByLabel('Target amount (USD)').fill('2000');
  await create.getByLabel('Quantity (tonnes of hydrogen)').fill('1');
  await create.getByLabel('Minimum investment (USD)').fill('1000');
  const schedule = create.getByRole('group', { name: 'Release schedule' });
  await expect(schedule.getByLabel('100% when trading starts')).toBeChecked();
  await schedule.getByLabel('Staged on shipment milestones').check();
  const tranche = (n: number) => schedule.getByRole('group', { name: `Tranche ${n}` });
  await expect(tranche(1).getByLabel('Percent')).toHaveValue('40');
  await expect(tranche(1)).toContainText('When trading starts');
  await expect(tranche(1)).toContainText('$800 of the target');
  await expect(tranche(2).getByLabel('Released')).toHaveValue('loaded');
  // Checked live, in the server's words.
  await tranche(2).getByLabel('Percent').fill('50');
  await expect(schedule.getByRole('status')).toHaveText(
    'The tranches must add up to 100% (they add up to 90.00%)',
  );
  await tranche(2).getByLabel('Percent').fill('60');
  await expect(schedule.getByRole('status')).toHaveText('');
  await expect(tranche(2)).toContainText('$1,200 of the target');
  await lookAt(trader, 'create form schedule', { focus: schedule });
  await create.getByRole('button', { name: 'Create Campaign' }).click();
  await expectToast(trader, 'Campaign Created Successfully', 'now live');
  await expect(trader).toHaveURL(/\/trader\/dashboard$/);
  // Releases are paid to a bank account: the workspace says so before trading.
  await expect(trader.getByRole('complementary', { name: 'Where releases are paid' })).toContainText(
    'Add your bank account before trading starts.',
  );
  const me = (await (await trader.request.get('/api/auth/me')).json()) as { id: string };
  const listed = (await (await trader.request.get(`/api/campaigns?traderId=${me.id}`)).json()) as Array<{
    id: string;
    title: string;
  }>;
  const campaignId = listed.find((c) => c.title === title)!.id;
  await approveThroughReview(trader.request, campaignId);
  expect((await campaignNow(trader.request, campaignId)).releases).toEqual([
    expect.objectContaining({ trigger: 'trading', status: 'scheduled' }),
    expect.objectContaining({ trigger: 'loaded', status: 'scheduled' }),
  ]);

  // ---- an investor funds it ------------------------------------------------------------------------
  await signUpVerifiedViaApi(page.request, 'investor');
  await becomeSophisticatedViaApi(page.request);
  await invest(page.request, campaignId, '2000.00');
  await expect.poll(async () => (await campaignNow(trader.request, campaignId)).status).toBe('funded');

  // ---- without a bank account, trading cannot start: the trader is sent to Settings ---------------
  const track = trader.getByRole('dialog', { name: 'Track Shipment' });
  const openTrack = async () => {
    await trader.goto('/trader/campaigns');
    await trader.getByRole('button', { name: `Track Shipment ${title}` }).click();
    await expect(track).toBeVisible();
  };
  await openTrack();
  const start = track.getByRole('region', { name: 'Start trading' });
  await expect(start).toContainText(
    'Starting trading releases 40% when trading starts: $800.00 of the $2,000.00 raised',
  );
  await expect(start).toContainText('60% on Loaded at port (bill of lading): $1,200.00');
  await expect(start.getByRole('button', { name: 'Start trading' })).toHaveAttribute('aria-disabled', 'true');
  await expect(start.getByRole('button', { name: 'Start trading' })).toHaveAccessibleDescription(
    'Add your bank account in Settings first: releases are paid to it.',
  );
  await start.getByRole('link', { name: 'Add your bank account' }).click();
  await expect(trader).toHaveURL(/\/settings#bank-account$/);

  // ---- the bank account ----------------------------------------------------------------------------
  const bank = trader.getByRole('form', { name: 'Bank account' });
  await expect(bank.getByLabel('Account holder')).toHaveValue('Konkan Hydrogen LLP');
  await bank.getByLabel('IBAN').fill('DE00 1234 5678');
  await bank.getByRole('button', { name: 'Verify and save' }).click();
  await expect(bank.getByLabel('IBAN')).toHaveAttribute('aria-invalid', 'true');
  await expect(bank.getByLabel('IBAN')).toHaveAccessibleDescription(/This IBAN is not valid/);
  await bank.getByLabel('IBAN').fill('');
  await bank.getByLabel('IBAN').pressSequentially('de89370400440532013000');
  await expect(bank.getByLabel('IBAN')).toHaveValue('DE89 3704 0044 0532 0130 00');
  await bank.getByRole('button', { name: 'Verify and save' }).click();
  await expectToast(trader, 'Bank account verified', 'DE•• •••• •••• •••• •••• 3000');
  await expect(trader.getByTestId('masked-iban')).toHaveText('DE•• •••• •••• •••• •••• 3000');
  await lookAt(trader, 'settings bank account', { focus: trader.locator('#bank-account') });

  // ---- trading starts: 40% released --------------------------------------------------------------
  await openTrack();
  await expect(start).toContainText('paid to your bank account DE•• •••• •••• •••• •••• 3000');
  await start.getByRole('button', { name: 'Start trading' }).click();
  await start.getByRole('button', { name: 'Confirm start trading' }).click();
  await expectToast(trader, 'Trading started', 'The first release is on its way to your bank account.');
  const releases = track.getByRole('list', { name: `Release schedule of ${title}` }).getByRole('listitem');
  await expect(releases.nth(0)).toContainText('$800.00');
  await expect(releases.nth(0)).toContainText('Released to the trader');
  await expect(releases.nth(1)).toContainText('$1,200.00 planned');
  await expect(releases.nth(1)).toContainText('Scheduled');

  // ---- loaded: the bill of lading is required, then the tranche waits for an admin -----------------
  const milestone = track.getByRole('form', { name: 'Record a milestone' });
  await expect(milestone.getByLabel('Milestone')).toHaveValue('loaded');
  await expect(milestone).toContainText(
    '60% on Loaded at port (bill of lading) ($1,200.00) is released on this milestone, once an admin confirms its evidence.',
  );
  await milestone.getByRole('button', { name: 'Record Loaded at port' }).click();
  const evidence = milestone.getByLabel('Evidence of Loaded at port (e.g. the bill of lading)');
  await expect(evidence).toBeFocused();
  await expect(evidence).toHaveAccessibleDescription(
    'Attach the evidence of Loaded at port: its release needs it',
  );
  await evidence.setInputFiles(pdf('bill-of-lading-unsigned.pdf'));
  await milestone.getByRole('button', { name: 'Record Loaded at port' }).click();
  await expectToast(trader, 'Milestone recorded', 'Its release waits for an admin to confirm the evidence.');
  await expect(releases.nth(1)).toContainText('Awaiting admin confirmation');
  await expect(releases.nth(1).getByRole('link', { name: /bill-of-lading-unsigned\.pdf/ })).toBeVisible();

  // ---- the admin sends the evidence back ------------------------------------------------------------
  const adminContext = await personContext(browser);
  const admin = await adminContext.newPage();
  const adminErrors = watchErrors(admin);
  await followSystemTheme(admin);
  await signInDemoAdmin(adminContext);
  await admin.goto('/admin/dashboard');
  await admin.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Money' }).click();
  await expect(admin).toHaveURL(/\/admin\/money$/);
  const releaseItem = admin
    .getByRole('region', { name: /Staged releases awaiting confirmation/ })
    .getByRole('article', { name: title });
  await expect(releaseItem).toContainText('60% on Loaded at port (bill of lading)');
  await expect(releaseItem).toContainText('$1,200.00');
  await expect(
    releaseItem.getByRole('link', { name: /Evidence: bill-of-lading-unsigned\.pdf/ }),
  ).toHaveAttribute('href', new RegExp(`/api/campaigns/${campaignId}/documents/`));
  await lookAt(admin, 'admin money', { focus: releaseItem });
  await releaseItem.getByRole('button', { name: /^Send back/ }).click();
  const sendBack = admin.getByRole('dialog', { name: 'Send the evidence back' });
  await sendBack.getByRole('button', { name: 'Send back' }).click();
  await expect(sendBack.getByLabel('Reason')).toHaveAccessibleDescription('Reason is required');
  await sendBack.getByLabel('Reason').fill('The bill of lading is not signed by the master.');
  await sendBack.getByRole('button', { name: 'Send back' }).click();
  await expectToast(admin, 'Evidence sent back', 'Konkan Hydrogen LLP reads your reason');
  await expect(releaseItem).toHaveCount(0);

  // ---- the trader reads the note and files the evidence again -------------------------------------
  await openTrack();
  await expect(releases.nth(1)).toContainText('Evidence sent back');
  await expect(releases.nth(1)).toContainText(
    'An admin sent the evidence back: The bill of lading is not signed by the master.',
  );
  await releases
    .nth(1)
    .getByLabel('Corrected evidence of Loaded at port')
    .setInputFiles(pdf('bill-of-lading.pdf'));
  await releases.nth(1).getByRole('button', { name: 'File the evidence again' }).click();
  await expectToast(trader, 'Evidence filed', 'The release waits for an admin to confirm it.');
  await expect(releases.nth(1)).toContainText('Awaiting admin confirmation');

  // ---- the admin confirms the release -----------------------------------------------------------------
  await admin.reload();
  await expect(releaseItem).toContainText('$1,200.00');
  await releaseItem.getByRole('button', { name: /^Confirm release/ }).click();
  const confirmRelease = admin.getByRole('dialog', { name: 'Confirm the release' });
  await expect(confirmRelease).toContainText('$1,200.00');
  await expect(confirmRelease).toContainText('Konkan Hydrogen LLP');
  await confirmRelease.getByRole('button', { name: 'Confirm release' }).click();
  await expectToast(admin, 'Release confirmed', `$1,200.00 of ${title} is released to Konkan Hydrogen LLP.`);
  await expect(releaseItem).toHaveCount(0);

  // ---- delivered; the result declared as a waterfall with the invoice ------------------------------
  await openTrack();
  await expect(releases.nth(1)).toContainText('Released to the trader');
  const declareBlocked = track.getByRole('region', { name: 'Declare the result' });
  await expect(declareBlocked).toContainText('Record the Delivered milestone before declaring the result');
  await milestone.getByLabel('Milestone').selectOption('delivered');
  await milestone.getByRole('button', { name: 'Record Delivered' }).click();
  await expectToast(trader, 'Milestone recorded', 'Investors see it on the shipment timeline.');
  const declare = track.getByRole('form', { name: 'Declare the result' });
  // The estimate from the terms (1 t at $1.40 → $5.60) beside each line.
  await expect(declare.getByLabel('Sales proceeds')).toHaveAccessibleDescription('Estimated: $5,600.00');
  await declare.getByLabel('Sales proceeds').fill('5400');
  await declare.getByLabel('Purchase of the cargo').fill('1400');
  await declare.getByLabel('Shipping', { exact: true }).fill('2600');
  await declare.getByLabel('Insurance', { exact: true }).fill('100');
  await declare.getByLabel('Other costs').fill('1100');
  await expect(declare.getByRole('status').first()).toHaveText('$200.00');
  await expect(declare).toContainText('Once approved you pay in $2,200.00');
  await declare.getByRole('button', { name: 'Declare the result' }).click();
  await expect(declare.getByLabel('Sales invoice')).toHaveAccessibleDescription(
    'Attach the sales invoice: the admin checks the result against it',
  );
  await declare.getByLabel('Sales invoice').setInputFiles(pdf('sales-invoice-INV-77.pdf'));
  await lookAt(trader, 'waterfall form', { scope: '[role="dialog"]', focus: declare });
  await declare.getByRole('button', { name: 'Declare the result' }).click();
  await expectToast(trader, 'Result declared', 'An admin reviews it against the sales invoice.');
  const settlement = track.getByRole('region', { name: 'Settlement' });
  await expect(settlement).toContainText('Awaiting admin review');
  await expect(settlement).toContainText('$2,200.00');

  // ---- the admin approves --------------------------------------------------------------------------
  await admin.reload();
  const review = admin
    .getByRole('region', { name: /Settlements awaiting review/ })
    .getByRole('article', { name: title });
  await expect(review).toContainText('Konkan Hydrogen LLP');
  await expect(review).toContainText('$200.00');
  await expect(review).toContainText('$2,200.00');
  const waterfall = review.getByRole('table', { name: "The trade's result, estimated beside actual" });
  await expect(waterfall.getByRole('row', { name: /Sales proceeds/ })).toContainText('$5,600.00$5,400.00');
  await expect(review.getByRole('link', { name: /Sales invoice: sales-invoice-INV-77\.pdf/ })).toBeVisible();
  await lookAt(admin, 'admin money review', { focus: review });
  await review.getByRole('button', { name: /^Approve/ }).click();
  const approve = admin.getByRole('dialog', { name: 'Approve the settlement' });
  await expect(approve).toContainText('Konkan Hydrogen LLP is asked to pay $2,200.00');
  await approve.getByRole('button', { name: 'Approve' }).click();
  await expectToast(admin, 'Settlement approved', `Konkan Hydrogen LLP pays $2,200.00 for ${title} by`);
  const due = admin
    .getByRole('region', { name: /Settlements due and in default/ })
    .getByRole('article', { name: title });
  await expect(due).toContainText('Due from the trader');
  await expect(due.getByRole('button', { name: /^Mark bank transfer received/ })).toBeVisible();

  // ---- the trader pays the settlement with the sandbox card ---------------------------------------
  await openTrack();
  await expect(settlement).toContainText('Due from the trader');
  await expect(settlement).toContainText('Amount due');
  await expect(settlement).toContainText('Due by');
  const transfer = settlement.getByRole('region', { name: 'Or pay by bank transfer' });
  await expect(transfer).toContainText('$2,200.00');
  await expect(transfer).toContainText(campaignId);
  await settlement.getByRole('button', { name: 'Pay the settlement' }).click();
  const pay = settlement.getByRole('form', { name: 'Pay the settlement' });
  await fillCard(pay, TEST_CARDS.succeeds);
  await lookAt(trader, 'settlement payment', { scope: '[role="dialog"]', focus: pay });
  await pay.getByRole('button', { name: 'Pay $2,200.00' }).click();
  await expectToast(trader, 'Settlement paid', `$2,200.00 received: the investors of ${title} are paid out`);
  await expect(settlement).toContainText('Paid and distributed');
  await expect(track.getByText('Completed', { exact: true })).toBeVisible();
  expect(await campaignNow(trader.request, campaignId)).toMatchObject({
    status: 'completed',
    settlement: { status: 'paid', amountDue: '2200.00' },
  });

  // The details modal shows the result, estimated beside actual.
  await trader.keyboard.press('Escape');
  await trader.goto('/trader/dashboard');
  await trader.getByRole('tab', { name: 'Completed' }).click();
  await trader.getByRole('button', { name: `View ${title}` }).click();
  const details = trader.getByRole('dialog', { name: title });
  await expect(
    details.getByRole('table', { name: "The trade's result, estimated beside actual" }).getByRole('row', {
      name: /^Profit of the trade/,
    }),
  ).toContainText('$4,200.00$200.00');

  // ---- the investor: $2,000 back with $190 profit ($200 less the 5% fee) in their balance -----------
  await page.goto('/portfolio');
  await expect(page.getByTestId('cash-balance')).toHaveText('$2,190.00');
  await expect(page.getByRole('article', { name: title })).toContainText('Paid to your balance');

  expect(traderErrors, 'uncaught errors in the trader’s browser').toEqual([]);
  expect(adminErrors, 'uncaught errors in the admin’s browser').toEqual([]);
  await traderContext.close();
  await adminContext.close();
});

test("the demo's money on screen: Kochi's staged release awaiting an admin, the settled cargo's waterfall", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  // The demo trader: Kochi → Houston trades with 40% released and 60% on loaded awaiting an admin.
  await followSystemTheme(page);
  const signin = await page.request.post('/api/auth/signin', {
    data: { email: DEMO.trader.email, password: DEMO_PASSWORD },
  });
  expect(signin.status(), await signin.text()).toBe(200);
  await page.goto('/trader/dashboard');
  await expect(page.getByRole('complementary', { name: 'Where releases are paid' })).toContainText(
    'Releases of your campaigns are paid to your bank account',
  );
  await page.goto('/trader/campaigns');
  await page.getByRole('button', { name: 'Track Shipment Kochi → Houston refinery hydrogen' }).click();
  const track = page.getByRole('dialog', { name: 'Track Shipment' });
  const releases = track
    .getByRole('list', { name: 'Release schedule of Kochi → Houston refinery hydrogen' })
    .getByRole('listitem');
  await expect(releases.nth(0)).toContainText('40% when trading starts');
  await expect(releases.nth(0)).toContainText('Released to the trader');
  await expect(releases.nth(1)).toContainText('60% on Loaded at port (bill of lading)');
  await expect(releases.nth(1)).toContainText('Awaiting admin confirmation');
  await expect(track.getByRole('region', { name: 'Declare the result' })).toContainText(
    'Record the Delivered milestone before declaring the result of the trade',
  );
  await lookAt(page, 'demo track shipment', { scope: '[role="dialog"]', focus: releases.nth(1) });
  await page.keyboard.press('Escape');

  // The settled cargo: its details show the result, estimated beside actual, in millions.
  await page.goto('/trader/dashboard');
  await page.getByRole('tab', { name: 'Completed' }).click();
  await page.getByRole('button', { name: 'View Kandla → Rotterdam first cargo' }).click();
  const details = page.getByRole('dialog', { name: 'Kandla → Rotterdam first cargo' });
  const result = details.getByRole('table', { name: "The trade's result, estimated beside actual" });
  await expect(result.getByRole('row', { name: /^Profit of the trade/ })).toBeVisible();
  await lookAt(page, 'demo details waterfall', { scope: '[role="dialog"]', focus: result });

  // The admin sees the Kochi release waiting, with its evidence.
  const adminContext = await personContext(browser);
  const admin = await adminContext.newPage();
  await followSystemTheme(admin);
  await signInDemoAdmin(adminContext);
  await admin.goto('/admin/dashboard');
  await expect(admin.getByText('Releases awaiting confirmation')).toBeVisible();
  await admin.getByRole('link', { name: 'Open settlements and releases' }).click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Settlements and Releases' })).toBeVisible();
  const kochi = admin
    .getByRole('region', { name: /Staged releases awaiting confirmation/ })
    .getByRole('article', { name: 'Kochi → Houston refinery hydrogen' });
  await expect(kochi).toContainText('60% on Loaded at port (bill of lading)');
  await expect(kochi.getByRole('link', { name: /^Evidence: / })).toBeVisible();
  await lookAt(admin, 'demo admin money');
  await adminContext.close();
});

test('the edit modal stages the release schedule while the terms are open, and shows it locked once money is committed', async ({
  page,
  browser,
}) => {
  const traderContext = await personContext(browser);
  const trader = await traderContext.newPage();
  const traderErrors = watchErrors(trader);
  await signUpVerifiedViaApi(trader.request, 'trader');
  const title = `Schedule test ${newPerson('cargo').username} → Rotterdam`;
  const created = await trader.request.post('/api/campaigns', {
    data: {
      title,
      tradeRoute: 'Kandla, India → Rotterdam, Netherlands',
      targetAmount: '5000',
      quantity: '1',
      buyPrice: '1.40',
      sellPrice: '5.60',
      minimumInvestment: '1000',
      deadline: defaultDeadline(),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };

  const openEdit = async () => {
    await trader.goto('/trader/campaigns');
    await trader.getByRole('button', { name: `Edit ${title}` }).click();
    return trader.getByRole('dialog', { name: 'Edit campaign' });
  };
  // The default: everything when trading starts. Staged on arrival instead, 30% / 70%.
  let edit = await openEdit();
  const schedule = edit.getByRole('group', { name: 'Release schedule' });
  await expect(schedule.getByLabel('100% when trading starts')).toBeChecked();
  await schedule.getByLabel('Staged on shipment milestones').check();
  const second = schedule.getByRole('group', { name: 'Tranche 2' });
  await second.getByLabel('Released on').selectOption('arrived');
  await schedule.getByRole('group', { name: 'Tranche 1' }).getByLabel('Percent').fill('30');
  await second.getByLabel('Percent').fill('');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  // An empty percent is said at its field on submit, and focused; nothing is saved.
  await expect(second.getByLabel('Percent')).toBeFocused();
  await expect(second.getByLabel('Percent')).toHaveAccessibleDescription('Enter the percent of this tranche');
  await second.getByLabel('Percent').fill('70');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(trader, 'Campaign Updated Successfully', 'Your campaign changes have been saved.');
  await expect(edit).toHaveCount(0);
  expect((await campaignNow(trader.request, id)).releases).toEqual([
    expect.objectContaining({ trigger: 'trading', percent: '30.00' }),
    expect.objectContaining({ trigger: 'arrived', percent: '70.00' }),
  ]);

  // The review approves the campaign as staged (a change of schedule after approval goes back to it).
  await approveThroughReview(trader.request, id);
  // An investor commits money: the schedule locks with the terms and is shown read-only.
  await signUpVerifiedViaApi(page.request, 'investor');
  await invest(page.request, id, '1000.00');
  edit = await openEdit();
  await expect(edit.getByRole('group', { name: 'Release schedule' })).toHaveCount(0);
  await expect(edit).toContainText('The release schedule is locked with the financial terms');
  await expect(edit.getByRole('list', { name: 'Release schedule' }).getByRole('listitem')).toHaveText([
    /^30% when trading starts\$300/,
    /^70% on Arrived\$700/,
  ]);
  expect(traderErrors).toEqual([]);
  await traderContext.close();
});

test('a rejected result is declared again with the reason in view; a bank transfer marked received settles it', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const traderContext = await personContext(browser);
  const trader = await traderContext.newPage();
  const traderErrors = watchErrors(trader);
  await signUpVerifiedViaApi(trader.request, 'trader');
  const title = `Transfer test ${newPerson('cargo').username} → Rotterdam`;
  const created = await trader.request.post('/api/campaigns', {
    data: {
      title,
      tradeRoute: 'Kandla, India → Rotterdam, Netherlands',
      targetAmount: '1000',
      quantity: '1',
      buyPrice: '1.40',
      sellPrice: '5.60',
      minimumInvestment: '1000',
      deadline: defaultDeadline(),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  await approveThroughReview(trader.request, id);
  await signUpVerifiedViaApi(page.request, 'investor');
  await becomeSophisticatedViaApi(page.request);
  await invest(page.request, id, '1000.00');
  await tradeViaApi(trader.request, id);
  await declareViaApi(trader.request, id, { proceeds: 5000, profit: 900 });

  // The admin rejects it on /admin/money with a reason.
  const adminContext = await demoAdminContext(browser);
  const admin = await adminContext.newPage();
  const adminErrors = watchErrors(admin);
  await admin.goto('/admin/money');
  const review = admin
    .getByRole('region', { name: /Settlements awaiting review/ })
    .getByRole('article', { name: title });
  await review.getByRole('button', { name: /^Reject/ }).click();
  const reject = admin.getByRole('dialog', { name: 'Reject the settlement' });
  await reject.getByLabel('Reason').fill('Shipping on the invoice is $400 more than declared.');
  await reject.getByRole('button', { name: 'Reject' }).click();
  await expectToast(admin, 'Settlement rejected', `declares the result of ${title} again`);
  await expect(review).toHaveCount(0);

  // The trader reads the reason and declares again.
  await trader.goto('/trader/campaigns');
  await trader.getByRole('button', { name: `Track Shipment ${title}` }).click();
  const track = trader.getByRole('dialog', { name: 'Track Shipment' });
  await expect(track.getByRole('alert')).toContainText('Shipping on the invoice is $400 more than declared.');
  const declare = track.getByRole('form', { name: 'Declare the result' });
  await declare.getByLabel('Sales proceeds').fill('5000');
  await declare.getByLabel('Purchase of the cargo').fill('1000');
  await declare.getByLabel('Shipping', { exact: true }).fill('2500');
  await declare.getByLabel('Insurance', { exact: true }).fill('100');
  await declare.getByLabel('Other costs').fill('900');
  await expect(declare).toContainText('Once approved you pay in $1,500.00');
  await declare.getByLabel('Sales invoice').setInputFiles(pdf('sales-invoice-corrected.pdf'));
  await declare.getByRole('button', { name: 'Declare the result' }).click();
  await expectToast(trader, 'Result declared', 'An admin reviews it');
  await expect(track.getByRole('region', { name: 'Settlement' })).toContainText('Awaiting admin review');

  // Approved; the trader pays by bank transfer, which the admin marks received.
  await approveViaApi(adminContext.request, id);
  await admin.reload();
  const due = admin
    .getByRole('region', { name: /Settlements due and in default/ })
    .getByRole('article', { name: title });
  await expect(due).toContainText('$1,500.00');
  await due.getByRole('button', { name: /^Mark bank transfer received/ }).click();
  const received = admin.getByRole('dialog', { name: 'Mark the bank transfer received' });
  await expect(received).toContainText(id);
  await received.getByRole('button', { name: 'Mark received' }).click();
  await expectToast(admin, 'Bank transfer recorded', `The settlement of ${title} is paid and distributed`);
  await expect(due).toHaveCount(0);
  await expect.poll(async () => (await campaignNow(trader.request, id)).status).toBe('completed');

  // $1,000 back and $500 profit less the $25 fee.
  await page.goto('/portfolio');
  await expect(page.getByTestId('cash-balance')).toHaveText('$1,475.00');
  expect(traderErrors).toEqual([]);
  expect(adminErrors).toEqual([]);
  await traderContext.close();
  await adminContext.close();
});
