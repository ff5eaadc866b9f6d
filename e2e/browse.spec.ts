// The public browse page (/campaigns) and the campaign page (/campaigns/:id), against the demo seed.
// Other specs add campaigns to the same server while these run: each check names seeded campaigns
// (or campaigns this spec made, found by a word nobody else uses), never the total count.
import { expectNoSeriousAxeViolations, setThemeBeforeLoad } from './axe.ts';
import { signUpVerifiedViaApi, toast } from './accounts.ts';
import {
  campaignIdByTitle,
  cardTitles,
  expectCampaigns,
  expectListSettled,
  NO_CAMPAIGNS,
} from './campaigns.ts';
import { campaignCard, expect, NOT_ON_LANDING, SEEDED, test, type Page } from './fixtures.ts';
import { approveThroughReview } from './investing.ts';

const [KOCHI, FIRST_CARGO] = NOT_ON_LANDING as [trading: string, completed: string]; // Kochi is americas
const ALL_SEEDED = [...Object.values(SEEDED).map((c) => c.title), KOCHI, FIRST_CARGO];

const controls = (page: Page) => ({
  search: page.getByRole('searchbox', { name: 'Search campaigns' }),
  risk: page.getByLabel('Risk', { exact: true }),
  region: page.getByLabel('Region', { exact: true }),
  sort: page.getByLabel('Sort by'),
  status: (label: string) => page.getByRole('checkbox', { name: label }),
  count: page.getByRole('status').filter({ hasText: /campaigns?$/ }),
  pagination: page.getByRole('navigation', { name: 'Pagination' }),
});

/** The URL's query, as the browser shows it (commas left readable). */
const query = (page: Page) => decodeURIComponent(new URL(page.url()).search);

