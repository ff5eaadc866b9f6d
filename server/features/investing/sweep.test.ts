// The payments sweep: what browsers and crashes left is finished by the server, once, however many
// times or instances run it — a hold whose browser left is recorded, an unpaid intent is cancelled
// after INTENT_LIFETIME_MINUTES, provider work left half-done is finished, paid intents are served
// oldest first, and an outage stops the run without losing anything.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { INTENT_LIFETIME_MINUTES } from '../../../domain/payment-lifecycle.ts';
import type { App } from '../../app.ts';
import { verifyLedger } from '../../checks/ledger.ts';
import { campaigns, investments, payments, sandboxPaymentIntents } from '../../db/schema/index.ts';
import { advancePayment, sweepPayments } from '../money/index.ts';
import { ProviderUnavailableError, type PaymentProvider } from '../money/index.ts';
import type { SandboxProvider } from '../money/index.ts';
import { buildTestApp, createCampaign, testClock } from '../../../test/app.ts';
import { card, investIn, openIntent } from '../../../test/investing.ts';
import { signedInAs, type Actor } from '../../../test/actor.ts';

const MINUTE = 60_000;
const clock = testClock();
let app: App;
let sandbox: SandboxProvider;

beforeAll(async () => {
  app = await buildTestApp({ clock });
  sandbox = app.payments as SandboxProvider;
});

type Intent = Awaited<ReturnType<typeof openIntent>>;
const newInvestor = () => signedInAs(app, 'investor');
/** The card holds the amount at the provider; the browser left before telling the server. */
const holdAtProvider = (investor: Actor, intent: Intent) =>
  sandbox.confirm(
    intent.paymentIntentId,
    { clientSecret: intent.clientSecret, card: card() },
    { payerId: investor.user.id },
  );
const attemptOf = async (intentId: string) =>
  (
    await app.db
      .select({ investment: investments, payment: payments })
      .from(investments)
      .innerJoin(payments, eq(payments.id, investments.paymentId))
      .where(eq(payments.intentId, intentId))
  )[0]!;
const atProvider = async (intentId: string) =>
  (await app.db.select().from(sandboxPaymentIntents).where(eq(sandboxPaymentIntents.id, intentId)))[0]!;
const raisedOf = async (id: string) =>
  (await app.db.select().from(campaigns).where(eq(campaigns.id, id)))[0]!.raisedAmount;
const sweep = (provider: PaymentProvider = sandbox) => sweepPayments({ ...app.money, provider });

/**
 * The sandbox with some calls failing as an outage would; `calls` counts every call that reached it
 * (or was refused by the outage).
 */
function flaky(fails: (method: string, call: number) => boolean) {
  const calls: string[] = [];
  const wrap =
    <A extends unknown[], R>(method: string, fn: (...args: A) => Promise<R>) =>
    (...args: A): Promise<R> => {
      calls.push(method);
      if (fails(method, calls.length))
        return Promise.reject(new ProviderUnavailableError('connection reset'));
      return fn.apply(sandbox, args);
    };
  const provider = Object.assign(Object.create(sandbox) as SandboxProvider, {
    retrieveIntent: wrap('retrieveIntent', sandbox.retrieveIntent),
    captureIntent: wrap('captureIntent', sandbox.captureIntent),
    cancelIntent: wrap('cancelIntent', sandbox.cancelIntent),
    refund: wrap('refund', sandbox.refund),
  });
  return { provider, calls };
}

