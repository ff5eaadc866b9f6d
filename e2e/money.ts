// Shared steps of the money specs: another person's browser, a PDF to upload, an investment paid
// through the sandbox's card step, and the campaign as the API has it.
import type { APIRequestContext, Browser, BrowserContext } from '@playwright/test';
import { expect, test, type Page } from './fixtures.ts';
import { TEST_CARDS } from './investing.ts';
import { signInDemoAdmin } from './two-factor-kit.ts';

export const pdf = (name: string) => ({
  name,
  mimeType: 'application/pdf',
  buffer: Buffer.from(`%PDF-1.4\n% ${name}\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n`),
});

let ip = 0;
/** A browser of its own for another person (its own client address: rate limits count per address). */
export async function personContext(browser: Browser): Promise<BrowserContext> {
  ip++;
  return browser.newContext({
    baseURL: test.info().project.use.baseURL,
    extraHTTPHeaders: { 'x-forwarded-for': `10.245.${(Date.now() + ip) % 250}.${ip}` },
  });
}

/** Uncaught errors of a page the fixture does not watch (another person's browser). */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.stack ?? error.message));
  return errors;
}

/** The investor pays `amount` into the campaign through the sandbox's card step (the real flow's calls). */
export async function invest(client: APIRequestContext, campaignId: string, amount: string) {
  const me = (await (await client.get('/api/auth/me')).json()) as { id: string };
  // The investor read the campaign's KIIS of its current terms (and confirmed the risk warning).
  const { termsVersion } = (await (await client.get(`/api/campaigns/${campaignId}`)).json()) as {
    termsVersion: number;
  };
  const intent = await client.post('/api/create-payment-intent', {
    data: {
      amount,
      campaignId,
      investorId: me.id,
      acknowledgements: { kiisVersion: termsVersion, riskWarning: true },
    },
  });
  expect(intent.status(), await intent.text()).toBe(200);
  const { paymentIntentId, clientSecret } = (await intent.json()) as {
    paymentIntentId: string;
    clientSecret: string;
  };
  const paid = await client.post(`/api/sandbox/payment-intents/${paymentIntentId}/confirm`, {
    data: {
      clientSecret,
      card: { number: TEST_CARDS.succeeds.replaceAll(' ', ''), expMonth: 12, expYear: 2030, cvc: '123' },
    },
  });
  expect(paid.status(), await paid.text()).toBe(200);
}

export async function campaignNow(client: APIRequestContext, id: string) {
  const res = await client.get(`/api/campaigns/${id}`);
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as {
    status: string;
    releases: Array<{ trigger: string; percent: string; status: string }>;
    settlement: { status: string; amountDue: string } | null;
  };
}

/** A P&L waterfall whose actual profit is `profit` on sales of `proceeds` (purchase at a fifth of it). */
export function waterfallFor(proceeds: number, profit: number) {
  const purchase = proceeds / 5;
  const shipping = Math.floor((proceeds - purchase - profit) / 2);
  const insurance = Math.floor(shipping / 10);
  const other = proceeds - purchase - shipping - insurance - profit;
  const money = (n: number) => n.toFixed(2);
  return {
    salesProceeds: money(proceeds),
    purchaseCost: money(purchase),
    shippingCost: money(shipping),
    insuranceCost: money(insurance),
    otherCosts: money(other),
  };
}

type Response = Awaited<ReturnType<APIRequestContext['post']>>;
const ok = async (res: Response, status = 200) => expect(res.status(), await res.text()).toBe(status);

/** A funded campaign's trade through the API: the trader's bank account, trading, loaded and delivered. */
export async function tradeViaApi(trader: APIRequestContext, campaignId: string) {
  await ok(
    await trader.put('/api/bank-account', {
      data: { holderName: 'Konkan Hydrogen LLP', iban: 'DE89 3704 0044 0532 0130 00' },
    }),
  );
  await ok(await trader.post(`/api/campaigns/${campaignId}/transitions`, { data: { to: 'trading' } }));
  for (const kind of ['loaded', 'delivered'])
    await ok(await trader.post(`/api/campaigns/${campaignId}/milestones`, { data: { kind } }), 201);
}

/** The trader declares the result with its waterfall and the sales invoice. */
export async function declareViaApi(
  trader: APIRequestContext,
  campaignId: string,
  { proceeds, profit }: { proceeds: number; profit: number },
) {
  const invoice = await trader.post(`/api/campaigns/${campaignId}/documents`, {
    multipart: { kind: 'sales_invoice', file: pdf('sales-invoice.pdf') },
  });
  await ok(invoice, 201);
  const invoiceDocumentId = ((await invoice.json()) as { id: string }).id;
  await ok(
    await trader.post(`/api/campaigns/${campaignId}/transitions`, {
      data: {
        to: 'completed',
        actualProfit: profit.toFixed(2),
        waterfall: waterfallFor(proceeds, profit),
        invoiceDocumentId,
      },
    }),
  );
}

/** The demo admin (`admin`, signed in) approves the declared result. */
export async function approveViaApi(admin: APIRequestContext, campaignId: string) {
  await ok(
    await admin.post(`/api/admin/campaigns/${campaignId}/settlement`, { data: { decision: 'approve' } }),
  );
}

/** A context signed in as the demo admin (password and authenticator code). */
export async function demoAdminContext(browser: Browser): Promise<BrowserContext> {
  const context = await personContext(browser);
  await signInDemoAdmin(context);
  return context;
}

/**
 * A funded campaign run to its paid settlement through the API: traded, the result declared, approved
 * by the demo admin (`admin`, signed in), and paid in with the sandbox card.
 */
export async function settleViaApi(
  trader: APIRequestContext,
  admin: APIRequestContext,
  campaignId: string,
  result: { proceeds: number; profit: number },
) {
  await tradeViaApi(trader, campaignId);
  await settleTradedViaApi(trader, admin, campaignId, result);
}

/** A delivered campaign's result declared, approved and paid in with the sandbox card: completed. */
export async function settleTradedViaApi(
  trader: APIRequestContext,
  admin: APIRequestContext,
  campaignId: string,
  result: { proceeds: number; profit: number },
) {
  await declareViaApi(trader, campaignId, result);
  await approveViaApi(admin, campaignId);
  const { settlement } = (await (await trader.get(`/api/campaigns/${campaignId}`)).json()) as {
    settlement: { paymentIntentId: string; clientSecret: string };
  };
  await ok(
    await trader.post(`/api/sandbox/payment-intents/${settlement.paymentIntentId}/confirm`, {
      data: {
        clientSecret: settlement.clientSecret,
        card: { number: TEST_CARDS.succeeds.replaceAll(' ', ''), expMonth: 12, expYear: 2030, cvc: '123' },
      },
    }),
  );
  await expect.poll(async () => (await campaignNow(trader, campaignId)).status).toBe('completed');
}
