// Investor protection in the browser (issue 19, docs/investor-protection.md): a new investor's first
// investment goes through the knowledge test (one answer wrong: its warning, acknowledged), the loss
// simulation, the key investment information sheet, and — above the higher of $1,000 or 5% of their
// net worth — the risk warning with an explicit confirmation, then the card. The sheet is also a
// printable page.
import { expectToast, signUpVerifiedViaApi } from './accounts.ts';
import { expectNoSeriousAxeViolations } from './axe.ts';
import { followSystemTheme, lookAt } from './look.ts';
import { demoAdminContext, pdf, watchErrors } from './money.ts';
import { expect, test } from './fixtures.ts';
import {
  createOwnCampaign,
  fillCard,
  investmentModal,
  investmentsIn,
  modalControls,
  TEST_CARDS,
} from './investing.ts';

test('a new investor’s first investment: the test, the simulation, the KIIS, the warning and consent, then the card', async ({
  page,
  request,
}) => {
  const campaign = await createOwnCampaign(request, {
    shippingCost: '300000',
    insuranceCost: '25000',
    feesCost: '60000',
    riskFactors: 'The Rotterdam offtaker may delay acceptance of the cargo.',
  });
  await signUpVerifiedViaApi(page.request, 'investor', {}, { knowledgeTest: false });
  const me = (await (await page.request.get('/api/auth/me')).json()) as { id: string };

  await page.goto(`/campaigns/${campaign.id}`);
  const main = page.getByRole('main');
  // Honest returns on the campaign page: the gross ROI, labelled so, beside the return after costs.
  const fact = (label: string) =>
    main.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');
  await expect(fact('Gross ROI')).toHaveText('300.0%');
  // (1,050,000 − 385,000) × 0.95 / 1,000,000 = 63.2%
  await expect(fact('Expected return after costs and fees')).toHaveText('63.2%');
  await expect(main.getByRole('heading', { name: 'Trader’s track record' })).toBeVisible();
  await expect(main).toContainText('No completed campaigns yet: this trader has no track record.');

  await main.getByRole('button', { name: 'Invest Now' }).click();
  const modal = investmentModal(page);
  await expect(modal.getByRole('listitem').filter({ hasText: 'Knowledge test' })).toHaveAttribute(
    'aria-current',
    'step',
  );
  const quiz = modal.getByRole('form', { name: 'Knowledge test' });
  await expect(quiz).toBeVisible();
  await expectNoSeriousAxeViolations(page, 'the knowledge test in the investment modal', {
    include: '[role="dialog"]',
  });

  // Five answers right, one wrong: no deposit guarantee.
  const answer = (question: RegExp, option: string) =>
    quiz.getByRole('group', { name: question }).getByRole('radio', { name: option }).check();
  await answer(/trade behind a campaign makes a loss/, 'I can lose part or all of it');
  await answer(
    /take your money out/,
    'No: after the reflection period it stays in the trade until the campaign settles',
  );
  await answer(/deposit guarantee/, 'Yes, up to €100,000 like a bank deposit');
  await answer(/once a campaign is funded/, 'It is released to the trader to buy and ship the cargo');
  await answer(
    /expected return on a campaign page/,
    'An estimate from the trader’s figures: the actual result may be lower or a loss',
  );
  await answer(
    /How much of your savings/,
    'Only a small part I can afford to lose, spread across several campaigns',
  );
  // The simulation: net worth 40,000, so the loss they could bear is 4,000.
  await quiz.getByLabel('Yearly income (USD)').fill('30000');
  await quiz.getByLabel('Liquid assets (USD)').fill('15000');
  await quiz.getByLabel('Yearly financial commitments (USD)').fill('5000');
  await expect(quiz).toContainText('Net worth $40,000.00');
  await expect(quiz).toContainText('The loss you could bear: $4,000.00');
  await quiz.getByRole('button', { name: 'Continue' }).click();

  // The wrong answer's warning, and an explicit acknowledgement before going on.
  const warnings = quiz.getByRole('alert');
  await expect(warnings).toContainText('An investment is not a bank deposit');
  const confirmTest = quiz.getByRole('button', { name: 'Confirm and continue' });
  await expect(confirmTest).toBeDisabled();
  await warnings
    .getByRole('checkbox', { name: 'I have read these warnings and understand these risks' })
    .check();
  await confirmTest.click();

  // The KIIS of this version: read, then acknowledged.
  const kiis = modal.getByRole('form', { name: 'Key investment information sheet' });
  await expect(kiis).toContainText('The Rotterdam offtaker may delay acceptance of the cargo.');
  await expect(kiis).toContainText('Shipping');
  await expect(kiis).toContainText('$300,000');
  await expect(kiis.getByRole('link', { name: /Open the printable sheet/ })).toHaveAttribute(
    'href',
    `/campaigns/${campaign.id}/kiis`,
  );
  const next = kiis.getByRole('button', { name: 'Continue to the amount' });
  await expect(next).toBeDisabled();
  await kiis
    .getByRole('checkbox', { name: /I have read the key investment information sheet \(version 1\)/ })
    .check();
  await next.click();

  // Above the higher of $1,000 and 5% of 40,000 ($2,000): the warning, and no payment until confirmed.
  const c = modalControls(modal);
  await c.amount.fill('2000');
  await expect(modal.getByText('Risk warning', { exact: true })).toHaveCount(0);
  await c.amount.fill('2500');
  await expect(modal).toContainText('Expected profit after costs and fees');
  const warning = modal.getByRole('alert').filter({ hasText: 'Risk warning' });
  await expect(warning).toContainText(
    'You are about to invest more than $2,000.00. You could lose all of it.',
  );
  await fillCard(modal, TEST_CARDS.succeeds);
  await expect(c.submit).toBeDisabled();
  await expect(c.submit).toHaveAccessibleDescription('Confirm the risk warning to invest this amount');
  await warning
    .getByRole('checkbox', { name: /I understand I could lose all of the \$2,500.00 I invest/ })
    .check();
  await c.submit.click();

  await expectToast(page, 'Investment Successful!', `You invested $2,500.00 in ${campaign.title}.`);
  await expect(modal).toHaveCount(0);
  expect(await investmentsIn(page, me.id, campaign.id)).toEqual([
    expect.objectContaining({ amount: '2500.00', status: 'confirmed' }),
  ]);
  // Done for two years: the next investment starts at the sheet.
  const view = (await (await page.request.get('/api/investor/appropriateness')).json()) as Record<
    string,
    unknown
  >;
  expect(view).toMatchObject({
    status: 'done',
    passed: false,
    maxLoss: '4000.00',
    riskWarningAbove: '2000.00',
  });
});

