// The trader's workspace: create a campaign, find it on the dashboard, view and edit it, track
// funded cargoes, the campaigns table and the analytics charts. Each test that writes uses its own
// new trader (signed up through the API), so tests run in parallel; the demo trader is only read.
import type { Locator } from '@playwright/test';
import { defaultDeadline, endOfDeadlineDay } from '../domain/campaign-rules.ts';
import { CAMPAIGN_MESSAGES } from '../domain/campaign-schemas.ts';
import { daysLeft } from '../domain/campaigns.ts';
import { expectedRoiPercent } from '../domain/money.ts';
import {
  DEMO,
  DEMO_PASSWORD,
  expectFieldError,
  expectToast,
  signUpVerifiedViaApi,
  signUpViaApi,
} from './accounts.ts';
import { expectNoSeriousAxeViolations, setThemeBeforeLoad } from './axe.ts';
import { expect, test, type Page } from './fixtures.ts';

const ROUTE = 'Kandla, India → Rotterdam, Netherlands';

/**
 * A new trader whose email address is verified (campaigns need it), signed in in the page's context
 * (page.request shares the browser's cookies).
 */
async function newTrader(page: Page) {
  await signUpVerifiedViaApi(page.request, 'trader');
  const me = await page.request.get('/api/auth/me');
  expect(me.ok()).toBe(true);
  return (await me.json()) as { id: string };
}

