// The payer's caps (docs/money.md, domain/payment-lifecycle.ts): at most MAX_LIVE_HOLDS_PER_PAYER live
// holds at once, and at most INTENT_RATE.max new intents per INTENT_RATE.windowMinutes — so a script
// cannot pin the market with holds nor loop cancel + re-create. Counted from the payments themselves.
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { INTENT_RATE, MAX_LIVE_HOLDS_PER_PAYER } from '../../../domain/payment-lifecycle.ts';
import type { App } from '../../app.ts';
import { verifyLedger } from '../../checks/ledger.ts';
import { payments } from '../../db/schema/index.ts';
import { advancePayment, sweepPayments } from '../money/index.ts';
import { ProviderUnavailableError, type PaymentProvider } from '../money/index.ts';
import type { SandboxProvider } from '../money/index.ts';
import { buildTestApp, createCampaign, testClock } from '../../../test/app.ts';
import { card, openIntent, postIntent } from '../../../test/investing.ts';
import { signedInAs, type Actor } from '../../../test/actor.ts';

const MINUTE = 60_000;
const clock = testClock();
let app: App;
let sandbox: SandboxProvider;

beforeAll(async () => {
  app = await buildTestApp({ clock });
  sandbox = app.payments as SandboxProvider;
});

const newInvestor = () => signedInAs(app, 'investor');
const intent = (investor: Actor, campaign: { id: string }, amount = '500.00') =>
  postIntent(investor, '/api/create-payment-intent', {
    amount,
    campaignId: campaign.id,
    investorId: investor.user.id,
  });
const paymentsOf = (investor: Actor) =>
  app.db.select().from(payments).where(eq(payments.payerId, investor.user.id));

/** A provider whose captures fail: each hold stays authorized (live) until the sweep captures it. */
function captureDown(): PaymentProvider {
  return Object.assign(Object.create(sandbox) as SandboxProvider, {
    captureIntent: () => Promise.reject(new ProviderUnavailableError('connection reset')),
  });
}

/** A hold on the investor's card that the server counts but has not captured yet. */
async function liveHold(investor: Actor, campaign: { id: string }) {
  const opened = await openIntent(investor, campaign);
  await sandbox.confirm(
    opened.paymentIntentId,
    { clientSecret: opened.clientSecret, card: card() },
    {
      payerId: investor.user.id,
    },
  );
  const [payment] = await app.db
    .select()
    .from(payments)
    .where(and(eq(payments.intentId, opened.paymentIntentId)));
  await expect(advancePayment({ ...app.money, provider: captureDown() }, payment!.id)).rejects.toThrow(
    ProviderUnavailableError,
  );
  return opened;
}

describe('the caps on a payer', () => {
  it(`refuses a ${MAX_LIVE_HOLDS_PER_PAYER + 1}th live hold (409), however long the others wait, until they are captured`, async () => {
    const investor = await newInvestor();
    const campaign = await createCampaign(app.db);
    for (let i = 0; i < MAX_LIVE_HOLDS_PER_PAYER; i++) await liveHold(investor, campaign);
    expect((await paymentsOf(investor)).map((p) => p.status)).toEqual(
      Array(MAX_LIVE_HOLDS_PER_PAYER).fill('authorized'),
    );
    const refused = await intent(investor, campaign);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      error:
        'You have 3 card payments being captured right now. Please wait a moment for them to finish, then try again.',
    });
    // Still live past the intents' window: still counted.
    clock.advance(INTENT_RATE.windowMinutes * MINUTE + MINUTE);
    expect((await intent(investor, campaign)).statusCode).toBe(409);
    expect(await paymentsOf(investor)).toHaveLength(MAX_LIVE_HOLDS_PER_PAYER);

    // Once captured they are investments, no longer holds: the investor may pay again.
    expect(await sweepPayments(app.money)).toMatchObject({ captured: MAX_LIVE_HOLDS_PER_PAYER });
    expect((await intent(investor, campaign)).statusCode).toBe(200);
  });

  it(`answers intent number ${INTENT_RATE.max + 1} within ${INTENT_RATE.windowMinutes} minutes with 429 and Retry-After, cancelled ones included`, async () => {
    const investor = await newInvestor();
    const campaign = await createCampaign(app.db);
    for (let i = 0; i < INTENT_RATE.max; i++) {
      const { paymentIntentId } = await openIntent(investor, campaign);
      // The loop a squatter would run: give the intent up, make another.
      expect((await investor.post(`/api/payment-intents/${paymentIntentId}/cancel`)).statusCode).toBe(200);
      // All of them inside one window.
      clock.advance(Math.floor((INTENT_RATE.windowMinutes * MINUTE) / (2 * INTENT_RATE.max)));
    }
    const limited = await intent(investor, campaign);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe(String(INTENT_RATE.windowMinutes * 60));
    expect(limited.json()).toEqual({
      error: `Too many payment attempts: please wait ${INTENT_RATE.windowMinutes} minutes and try again.`,
    });
    expect(await paymentsOf(investor)).toHaveLength(INTENT_RATE.max);
    // Another investor is not affected.
    const other = await newInvestor();
    expect((await intent(other, campaign)).statusCode).toBe(200);
    // Once the first intents are older than the window, the investor may try again.
    clock.advance(INTENT_RATE.windowMinutes * MINUTE);
    expect((await intent(investor, campaign)).statusCode).toBe(200);
  });

  it('leaves the ledger and the provider in agreement', async () => {
    expect(await verifyLedger(app.db, app.payments)).toEqual([]);
  });
});
