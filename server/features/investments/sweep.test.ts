// The payments sweep: what the browser left behind is finished by the server, once, however many
// times or instances run it.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { verifyLedger } from '../../checks/ledger.ts';
import { campaigns, investments, sandboxPaymentIntents } from '../../db/schema/index.ts';
import { ProviderUnavailableError, type PaymentProvider } from '../../payments/provider.ts';
import type { SandboxProvider } from '../../payments/sandbox.ts';
import { buildTestApp, createCampaign, testClock } from '../../../test/app.ts';
import { card, investIn, openIntent, signedInAs, type Actor } from '../../../test/investing.ts';
import { settlePayment, sweepPayments } from './service.ts';

const MINUTE = 60_000;
const clock = testClock();
let app: App;
let sandbox: SandboxProvider;
let investor: Actor;

beforeAll(async () => {
  app = await buildTestApp({ clock });
  sandbox = app.payments as SandboxProvider;
  investor = await signedInAs(app, 'investor');
});

const investmentOf = async (intentId: string) =>
  (await app.db.select().from(investments).where(eq(investments.stripePaymentId, intentId)))[0]!;
const raisedOf = async (id: string) =>
  (await app.db.select().from(campaigns).where(eq(campaigns.id, id)))[0]!.raisedAmount;
const sweep = (provider: PaymentProvider = sandbox) => sweepPayments(app.db, provider, clock());

