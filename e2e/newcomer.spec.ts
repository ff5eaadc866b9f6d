// What a newcomer hit (issue 21, item 5): each role's navigation names its own pages, every tab is
// titled for what it shows, and the pages a user's long words reach stay 390 px wide on a phone.
import type { BrowserContext } from '@playwright/test';
import { DEMO, DEMO_PASSWORD } from './demo-accounts.ts';
import { expect, test } from './fixtures.ts';
import { createOwnCampaign } from './investing.ts';
import { followSystemTheme, lookAt } from './look.ts';
import { signInDemoAdmin } from './two-factor-kit.ts';

type Who = 'investor' | 'trader' | 'buyer' | 'admin';

async function signIn(context: BrowserContext, who: Who) {
  if (who === 'admin') return signInDemoAdmin(context);
  const res = await context.request.post('/api/auth/signin', {
    data: { email: DEMO[who].username, password: DEMO_PASSWORD },
  });
  expect(res.status()).toBe(200);
}

const SPEC_LINKS = ['Dashboard', 'Browse Campaigns', 'How It Works'];
const NAV: Record<Who, { main: string[]; own?: [name: string, links: string[]] }> = {
  investor: { main: [...SPEC_LINKS, 'Portfolio', 'Statements'] },
  trader: {
    main: SPEC_LINKS,
    own: ['Trader', ['My Campaigns', 'Create Campaign', 'Analytics', 'Certificates', 'Marketplace']],
  },
  buyer: { main: SPEC_LINKS, own: ['Buyer', ['Hydrogen Offers', 'My Orders', 'Shipment Tracking']] },
  admin: {
    main: SPEC_LINKS,
    own: [
      'Admin',
      [
        'KYC queue',
        'Campaign reviews',
        'Classification',
        'Escrow',
        'Money',
        'Jobs',
        'Complaints',
        'Certificates',
        'Reports',
      ],
    ],
  },
};

test.describe('navigation by role', () => {
  for (const who of ['investor', 'trader', 'buyer', 'admin'] as const) {
    test(`${who}: the spec's links, and their own pages instead of an investor's`, async ({
      page,
      context,
    }) => {
      await signIn(context, who);
      await page.goto('/dashboard');
      const { main, own } = NAV[who];
      await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link')).toHaveText(main);
      if (!own) {
        for (const name of ['Trader', 'Buyer', 'Admin']) {
          await expect(page.getByRole('navigation', { name, exact: true })).toHaveCount(0);
        }
        return;
      }
      const [name, links] = own;
      const pages = page.getByRole('navigation', { name, exact: true });
      await expect(pages.getByRole('link')).toHaveText(links);
      // Each of them opens its page, marked as the current one.
      const first = pages.getByRole('link', { name: links[0] });
      await first.click();
      await expect(first).toHaveAttribute('aria-current', 'page');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

      // On a phone the menu lists the same, below the spec's links.
      await page.setViewportSize({ width: 390, height: 844 });
      await page.getByRole('button', { name: 'Open menu' }).click();
      const panel = page.getByRole('navigation', { name: 'Mobile' });
      await expect(panel.getByRole('group', { name, exact: true }).getByRole('link')).toHaveText(links);
    });
  }
});

test.describe('page titles', () => {
  test('each tab is titled for what it shows, a campaign by its title', async ({ page, context }) => {
    const expectTitle = async (path: string, title: string | RegExp) => {
      await page.goto(path);
      await expect(page).toHaveTitle(title);
    };
    await expectTitle('/', 'HydroBridge — invest in green hydrogen trades');
    await expectTitle('/campaigns', 'All Campaigns · HydroBridge');
    await expectTitle('/how-it-works', 'How It Works · HydroBridge');
    await expectTitle('/no-such-page', 'Page Not Found · HydroBridge');

    await page.goto('/campaigns');
    const card = page.getByRole('main').getByRole('article').first();
    const title = (await card.getByRole('heading').first().textContent())!.trim();
    await card.getByRole('link', { name: title }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page).toHaveTitle(`${title} · HydroBridge`);

    await signIn(context, 'admin');
    await expectTitle('/admin/escrow', 'Escrow Monitoring · HydroBridge');
    await expectTitle('/admin/kyc', 'KYC Review · HydroBridge');
    // Moving within the app retitles the tab too.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'How It Works' }).click();
    await expect(page).toHaveTitle('How It Works · HydroBridge');
  });
});

/** A title of one long unbroken word, as a user may type it. */
const LONG_WORD = `Kandla${'Ammonia'.repeat(9)}`;

test.describe('at 390 px, whatever users typed', () => {
  test.use({ colorScheme: 'light' });

  test('a campaign titled with one long word leaves /campaigns and the admin pages 390 px wide', async ({
    page,
    context,
    request,
  }) => {
    test.slow();
    await followSystemTheme(page);
    const campaign = await createOwnCampaign(request, { title: `${LONG_WORD} cargo` });

    const look = async (path: string, what: string, ready: () => Promise<void>) => {
      await page.goto(path);
      await ready();
      await lookAt(page, what);
    };
    await look(`/campaigns?q=${LONG_WORD}`, 'campaigns with a long word', async () => {
      await expect(page.getByRole('main').getByText(campaign.title).first()).toBeVisible();
    });
    await look(`/campaigns/${campaign.id}`, 'a campaign with a long word', async () => {
      await expect(page.getByRole('heading', { level: 1, name: campaign.title })).toBeVisible();
    });
    await signIn(context, 'admin');
    const heading = (name: string) => async () => {
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    };
    await look('/admin/dashboard', 'admin dashboard', heading('Admin Dashboard'));
    await look('/admin/kyc', 'admin kyc', heading('KYC Review'));
    await look('/admin/escrow', 'admin escrow', async () => {
      await heading('Escrow Monitoring')();
      await expect(page.getByRole('main').getByRole('table').first()).toBeVisible();
    });
  });

  test("the investor's statements show every column on a phone, a card per movement", async ({
    page,
    context,
  }) => {
    await followSystemTheme(page);
    await signIn(context, 'investor');
    await page.goto('/statements');
    await expect(page.getByRole('heading', { level: 1, name: 'Statements' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('table').first()).toBeVisible();
    await lookAt(page, 'statements');
    // At 390 px each movement lists its columns, down to the cash balance after it.
    await page.setViewportSize({ width: 390, height: 844 });
    const movement = page.getByRole('main').getByRole('table').first().getByRole('row').nth(2);
    await expect(movement).toBeVisible();
    const balance = movement.getByRole('cell').last();
    await balance.scrollIntoViewIfNeeded();
    await expect(balance).toBeInViewport({ ratio: 1 });
    expect(await balance.evaluate((td) => getComputedStyle(td, '::before').content)).toBe('"Cash balance"');
  });
});

test.describe('toasts on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('a toast shows below the top bar, which stays usable', async ({ page, context }) => {
    await signIn(context, 'investor');
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('navigation', { name: 'Mobile' }).getByRole('button', { name: 'Logout' }).click();
    const shown = page.locator('ol > li[data-state="open"]');
    await expect(shown).toContainText('Signed Out');
    // The bar's own row (the menu panel, still open, hangs below it and the toast may cover that).
    const bar = (await page.getByRole('banner').locator('> div').first().boundingBox())!;
    const box = (await shown.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(bar.y + bar.height);
    await expect(page.getByRole('banner').getByRole('button', { name: 'Login' })).toBeVisible();
  });
});
