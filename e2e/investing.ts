// Shared steps of the investing specs: a campaign of the test's own (so no test reads another's money),
// the demo investor signed in, and the investment modal's controls.
import { request, type APIRequestContext, type Locator } from '@playwright/test';
import { defaultDeadline } from '../domain/campaign-rules.ts';
import { DEMO, DEMO_PASSWORD, newPerson, signUpVerifiedViaApi } from './accounts.ts';
import { demoAdminState } from './two-factor-kit.ts';
import { campaignCard, expect, test, type Page } from './fixtures.ts';
import { expectCampaigns } from './campaigns.ts';

export const TEST_CARDS = {
  succeeds: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
} as const;

export interface OwnCampaign {
  id: string;
  title: string;
}

/**
 * A new open campaign of a new trader, signed up in `client` (keep it apart from the page's session:
 * pass the test's `request`). 300% expected ROI, $1,000 minimum, $1,000,000 target: the few thousand a
 * test invests stay well below the seeded campaigns' funding, so the landing's and the browse page's
 * "most funded" orders do not change.
 */
export async function createOwnCampaign(
  client: APIRequestContext,
  overrides: Record<string, unknown> = {},
  { approve = true }: { approve?: boolean } = {},
): Promise<OwnCampaign> {
  await signUpVerifiedViaApi(client, 'trader');
  // A word in the title nobody else uses, so a search finds exactly this campaign.
  const tag = newPerson('cargo').username;
  const res = await client.post('/api/campaigns', {
    data: {
      title: `Investing test ${tag} → Rotterdam`,
      description: 'A campaign made by the investing browser tests.',
      tradeRoute: 'Kandla, India → Rotterdam, Netherlands',
      targetAmount: '1000000',
      quantity: '250',
      buyPrice: '1.40',
      sellPrice: '5.60',
      minimumInvestment: '1000',
      deadline: defaultDeadline(),
      ...overrides,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { id, title } = (await res.json()) as OwnCampaign;
  if (approve) await approveThroughReview(client, id);
  return { id, title };
}

/**
 * The demo admin, signed in once per worker and kept: each sign-in spends an authenticator code, and
 * the server accepts only a few per 30-second step.
 */
let reviewerContext: Promise<APIRequestContext> | undefined;
function reviewer(): Promise<APIRequestContext> {
  reviewerContext ??= (async () => {
    return request.newContext({
      baseURL: test.info().project.use.baseURL,
      storageState: await demoAdminState(),
      extraHTTPHeaders: {
        'x-forwarded-for': `10.246.${Date.now() % 250}.${Math.floor(Math.random() * 250)}`,
      },
    });
  })();
  return reviewerContext;
}

/**
 * The due-diligence review (issue 19) a new campaign waits for before investors see it: the trader
 * files the three documents and the demo admin approves (e2e/diligence.spec.ts does it in the browser).
 */
export async function approveThroughReview(trader: APIRequestContext, campaignId: string) {
  for (const kind of ['supply_contract', 'offtake_contract', 'financials']) {
    const filed = await trader.post(`/api/campaigns/${campaignId}/documents`, {
      multipart: {
        kind,
        file: { name: `${kind}.pdf`, mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') },
      },
    });
    expect(filed.status(), await filed.text()).toBe(201);
  }
  const admin = await reviewer();
  const review = await admin.post(`/api/admin/campaigns/${campaignId}/review`, {
    data: { decision: 'approve' },
  });
  expect(review.status(), await review.text()).toBe(200);
}

/** The demo investor, signed in in the page's context (page.request shares the browser's cookies). */
export async function signInDemoInvestor(page: Page): Promise<{ id: string }> {
  const res = await page.request.post('/api/auth/signin', {
    data: { email: DEMO.investor.email, password: DEMO_PASSWORD },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as { id: string };
}

/** The landing page's card of `campaign`, found through the search box. */
export async function landingCard(page: Page, campaign: OwnCampaign): Promise<Locator> {
  await page.goto('/');
  await page.getByRole('searchbox', { name: 'Search campaigns' }).fill(campaign.title);
  await expectCampaigns(page, [campaign.title]);
  return campaignCard(page, campaign.title);
}

export const investmentModal = (page: Page) => page.getByRole('dialog', { name: /^Invest in / });

export const modalControls = (modal: Locator) => ({
  amount: modal.getByLabel('Amount (USD)'),
  cardNumber: modal.getByLabel('Card number'),
  expiry: modal.getByLabel('Expiry date (MM / YY)'),
  cvc: modal.getByLabel('CVC'),
  submit: modal.getByRole('button', { name: /^(Invest|Processing)/ }),
  preview: modal.getByText('Projected profit', { exact: true }),
});

/**
 * The modal's key investment information sheet step: the investor ticks that they read it and goes on
 * to the amount (every investment acknowledges the sheet of the campaign's current terms).
 */
export async function acknowledgeKiis(modal: Locator) {
  await modal.getByRole('checkbox', { name: /I have read the key investment information sheet/ }).check();
  await modal.getByRole('button', { name: 'Continue to the amount' }).click();
}

/** Types a card into the sandbox form: number, 12 / 30, CVC 123. */
export async function fillCard(modal: Locator, number: string) {
  const c = modalControls(modal);
  await c.cardNumber.fill(number);
  await c.expiry.fill('12 / 30');
  await c.cvc.fill('123');
}

/** The campaign as the API has it now. */
export async function campaignNow(client: APIRequestContext, id: string) {
  const res = await client.get(`/api/campaigns/${id}`);
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as { raisedAmount: string; investorCount: number; status: string };
}

/** The signed-in investor's investments in `campaignId`, through the list call. */
export async function investmentsIn(page: Page, investorId: string, campaignId: string) {
  const res = await page.request.get(`/api/investments?investorId=${investorId}`);
  expect(res.ok(), await res.text()).toBe(true);
  const list = (await res.json()) as Array<{ campaignId: string; amount: string; status: string }>;
  return list.filter((i) => i.campaignId === campaignId);
}