describe('sweepPayments', () => {
  it('records a paid intent whose browser never came back, once', async () => {
    const campaign = await createCampaign(app.db);
    const { paymentIntentId, clientSecret } = await openIntent(investor, campaign, '1000.00');
    // Paid at the provider; the server died before recording it, the tab was closed.
    await sandbox.confirm(paymentIntentId, { clientSecret, card: card() }, { payerId: investor.user.id });
    expect((await sweep()).confirmed).toBe(0); // too fresh: the browser may still record it
    clock.advance(2 * MINUTE);
    expect(await sweep()).toMatchObject({ confirmed: 1 });
    expect(await sweep()).toMatchObject({ confirmed: 0 });
    expect((await investmentOf(paymentIntentId)).status).toBe('confirmed');
    expect(await raisedOf(campaign.id)).toBe('1000.00');
    // The browser's late record call gets the same investment.
    const late = await investor.post('/api/investments', {
      paymentIntentId,
      campaignId: campaign.id,
      investorId: investor.user.id,
    });
    expect(late.statusCode).toBe(200);
    expect(late.json().status).toBe('confirmed');
  });

  it('expires a lapsed, unpaid reservation: the intent is cancelled and can no longer be paid', async () => {
    const campaign = await createCampaign(app.db);
    const { paymentIntentId, clientSecret } = await openIntent(investor, campaign, '1000.00');
    clock.advance(16 * MINUTE);
    expect((await sweep()).expired).toBeGreaterThanOrEqual(1);
    expect((await investmentOf(paymentIntentId)).status).toBe('expired');
    const [intent] = await app.db
      .select()
      .from(sandboxPaymentIntents)
      .where(eq(sandboxPaymentIntents.id, paymentIntentId));
    expect(intent!.status).toBe('canceled');
    const pay = await investor.post(`/api/sandbox/payment-intents/${paymentIntentId}/confirm`, {
      clientSecret,
      card: card(),
    });
    expect(pay.statusCode).toBe(409);
    expect(pay.json()).toEqual({
      error: 'This payment has expired and nothing was charged. Please start your investment again.',
    });
    const list = await investor.get(`/api/investments?investorId=${investor.user.id}`);
    expect(list.json().map((i: { stripePaymentId: string }) => i.stripePaymentId)).not.toContain(
      paymentIntentId,
    );
  });

  it('refunds a payment that got in after its reservation lapsed when the campaign filled meanwhile', async () => {
    const campaign = await createCampaign(app.db, { targetAmount: '2000' });
    const slow = await openIntent(investor, campaign, '1500.00');
    clock.advance(16 * MINUTE);
    const other = await signedInAs(app, 'investor');
    await investIn(app, other, campaign, '2000.00');
    await sandbox.confirm(
      slow.paymentIntentId,
      { clientSecret: slow.clientSecret, card: card() },
      { payerId: investor.user.id },
    );
    expect(await sweep()).toMatchObject({ refunded: 1 });
    expect((await investmentOf(slow.paymentIntentId)).status).toBe('refunded');
    expect(await raisedOf(campaign.id)).toBe('2000.00');
    expect(await verifyLedger(app.db)).toEqual([]);
  });

  it('finishes a refund the provider failed to make the first time', async () => {
    const campaign = await createCampaign(app.db, { targetAmount: '1000', status: 'active' });
    const paid = await openIntent(investor, campaign, '1000.00');
    await sandbox.confirm(
      paid.paymentIntentId,
      { clientSecret: paid.clientSecret, card: card() },
      { payerId: investor.user.id },
    );
    // The campaign closes before the payment is recorded: its money must go back.
    await app.db.update(campaigns).set({ status: 'cancelled' }).where(eq(campaigns.id, campaign.id));
    const failing: PaymentProvider = {
      name: 'sandbox',
      createIntent: (input) => sandbox.createIntent(input),
      retrieveIntent: (id) => sandbox.retrieveIntent(id),
      cancelIntent: (id) => sandbox.cancelIntent(id),
      refund: () => Promise.reject(new ProviderUnavailableError('connection reset')),
    };
    const { id } = await investmentOf(paid.paymentIntentId);
    await expect(settlePayment(app.db, failing, id, clock())).rejects.toThrow(ProviderUnavailableError);
    expect((await investmentOf(paid.paymentIntentId)).status).toBe('refunding');
    clock.advance(MINUTE);
    expect(await sweep()).toMatchObject({ refunded: 1 });
    expect((await investmentOf(paid.paymentIntentId)).status).toBe('refunded');
    const [intent] = await app.db
      .select()
      .from(sandboxPaymentIntents)
      .where(eq(sandboxPaymentIntents.id, paid.paymentIntentId));
    expect(intent!.amountRefunded).toBe('1000.00');
    expect(await verifyLedger(app.db)).toEqual([]);
  });

  it('frees a reservation whose intent was never created (a crash between the two)', async () => {
    const campaign = await createCampaign(app.db);
    const [orphan] = await app.db
      .insert(investments)
      .values({
        investorId: investor.user.id,
        campaignId: campaign.id,
        amount: '5000.00',
        provider: 'sandbox',
        reservedUntil: new Date(clock().getTime() + 15 * MINUTE),
        createdAt: clock(),
      })
      .returning();
    clock.advance(2 * MINUTE);
    await sweep();
    expect((await app.db.select().from(investments).where(eq(investments.id, orphan!.id)))[0]!.status).toBe(
      'expired',
    );
  });

  it('does the work once when several instances sweep at the same time', async () => {
    const campaign = await createCampaign(app.db);
    const intents = await Promise.all([
      openIntent(investor, campaign, '1000.00'),
      openIntent(investor, campaign, '2000.00'),
    ]);
    for (const { paymentIntentId, clientSecret } of intents)
      await sandbox.confirm(paymentIntentId, { clientSecret, card: card() }, { payerId: investor.user.id });
    const lapsed = await openIntent(investor, campaign, '3000.00');
    clock.advance(16 * MINUTE);
    const reports = await Promise.all([sweep(), sweep(), sweep()]);
    expect(reports.reduce((n, r) => n + r.confirmed, 0)).toBe(2);
    expect(await raisedOf(campaign.id)).toBe('3000.00');
    expect((await investmentOf(lapsed.paymentIntentId)).status).toBe('expired');
    expect(await verifyLedger(app.db)).toEqual([]);
  });
});
