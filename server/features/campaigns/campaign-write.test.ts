// POST and PATCH /api/campaigns: who may create and edit, what the server derives, every validation
// rule of domain/campaign-schemas.ts, and the financial terms locking at the first live card hold, on
// this run's backend.
import { beforeAll, describe, expect, it } from 'vitest';
import { CAMPAIGN_MESSAGES, type Campaign, type CampaignDetail } from '../../../domain/campaign-schemas.ts';
import { errorMessage } from '../../../domain/errors.ts';
import { PAYMENT_END_MESSAGES } from '../../../domain/payment-lifecycle.ts';
import { eq } from 'drizzle-orm';
import type { App } from '../../app.ts';
import { verifyLedger } from '../../checks/ledger.ts';
import { campaigns, payments, users } from '../../db/schema/index.ts';
import { advancePayment, sweepPayments } from '../money/index.ts';
import { ProviderUnavailableError } from '../money/index.ts';
import type { SandboxProvider } from '../money/index.ts';
import { buildTestApp, campaignBody, createCampaign, createUser, inDays } from '../../../test/app.ts';
import { AuthClient } from '../../../test/auth.ts';
import { card, openIntent } from '../../../test/investing.ts';
import { signedInAs, type Actor } from '../../../test/actor.ts';
import { approveCampaign } from '../../../test/diligence.ts';

const DAY_MS = 86_400_000;

const body = campaignBody;

let app: App;
let api: AuthClient;
let trader: { id: string; token: string };
let otherTrader: { id: string; token: string };
const tokens: Record<'investor' | 'buyer' | 'admin', string> = { investor: '', buyer: '', admin: '' };

async function userWithSession(role: 'investor' | 'trader' | 'buyer' | 'admin') {
  const user = await createUser(app.db, {
    role,
    ...(role === 'trader' && { companyName: 'Green Molecules Ltd', registrationNumber: 'GB-1' }),
  });
  return { id: user.id, token: await api.session(user.id) };
}

beforeAll(async () => {
  app = await buildTestApp();
  api = new AuthClient(app);
  trader = await userWithSession('trader');
  otherTrader = await userWithSession('trader');
  for (const role of ['investor', 'buyer', 'admin'] as const)
    tokens[role] = (await userWithSession(role)).token;
});

const create = (payload: Record<string, unknown>, token: string | null = trader.token) =>
  api.post('/api/campaigns', payload, { token });
const countCampaigns = async () => (await app.db.select().from(campaigns)).length;

