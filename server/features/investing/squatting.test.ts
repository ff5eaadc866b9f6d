// The squatting attempt of issue 18: an approved investor opens an intent for all that is open,
// gives it up and opens it again, in a loop, to keep everyone else out. Intents reserve nothing, so
// another investor invests at once; the loop itself is stopped by the intents-per-10-minutes cap.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { INTENT_RATE } from '../../../domain/payment-lifecycle.ts';
import type { App } from '../../app.ts';
import { verifyLedger } from '../../checks/ledger.ts';
import { campaigns, investments, sandboxPaymentIntents } from '../../db/schema/index.ts';
import type { SandboxProvider } from '../money/index.ts';
import { buildTestApp, createCampaign } from '../../../test/app.ts';
import { card, postIntent } from '../../../test/investing.ts';
import { signedInAs, type Actor } from '../../../test/actor.ts';

const intentFor = (investor: Actor, campaign: { id: string }, amount: string) =>
  postIntent(investor, '/api/create-payment-intent', {
    amount,
    campaignId: campaign.id,
    investorId: investor.user.id,
  });

/** Opens, gives up, opens again, as fast as the server answers, until refused; answers each status. */
async function squat(squatter: Actor, campaign: { id: string }, amount: string) {
  const statuses: number[] = [];
  for (;;) {
    const res = await intentFor(squatter, campaign, amount);
    statuses.push(res.statusCode);
    if (res.statusCode !== 200) return statuses;
    const cancelled = await squatter.post(`/api/payment-intents/${res.json().paymentIntentId}/cancel`);
    expect(cancelled.json()).toEqual({ status: 'expired' });
  }
}

describe('an investor squatting on a campaign with unpaid intents', () => {
  it('never stops another investor from investing at once: the other is recorded (201) while the loop runs', async () => {
    const app: App = await buildTestApp();
    const sandbox = app.payments as SandboxProvider;
    const campaign = await createCampaign(app.db, { targetAmount: '5000' });
    const [squatter, investor] = [await signedInAs(app, 'investor'), await signedInAs(app, 'investor')];

    // The squatter holds an intent for all that is open before the other investor even starts.
    const first = await intentFor(squatter, campaign, '5000.00');
    expect(first.statusCode).toBe(200);
    const loop = squat(squatter, campaign, '5000.00');

    const opened = await intentFor(investor, campaign, '5000.00');
    expect(opened.statusCode, opened.body).toBe(200);
    const { paymentIntentId, clientSecret } = opened.json();
    // The card step at the provider (Stripe.js in the browser); the server hears of it from the record call.
    await sandbox.confirm(paymentIntentId, { clientSecret, card: card() }, { payerId: investor.user.id });
    const recorded = await investor.post('/api/investments', {
      paymentIntentId,
      campaignId: campaign.id,
      investorId: investor.user.id,
    });
    expect(recorded.statusCode, recorded.body).toBe(201);
    expect(recorded.json()).toMatchObject({ amount: '5000.00', status: 'confirmed', shares: '1.000000' });

    // The loop ends refused: the campaign is funded, or the squatter hit the intents cap first.
    const statuses = await loop;
    const last = statuses.at(-1);
    expect([409, 429]).toContain(last);
    expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(INTENT_RATE.max - 1);
    const [row] = await app.db.select().from(campaigns).where(eq(campaigns.id, campaign.id));
    expect(row).toMatchObject({ raisedAmount: '5000.00', status: 'funded', investorCount: 1 });

    // The squatter pays the intent it kept: its hold is released, never charged.
    const kept = first.json();
    const paid = await squatter.post(`/api/sandbox/payment-intents/${kept.paymentIntentId}/confirm`, {
      clientSecret: kept.clientSecret,
      card: card(),
    });
    expect(paid.statusCode).toBe(200);
    const [intent] = await app.db
      .select()
      .from(sandboxPaymentIntents)
      .where(eq(sandboxPaymentIntents.id, kept.paymentIntentId));
    expect(intent).toMatchObject({ status: 'canceled', amountCaptured: '0.00' });
    const theirs = await app.db
      .select()
      .from(investments)
      .where(eq(investments.investorId, squatter.user.id));
    expect(theirs.every((i) => i.status === 'expired' || i.status === 'voided')).toBe(true);
    expect(await verifyLedger(app.db, app.payments)).toEqual([]);
  });

  it('is stopped by the cap when the campaign stays open: the loop gets 429 after its intents for 10 minutes', async () => {
    const app: App = await buildTestApp();
    const campaign = await createCampaign(app.db, { targetAmount: '5000' });
    const squatter = await signedInAs(app, 'investor');
    const statuses = await squat(squatter, campaign, '5000.00');
    expect(statuses).toEqual([...Array(INTENT_RATE.max).fill(200), 429]);
    // Meanwhile anyone else may still invest all of it.
    const other = await signedInAs(app, 'investor');
    expect((await intentFor(other, campaign, '5000.00')).statusCode).toBe(200);
  });
});
