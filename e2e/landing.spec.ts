import {
  campaignCard,
  expect,
  expectCardTitles,
  LANDING_TITLES,
  NOT_ON_LANDING,
  SEEDED,
  test,
} from './fixtures.ts';

const EMPTY = 'No campaigns available at the moment';

test.beforeEach(async ({ page }) => {
  await page.goto('/');
});

test('landing renders the open and funded campaigns that GET /api/campaigns returns', async ({
  page,
  request,
}) => {
  const res = await request.get('/api/campaigns');
  expect(res.ok()).toBe(true);
  const campaigns = (await res.json()) as Array<{
    title: string;
    status: string;
    riskLevel: string;
    region: string;
  }>;
  const listed = campaigns.filter((c) => c.status === 'active' || c.status === 'funded');
  // The seed this suite was written against is what the API serves.
  expect(
    listed.map(({ title, status, riskLevel, region }) => ({ title, status, riskLevel, region })),
  ).toEqual(expect.arrayContaining(Object.values(SEEDED)));
  expect(listed).toHaveLength(LANDING_TITLES.length);

  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Active Investment Opportunities' })).toBeVisible();
  await expectCardTitles(page, LANDING_TITLES);
  for (const title of NOT_ON_LANDING) await expect(campaignCard(page, title)).toHaveCount(0);

  // A card shows the figures of its campaign, read live.
  const kandla = campaignCard(page, SEEDED.kandla.title);
  await expect(kandla).toContainText('Kandla, India → Rotterdam, Netherlands');
  await expect(kandla).toContainText('Low risk');
  await expect(kandla).toContainText('250 t');
  await expect(kandla.getByRole('button', { name: 'Invest Now' })).toBeEnabled();
});

test('the fully funded card reads Fully Funded, is disabled and ignores clicks', async ({ page }) => {
  // Load the sign-in dialog once, so a click that wrongly went through would show it at once.
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  const card = campaignCard(page, SEEDED.paradip.title);
  const button = card.getByRole('button', { name: 'Fully Funded' });
  await expect(button).toBeVisible();
  await expect(button).toBeDisabled();
  await expect(card.getByRole('button', { name: 'Invest Now' })).toHaveCount(0);

  await button.click({ force: true });
  await button.dispatchEvent('click');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('status')).toHaveCount(0);
  await expect(page).toHaveURL('/');
});

test('Invest Now on an open campaign opens the sign-in dialog for a signed-out visitor', async ({ page }) => {
  await campaignCard(page, SEEDED.kandla.title).getByRole('button', { name: 'Invest Now' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('tab', { name: 'Sign In' })).toHaveAttribute('aria-selected', 'true');
});

test('search, risk and region filters narrow the cards, and no match shows the empty state', async ({
  page,
}) => {
  const search = page.getByRole('searchbox', { name: 'Search campaigns' });
  const risk = page.getByLabel('Risk level');
  const region = page.getByLabel('Region');
  await expectCardTitles(page, LANDING_TITLES);

  await search.fill('Yokohama');
  await expectCardTitles(page, [SEEDED.mundra.title]);
  await search.fill('rotterdam'); // case-insensitive; the completed Rotterdam cargo stays off the landing page
  await expectCardTitles(page, [SEEDED.kandla.title]);
  await search.fill('');
  await expectCardTitles(page, LANDING_TITLES);

  await risk.selectOption('high');
  await expectCardTitles(page, [SEEDED.tuticorin.title]);
  await risk.selectOption('medium');
  await expectCardTitles(page, [SEEDED.paradip.title, SEEDED.mundra.title]);
  await risk.selectOption('low');
  await expectCardTitles(page, [SEEDED.kandla.title]);
  await risk.selectOption('all');
  await expectCardTitles(page, LANDING_TITLES);

  await region.selectOption('asia');
  await expectCardTitles(page, [SEEDED.mundra.title]);
  await region.selectOption('europe');
  await expectCardTitles(page, [SEEDED.kandla.title, SEEDED.paradip.title, SEEDED.tuticorin.title]);
  await risk.selectOption('medium');
  await expectCardTitles(page, [SEEDED.paradip.title]);
  await expect(page.getByText(EMPTY)).toHaveCount(0);

  // Nothing matches: the only americas campaign is at sea, so it is not listed here.
  await risk.selectOption('all');
  await region.selectOption('americas');
  await expectCardTitles(page, []);
  await expect(page.getByText(EMPTY)).toBeVisible();

  await region.selectOption('all');
  await search.fill('no such cargo anywhere');
  await expectCardTitles(page, []);
  await expect(page.getByText(EMPTY)).toBeVisible();
});

test('View All Campaigns goes to /campaigns', async ({ page }) => {
  await page.getByRole('link', { name: 'View All Campaigns' }).click();
  await expect(page).toHaveURL('/campaigns');
  await expect(page.getByRole('heading', { level: 1, name: 'All Campaigns' })).toBeVisible();
});

test('Learn More and How It Works go to /how-it-works', async ({ page }) => {
  await page.getByRole('main').getByRole('button', { name: 'Learn More' }).click();
  await expect(page).toHaveURL('/how-it-works');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  await page.goto('/');
  await page.getByRole('main').getByRole('link', { name: 'How It Works', exact: true }).click();
  await expect(page).toHaveURL('/how-it-works');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('Get Started and Start Investing open sign-up, Login opens sign-in', async ({ page }) => {
  const dialog = page.getByRole('dialog');
  const cases = [
    { button: page.getByRole('main').getByRole('button', { name: 'Get Started' }), tab: 'Sign Up' },
    { button: page.getByRole('main').getByRole('button', { name: 'Start Investing' }), tab: 'Sign Up' },
    { button: page.getByRole('banner').getByRole('button', { name: 'Login' }), tab: 'Sign In' },
  ];
  for (const { button, tab } of cases) {
    await button.click();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
  }
});