describe('POST /api/campaigns', () => {
  it('creates the campaign under the signed-in trader with what follows from its terms', async () => {
    const res = await create({ ...body(), traderId: trader.id });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json<Campaign>();
    expect(created).toMatchObject({
      traderId: trader.id,
      title: 'Kandla → Rotterdam spring cargo',
      targetAmount: '750000.00',
      raisedAmount: '0.00',
      quantity: '250.00',
      buyPrice: '1.40',
      sellPrice: '5.60',
      status: 'active',
      minimumInvestment: '100.00',
      investorCount: 0,
      region: 'europe', // Rotterdam, Netherlands
      riskLevel: 'low', // ROI 300% (1 point), $750,000 (0), 45 days (0)
      expectedProfit: '1050000.00', // 250 t × 1000 × (5.60 − 1.40)
      actualProfit: null,
    });
    // The deadline string became a date: the end of that day in UTC.
    expect(created.deadline).toBe(`${inDays(45)}T23:59:59.999Z`);
    // Awaiting its due-diligence review: its trader reads it, nobody else yet (review.test.ts).
    expect(created.review).toEqual({ status: 'pending' });
    const read = await api.get(`/api/campaigns/${created.id}`, { token: trader.token });
    expect(read.json()).toMatchObject({ ...created, traderCompany: 'Green Molecules Ltd' });
    expect((await api.get(`/api/campaigns/${created.id}`)).statusCode).toBe(404);
  });

  it('accepts an explicit region, a minimum and a full ISO deadline', async () => {
    const deadline = new Date(Date.now() + 200 * DAY_MS).toISOString();
    const res = await create(
      body({
        targetAmount: '2600000',
        quantity: '180.5',
        buyPrice: '1.2',
        sellPrice: '5.4',
        minimumInvestment: '1500',
        region: 'asia',
        deadline,
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      targetAmount: '2600000.00',
      quantity: '180.50',
      minimumInvestment: '1500.00',
      region: 'asia',
      deadline,
      riskLevel: 'high', // ROI 350% (2), $2.6 M (2), 200 days (2)
    });
  });

  it('refuses money and quantities sent as JSON numbers (a float is already inexact), creating nothing', async () => {
    const before = await countCampaigns();
    for (const field of ['targetAmount', 'quantity', 'buyPrice', 'sellPrice', 'minimumInvestment']) {
      const res = await create(body({ [field]: 1500 }));
      expect(res.statusCode, field).toBe(400);
      expect(res.json().fields[field]).toMatch(/must be a decimal string, e\.g\. "1500\.00"/);
    }
    expect(await countCampaigns()).toBe(before);
  });

  it('derives the region from the destination: Asia, Americas', async () => {
    const yokohama = await create(body({ tradeRoute: 'Mundra, India → Yokohama, Japan' }));
    const houston = await create(body({ tradeRoute: 'Kochi to Houston, USA' }));
    expect(yokohama.json()).toMatchObject({ region: 'asia' });
    expect(houston.json()).toMatchObject({ region: 'americas' });
  });

  it('asks for the region when the destination is not one it knows, creating nothing', async () => {
    const before = await countCampaigns();
    const res = await create(body({ tradeRoute: 'Kandla → Atlantis' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ fields: { region: expect.stringMatching(/Choose the region/) } });
    expect(await countCampaigns()).toBe(before);
    expect((await create(body({ tradeRoute: 'Kandla → Atlantis', region: 'europe' }))).statusCode).toBe(201);
  });

  it.each([
    ['signed out', null, 401, 'Please sign in to continue'],
    ['an investor', 'investor', 403, 'Only traders can create campaigns'],
    ['a buyer', 'buyer', 403, 'Only traders can create campaigns'],
    ['an admin', 'admin', 403, 'Only traders can create campaigns'],
  ] as const)('refuses %s, creating nothing', async (_, role, status, message) => {
    const before = await countCampaigns();
    const res = await create(body(), role ? tokens[role] : null);
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({ error: message });
    expect(await countCampaigns()).toBe(before);
  });

  it('refuses a trader whose email is not verified, then whose KYC is not approved, with what to do (403); creates once both are done', async () => {
    const { user, token } = await api.signup('trader');
    const before = await countCampaigns();
    const refused = await create(body(), token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: errorMessage('EMAIL_NOT_VERIFIED') });
    expect(refused.json().error).toMatch(/^Verify your email address first: /);
    expect(await countCampaigns()).toBe(before);

    await api.verifyEmail(user.email);
    const unapproved = await create(body(), token);
    expect(unapproved.statusCode).toBe(403);
    expect(unapproved.json()).toEqual({ error: 'Complete your KYC verification before creating campaigns' });
    expect(await countCampaigns()).toBe(before);

    await app.db.update(users).set({ kycStatus: 'approved' }).where(eq(users.id, user.id));
    expect((await create(body(), token)).statusCode).toBe(201);
  });

  it("refuses a traderId that is not the signed-in trader's", async () => {
    const before = await countCampaigns();
    const res = await create({ ...body(), traderId: otherTrader.id });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'Campaigns can only be created under your own account' });
    expect(await countCampaigns()).toBe(before);
  });

  it('refuses fields the server owns: raisedAmount, status, profits', async () => {
    for (const field of ['raisedAmount', 'status', 'expectedProfit', 'actualProfit', 'investorCount', 'id']) {
      const res = await create({ ...body(), [field]: field === 'status' ? 'completed' : '1000' });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().error, field).toBe(`These fields cannot be set: ${field}`);
    }
  });

  // Every rule, with its message, on the field it names; nothing is created.
  it.each([
    ['title', { title: 'ab' }, 'Title must be at least 3 characters'],
    ['title', { title: 'x'.repeat(121) }, 'Title must be at most 120 characters'],
    ['title', { title: '   ab  ' }, 'Title must be at least 3 characters'],
    ['description', { description: 'x'.repeat(5001) }, 'Description must be at most 5,000 characters'],
    ['tradeRoute', { tradeRoute: '  ' }, 'Trade route is required'],
    ['targetAmount', { targetAmount: '0' }, 'Target amount must be greater than 0'],
    ['targetAmount', { targetAmount: '-5' }, 'Target amount must be a number'],
    ['targetAmount', { targetAmount: '1000.001' }, 'Target amount can have at most 2 decimal places'],
    [
      'targetAmount',
      { targetAmount: '10000000000000' },
      'Target amount must be at most 9,999,999,999,999.99',
    ],
    ['targetAmount', { targetAmount: 'lots' }, 'Target amount must be a number'],
    ['quantity', { quantity: '0' }, 'Quantity must be greater than 0'],
    ['quantity', { quantity: '100000000' }, 'Quantity must be at most 99,999,999.99'],
    ['buyPrice', { buyPrice: '0.00' }, 'Buy price must be greater than 0'],
    ['buyPrice', { buyPrice: '1000000', sellPrice: '1000001' }, 'Buy price must be at most 999,999.99'],
    ['sellPrice', { sellPrice: '1.40' }, 'Sell price must be higher than the buy price'],
    ['sellPrice', { sellPrice: '1.10' }, 'Sell price must be higher than the buy price'],
    ['minimumInvestment', { minimumInvestment: '99.99' }, 'Minimum investment must be at least $100'],
    [
      'minimumInvestment',
      { minimumInvestment: '800000' },
      'Minimum investment cannot be more than the target amount',
    ],
    ['deadline', { deadline: inDays(-1) }, 'Deadline must be in the future'],
    ['deadline', { deadline: inDays(400) }, 'Deadline must be within one year'],
    ['deadline', { deadline: 'next spring' }, 'Deadline must be a date'],
    ['deadline', { deadline: '2027-02-30' }, 'Deadline must be a date'],
    ['region', { region: 'oceania' }, 'Region must be Asia, Europe or Americas'],
  ])('refuses a bad %s (case %#)', async (field, overrides, message) => {
    const before = await countCampaigns();
    const res = await create(body(overrides));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().fields?.[field]).toBe(message);
    expect(await countCampaigns()).toBe(before);
  });

  it('names every missing required field', async () => {
    const res = await create({});
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields).sort()).toEqual(
      ['buyPrice', 'deadline', 'quantity', 'sellPrice', 'targetAmount', 'title', 'tradeRoute'].sort(),
    );
  });
});