async function signInDemoTrader(page: Page) {
  const res = await page.request.post('/api/auth/signin', {
    data: { email: DEMO.trader.email, password: DEMO_PASSWORD },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as { id: string };
}

async function createViaApi(page: Page, overrides: Record<string, unknown> = {}) {
  const res = await page.request.post('/api/campaigns', {
    data: {
      title: 'Paradip → Hamburg second cargo',
      description: 'Green ammonia for a Hamburg steel mill.',
      tradeRoute: 'Paradip, India → Hamburg, Germany',
      targetAmount: '750000',
      quantity: '150',
      buyPrice: '1.45',
      sellPrice: '5.50',
      deadline: defaultDeadline(),
      ...overrides,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: string; title: string };
}

const main = (page: Page) => page.getByRole('main');
const tab = (page: Page, name: string) => main(page).getByRole('tab', { name: new RegExp(`^${name}`) });
const panel = (page: Page) => main(page).getByRole('tabpanel');
const row = (scope: Page | Locator, title: string) => scope.getByRole('row').filter({ hasText: title });
const modal = (page: Page) => page.getByRole('dialog');
const form = (scope: Page | Locator, name: string) => scope.getByRole('form', { name });

async function expectLoaded(page: Page) {
  await expect(main(page).locator('h1')).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

test.describe('trader workspace', () => {
  test('a trader creates a campaign from the create page with the spec defaults and finds it under Active', async ({
    page,
  }) => {
    await newTrader(page);
    await page.goto('/trader/create');
    const create = form(page, 'Create Campaign');
    await expect(main(page).getByRole('heading', { level: 1, name: 'Create Campaign' })).toBeVisible();

    // Spec §5 defaults.
    await expect(create.getByLabel('Campaign title')).toHaveValue('');
    await expect(create.getByLabel('Trade route')).toHaveValue('');
    await expect(create.getByLabel('Description')).toHaveValue('');
    await expect(create.getByLabel('Target amount (USD)')).toHaveValue('0');
    await expect(create.getByLabel('Quantity (tonnes of hydrogen)')).toHaveValue('0');
    await expect(create.getByLabel('Buy price ($/kg)')).toHaveValue('1.4');
    await expect(create.getByLabel('Sell price ($/kg)')).toHaveValue('5.6');
    await expect(create.getByLabel('Buy price ($/kg)')).toHaveAttribute('step', '0.01');
    await expect(create.getByLabel('Funding deadline')).toHaveValue(defaultDeadline());
    await expect(create.getByLabel('Minimum investment (USD)')).toHaveValue('100');
    await expect(create.getByLabel('Region')).toHaveValue('');

    // The live preview follows the terms; the region follows the route's destination.
    const preview = create.getByRole('region', { name: 'Live preview' });
    await expect(preview).toContainText('Expected ROI300.0%');
    await expect(preview).toContainText('Margin per kg$4.20');
    await create.getByLabel('Campaign title').fill('Kandla → Rotterdam autumn cargo');
    await create.getByLabel('Trade route').fill(ROUTE);
    await expect(create.getByLabel('Region')).toHaveValue('europe');
    await create.getByLabel('Target amount (USD)').fill('500000');
    await create.getByLabel('Quantity (tonnes of hydrogen)').fill('200');
    await create.getByLabel('Description').fill('Green ammonia for a Dutch fertilizer plant.');
    await expect(preview).toContainText('Estimated profit$840,000');
    // ROI 300% (1 point) + target ≤ $1M (0) + 90-day window (1) = medium.
    await expect(preview).toContainText('Risk levelMedium risk');

    await create.getByRole('button', { name: 'Create Campaign' }).click();
    await expectToast(
      page,
      'Campaign Created Successfully',
      'Your hydrogen trading campaign is now live and available for investors.',
    );
    await expect(page).toHaveURL(/\/trader\/dashboard$/);
    await expectLoaded(page);

    await expect(tab(page, 'Active')).toHaveAttribute('aria-selected', 'true');
    const created = row(panel(page), 'Kandla → Rotterdam autumn cargo');
    const expectedDaysLeft = daysLeft(endOfDeadlineDay(defaultDeadline())!);
    await expect(created.getByRole('cell')).toHaveText([
      '200 tonnes',
      '$500,000',
      '$00.0%',
      '0',
      // A new campaign waits for the due-diligence review, whose documents the row asks for.
      /^ActiveAwaiting review/,
      '300.0%',
      String(expectedDaysLeft),
      /View.*Edit/,
    ]);
    await expect(created.getByRole('rowheader')).toContainText(ROUTE);
    await expect(created.getByRole('button', { name: /^Track Shipment/ })).toHaveCount(0);
    const stats = main(page).getByRole('list', { name: 'Your campaign figures' });
    await expect(stats.getByRole('listitem').nth(0)).toContainText('Total Campaigns11 active');
    await expect(stats.getByRole('listitem').nth(3)).toContainText('Average ROI300.0%');
    await expect(stats.getByRole('listitem').nth(2)).toContainText('Success rate: —');

    // View: the details modal with every field and the timeline.
    await created.getByRole('button', { name: /^View/ }).click();
    const details = modal(page);
    await expect(details.getByRole('heading', { name: 'Kandla → Rotterdam autumn cargo' })).toBeVisible();
    await expect(details.getByText('Active', { exact: true })).toBeVisible();
    await expect(details.getByRole('progressbar', { name: 'Funding progress' })).toHaveAttribute(
      'aria-valuenow',
      '0',
    );
    for (const text of [
      '$0 raised of $500,000 target',
      '200 T of hydrogen',
      '300.0% (estimated profit $840,000)',
      '$1.40/kg',
      '$5.60/kg',
      'Green ammonia for a Dutch fertilizer plant.',
      'Minimum investment$100',
      'Investors0',
      'RiskMedium risk',
      'RegionEurope',
    ]) {
      await expect(details).toContainText(text);
    }
    const timeline = details.getByRole('list', { name: 'Campaign timeline' }).getByRole('listitem');
    await expect(timeline).toHaveCount(3);
    await expect(timeline.nth(0)).toContainText('Created');
    await expect(timeline.nth(1)).toContainText('Funding deadline');
    await expect(timeline.nth(2)).toContainText('Last updated');
    await page.keyboard.press('Escape');
    await expect(details).toHaveCount(0);

    // /dashboard shows the same view for a trader.
    await page.goto('/dashboard');
    await expect(main(page).getByRole('heading', { level: 1, name: 'Trader Dashboard' })).toBeVisible();
    await expect(row(panel(page), 'Kandla → Rotterdam autumn cargo')).toBeVisible();
  });

  test('a trader edits a campaign in the modal: pre-filled, only changed fields sent, new values shown', async ({
    page,
  }) => {
    await newTrader(page);
    const campaign = await createViaApi(page);
    await page.goto('/trader/dashboard');
    await row(panel(page), campaign.title).getByRole('button', { name: /^Edit/ }).click();

    const edit = form(modal(page), 'Save Changes');
    await expect(edit.getByLabel('Campaign title')).toHaveValue(campaign.title);
    await expect(edit.getByLabel('Trade route')).toHaveValue('Paradip, India → Hamburg, Germany');
    await expect(edit.getByLabel('Target amount (USD)')).toHaveValue('750000.00');
    await expect(edit.getByLabel('Quantity (tonnes of hydrogen)')).toHaveValue('150.00');
    await expect(edit.getByLabel('Buy price ($/kg)')).toHaveValue('1.45');
    await expect(edit.getByLabel('Sell price ($/kg)')).toHaveValue('5.50');
    await expect(edit.getByLabel('Description')).toHaveValue('Green ammonia for a Hamburg steel mill.');
    await expect(edit.getByLabel('Funding deadline')).toHaveValue(defaultDeadline());
    await expect(edit.getByLabel('Region')).toHaveValue('europe');

    await edit.getByLabel('Campaign title').fill('Paradip → Hamburg second cargo (revised)');
    await edit.getByLabel('Sell price ($/kg)').fill('5.80');
    await edit.getByLabel('Buy price ($/kg)').fill('1.450'); // the same price, written differently
    const patch = page.waitForRequest((r) => r.method() === 'PATCH');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    expect((await patch).postDataJSON()).toEqual({
      title: 'Paradip → Hamburg second cargo (revised)',
      sellPrice: '5.80',
    });
    await expectToast(page, 'Campaign Updated Successfully', 'Your campaign changes have been saved.');
    await expect(modal(page)).toHaveCount(0);

    // (5.80 − 1.45) / 1.45 = 300.0%
    const updated = row(panel(page), 'Paradip → Hamburg second cargo (revised)');
    await expect(updated.getByRole('cell').nth(5)).toHaveText('300.0%');
    await updated.getByRole('button', { name: /^View/ }).click();
    await expect(modal(page)).toContainText('$5.80/kg');
  });

  test('a failed edit shows the failure toast and the server field errors, and keeps the modal open', async ({
    page,
  }) => {
    await newTrader(page);
    const campaign = await createViaApi(page);
    await page.route('**/api/campaigns/*', (route) =>
      route.request().method() === 'PATCH'
        ? route.fulfill({
            status: 400,
            contentType: 'application/json',
            body: JSON.stringify({
              error: 'Trade route must be at most 200 characters',
              fields: { tradeRoute: 'Trade route must be at most 200 characters' },
            }),
          })
        : route.fallback(),
    );
    await page.goto('/trader/dashboard');
    await row(panel(page), campaign.title).getByRole('button', { name: /^Edit/ }).click();
    const edit = form(modal(page), 'Save Changes');
    await edit.getByLabel('Trade route').fill('Paradip, India → Antwerp, Belgium');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(
      page,
      'Failed to Update Campaign',
      'There was an error updating your campaign. Please try again.',
    );
    await expectFieldError(edit.getByLabel('Trade route'), 'Trade route must be at most 200 characters');
    await expect(edit.getByRole('button', { name: 'Save Changes' })).toBeEnabled();
  });

  test("a dashboard that cannot load says so with the failed call's message", async ({ page }) => {
    await newTrader(page);
    await page.route('**/api/trader/stats/*', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"Internal error"}' }),
    );
    await page.goto('/trader/dashboard');
    const alert = main(page).getByRole('alert');
    await expect(alert).toContainText('Failed to load trader dashboard');
    await expect(alert).toContainText('Failed to fetch trader stats');
  });

  test('bad input shows the shared validation messages and creates nothing', async ({ page }) => {
    const trader = await newTrader(page);
    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().includes('/api/campaigns')) posts.push(r.url());
    });
    await page.goto('/trader/create');
    const create = form(page, 'Create Campaign');
    await create.getByLabel('Campaign title').fill('ab');
    await create.getByLabel('Trade route').fill('Somewhere → Nowhere');
    await create.getByLabel('Sell price ($/kg)').fill('1.20');
    await create.getByRole('button', { name: 'Create Campaign' }).click();

    await expectFieldError(create.getByLabel('Campaign title'), CAMPAIGN_MESSAGES.titleTooShort);
    await expectFieldError(create.getByLabel('Sell price ($/kg)'), CAMPAIGN_MESSAGES.sellAboveBuy);
    await expectFieldError(create.getByLabel('Target amount (USD)'), 'Target amount must be greater than 0');
    await expectFieldError(create.getByLabel('Region'), CAMPAIGN_MESSAGES.regionUnknown);
    await expect(page).toHaveURL(/\/trader\/create$/);
    expect(posts).toEqual([]);

    // Fixing a field clears its message.
    await create.getByLabel('Campaign title').fill('A proper title');
    await expect(create.getByLabel('Campaign title')).not.toHaveAttribute('aria-invalid', 'true');

    const list = await page.request.get(`/api/campaigns?traderId=${trader.id}`);
    expect(await list.json()).toEqual([]);
  });

  test('a refused create shows the failure toast and the server field errors at their fields', async ({
    page,
  }) => {
    await newTrader(page);
    await page.route('**/api/campaigns', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 400,
            contentType: 'application/json',
            body: JSON.stringify({
              error: CAMPAIGN_MESSAGES.deadlineTooFar,
              fields: { deadline: CAMPAIGN_MESSAGES.deadlineTooFar },
            }),
          })
        : route.fallback(),
    );
    await page.goto('/trader/create');
    const create = form(page, 'Create Campaign');
    await create.getByLabel('Campaign title').fill('Mundra → Yokohama third cargo');
    await create.getByLabel('Trade route').fill('Mundra, India → Yokohama, Japan');
    await expect(create.getByLabel('Region')).toHaveValue('asia');
    await create.getByLabel('Target amount (USD)').fill('400000');
    await create.getByLabel('Quantity (tonnes of hydrogen)').fill('120');
    await create.getByRole('button', { name: 'Create Campaign' }).click();
    await expectToast(
      page,
      'Failed to Create Campaign',
      'There was an error creating your campaign. Please try again.',
    );
    await expectFieldError(create.getByLabel('Funding deadline'), CAMPAIGN_MESSAGES.deadlineTooFar);
    await expect(page).toHaveURL(/\/trader\/create$/);

    await create.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/trader\/dashboard$/);
    await expect(panel(page)).toContainText('No active campaigns');
    await expect(panel(page).getByRole('link', { name: 'Create New Campaign' })).toBeVisible();
  });

  test('completed campaigns are view-only, backed ones keep their terms, funded rows track their shipment (demo trader)', async ({
    page,
  }) => {
    await signInDemoTrader(page);
    await page.goto('/trader/dashboard');
    await expectLoaded(page);

    await tab(page, 'Completed').click();
    const completed = row(panel(page), 'Kandla → Rotterdam first cargo');
    await expect(completed.getByRole('button', { name: /^View/ })).toBeVisible();
    await expect(completed.getByRole('button', { name: /^Edit/ })).toHaveCount(0);

    // Keyboard: arrow keys move between the tabs.
    await tab(page, 'Completed').press('ArrowRight');
    await expect(tab(page, 'All')).toBeFocused();
    await expect(tab(page, 'All')).toHaveAttribute('aria-selected', 'true');
    await expect(
      row(panel(page), 'Kandla → Rotterdam first cargo').getByRole('button', { name: /^Edit/ }),
    ).toHaveCount(0);
    await expect(
      row(panel(page), 'Kandla → Rotterdam green ammonia cargo').getByRole('button', { name: /^Edit/ }),
    ).toBeVisible();

    // A campaign with investors: its financial terms are read-only, with the reason; the title is not.
    await row(panel(page), 'Kandla → Rotterdam green ammonia cargo')
      .getByRole('button', { name: /^Edit/ })
      .click();
    const edit = modal(page);
    await expect(edit.getByRole('note')).toHaveText(CAMPAIGN_MESSAGES.termsLocked);
    for (const label of [
      'Target amount (USD)',
      'Quantity (tonnes of hydrogen)',
      'Buy price ($/kg)',
      'Sell price ($/kg)',
      'Minimum investment (USD)',
      'Funding deadline',
    ])
      await expect(edit.getByLabel(label), label).not.toBeEditable();
    await expect(edit.getByLabel('Campaign title')).toBeEditable();
    await expect(edit.getByLabel('Description')).toBeEditable();
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await expect(edit).toBeHidden();

    await tab(page, 'Funded').click();
    await expect(row(panel(page), 'Paradip → Hamburg pilot shipment')).toContainText('Funded');
    await expect(row(panel(page), 'Kochi → Houston refinery hydrogen')).toContainText('In Progress');
    await row(panel(page), 'Paradip → Hamburg pilot shipment')
      .getByRole('button', { name: /^Track Shipment/ })
      .click();
    const track = modal(page);
    await expect(track.getByRole('heading', { name: 'Track Shipment' })).toBeVisible();
    const steps = track.getByRole('list', { name: 'Shipment milestones' }).getByRole('listitem');
    await expect(steps).toHaveText([
      /^Loaded at port/,
      /^Departed/,
      /^Arrived/,
      /^Customs cleared/,
      /^Delivered/,
    ]);
    // Funded, not shipped yet: the trader's next move is to start trading.
    await expect(track.getByRole('button', { name: 'Start trading' })).toBeVisible();
  });

  test('/trader/campaigns sorts by its column headers and filters by status and text', async ({ page }) => {
    const trader = await signInDemoTrader(page);
    const res = await page.request.get(`/api/campaigns?traderId=${trader.id}&limit=100`);
    const campaigns = (await res.json()) as Array<{
      title: string;
      status: string;
      buyPrice: string;
      sellPrice: string;
    }>;
    await page.goto('/trader/campaigns');
    await expectLoaded(page);
    const table = main(page).getByRole('table');
    const titles = table.locator('tbody th[scope="row"] span:first-child');
    await expect(titles).toHaveCount(campaigns.length);

    await table.getByRole('button', { name: 'Title' }).click();
    const byTitle = campaigns
      .map((c) => c.title)
      .sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }));
    await expect(titles).toHaveText(byTitle);
    await expect(table.getByRole('columnheader', { name: 'Title' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    await table.getByRole('button', { name: 'Title' }).click();
    await expect(titles).toHaveText([...byTitle].reverse());
    await expect(table.getByRole('columnheader', { name: 'Title' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );

    await table.getByRole('button', { name: 'ROI' }).click();
    const byRoi = [...campaigns]
      .sort((a, b) =>
        expectedRoiPercent(a.buyPrice, a.sellPrice).cmp(expectedRoiPercent(b.buyPrice, b.sellPrice)),
      )
      .map((c) => c.title);
    await expect(titles.first()).toHaveText(byRoi[0]!);
    await expect(titles.last()).toHaveText(byRoi.at(-1)!);

    await main(page).getByLabel('Status').selectOption({ label: 'Completed' });
    await expect(titles).toHaveText(campaigns.filter((c) => c.status === 'completed').map((c) => c.title));
    await expect(
      row(table, 'Kandla → Rotterdam first cargo').getByRole('button', { name: /^Edit/ }),
    ).toHaveCount(0);

    await main(page).getByLabel('Status').selectOption('all');
    await main(page).getByLabel('Filter by title or route').fill('hamburg');
    await expect(titles).toHaveText(['Paradip → Hamburg pilot shipment']);
    await main(page).getByLabel('Filter by title or route').fill('no such cargo');
    await expect(table).toContainText('No campaigns match these filters.');
    await main(page).getByLabel('Filter by title or route').fill('');

    // The row actions reuse the dashboard's modals.
    await row(table, 'Paradip → Hamburg pilot shipment').getByRole('button', { name: /^View/ }).click();
    await expect(
      modal(page).getByRole('heading', { name: 'Paradip → Hamburg pilot shipment' }),
    ).toBeVisible();
  });

  test('/trader/analytics renders its three charts, each with a heading and a data table', async ({
    page,
  }) => {
    await signInDemoTrader(page);
    await page.goto('/trader/analytics');
    await expectLoaded(page);
    for (const [id, heading] of [
      ['funding-progress', 'Funding progress per campaign'],
      ['expected-roi', 'Expected ROI per campaign'],
      ['raised-over-time', 'Funds raised over time'],
    ] as const) {
      const section = main(page).getByRole('region', { name: heading });
      await expect(section.getByRole('heading', { level: 2, name: heading })).toBeVisible();
      await expect(section.locator(`[data-chart="${id}"] svg.recharts-surface`)).toBeVisible();
      await section.getByText('Show the data as a table').click();
      await expect(section.getByRole('table')).toContainText('Kandla → Rotterdam first cargo');
    }
    await expect(main(page).locator('[data-chart="funding-progress"] .recharts-bar-rectangle')).toHaveCount(
      6,
    );
    await expect(
      main(page).getByRole('region', { name: 'Expected ROI per campaign' }).getByRole('table'),
    ).toContainText('300.0%');
    // Funds raised over time lists the investments themselves, each on the day it was recorded.
    const raised = main(page).getByRole('region', { name: 'Funds raised over time' });
    await expect(raised).toContainText('investment by investment, on the day each was recorded');
    await expect(raised.getByRole('columnheader')).toHaveText([
      'Recorded',
      'Campaign',
      'Invested',
      'Cumulative',
    ]);
    expect(await raised.getByRole('table').getByRole('row').count()).toBeGreaterThan(6);
  });

  test('a signed-in investor is told the trader pages are for traders, and no trader data is asked for', async ({
    page,
  }) => {
    await signUpViaApi(page.request, 'investor');
    const calls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/trader/') || r.url().includes('traderId=')) calls.push(r.url());
    });
    for (const path of ['/trader/dashboard', '/trader/create', '/trader/campaigns', '/trader/analytics']) {
      await page.goto(path);
      await expect(main(page)).toContainText('This page is for traders');
    }
    expect(calls).toEqual([]);
  });
});

