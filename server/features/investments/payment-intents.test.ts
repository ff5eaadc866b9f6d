// POST /api/create-payment-intent: who may invest, in what, how much; and the 15-minute reservation
// that keeps two investors from paying for the same last slice.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { investments, sandboxPaymentIntents } from '../../db/schema/index.ts';
import { buildTestApp, createCampaign, testClock } from '../../../test/app.ts';
import { callsAs, investIn, signedInAs, type Actor } from '../../../test/investing.ts';
import { verifyLedger } from '../../checks/ledger.ts';

const clock = testClock();
let app: App;
let investor: Actor;

beforeAll(async () => {
  app = await buildTestApp({ clock });
  investor = await signedInAs(app, 'investor');
});

const intent = (actor: Pick<Actor, 'post'>, body: Record<string, unknown>) =>
  actor.post('/api/create-payment-intent', body);
const bodyFor = (campaign: { id: string }, amount = '1000.00', investorId = investor.user.id) => ({
  amount,
  campaignId: campaign.id,
  investorId,
});
const pendingCount = async (campaignId: string) =>
  (await app.db.select().from(investments).where(eq(investments.campaignId, campaignId))).length;

describe('POST /api/create-payment-intent', () => {
  it('creates an intent at the provider for the amount and reserves it', async () => {
    const campaign = await createCampaign(app.db);
    const res = await intent(investor, bodyFor(campaign, '2500.50'));
    expect(res.statusCode, res.body).toBe(200);
    const { clientSecret, paymentIntentId } = res.json();
    expect(paymentIntentId).toMatch(/^pi_sb_[0-9a-f]{24}$/);
    expect(clientSecret).toMatch(new RegExp(`^${paymentIntentId}_secret_`));
    const [provided] = await app.db
      .select()
      .from(sandboxPaymentIntents)
      .where(eq(sandboxPaymentIntents.id, paymentIntentId));
    expect(provided).toMatchObject({ amount: '2500.50', currency: 'usd', status: 'requires_payment_method' });
    expect(provided!.clientSecretHash).not.toContain(clientSecret);
    const [reserved] = await app.db.select().from(investments).where(eq(investments.campaignId, campaign.id));
    expect(reserved).toMatchObject({
      status: 'pending',
      amount: '2500.50',
      investorId: investor.user.id,
      stripePaymentId: paymentIntentId,
    });
    expect(provided!.metadata).toEqual({
      investmentId: reserved!.id,
      campaignId: campaign.id,
      investorId: investor.user.id,
    });
    expect(reserved!.reservedUntil.getTime() - clock().getTime()).toBe(15 * 60_000);
  });

  it('refuses visitors (401) and every other role (403), reserving nothing', async () => {
    const campaign = await createCampaign(app.db);
    const visitor = await intent(callsAs(app, null), bodyFor(campaign));
    expect(visitor.statusCode).toBe(401);
    for (const role of ['trader', 'buyer', 'admin'] as const) {
      const actor = await signedInAs(app, role);
      const res = await intent(actor, bodyFor(campaign, '1000.00', actor.user.id));
      expect(res.statusCode, role).toBe(403);
      expect(res.json()).toEqual({ error: 'Only investors can invest in campaigns' });
    }
    expect(await pendingCount(campaign.id)).toBe(0);
  });

  it("refuses an investorId that is not the caller's", async () => {
    const campaign = await createCampaign(app.db);
    const other = await signedInAs(app, 'investor');
    const res = await intent(investor, bodyFor(campaign, '1000.00', other.user.id));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'You can only invest and see investments as yourself' });
    expect(await pendingCount(campaign.id)).toBe(0);
  });

  it('refuses a suspended account: its session no longer works', async () => {
    const campaign = await createCampaign(app.db);
    const suspended = await signedInAs(app, 'investor', { accountStatus: 'suspended' });
    expect((await intent(suspended, bodyFor(campaign, '1000.00', suspended.user.id))).statusCode).toBe(401);
  });

  it('refuses campaigns that are not open: funded, trading, completed, past their deadline; a draft is not found', async () => {
    for (const status of ['funded', 'trading', 'completed'] as const) {
      const campaign = await createCampaign(app.db, { status });
      const res = await intent(investor, bodyFor(campaign));
      expect(res.statusCode, status).toBe(409);
      expect(res.json().error).toBe('This campaign is fully funded');
    }
    const late = await createCampaign(app.db, { deadline: new Date(clock().getTime() - 1000) });
    const res = await intent(investor, bodyFor(late));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'Funding for this campaign has closed' });
    const draft = await createCampaign(app.db, { status: 'cancelled' });
    expect((await intent(investor, bodyFor(draft))).json()).toEqual({ error: 'Campaign not found' });
  });

  it("refuses an amount below the platform's or the campaign's minimum, naming it", async () => {
    const campaign = await createCampaign(app.db, { minimumInvestment: '1000' });
    const low = await intent(investor, bodyFor(campaign, '999.99'));
    expect(low.statusCode).toBe(400);
    expect(low.json()).toEqual({
      error: 'The minimum investment for this campaign is $1,000.00',
      fields: { amount: 'The minimum investment for this campaign is $1,000.00' },
    });
    const platform = await intent(investor, bodyFor(await createCampaign(app.db), '99.99'));
    expect(platform.json().error).toBe('The minimum investment for this campaign is $100.00');
    expect(await pendingCount(campaign.id)).toBe(0);
  });

  it('refuses more than is still open, naming what is open', async () => {
    const campaign = await createCampaign(app.db, { targetAmount: '10000', raisedAmount: '0' });
    const res = await intent(investor, bodyFor(campaign, '10000.01'));
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('Only $10,000.00 is still open in this campaign');
  });

  it('accepts a last slice below the minimum when it is exactly what is open', async () => {
    const campaign = await createCampaign(app.db, { targetAmount: '10000', minimumInvestment: '1000' });
    const first = await investIn(app, investor, campaign, '9950.00');
    expect(first.record?.statusCode, first.record?.body).toBe(200);
    const below = await intent(investor, bodyFor(campaign, '40.00'));
    expect(below.json().error).toBe(
      'The minimum investment for this campaign is $1,000.00, or exactly the $50.00 still open',
    );
    expect((await intent(investor, bodyFor(campaign, '50.00'))).statusCode).toBe(200);
  });

  it('refuses malformed input with 400 naming the field, and creates nothing', async () => {
    const campaign = await createCampaign(app.db);
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [
        { ...bodyFor(campaign), amount: 1000 },
        'amount',
        'Amount must be a decimal string, e.g. "1500.00" (not a JSON number)',
      ],
      [{ ...bodyFor(campaign), amount: '1000.001' }, 'amount', 'Amount can have at most 2 decimal places'],
      [{ ...bodyFor(campaign), amount: '-5' }, 'amount', 'Amount must be a number'],
      [{ ...bodyFor(campaign), amount: 'lots' }, 'amount', 'Amount must be a number'],
      [
        { ...bodyFor(campaign), amount: '10000000000000' },
        'amount',
        'Amount must be at most 9,999,999,999,999.99',
      ],
      [{ ...bodyFor(campaign), campaignId: 'not-an-id' }, 'campaignId', 'campaignId must be an id'],
      [{ ...bodyFor(campaign), investorId: undefined }, 'investorId', 'investorId is required'],
    ];
    for (const [body, field, message] of cases) {
      const res = await intent(investor, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().fields[field]).toBe(message);
    }
    const extra = await intent(investor, { ...bodyFor(campaign), status: 'confirmed' });
    expect(extra.statusCode).toBe(400);
    const unknown = await intent(investor, bodyFor({ id: '00000000-0000-4000-8000-000000000000' }));
    expect(unknown.statusCode).toBe(404);
    expect(await pendingCount(campaign.id)).toBe(0);
  });

  it('keeps a reserved slice for its investor for 15 minutes, then frees it', async () => {
    const campaign = await createCampaign(app.db, { targetAmount: '10000' });
    const other = await signedInAs(app, 'investor');
    expect((await intent(investor, bodyFor(campaign, '6000.00'))).statusCode).toBe(200);
    const refused = await intent(other, bodyFor(campaign, '5000.00', other.user.id));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe('Only $4,000.00 is still open in this campaign');
    expect((await intent(other, bodyFor(campaign, '4000.00', other.user.id))).statusCode).toBe(200);
    expect((await intent(other, bodyFor(campaign, '100.00', other.user.id))).json().error).toMatch(
      /^Nothing is open in this campaign right now/,
    );

    clock.advance(15 * 60_000);
    // Both reservations lapsed unpaid: the whole target is open again.
    expect((await intent(other, bodyFor(campaign, '10000.00', other.user.id))).statusCode).toBe(200);
    expect(await verifyLedger(app.db)).toEqual([]);
  });
});
