// Shared steps of the money specs: another person's browser, a PDF to upload, an investment paid
// through the sandbox's card step, and the campaign as the API has it.
import type { APIRequestContext, Browser, BrowserContext } from '@playwright/test';
import { expect, test, type Page } from './fixtures.ts';
import { TEST_CARDS } from './investing.ts';

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
  const intent = await client.post('/api/create-payment-intent', {
    data: { amount, campaignId, investorId: me.id },
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
