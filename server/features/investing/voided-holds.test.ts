// A hold that no longer fits is released, never charged (docs/money.md): the campaign filled up (by
// captured money or by others' live holds), its terms changed after the intent was made, its deadline
// passed, or it was cancelled. The investor hears why; the card is not charged; the campaign is as if
// the attempt never happened.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_END_MESSAGES } from '../../../domain/payment-lifecycle.ts';
import type { App } from '../../app.ts';
import { verifyLedger } from '../../checks/ledger.ts';
import { campaigns, investments, payments, sandboxPaymentIntents } from '../../db/schema/index.ts';
import { advancePayment, sweepPayments } from '../money/index.ts';
import { ProviderUnavailableError, type PaymentProvider } from '../money/index.ts';
import type { SandboxProvider } from '../money/index.ts';
import { buildTestApp, createCampaign, testClock } from '../../../test/app.ts';
import { card, investIn, openIntent } from '../../../test/investing.ts';
import { signedInAs, type Actor } from '../../../test/actor.ts';
import { approveCampaign } from '../../../test/diligence.ts';

const HOUR = 3_600_000;
const clock = testClock();
let app: App;
let sandbox: SandboxProvider;

beforeAll(async () => {
  app = await buildTestApp({ clock });
  sandbox = app.payments as SandboxProvider;
});

const newInvestor = () => signedInAs(app, 'investor');
type Intent = Awaited<ReturnType<typeof openIntent>>;
const confirm = (investor: Actor, intent: Intent) =>
  investor.post(`/api/sandbox/payment-intents/${intent.paymentIntentId}/confirm`, {
    clientSecret: intent.clientSecret,
    card: card(),
  });
const record = (investor: Actor, intent: Intent, campaign: { id: string }) =>
  investor.post('/api/investments', {
    paymentIntentId: intent.paymentIntentId,
    campaignId: campaign.id,
    investorId: investor.user.id,
  });
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
const campaignRow = async (id: string) =>
  (await app.db.select().from(campaigns).where(eq(campaigns.id, id)))[0]!;

/** The card step answers as the fixed contract says; the hold is then released: nothing charged. */
async function expectReleased(investor: Actor, intent: Intent, campaign: { id: string }, message: string) {
  const paid = await confirm(investor, intent);
  expect(paid.statusCode, paid.body).toBe(200);
  expect(paid.json()).toMatchObject({ status: 'succeeded' });
  const res = await record(investor, intent, campaign);
  expect(res.statusCode).toBe(409);
  expect(res.json()).toEqual({ error: message });
  expect(await atProvider(intent.paymentIntentId)).toMatchObject({
    status: 'canceled',
    amountCaptured: '0.00',
    amountCapturable: '0.00',
  });
  const { investment, payment } = await attemptOf(intent.paymentIntentId);
  expect(investment.status).toBe('voided');
  expect(payment.status).toBe('voided');
  // Not among the investor's investments.
  const list = await investor.get(`/api/investments?investorId=${investor.user.id}`);
  expect(list.json().map((i: { stripePaymentId: string }) => i.stripePaymentId)).not.toContain(
    intent.paymentIntentId,
  );
}

/** A provider whose captures fail: a hold stays authorized (counting) until the sweep captures it. */
function captureDown(): PaymentProvider {
  return Object.assign(Object.create(sandbox) as SandboxProvider, {
    captureIntent: () => Promise.reject(new ProviderUnavailableError('connection reset')),
  });
}