const SCANS: Array<[name: string, path: string, prepare: (page: Page) => Promise<void>]> = [
  [
    '/trader/dashboard (All tab)',
    '/trader/dashboard',
    async (page) => {
      await tab(page, 'All').click();
    },
  ],
  [
    'the details modal',
    '/trader/dashboard',
    async (page) => {
      await row(panel(page), 'Kandla → Rotterdam green ammonia cargo')
        .getByRole('button', { name: /^View/ })
        .click();
      await expect(modal(page).getByRole('list', { name: 'Campaign timeline' })).toBeVisible();
    },
  ],
  [
    '/trader/create (with errors)',
    '/trader/create',
    async (page) => {
      await form(page, 'Create Campaign').getByRole('button', { name: 'Create Campaign' }).click();
      await expect(page.getByText(CAMPAIGN_MESSAGES.titleTooShort)).toBeVisible();
    },
  ],
  ['/trader/campaigns', '/trader/campaigns', async () => {}],
  [
    '/trader/analytics',
    '/trader/analytics',
    async (page) => {
      await expect(page.locator('svg.recharts-surface')).toHaveCount(3);
    },
  ],
];

for (const theme of ['light', 'dark'] as const) {
  for (const [name, path, prepare] of SCANS) {
    test(`${name} in ${theme} theme has no serious or critical axe violations`, async ({ page }) => {
      await setThemeBeforeLoad(page, theme);
      await signInDemoTrader(page);
      await page.goto(path);
      await expectLoaded(page);
      await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${theme}\\b`));
      await prepare(page);
      await expectNoSeriousAxeViolations(page, `${name} (${theme})`);
    });
  }
}