test.describe('browse /campaigns', () => {
  test('lists campaigns from the server; sorted by most funded, the six seeded ones lead', async ({
    page,
  }) => {
    await page.goto('/campaigns');
    await expect(page.getByRole('heading', { level: 1, name: 'All Campaigns' })).toBeVisible();
    await expectListSettled(page);
    await expect(page.getByRole('article').first()).toBeVisible();
    await expect(controls(page).count).toHaveText(/^\d+ campaigns$/);

    // Only the seeded campaigns have money raised, so they fill the top of this order.
    await controls(page).sort.selectOption({ label: 'Most funded' });
    await expect(page).toHaveURL(/\?sort=funded$/);
    await expectCampaigns(page, ALL_SEEDED);
    await expect(cardTitles(page).nth(5)).toHaveText(SEEDED.tuticorin.title); // 18% funded, the least
  });

  test('search narrows the list, lands in the URL without a history entry per key, and survives a reload', async ({
    page,
  }) => {
    await page.goto('/');
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Browse Campaigns' })
      .click();
    await expect(page).toHaveURL('/campaigns');
    await expectListSettled(page);

    await controls(page).search.pressSequentially('Yokohama', { delay: 40 });
    await expect(page).toHaveURL('/campaigns?q=Yokohama');
    await expectCampaigns(page, [SEEDED.mundra.title], [SEEDED.kandla.title, SEEDED.paradip.title, KOCHI]);

    await page.reload();
    await expect(controls(page).search).toHaveValue('Yokohama');
    await expectCampaigns(page, [SEEDED.mundra.title], [SEEDED.kandla.title]);

    // Typing replaced the entry: one step back is the landing page, not "Yokoham".
    await page.goBack();
    await expect(page).toHaveURL('/');
  });

  test('risk, region and status filters narrow the list; Back and Forward step through them', async ({
    page,
  }) => {
    const c = controls(page);
    await page.goto('/campaigns');
    await expectListSettled(page);

    await c.region.selectOption('asia');
    await expect(page).toHaveURL('/campaigns?region=asia');
    await expectCampaigns(page, [SEEDED.mundra.title], [SEEDED.kandla.title, SEEDED.tuticorin.title, KOCHI]);

    await c.region.selectOption('americas');
    await expect(page).toHaveURL('/campaigns?region=americas');
    await expectCampaigns(page, [KOCHI], [SEEDED.mundra.title, SEEDED.kandla.title]);

    await c.region.selectOption('all');
    await c.risk.selectOption('high');
    await expect(page).toHaveURL('/campaigns?risk=high');
    await expectCampaigns(
      page,
      [SEEDED.tuticorin.title],
      [SEEDED.kandla.title, SEEDED.paradip.title, SEEDED.mundra.title],
    );

    await c.risk.selectOption('all');
    await c.status('In Progress').check();
    await expect(page).toHaveURL('/campaigns?status=trading');
    await expectCampaigns(page, [KOCHI], [SEEDED.kandla.title, SEEDED.paradip.title, FIRST_CARGO]);
    await c.status('Completed').check();
    await expect.poll(() => query(page)).toBe('?status=trading,completed');
    await expectCampaigns(page, [KOCHI, FIRST_CARGO], [SEEDED.kandla.title, SEEDED.paradip.title]);

    // Each filter change was a step in history.
    await page.goBack();
    await expect.poll(() => query(page)).toBe('?status=trading');
    await expect(c.status('Completed')).not.toBeChecked();
    await expect(c.status('In Progress')).toBeChecked();
    await expectCampaigns(page, [KOCHI], [FIRST_CARGO]);
    await page.goBack();
    await expect(page).toHaveURL('/campaigns');
    await expect(c.status('In Progress')).not.toBeChecked();
    await page.goForward();
    await page.goForward();
    await expect.poll(() => query(page)).toBe('?status=trading,completed');
    await expectCampaigns(page, [KOCHI, FIRST_CARGO]);
  });

  test('sort changes the order, and the sorted, filtered view survives a reload', async ({ page }) => {
    // Funded, at sea and completed: only seeded campaigns (new ones start active).
    await page.goto('/campaigns?status=funded,trading,completed');
    await expectListSettled(page);
    await expect(cardTitles(page)).toHaveText([KOCHI, SEEDED.paradip.title, FIRST_CARGO]); // newest first

    await controls(page).sort.selectOption({ label: 'Closing soonest' });
    await expect.poll(() => query(page)).toBe('?status=funded,trading,completed&sort=deadline');
    await expectListSettled(page);
    await expect(cardTitles(page)).toHaveText([FIRST_CARGO, KOCHI, SEEDED.paradip.title]);

    await controls(page).sort.selectOption({ label: 'Highest ROI' });
    await expectListSettled(page);
    await expect(cardTitles(page)).toHaveText([FIRST_CARGO, SEEDED.paradip.title, KOCHI]);

    await page.reload();
    await expect(controls(page).sort).toHaveValue('roi');
    for (const label of ['Funded', 'In Progress', 'Completed']) {
      await expect(controls(page).status(label)).toBeChecked();
    }
    await expect(controls(page).status('Active')).not.toBeChecked();
    await expect(cardTitles(page)).toHaveText([FIRST_CARGO, SEEDED.paradip.title, KOCHI]);
  });

  test('a crafted URL reproduces its view; invalid values fall back to the defaults', async ({ page }) => {
    const c = controls(page);
    await page.goto('/campaigns?q=rotterdam&status=completed&sort=roi');
    await expect(c.search).toHaveValue('rotterdam');
    await expect(c.status('Completed')).toBeChecked();
    await expect(c.sort).toHaveValue('roi');
    await expectListSettled(page);
    await expect(cardTitles(page)).toHaveText([FIRST_CARGO]);
    await expect(c.count).toHaveText('1 campaign');

    await page.goto('/campaigns?risk=extreme&region=mars&status=cancelled&sort=random&page=abc&q=Yokohama');
    await expect(c.risk).toHaveValue('all');
    await expect(c.region).toHaveValue('all');
    await expect(c.sort).toHaveValue('newest');
    await expect(c.status('Active')).not.toBeChecked();
    await expectCampaigns(page, [SEEDED.mundra.title]);
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('pages through a search that spans two pages; a filter change goes back to page 1', async ({
    page,
    request,
  }) => {
    // 13 campaigns (one more than a page) with a word nobody else uses, by new (verified) traders.
    const word = `Pager${Date.now().toString(36)}${test.info().workerIndex}`;
    const deadline = new Date(Date.now() + 100 * 86_400_000).toISOString().slice(0, 10);
    for (let i = 1; i <= 13; i++) {
      // A new trader every 6 campaigns: each review needs 3 documents, and uploads are limited per user.
      if (i % 6 === 1) await signUpVerifiedViaApi(request, 'trader');
      const res = await request.post('/api/campaigns', {
        data: {
          title: `${word} cargo ${i}`,
          description: 'Made by the browse spec to fill two pages.',
          tradeRoute: 'Visakhapatnam, India → Wilhelmshaven, Germany',
          targetAmount: '500000',
          quantity: '100',
          buyPrice: '2.00',
          sellPrice: '6.00',
          deadline,
        },
      });
      expect(res.status(), await res.text()).toBe(201);
      // Investors see a campaign once its due-diligence review approved it.
      await approveThroughReview(request, ((await res.json()) as { id: string }).id);
    }
    const c = controls(page);

    await page.goto(`/campaigns?q=${word}`);
    await expectListSettled(page);
    await expect(c.count).toHaveText('13 campaigns');
    await expect(page.getByRole('article')).toHaveCount(12);
    await expect(c.pagination).toContainText('Page 1 of 2');
    await expect(cardTitles(page).first()).toHaveText(`${word} cargo 13`); // newest first

    await c.pagination.getByRole('link', { name: 'Next page' }).click();
    await expect.poll(() => query(page)).toBe(`?q=${word}&page=2`);
    await expectListSettled(page);
    await expect(cardTitles(page)).toHaveText([`${word} cargo 1`]);
    await expect(c.pagination).toContainText('Page 2 of 2');
    await expect(c.pagination.getByRole('link', { name: 'Next page' })).toHaveCount(0);

    await c.pagination.getByRole('link', { name: 'Page 1' }).click();
    await expect.poll(() => query(page)).toBe(`?q=${word}`);
    await expectListSettled(page);
    await expect(page.getByRole('article')).toHaveCount(12);
    await page.goBack();
    await expect.poll(() => query(page)).toBe(`?q=${word}&page=2`);
    await expect(cardTitles(page)).toHaveText([`${word} cargo 1`]);

    // Any change of filter or sort starts again at page 1.
    await c.sort.selectOption({ label: 'Closing soonest' });
    await expect.poll(() => query(page)).toBe(`?q=${word}&sort=deadline`);
    await expectListSettled(page);
    await expect(page.getByRole('article')).toHaveCount(12);

    // A page past the end shows the last page.
    await page.goto(`/campaigns?q=${word}&page=9`);
    await expect.poll(() => query(page)).toBe(`?q=${word}&page=2`);
    await expect(cardTitles(page)).toHaveText([`${word} cargo 1`]);
  });

  test('a search with no match shows the empty state, and Clear filters resets the view', async ({
    page,
  }) => {
    await page.goto('/campaigns?q=no+such+cargo+anywhere&risk=high');
    await expectListSettled(page);
    await expect(page.getByText(NO_CAMPAIGNS, { exact: true })).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(0);
    await expect(controls(page).count).toHaveText('0 campaigns');

    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(page).toHaveURL('/campaigns');
    await expect(controls(page).search).toHaveValue('');
    await expect(controls(page).risk).toHaveValue('all');
    await expect(page.getByText(NO_CAMPAIGNS, { exact: true })).toHaveCount(0);
    await expect(page.getByRole('article').first()).toBeVisible();
  });

  test('a fully funded card reads Fully Funded, is disabled, ignores clicks, and its timeline says so', async ({
    page,
  }) => {
    await page.goto('/campaigns?q=Paradip');
    // Load the sign-in dialog once, so a click that wrongly went through would show it at once.
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await expectCampaigns(page, [SEEDED.paradip.title]);
    const card = campaignCard(page, SEEDED.paradip.title);
    const button = card.getByRole('button', { name: 'Fully Funded' });
    await expect(button).toBeVisible();
    await expect(button).toBeDisabled();
    await expect(card.getByRole('button', { name: 'Invest Now' })).toHaveCount(0);
    await expect(card.getByRole('list', { name: `Timeline of ${SEEDED.paradip.title}` })).toContainText(
      'Funding deadline',
    );
    await expect(card).toContainText('Funded · target reached');

    await button.click({ force: true });
    await button.dispatchEvent('click');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(toast(page)).toHaveCount(0);
    await expect(page).toHaveURL('/campaigns?q=Paradip');
  });
});

test.describe('campaign page /campaigns/:id', () => {
  test('a card title opens the campaign page with everything an investor weighs', async ({ page }) => {
    await page.goto('/campaigns?q=Kandla&status=active');
    await campaignCard(page, SEEDED.kandla.title).getByRole('link', { name: SEEDED.kandla.title }).click();
    await expect(page).toHaveURL(/\/campaigns\/[0-9a-f-]{36}$/);

    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toHaveText(SEEDED.kandla.title);
    await expect(main).toContainText('Kandla, India → Rotterdam, Netherlands');
    for (const badge of ['Active', 'Low risk', 'Europe']) {
      await expect(main.getByText(badge, { exact: true }).first()).toBeVisible();
    }

    const fact = (label: string) =>
      main.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');
    await expect(fact('Quantity')).toHaveText('250 t');
    await expect(fact('Buy price')).toHaveText('$1.40/kg');
    await expect(fact('Sell price')).toHaveText('$5.60/kg');
    await expect(fact('Margin')).toHaveText('$4.20/kg');
    await expect(fact('Gross ROI')).toHaveText('300.0%');
    await expect(fact('Expected return after costs and fees')).toHaveText(/^\d+\.\d%$/);
    await expect(fact('Estimated campaign profit')).toHaveText('$1,050,000'); // 250 t × 1,000 kg × $4.20
    await expect(fact('Minimum investment')).toHaveText('$1,000');
    await expect(fact('Investors')).toHaveText('7');
    await expect(fact('Remaining')).toHaveText(/^\$[\d,]+$/);
    await expect(fact('Funding deadline')).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
    await expect(main.getByText(/^\d+ days left$/)).toBeVisible();

    await expect(
      main.getByRole('progressbar', { name: `Funding progress of ${SEEDED.kandla.title}` }),
    ).toHaveAttribute('aria-valuenow', '62');
    await expect(main).toContainText('62.0% funded');
    await expect(main).toContainText('Arjun Mehta');
    await expect(main).toContainText('Bharat Green Fuels Pvt Ltd');
    await expect(main).toContainText('Electrolytic hydrogen from a 300 MW solar-wind hybrid');

    await expect(main.getByRole('list', { name: 'Key dates' }).getByRole('listitem')).toHaveText([
      /^Created/,
      /^Funding deadline/,
      /^Last updated/,
    ]);
    await expect(main.getByRole('list', { name: 'Campaign progress' }).getByRole('listitem')).toHaveText([
      /^Funding opened/,
      /^Fully funded/,
      /^Shipment in progress/,
      /^Delivered and settled/,
    ]);

    await main.getByRole('link', { name: 'All campaigns' }).click();
    await expect(page).toHaveURL('/campaigns');
    await expect(page.getByRole('heading', { level: 1, name: 'All Campaigns' })).toBeVisible();
  });

  test('an unknown or malformed id shows Campaign not found with a way back', async ({ page }) => {
    for (const id of ['0b6f7a52-3c1e-4c55-9a0e-2f1d3c4b5a69', 'not-a-campaign']) {
      await page.goto(`/campaigns/${id}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Campaign not found' })).toBeVisible();
    }
    await page.getByRole('link', { name: 'Back to all campaigns' }).click();
    await expect(page).toHaveURL('/campaigns');
  });

  test('Invest Now opens the sign-in dialog for a signed-out visitor', async ({ page, request }) => {
    await page.goto(`/campaigns/${await campaignIdByTitle(request, SEEDED.mundra.title)}`);
    await page.getByRole('main').getByRole('button', { name: 'Invest Now' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('tab', { name: 'Sign In' })).toHaveAttribute('aria-selected', 'true');
  });

  test('a fully funded campaign shows a disabled Fully Funded button that ignores clicks', async ({
    page,
    request,
  }) => {
    await page.goto(`/campaigns/${await campaignIdByTitle(request, SEEDED.paradip.title)}`);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toHaveText(SEEDED.paradip.title);
    const button = main.getByRole('button', { name: 'Fully Funded' });
    await expect(button).toBeDisabled();
    await expect(main.getByRole('button', { name: 'Invest Now' })).toHaveCount(0);
    await expect(main).toContainText('Target reached');
    await button.click({ force: true });
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});

for (const theme of ['light', 'dark'] as const) {
  test.describe(`axe, ${theme} theme`, () => {
    // A scan takes several seconds on a busy 2-core machine.
    test.slow();
    test.beforeEach(async ({ page }) => {
      await setThemeBeforeLoad(page, theme);
    });

    test(`/campaigns, filtered and empty, has no serious or critical axe violations (${theme})`, async ({
      page,
    }) => {
      await page.goto('/campaigns?status=active,funded&sort=deadline');
      await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${theme}\\b`));
      await expectListSettled(page);
      await expect(page.getByRole('article').first()).toBeVisible();
      await expectNoSeriousAxeViolations(page, `/campaigns (${theme})`);

      await page.goto('/campaigns?q=no+such+cargo');
      await expect(page.getByText(NO_CAMPAIGNS, { exact: true })).toBeVisible();
      await expectNoSeriousAxeViolations(page, `/campaigns empty state (${theme})`);
    });

    test(`a campaign page has no serious or critical axe violations (${theme})`, async ({
      page,
      request,
    }) => {
      await page.goto(`/campaigns/${await campaignIdByTitle(request, SEEDED.kandla.title)}`);
      await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${theme}\\b`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(SEEDED.kandla.title);
      await expectNoSeriousAxeViolations(page, `a campaign page (${theme})`);
    });
  });
}