describe('a hold that no longer fits', () => {
  it('is released when others filled the campaign meanwhile: "filled up", never charged', async () => {
    const [late, other] = [await newInvestor(), await newInvestor()];
    const campaign = await createCampaign(app.db, { targetAmount: '5000' });
    const slow = await openIntent(late, campaign, '3000.00');
    expect((await investIn(app, other, campaign, '5000.00')).record!.statusCode).toBe(200);
    await expectReleased(late, slow, campaign, PAYMENT_END_MESSAGES.filled_up);
    expect(await campaignRow(campaign.id)).toMatchObject({ raisedAmount: '5000.00', status: 'funded' });
  });

  it('is released when only part of it is still open, and a hold for what is open fits', async () => {
    const [late, other] = [await newInvestor(), await newInvestor()];
    const campaign = await createCampaign(app.db, { targetAmount: '5000' });
    const tooBig = await openIntent(late, campaign, '3000.00');
    expect((await investIn(app, other, campaign, '3000.00')).record!.statusCode).toBe(200);
    await expectReleased(late, tooBig, campaign, PAYMENT_END_MESSAGES.filled_up);
    const rest = await openIntent(late, campaign, '2000.00');
    expect((await confirm(late, rest)).statusCode).toBe(200);
    expect((await record(late, rest, campaign)).json()).toMatchObject({ status: 'confirmed' });
    expect(await campaignRow(campaign.id)).toMatchObject({ raisedAmount: '5000.00', status: 'funded' });
  });

  it("counts others' live holds: a hold for more than they leave is released even before they are captured", async () => {
    const [holder, late] = [await newInvestor(), await newInvestor()];
    const campaign = await createCampaign(app.db, { targetAmount: '5000' });
    const held = await openIntent(holder, campaign, '3000.00');
    const slow = await openIntent(late, campaign, '3000.00');
    await sandbox.confirm(
      held.paymentIntentId,
      { clientSecret: held.clientSecret, card: card() },
      {
        payerId: holder.user.id,
      },
    );
    const { payment } = await attemptOf(held.paymentIntentId);
    await expect(advancePayment({ ...app.money, provider: captureDown() }, payment.id)).rejects.toThrow(
      ProviderUnavailableError,
    );
    expect((await attemptOf(held.paymentIntentId)).payment.status).toBe('authorized');
    expect((await campaignRow(campaign.id)).raisedAmount).toBe('0.00');

    await expectReleased(late, slow, campaign, PAYMENT_END_MESSAGES.filled_up);
    // The holder's capture goes through on the next sweep.
    expect(await sweepPayments(app.money)).toMatchObject({ captured: 1 });
    expect(await campaignRow(campaign.id)).toMatchObject({ raisedAmount: '3000.00', investorCount: 1 });
  });

  it("is released when the trader changed the campaign's terms after the intent: the investor pays only on terms they saw", async () => {
    const trader = await signedInAs(app, 'trader');
    const investor = await newInvestor();
    const campaign = await createCampaign(app.db, { traderId: trader.user.id, sellPrice: '5.60' });
    expect(campaign.termsVersion).toBe(1);
    const onV1 = await openIntent(investor, campaign, '1000.00');
    // No card holds money for it yet: the trader may still change the terms.
    const edit = await trader.patch(`/api/campaigns/${campaign.id}`, { sellPrice: '4.90' });
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await campaignRow(campaign.id)).termsVersion).toBe(2);
    // The new terms go back to the due-diligence review: approved again before anyone invests on them.
    await approveCampaign(app, trader, campaign);

    await expectReleased(investor, onV1, campaign, PAYMENT_END_MESSAGES.terms_changed);
    expect((await campaignRow(campaign.id)).raisedAmount).toBe('0.00');
    // An intent on the new terms is captured as usual.
    const onV2 = await openIntent(investor, campaign, '1000.00');
    expect((await attemptOf(onV2.paymentIntentId)).investment.termsVersion).toBe(2);
    expect((await confirm(investor, onV2)).statusCode).toBe(200);
    expect((await record(investor, onV2, campaign)).json()).toMatchObject({ status: 'confirmed' });
  });

  it('is released when the funding deadline passed between the intent and the hold: "closed"', async () => {
    const investor = await newInvestor();
    const campaign = await createCampaign(app.db, { deadline: new Date(clock().getTime() + HOUR) });
    const intent = await openIntent(investor, campaign, '1000.00');
    clock.advance(HOUR + 1000);
    await expectReleased(investor, intent, campaign, PAYMENT_END_MESSAGES.closed);
    expect((await campaignRow(campaign.id)).raisedAmount).toBe('0.00');
  });

  it('cannot be placed on an intent of a cancelled campaign: the intent was cancelled at the provider', async () => {
    const investor = await newInvestor();
    const admin = await signedInAs(app, 'admin');
    const campaign = await createCampaign(app.db);
    const intent = await openIntent(investor, campaign, '1000.00');
    const cancel = await admin.post(`/api/campaigns/${campaign.id}/transitions`, {
      to: 'cancelled',
      reason: 'Vessel unavailable',
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect((await atProvider(intent.paymentIntentId)).status).toBe('canceled');
    const paid = await confirm(investor, intent);
    expect(paid.statusCode).toBe(409);
    expect(paid.json()).toEqual({
      error: 'This payment has expired and nothing was charged. Please start your investment again.',
    });
    expect((await attemptOf(intent.paymentIntentId)).investment.status).toBe('expired');
  });

  it('leaves the ledger and the provider in agreement: no released hold was booked', async () => {
    expect(await verifyLedger(app.db, app.payments)).toEqual([]);
  });
});