describe('PATCH /api/campaigns/:id', () => {
  let campaign: Campaign;

  beforeAll(async () => {
    campaign = (await create(body({ title: 'Editable cargo' }))).json();
  });

  const patch = (id: string, payload: Record<string, unknown>, token: string | null = trader.token) =>
    api.patch(`/api/campaigns/${id}`, payload, { token });

  it('lets the owner change the terms; derived figures follow and updatedAt moves', async () => {
    const res = await patch(campaign.id, {
      title: 'Edited cargo',
      sellPrice: '6.00',
      targetAmount: '1200000',
      tradeRoute: 'Kandla, India → Ulsan, Korea',
      traderId: trader.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    const updated = res.json<Campaign>();
    expect(updated).toMatchObject({
      id: campaign.id,
      title: 'Edited cargo',
      sellPrice: '6.00',
      targetAmount: '1200000.00',
      region: 'asia', // the route's new destination
      riskLevel: 'medium', // ROI 328.6% (2) + $1.2 M (1) + 45 days (0)
      expectedProfit: '1150000.00', // 250 × 1000 × (6.00 − 1.40)
      raisedAmount: '0.00',
      status: 'active',
    });
    expect(updated.updatedAt > campaign.updatedAt).toBe(true);
    expect(updated.createdAt).toBe(campaign.createdAt);
    expect((await api.get(`/api/campaigns/${campaign.id}`, { token: trader.token })).json()).toMatchObject({
      title: 'Edited cargo',
    });
  });

  it('keeps a chosen region when only the title changes', async () => {
    const asia = (await create(body({ region: 'asia' }))).json<Campaign>();
    const res = await patch(asia.id, { title: 'Renamed cargo' });
    expect(res.json()).toMatchObject({ region: 'asia', title: 'Renamed cargo' });
  });

  it('refuses another trader, an investor and an admin, changing nothing', async () => {
    for (const token of [otherTrader.token, tokens.investor, tokens.admin]) {
      const res = await patch(campaign.id, { title: 'Hijacked' }, token);
      expect(res.statusCode).toBe(403);
    }
    expect((await patch(campaign.id, { title: 'Hijacked' }, otherTrader.token)).json()).toEqual({
      error: 'You can only edit your own campaigns',
    });
    expect((await patch(campaign.id, { title: 'Hijacked' }, null)).statusCode).toBe(401);
    const [row] = await app.db.select().from(campaigns).where(eq(campaigns.id, campaign.id));
    expect(row!.title).not.toBe('Hijacked');
  });

  it('refuses moving the campaign to another trader', async () => {
    const res = await patch(campaign.id, { traderId: otherTrader.id });
    expect(res.statusCode).toBe(403);
    const [row] = await app.db.select().from(campaigns).where(eq(campaigns.id, campaign.id));
    expect(row!.traderId).toBe(trader.id);
  });

  it('answers 409 for a completed campaign and leaves it as it was', async () => {
    const completed = await createCampaign(app.db, {
      traderId: trader.id,
      status: 'completed',
      title: 'Done cargo',
    });
    const res = await patch(completed.id, { title: 'Rewritten history' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'Completed campaigns cannot be edited' });
    const [row] = await app.db.select().from(campaigns).where(eq(campaigns.id, completed.id));
    expect(row!.title).toBe('Done cargo');
  });

  it('locks the financial terms once an investor committed money; title, description and route stay editable', async () => {
    const backed = await createCampaign(app.db, {
      traderId: trader.id,
      investorCount: 1,
      raisedAmount: '5000',
    });
    const terms = {
      targetAmount: '200000',
      quantity: '120',
      buyPrice: '1.30',
      sellPrice: '5.90',
      minimumInvestment: '500',
      deadline: inDays(60),
    };
    for (const [field, value] of Object.entries(terms)) {
      const res = await patch(backed.id, { [field]: value });
      expect(res.statusCode, field).toBe(409);
      expect(res.json()).toEqual({
        error:
          'The financial terms are locked: investors have committed money to this campaign. You can still edit its title, description and trade route.',
      });
    }
    const [unchanged] = await app.db.select().from(campaigns).where(eq(campaigns.id, backed.id));
    expect(unchanged).toMatchObject({
      targetAmount: backed.targetAmount,
      quantity: backed.quantity,
      buyPrice: backed.buyPrice,
      sellPrice: backed.sellPrice,
      minimumInvestment: backed.minimumInvestment,
      deadline: backed.deadline,
    });

    // The spec's PATCH sends every field: the same terms again are not a change.
    const res = await patch(backed.id, {
      title: 'Renamed backed cargo',
      description: 'Now with the vessel name.',
      tradeRoute: 'Kandla, India → Hamburg, Germany',
      targetAmount: backed.targetAmount,
      quantity: backed.quantity,
      buyPrice: backed.buyPrice,
      sellPrice: backed.sellPrice,
      minimumInvestment: backed.minimumInvestment,
      deadline: backed.deadline.toISOString(),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      title: 'Renamed backed cargo',
      description: 'Now with the vessel name.',
      tradeRoute: 'Kandla, India → Hamburg, Germany',
      targetAmount: backed.targetAmount,
    });
  });

  it('locks the terms of a funded or trading campaign too', async () => {
    for (const status of ['funded', 'trading'] as const) {
      const past = await createCampaign(app.db, { traderId: trader.id, status });
      expect((await patch(past.id, { sellPrice: '9.00' })).statusCode, status).toBe(409);
      expect((await patch(past.id, { title: `Renamed ${status} cargo` })).statusCode, status).toBe(200);
    }
  });

  it('refuses raisedAmount, status and profits', async () => {
    for (const field of ['raisedAmount', 'status', 'expectedProfit', 'actualProfit']) {
      const res = await patch(campaign.id, { [field]: field === 'status' ? 'funded' : '999' });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().error).toBe(`These fields cannot be set: ${field}`);
    }
    const [row] = await app.db.select().from(campaigns).where(eq(campaigns.id, campaign.id));
    expect(row).toMatchObject({ raisedAmount: '0.00', status: 'active', actualProfit: null });
  });

  it('checks the rules across fields on the merged campaign', async () => {
    // The stored buy price is 1.40: a sell price below it is refused even when sent alone.
    const lowSell = await patch(campaign.id, { sellPrice: '1.30' });
    expect(lowSell.statusCode).toBe(400);
    expect(lowSell.json()).toEqual({
      error: 'Sell price must be higher than the buy price',
      fields: { sellPrice: 'Sell price must be higher than the buy price' },
    });
    const highBuy = await patch(campaign.id, { buyPrice: '7.00' });
    expect(highBuy.json().fields).toEqual({ sellPrice: 'Sell price must be higher than the buy price' });
    const lowTarget = await patch(campaign.id, { targetAmount: '50', minimumInvestment: '100' });
    expect(lowTarget.json().fields).toEqual({
      minimumInvestment: 'Minimum investment cannot be more than the target amount',
    });
  });

  it('validates each field as create does, and a past deadline only when it is sent', async () => {
    expect((await patch(campaign.id, { title: 'ab' })).json().fields).toEqual({
      title: 'Title must be at least 3 characters',
    });
    expect((await patch(campaign.id, { deadline: inDays(-2) })).json().fields).toEqual({
      deadline: 'Deadline must be in the future',
    });
    // A funded campaign whose deadline has passed can still get a new description.
    const past = await createCampaign(app.db, {
      traderId: trader.id,
      status: 'funded',
      deadline: new Date(Date.now() - 5 * DAY_MS),
    });
    expect((await patch(past.id, { description: 'Carrier booked.' })).statusCode).toBe(200);
  });

  it.each([
    ['an unknown id', '3f0c1b8e-8a51-4a6c-9e3d-2b7f4c1d9e00'],
    ['a malformed id', 'not-a-uuid'],
  ])('answers 404 Campaign not found for %s', async (_, id) => {
    const res = await patch(id, { title: 'Anything' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Campaign not found' });
  });

  it("hides another trader's draft: 404, as if it did not exist", async () => {
    const draft = await createCampaign(app.db, { traderId: otherTrader.id, status: 'cancelled' });
    expect((await patch(draft.id, { title: 'Peek' })).statusCode).toBe(404);
    expect((await api.get(`/api/campaigns/${draft.id}`, { token: trader.token })).statusCode).toBe(404);
    expect((await api.get(`/api/campaigns/${draft.id}`, { token: otherTrader.token })).statusCode).toBe(200);
  });
});

// Terms lock at the first live hold on an investor's card (docs/money.md, areTermsLocked), not at an
// unpaid intent; every change of the financial terms or of the release schedule bumps the terms
// version, so a hold made on the old terms is released instead of captured. On its own database: the
// ledger is checked against the provider at the end, which the made-up rows above would not pass.
describe('financial terms and card holds', () => {
  let money: App;
  let owner: Actor;
  let sandbox: SandboxProvider;

  beforeAll(async () => {
    money = await buildTestApp();
    owner = await signedInAs(money, 'trader');
    sandbox = money.payments as SandboxProvider;
  });

  /** Created and approved by the review (new financial terms go back to it: reapprove). */
  const newCampaign = async () => {
    const res = await owner.post('/api/campaigns', body({ targetAmount: '50000' }));
    expect(res.statusCode, res.body).toBe(201);
    await approveCampaign(money, owner, res.json<Campaign>());
    return res.json<Campaign>();
  };
  const reapprove = async (campaign: { id: string }) => {
    expect((await detail(campaign.id)).review).toEqual({ status: 'pending' });
    const res = await (
      await signedInAs(money, 'admin')
    ).post(`/api/admin/campaigns/${campaign.id}/review`, {
      decision: 'approve',
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const versionOf = async (id: string) =>
    (await money.db.select().from(campaigns).where(eq(campaigns.id, id)))[0]!.termsVersion;
  const detail = async (id: string) => (await owner.get(`/api/campaigns/${id}`)).json<CampaignDetail>();
  const lockedMessage = { error: CAMPAIGN_MESSAGES.termsLocked };

  /** An investor's card holds money for the campaign; its capture waits on a provider outage. */
  async function liveHold(campaign: { id: string }, amount = '1000.00') {
    const investor = await signedInAs(money, 'investor');
    const intent = await openIntent(investor, campaign, amount);
    await sandbox.confirm(
      intent.paymentIntentId,
      { clientSecret: intent.clientSecret, card: card() },
      { payerId: investor.user.id },
    );
    const [payment] = await money.db
      .select()
      .from(payments)
      .where(eq(payments.intentId, intent.paymentIntentId));
    const captureDown = Object.assign(Object.create(sandbox) as SandboxProvider, {
      captureIntent: () => Promise.reject(new ProviderUnavailableError('connection reset')),
    });
    await expect(advancePayment({ ...money.money, provider: captureDown }, payment!.id)).rejects.toThrow(
      ProviderUnavailableError,
    );
    return intent;
  }

  it('leaves the terms open while investors only hold unpaid intents, and locks them at the first live hold', async () => {
    const campaign = await newCampaign();
    const investor = await signedInAs(money, 'investor');
    await openIntent(investor, campaign, '1000.00');
    expect((await detail(campaign.id)).termsLocked).toBe(false);
    const edit = await owner.patch(`/api/campaigns/${campaign.id}`, { sellPrice: '5.90' });
    expect(edit.statusCode, edit.body).toBe(200);
    await reapprove(campaign);

    await liveHold(campaign);
    // Nothing raised yet, but a card holds money on these terms: they no longer move.
    expect(await detail(campaign.id)).toMatchObject({ raisedAmount: '0.00', termsLocked: true });
    for (const change of [
      { sellPrice: '6.10' },
      { targetAmount: '60000' },
      { deadline: inDays(50) },
      { releaseSchedule: [{ trigger: 'trading', percent: '100' }] },
    ]) {
      const res = await owner.patch(`/api/campaigns/${campaign.id}`, change);
      expect(res.statusCode, JSON.stringify(change)).toBe(409);
      expect(res.json()).toEqual(lockedMessage);
    }
    expect((await owner.patch(`/api/campaigns/${campaign.id}`, { title: 'Held cargo' })).statusCode).toBe(
      200,
    );
    expect(await detail(campaign.id)).toMatchObject({
      sellPrice: '5.90',
      targetAmount: '50000.00',
      title: 'Held cargo',
    });

    // Captured, the money keeps them locked.
    expect(await sweepPayments(money.money)).toMatchObject({ captured: 1 });
    expect(await detail(campaign.id)).toMatchObject({ raisedAmount: '1000.00', termsLocked: true });
    expect((await owner.patch(`/api/campaigns/${campaign.id}`, { sellPrice: '6.10' })).statusCode).toBe(409);
  });

  it('bumps the terms version on each change of the financial terms or the release schedule, never on other edits', async () => {
    const campaign = await newCampaign();
    expect(await versionOf(campaign.id)).toBe(1);
    const edits: Array<[Record<string, unknown>, number]> = [
      [{ title: 'Renamed cargo', description: 'Vessel named.' }, 1],
      [{ sellPrice: campaign.sellPrice, targetAmount: campaign.targetAmount }, 1], // the same values again
      [{ sellPrice: '5.80' }, 2],
      [{ minimumInvestment: '500' }, 3],
      [{ deadline: inDays(60) }, 4],
      [
        {
          releaseSchedule: [
            { trigger: 'trading', percent: '50' },
            { trigger: 'arrived', percent: '50' },
          ],
        },
        5,
      ],
      [{ tradeRoute: 'Kandla, India → Hamburg, Germany' }, 5],
    ];
    for (const [patch, version] of edits) {
      const res = await owner.patch(`/api/campaigns/${campaign.id}`, patch);
      expect(res.statusCode, res.body).toBe(200);
      expect(await versionOf(campaign.id), JSON.stringify(patch)).toBe(version);
    }
  });

  it('lets the trader stage the release schedule while the terms are open, and validates it', async () => {
    const campaign = await newCampaign();
    expect((await detail(campaign.id)).releases.map((r) => [r.trigger, r.percent])).toEqual([
      ['trading', '100.00'],
    ]);
    const staged = await owner.patch(`/api/campaigns/${campaign.id}`, {
      releaseSchedule: [
        { trigger: 'trading', percent: '40' },
        { trigger: 'loaded', percent: '60' },
      ],
    });
    expect(staged.statusCode, staged.body).toBe(200);
    const { releases } = await detail(campaign.id);
    expect(releases.map((r) => [r.trigger, r.percent, r.status])).toEqual([
      ['trading', '40.00', 'scheduled'],
      ['loaded', '60.00', 'scheduled'],
    ]);
    const bad = await owner.patch(`/api/campaigns/${campaign.id}`, {
      releaseSchedule: [{ trigger: 'loaded', percent: '100' }],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe(
      'The first tranche is released when trading starts: the trader needs it to buy the cargo',
    );
    expect((await detail(campaign.id)).releases).toHaveLength(2);
    await reapprove(campaign);

    // An intent made before a schedule change is on other terms: its hold is released, never charged.
    const investor = await signedInAs(money, 'investor');
    const intent = await openIntent(investor, campaign, '1000.00');
    expect(
      (
        await owner.patch(`/api/campaigns/${campaign.id}`, {
          releaseSchedule: [{ trigger: 'trading', percent: '100' }],
        })
      ).statusCode,
    ).toBe(200);
    const paid = await investor.post(`/api/sandbox/payment-intents/${intent.paymentIntentId}/confirm`, {
      clientSecret: intent.clientSecret,
      card: card(),
    });
    expect(paid.statusCode).toBe(200);
    const recorded = await investor.post('/api/investments', {
      paymentIntentId: intent.paymentIntentId,
      campaignId: campaign.id,
      investorId: investor.user.id,
    });
    expect(recorded.statusCode).toBe(409);
    expect(recorded.json()).toEqual({ error: PAYMENT_END_MESSAGES.terms_changed });
    expect((await detail(campaign.id)).raisedAmount).toBe('0.00');
  });

  it('leaves the ledger and the provider in agreement', async () => {
    expect(await verifyLedger(money.db, money.payments)).toEqual([]);
  });
});
