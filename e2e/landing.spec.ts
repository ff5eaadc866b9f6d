import { expectCampaigns, expectListSettled, NO_CAMPAIGNS } from './campaigns.ts';
import { campaignCard, expect, LANDING_TITLES, NOT_ON_LANDING, SEEDED, test } from './fixtures.ts';

// Other specs create campaigns on the same server while this one runs, and new campaigns lead the
// landing list (newest first, six at most): checks name seeded campaigns, found through the search.

test.beforeEach(async ({ page }) => {
  await page.goto('/');
});

test('landing shows up to six open or funded campaigns that GET /api/campaigns lists', async ({
  page,
  request,
}) => {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Active Investment Opportunities' })).toBeVisible();
  await expectListSettled(page);
  const cards = page.getByRole('article');
  await expect(cards.first()).toBeVisible();
  const shown = await cards.getByRole('heading', { level: 3 }).allTextContents();
  expect(shown.length).toBeLessThanOrEqual(6);

  // Asked after the page loaded: campaigns made since only add to this list.
  const res = await request.get('/api/campaigns?status=active,funded&limit=100');
  expect(res.ok()).toBe(true);
  const listed = (await res.json()) as Array<{
    title: string;
    status: string;
    riskLevel: string;
    region: string;
  }>;
  expect(listed.map((c) => c.title)).toEqual(expect.arrayContaining(shown));
  // The seed this suite was written against is what the API serves.
  expect(
    listed.map(({ title, status, riskLevel, region }) => ({ title, status, riskLevel, region })),
  ).toEqual(expect.arrayContaining(Object.values(SEEDED)));
  for (const title of NOT_ON_LANDING) expect(listed.map((c) => c.title)).not.toContain(title);

  // A card shows the figures of its campaign, read live.
  await page.getByRole('searchbox', { name: 'Search campaigns' }).fill('Kandla');
  await expectCampaigns(page, [SEEDED.kandla.title], NOT_ON_LANDING);
  const kandla = campaignCard(page, SEEDED.kandla.title);
  await expect(kandla).toContainText('Kandla, India → Rotterdam, Netherlands');
  await expect(kandla).toContainText('Low risk');
  await expect(kandla).toContainText('250 t');
  await expect(kandla).toContainText('7 investors');
  await expect(kandla.getByRole('button', { name: 'Invest Now' })).toBeEnabled();
  await expect(kandla.getByRole('link', { name: SEEDED.kandla.title })).toHaveAttribute(
    'href',
    /^\/campaigns\/[0-9a-f-]{36}$/,
  );
});

test('the fully funded card reads Fully Funded, is disabled and ignores clicks', async ({ page }) => {
  // Load the sign-in dialog once, so a click that wrongly went through would show it at once.
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page.getByRole('searchbox', { name: 'Search campaigns' }).fill('Paradip');
  await expectCampaigns(page, [SEEDED.paradip.title]);
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
  await page.getByRole('searchbox', { name: 'Search campaigns' }).fill('Kandla');
  await expectCampaigns(page, [SEEDED.kandla.title]);
  await campaignCard(page, SEEDED.kandla.title).getByRole('button', { name: 'Invest Now' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('tab', { name: 'Sign In' })).toHaveAttribute('aria-selected', 'true');
});

test('search, risk and region filters narrow the cards on the server, and no match shows the empty state', async ({
  page,
}) => {
  const search = page.getByRole('searchbox', { name: 'Search campaigns' });
  const risk = page.getByLabel('Risk level');
  const region = page.getByLabel('Region');
  const others = (...keep: string[]) => LANDING_TITLES.filter((t) => !keep.includes(t));
  await expectListSettled(page);

  // Search is sent once typing pauses, not per key.
  const requests: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/campaigns?')) requests.push(r.url());
  });
  const finalSearch = page.waitForRequest((r) => new URL(r.url()).searchParams.get('q') === 'Yokohama');
  await search.pressSequentially('Yokohama', { delay: 30 });
  await finalSearch;
  await expectCampaigns(page, [SEEDED.mundra.title], others(SEEDED.mundra.title));
  const searched = requests.map((u) => new URL(u).searchParams.get('q')).filter(Boolean);
  expect(searched.at(-1)).toBe('Yokohama');
  expect(searched.length).toBeLessThanOrEqual(2); // not one per key (a slow machine may pause once)
  await search.fill('SOLAR-WIND hybrid'); // description text, case-insensitive
  await expectCampaigns(page, [SEEDED.kandla.title], [...others(SEEDED.kandla.title), ...NOT_ON_LANDING]);
  await search.fill('');

  await risk.selectOption('high');
  await expectCampaigns(page, [SEEDED.tuticorin.title], others(SEEDED.tuticorin.title));
  await risk.selectOption('medium');
  await search.fill('Paradip');
  await expectCampaigns(page, [SEEDED.paradip.title]);
  await risk.selectOption('low');
  await expect(page.getByText(NO_CAMPAIGNS)).toBeVisible();
  await risk.selectOption('all');
  await search.fill('');

  await region.selectOption('asia');
  await expectCampaigns(page, [SEEDED.mundra.title], others(SEEDED.mundra.title));
  await region.selectOption('europe');
  await search.fill('Hamburg');
  await expectCampaigns(page, [SEEDED.paradip.title], others(SEEDED.paradip.title));
  await expect(page.getByText(NO_CAMPAIGNS)).toHaveCount(0);

  // Nothing matches: the Houston cargo is at sea, so it is not listed here.
  await region.selectOption('americas');
  await search.fill('Kochi');
  await expect(page.getByText(NO_CAMPAIGNS)).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(0);

  await region.selectOption('all');
  await search.fill('no such cargo anywhere');
  await expect(page.getByText(NO_CAMPAIGNS)).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(0);
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