test('the KIIS is a printable page, saved as PDF through the browser’s print dialog', async ({
  page,
  request,
}) => {
  const campaign = await createOwnCampaign(request, {
    insuranceCost: '25000',
    riskFactors: 'Port strikes at Kandla.',
  });
  await page.goto(`/campaigns/${campaign.id}`);
  await page
    .getByRole('main')
    .getByRole('link', { name: /Key investment information sheet \(version 1/ })
    .click();
  await expect(page).toHaveURL(`/campaigns/${campaign.id}/kiis`);
  const main = page.getByRole('main');
  await expect(
    main.getByRole('heading', { level: 1, name: 'Key investment information sheet' }),
  ).toBeVisible();
  await expect(main).toContainText('Port strikes at Kandla.');
  await expect(main).toContainText('Gross ROI (sell − buy) / buy, before costs and fees');
  await expect(main.getByRole('button', { name: 'Print or save as PDF' })).toBeEnabled();
  await page.emulateMedia({ media: 'print' });
  await expect(main.getByRole('button', { name: 'Print or save as PDF' })).toBeHidden();
  await page.emulateMedia({ media: 'screen' });
  await expectNoSeriousAxeViolations(page, 'the KIIS page');
});

test('an investor applies to be classed sophisticated with evidence; an admin approves it for two years', async ({
  page,
  browser,
}) => {
  await followSystemTheme(page);
  await signUpVerifiedViaApi(page.request, 'investor');
  await page.goto('/investor/classification');
  await expect(page.getByText('Non-sophisticated investor')).toBeVisible();
  const form = page.getByRole('form', { name: 'Apply to be a sophisticated investor' });

  // One criterion is not enough for a person; nothing is sent.
  await form.getByLabel(/personal gross income is at least €60,000/).check();
  await form.getByRole('button', { name: 'Send my application' }).click();
  await expect(form.getByRole('alert')).toBeVisible();
  await expect(page.getByText(/Latest application/)).toHaveCount(0);

  await form.getByLabel(/at least one year in the financial sector/).check();
  await form.getByLabel(/Evidence/).setInputFiles([pdf('payslips-2026.pdf'), pdf('employer-letter.pdf')]);
  await form
    .getByLabel('Anything the reviewer should know (optional)')
    .fill('Risk analyst at a bank since 2019.');
  await lookAt(page, 'classification application filled in');
  await form.getByRole('button', { name: 'Send my application' }).click();
  await expect(
    page.getByText('Your application is waiting for review. We will email you the decision.'),
  ).toBeVisible();
  await expect(page.getByText(/Latest application \(.*\): Waiting for review/)).toBeVisible();

  // ---- the admin reviews it --------------------------------------------------------------------
  const adminContext = await demoAdminContext(browser);
  const admin = await adminContext.newPage();
  const adminErrors = watchErrors(admin);
  await followSystemTheme(admin);
  await admin.goto('/admin/dashboard');
  await admin
    .getByRole('navigation', { name: 'Admin' })
    .getByRole('link', { name: 'Classification' })
    .click();
  const me = (await (await page.request.get('/api/auth/me')).json()) as { email: string };
  const application = admin.getByRole('region', { name: /^Application of / }).filter({ hasText: me.email });
  await expect(application).toContainText('Risk analyst at a bank since 2019.');
  await expect(application.getByRole('link', { name: 'payslips-2026.pdf' })).toBeVisible();
  await expect(application.getByRole('link', { name: 'employer-letter.pdf' })).toBeVisible();
  await lookAt(admin, 'admin classification queue');
  await application.getByRole('button', { name: 'Approve for two years' }).click();
  await expect(application).toHaveCount(0);
  expect(adminErrors).toEqual([]);
  await adminContext.close();

  // ---- the investor is sophisticated for two years ---------------------------------------------
  await page.reload();
  const until = new Date();
  until.setUTCFullYear(until.getUTCFullYear() + 2);
  await expect(page.getByText(/^Sophisticated investor until /)).toContainText(
    String(until.getUTCFullYear()),
  );
  await expect(page.getByText(/Latest application \(.*\): Approved/)).toBeVisible();
});