describe('sweepPayments', () => {
  it('records a hold whose browser never came back, once', async () => {
    const investor = await newInvestor();
    const campaign = await createCampaign(app.db);
    const intent = await openIntent(investor, campaign, '1000.00');
    await holdAtProvider(investor, intent);
    expect(await sweep()).toMatchObject({ captured: 0 }); // too fresh: the browser may still record it
    clock.advance(2 * MINUTE);
    expect(await sweep()).toMatchObject({ captured: 1 });
    expect(await sweep()).toMatchObject({ captured: 0 });
    expect((await attemptOf(intent.paymentIntentId)).investment.status).toBe('confirmed');
    expect(await atProvider(intent.paymentIntentId)).toMatchObject({
      status: 'succeeded',
      amountCaptured: '1000.00',
    });
    expect(await raisedOf(campaign.id)).toBe('1000.00');
    // The browser's late record call gets the same investment.
    const late = await investor.post('/api/investments', {
      paymentIntentId: intent.paymentIntentId,
      campaignId: campaign.id,
      investorId: investor.user.id,
    });
    expect(late.statusCode).toBe(200);
    expect(late.json().status).toBe('confirmed');
  });

  it(`leaves an unpaid intent payable for ${INTENT_LIFETIME_MINUTES} minutes, then cancels it at the provider`, async () => {
    const investor = await newInvestor();
    const campaign = await createCampaign(app.db);
    const intent = await openIntent(investor, campaign, '1000.00');
    clock.advance(5 * MINUTE);
    await sweep();
    expect((await attemptOf(intent.paymentIntentId)).investment.status).toBe('pending');
    expect((await atProvider(intent.paymentIntentId)).status).toBe('requires_payment_method');

    clock.advance((INTENT_LIFETIME_MINUTES - 5) * MINUTE);
    expect((await sweep()).expired).toBeGreaterThanOrEqual(1);
    expect((await attemptOf(intent.paymentIntentId)).investment.status).toBe('expired');
    expect((await atProvider(intent.paymentIntentId)).status).toBe('canceled');
    const pay = await investor.post(`/api/sandbox/payment-intents/${intent.paymentIntentId}/confirm`, {
      clientSecret: intent.clientSecret,
      card: card(),
    });
    expect(pay.statusCode).toBe(409);
    expect(pay.json()).toEqual({
      error: 'This payment has expired and nothing was charged. Please start your investment again.',
    });
    const list = await investor.get(`/api/investments?investorId=${investor.user.id}`);
    expect(list.json()).toEqual([]);
  });

  it('serves paid intents oldest first: a flood of 600 unpaid intents made after one cannot starve it', async () => {
    const campaign = await createCampaign(app.db, { targetAmount: '1000000' });
    const payer = await newInvestor();
    const paid = await openIntent(payer, campaign, '2000.00');
    await holdAtProvider(payer, paid);
    clock.advance(1000);
    // 60 investors × 10 intents (the cap), never paid.
    const flooders = await Promise.all(Array.from({ length: 60 }, () => newInvestor()));
    const flood: Intent[] = [];
    for (let round = 0; round < 10; round++)
      flood.push(...(await Promise.all(flooders.map((f) => openIntent(f, campaign, '100.00')))));
    clock.advance(1000);
    // A hold whose capture met an outage, after the flood: provider work comes before unpaid intents.
    const stuckPayer = await newInvestor();
    const stuck = await openIntent(stuckPayer, campaign, '3000.00');
    await holdAtProvider(stuckPayer, stuck);
    const down = flaky((method) => method === 'captureIntent');
    await expect(
      advancePayment(
        { ...app.money, provider: down.provider },
        (await attemptOf(stuck.paymentIntentId)).payment.id,
      ),
    ).rejects.toThrow(ProviderUnavailableError);

    clock.advance(2 * MINUTE);
    expect(await sweep()).toMatchObject({ captured: 2, expired: 0 });
    expect((await attemptOf(paid.paymentIntentId)).investment.status).toBe('confirmed');
    expect((await attemptOf(stuck.paymentIntentId)).investment.status).toBe('confirmed');
    expect(await raisedOf(campaign.id)).toBe('5000.00');

    // Past their lifetime the unpaid ones are cancelled, a batch per run.
    clock.advance(INTENT_LIFETIME_MINUTES * MINUTE);
    const first = await sweep();
    const second = await sweep();
    expect(first.expired + second.expired).toBe(600);
    const cancelled = await Promise.all(flood.map((i) => atProvider(i.paymentIntentId)));
    expect(cancelled.every((i) => i.status === 'canceled')).toBe(true);
  }, 180_000); // 600 intents and their cancellations: minutes on a busy machine

  it('stops calling the provider at an outage midway and leaves the rest for the next run', async () => {
    const campaign = await createCampaign(app.db);
    const held: Intent[] = [];
    for (let i = 0; i < 3; i++) {
      const investor = await newInvestor();
      const intent = await openIntent(investor, campaign, '1000.00');
      await holdAtProvider(investor, intent);
      held.push(intent);
      clock.advance(1000);
    }
    clock.advance(2 * MINUTE);
    // The first hold is asked about and captured; the provider goes down at the next call.
    const outage = flaky((_, n) => n >= 3);
    await expect(sweep(outage.provider)).rejects.toThrow(ProviderUnavailableError);
    expect(outage.calls).toEqual(['retrieveIntent', 'captureIntent', 'retrieveIntent']);
    const statuses = await Promise.all(
      held.map(async (i) => (await attemptOf(i.paymentIntentId)).payment.status),
    );
    expect(statuses).toEqual(['captured', 'created', 'created']);
    // Nothing was lost: the next run records the others.
    expect(await sweep()).toMatchObject({ captured: 2 });
    expect(await raisedOf(campaign.id)).toBe('3000.00');
  });

  it('finishes a release the provider failed to make: the hold is voided, never charged', async () => {
    const [late, other] = [await newInvestor(), await newInvestor()];
    const campaign = await createCampaign(app.db, { targetAmount: '2000' });
    const slow = await openIntent(late, campaign, '1500.00');
    expect((await investIn(app, other, campaign, '2000.00')).record!.statusCode).toBe(200);
    await holdAtProvider(late, slow);
    const down = flaky((method) => method === 'cancelIntent');
    const { payment } = await attemptOf(slow.paymentIntentId);
    await expect(advancePayment({ ...app.money, provider: down.provider }, payment.id)).rejects.toThrow(
      ProviderUnavailableError,
    );
    expect((await attemptOf(slow.paymentIntentId)).payment).toMatchObject({
      status: 'voiding',
      endReason: 'filled_up',
    });
    expect((await atProvider(slow.paymentIntentId)).status).toBe('requires_capture');
    expect(await sweep()).toMatchObject({ voided: 1 });
    expect(await atProvider(slow.paymentIntentId)).toMatchObject({
      status: 'canceled',
      amountCaptured: '0.00',
    });
    expect((await attemptOf(slow.paymentIntentId)).investment.status).toBe('voided');
  });

  it('finishes a refund the provider failed to make the first time', async () => {
    const investor = await newInvestor();
    const admin = await signedInAs(app, 'admin');
    const campaign = await createCampaign(app.db, { targetAmount: '1000' });
    const intent = await openIntent(investor, campaign, '1000.00');
    await holdAtProvider(investor, intent);
    const { payment } = await attemptOf(intent.paymentIntentId);
    // The capture waits on an outage: the hold is live when an admin cancels the campaign.
    const captureDown = flaky((method) => method === 'captureIntent');
    await expect(
      advancePayment({ ...app.money, provider: captureDown.provider }, payment.id),
    ).rejects.toThrow(ProviderUnavailableError);
    const cancel = await admin.post(`/api/campaigns/${campaign.id}/transitions`, {
      to: 'cancelled',
      reason: 'Carrier withdrew',
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    // The provider captures, then cannot refund (neither here nor in the refund job the capture
    // queued): the money is marked to go back.
    const refund = vi
      .spyOn(sandbox, 'refund')
      .mockRejectedValue(new ProviderUnavailableError('connection reset'));
    try {
      await expect(advancePayment(app.money, payment.id)).rejects.toThrow(ProviderUnavailableError);
      expect(refund).toHaveBeenCalled();
    } finally {
      refund.mockRestore();
    }
    expect(await attemptOf(intent.paymentIntentId)).toMatchObject({
      investment: { status: 'refunding' },
      payment: { status: 'refunding' },
    });
    clock.advance(MINUTE);
    expect(await sweep()).toMatchObject({ refunded: 1 });
    expect((await attemptOf(intent.paymentIntentId)).investment.status).toBe('refunded');
    expect((await atProvider(intent.paymentIntentId)).amountRefunded).toBe('1000.00');
    expect(await raisedOf(campaign.id)).toBe('0.00');
  });

  it('never meets a card payment without its intent: the intent comes first, and the database refuses one', async () => {
    const investor = await newInvestor();
    await expect(
      app.db.insert(payments).values({
        purpose: 'investment',
        payerId: investor.user.id,
        amount: '5000.00',
        provider: 'sandbox',
        createdAt: clock(),
        updatedAt: clock(),
      }),
    ).rejects.toThrow();
  });

  it('does the work once when several instances sweep at the same time', async () => {
    const investor = await newInvestor();
    const campaign = await createCampaign(app.db);
    const intents = await Promise.all([
      openIntent(investor, campaign, '1000.00'),
      openIntent(investor, campaign, '2000.00'),
    ]);
    for (const intent of intents) await holdAtProvider(investor, intent);
    const lapsed = await openIntent(investor, campaign, '3000.00');
    clock.advance((INTENT_LIFETIME_MINUTES + 1) * MINUTE);
    await Promise.all([sweep(), sweep(), sweep()]);
    // Each hold captured once and booked once, the lapsed intent ended once.
    for (const intent of intents) {
      const { investment, payment } = await attemptOf(intent.paymentIntentId);
      expect(investment.status).toBe('confirmed');
      expect((await atProvider(intent.paymentIntentId)).amountCaptured).toBe(payment.amount);
    }
    expect(await raisedOf(campaign.id)).toBe('3000.00');
    expect((await attemptOf(lapsed.paymentIntentId)).investment.status).toBe('expired');
    expect((await atProvider(lapsed.paymentIntentId)).status).toBe('canceled');
    // The ledger check below finds any capture booked twice.
  });

  it('leaves the ledger and the provider in agreement', async () => {
    expect(await verifyLedger(app.db, app.payments)).toEqual([]);
  });
});
