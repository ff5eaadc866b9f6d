// Shared pieces of the browser suite: the demo seed it runs against, the routes of the spec, and
// small helpers for what most specs assert.
import { test as base, expect, type Page } from '@playwright/test';

export { expect, type Page } from '@playwright/test';

/**
 * Every test also fails on an uncaught error in the page, naming it (a crash otherwise shows as a blank
 * page), and on a violation of the page's security policies.
 */
let clientCounter = 0;

export const test = base.extend<{ failOnPageError: void; expectedPageErrors: RegExp[] }>({
  /**
   * Page errors a test provokes on purpose (e.g. Stripe.js blocked by the sandbox server's CSP):
   * `test.use({ expectedPageErrors: [/js\.stripe\.com/] })`. Every other one still fails the test.
   */
  expectedPageErrors: [[], { option: true }],
  // Each test is its own client address (the server trusts X-Forwarded-For here, as behind a proxy):
  // rate limits count per address, and a suite of many sign-ups from one address would hit them.
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) => {
    const n = ++clientCounter;
    const ip = `10.${testInfo.workerIndex % 256}.${(n >> 8) & 255}.${n & 255}`;
    await use({ ...extraHTTPHeaders, 'x-forwarded-for': ip });
  },
  failOnPageError: [
    async ({ page, expectedPageErrors }, use) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.stack ?? error.message));
      // Chromium reports what the security headers blocked (an inline style without the page's nonce)
      // or could not read on the console.
      page.on('console', (message) => {
        if (/Content Security Policy|Permissions-Policy/.test(message.text())) errors.push(message.text());
      });
      await use();
      const unexpected = errors.filter((e) => !expectedPageErrors.some((pattern) => pattern.test(e)));
      expect(unexpected, 'uncaught errors and security policy violations in the page').toEqual([]);
    },
    { auto: true },
  ],
});

export const THEME_STORAGE_KEY = 'hydrobridge-theme';

/**
 * The public demo campaigns still raising or just funded (server/seed/demo.ts). The landing spec
 * checks this against GET /api/campaigns first, so a changed seed fails loudly there.
 */
export const SEEDED = {
  kandla: {
    title: 'Kandla → Rotterdam green ammonia cargo',
    status: 'active',
    riskLevel: 'low',
    region: 'europe',
  },
  paradip: {
    title: 'Paradip → Hamburg pilot shipment',
    status: 'funded',
    riskLevel: 'medium',
    region: 'europe',
  },
  tuticorin: {
    title: 'Tuticorin → Antwerp scale-up cargo',
    status: 'active',
    riskLevel: 'high',
    region: 'europe',
  },
  mundra: {
    title: 'Mundra → Yokohama power-sector supply',
    status: 'active',
    riskLevel: 'medium',
    region: 'asia',
  },
} as const;
/** The seeded campaigns open for funding: the landing page picks its three cards among open ones. */
export const LANDING_TITLES = Object.values(SEEDED)
  .filter((c) => c.status === 'active')
  .map((c) => c.title);
/** Seeded, but not on the landing page: at sea (americas) and completed. */
export const NOT_ON_LANDING = ['Kochi → Houston refinery hydrogen', 'Kandla → Rotterdam first cargo'];

/** Every route of the spec's table (§2), signed out. */
export const SPEC_ROUTES = [
  '/',
  '/dashboard',
  '/breakdown',
  '/campaigns',
  '/how-it-works',
  '/portfolio',
  '/statements',
  '/profile',
  '/settings',
  '/trader/dashboard',
  '/trader/create',
  '/trader/campaigns',
  '/trader/analytics',
  '/buyer/dashboard',
  '/buyer/offers',
  '/buyer/orders',
  '/buyer/tracking',
  '/admin/dashboard',
  '/admin/kyc',
  '/admin/escrow',
  '/admin/reports',
  '/terms',
  '/privacy',
  '/compliance',
];

/** The footer's internal links (spec §2). */
export const FOOTER_HREFS = [
  '/',
  '/campaigns',
  '/how-it-works',
  '/breakdown',
  '/dashboard',
  '/portfolio',
  '/statements',
  '/profile',
  '/terms',
  '/privacy',
  '/compliance',
];

export const NOT_FOUND = 'Page Not Found';

/** A campaign card, found by its accessible name (the card is labelled by its title). */
export const campaignCard = (page: Page, title: string) =>
  page.getByRole('article', { name: title, exact: true });

/** Waits until the landing page shows its cards, then checks exactly `titles` are shown. */
export async function expectCardTitles(page: Page, titles: readonly string[]) {
  const cards = page.getByRole('article');
  await expect(cards).toHaveCount(titles.length);
  for (const title of titles) await expect(campaignCard(page, title)).toBeVisible();
}

/** A real page rendered: it has a visible h1 that is not the not-found card. */
export async function expectRealPage(page: Page) {
  const h1 = page.locator('h1').first();
  await expect(h1).toBeVisible();
  await expect(h1).not.toHaveText(NOT_FOUND);
  await expect(page.getByText(NOT_FOUND, { exact: true })).toHaveCount(0);
}
