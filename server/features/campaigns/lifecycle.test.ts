// The campaign lifecycle on both databases (DESIGN.md §3, docs/money.md): every transition the table
// allows and refuses per role, owner and status, with the refusal's text; starting trading releases
// the schedule's first tranche; completing only declares the result (the settlement is paid in and
// distributed later: server/features/money/settlement.test.ts); an admin's cancellation refunds everyone before
// any money went to the trade and is refused after; shipment milestones; the investors' emails; the
// deadline sweep under an injected clock, two sweeps racing, and a provider failing mid-refund.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { App } from '../../app.ts';
import { sweepPayments } from '../money/index.ts';
import { ProviderUnavailableError } from '../money/index.ts';
import type { SandboxProvider } from '../money/index.ts';
import { buildTestApp, campaignBody, inDays, testClock } from '../../../test/app.ts';
import { investIn, openIntent } from '../../../test/investing.ts';
import { callsAs, signedInAs, type Actor } from '../../../test/actor.ts';
import { campaignOf, deliver, fileDocument, startTrading } from '../../../test/money.ts';
import {
  auditOf,
  campaignThroughApi,
  expectSoundLedger,
  mailsTo,
  move,
  recordMilestone,
  STAGED,
} from '../../../test/money-campaigns.ts';
import { approveCampaign } from '../../../test/diligence.ts';
import { sweepDeadlines, transitionCampaign } from './lifecycle.ts';

const DAY = 86_400_000;
const clock = testClock();
let app: App;
let sandbox: SandboxProvider;
let otherTrader: Actor;
let admin: Actor;

beforeAll(async () => {
  app = await buildTestApp({ clock });
  sandbox = app.payments as SandboxProvider;
  otherTrader = await signedInAs(app, 'trader');
  admin = await signedInAs(app, 'admin');
});

afterAll(async () => {
  await expectSoundLedger(app);
});

/** An active campaign of a new trader through the API, approved by the review, nobody invested yet. */
async function openCampaign(overrides: Record<string, unknown> = {}) {
  const trader = await signedInAs(app, 'trader');
  const res = await trader.post('/api/campaigns', campaignBody({ minimumInvestment: '100', ...overrides }));
  expect(res.statusCode, res.body).toBe(201);
  const campaign = res.json<{ id: string; title: string }>();
  await approveCampaign(app, trader, campaign, admin);
  return { trader, campaign };
}

async function invest(investor: Actor, campaign: { id: string }, amount: string) {
  const { record } = await investIn(app, investor, campaign, amount);
  expect(record?.json(), record?.body).toMatchObject({ status: 'confirmed' });
}

/** Each investor's investments in the campaign as they see them: [amount, status, escrow, intent]. */
async function investmentsOf(investor: Actor, campaign: { id: string }) {
  const res = await investor.get(`/api/investments?investorId=${investor.user.id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res
    .json<
      Array<{
        campaignId: string;
        amount: string;
        status: string;
        escrowStatus: string | null;
        stripePaymentId: string | null;
      }>
    >()
    .filter((i) => i.campaignId === campaign.id)
    .sort((a, b) => Number(a.amount) - Number(b.amount));
}

/** What the provider says of the card payments behind these investments. */
async function atTheProvider(rows: Array<{ stripePaymentId: string | null }>) {
  return Promise.all(
    rows.map(async (r) => {
      const intent = await sandbox.retrieveIntent(r.stripePaymentId!);
      return [intent!.status, intent!.amountCaptured, intent!.amountRefunded];
    }),
  );
}

describe('POST /api/campaigns/:id/transitions', () => {
  it('lets the owner start trading a funded campaign, and refuses everyone else naming both statuses', async () => {
    const { trader, campaign, investors } = await campaignThroughApi(app, ['1000.00', '1000.00', '1000.00']);
    expect((await campaignOf(trader, campaign)).status).toBe('funded');

    const other = await move(otherTrader, campaign, { to: 'trading' });
    expect([other.statusCode, other.json().error]).toEqual([
      403,
      'You cannot move this campaign from funded to trading',
    ]);
    expect((await move(investors[0]!, campaign, { to: 'trading' })).statusCode).toBe(403);
    expect((await move(admin, campaign, { to: 'trading' })).json()).toEqual({
      error: 'You cannot move this campaign from funded to trading',
    });
    const early = await move(trader, campaign, { to: 'completed', actualProfit: '10.00' });
    expect([early.statusCode, early.json().error]).toEqual([
      409,
      'This campaign is funded: it cannot move to completed',
    ]);
    const unknown = await move(trader, campaign, { to: 'funded' });
    expect([unknown.statusCode, unknown.json().error]).toEqual([
      400,
      'to must be one of trading, completed, cancelled',
    ]);
    expect((await move(trader, campaign, { to: 'trading', actualProfit: '1.00' })).statusCode).toBe(400);
    expect((await campaignOf(trader, campaign)).status).toBe('funded');

    const ok = await move(trader, campaign, { to: 'trading' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ id: campaign.id, status: 'trading', raisedAmount: '3000.00' });
    // The default schedule: everything went to the trade.
    expect((await campaignOf(trader, campaign)).releases.map((r) => [r.status, r.amount])).toEqual([
      ['released', '3000.00'],
    ]);
    const again = await move(trader, campaign, { to: 'trading' });
    expect([again.statusCode, again.json().error]).toEqual([
      409,
      'This campaign is trading: it cannot move to trading',
    ]);
    // Only its trader declares the result.
    await deliver(trader, campaign);
    expect((await move(admin, campaign, { to: 'completed', actualProfit: '1.00' })).json()).toEqual({
      error: 'You cannot move this campaign from trading to completed',
    });
    expect((await move(otherTrader, campaign, { to: 'completed', actualProfit: '1.00' })).statusCode).toBe(
      403,
    );
    const bad = await move(trader, campaign, { to: 'completed', actualProfit: 12.5 });
    expect([bad.statusCode, bad.json().fields]).toEqual([
      400,
      { actualProfit: 'Actual profit must be a decimal string, e.g. "123456.78" (not a JSON number)' },
    ]);
    const decimals = await move(trader, campaign, { to: 'completed', actualProfit: '1.005' });
    expect(decimals.json().error).toBe('Actual profit must be a number with at most 2 decimal places');
    // Completing declares the result; the campaign trades on until the settlement is paid in.
    const declared = await move(trader, campaign, { to: 'completed', actualProfit: '300.00' });
    expect(declared.statusCode, declared.body).toBe(200);
    expect(declared.json()).toMatchObject({ status: 'trading', actualProfit: null });
    expect((await campaignOf(trader, campaign)).settlement).toMatchObject({ status: 'pending_review' });
    expect(await investmentsOf(investors[0]!, campaign)).toEqual([
      expect.objectContaining({ status: 'confirmed', escrowStatus: 'released' }),
    ]);
  });

  it('lets the owner withdraw an active campaign only while nobody has invested', async () => {
    const { trader, campaign: empty } = await openCampaign();
    const withdrawn = await move(trader, empty, { to: 'cancelled', reason: 'Supplier fell through' });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json().status).toBe('cancelled');

    const { trader: owner, campaign: backed } = await openCampaign();
    await invest(await signedInAs(app, 'investor'), backed, '500.00');
    const refused = await move(owner, backed, { to: 'cancelled', reason: 'Changed my mind' });
    expect([refused.statusCode, refused.json().error]).toEqual([
      409,
      'This campaign is active and has investments: it cannot move to cancelled by its trader. Ask an admin to cancel it and refund its investors.',
    ]);
    expect((await campaignOf(owner, backed)).status).toBe('active');
    expect((await move(otherTrader, backed, { to: 'cancelled', reason: 'x' })).statusCode).toBe(403);
    // A withdrawn campaign is its trader's own business: to another trader it does not exist.
    expect((await move(otherTrader, empty, { to: 'cancelled', reason: 'x' })).statusCode).toBe(404);
    const noReason = await move(owner, backed, { to: 'cancelled' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().fields).toHaveProperty('reason');
    const blank = await move(owner, backed, { to: 'cancelled', reason: '  ' });
    expect([blank.statusCode, blank.json().error]).toEqual([400, 'Reason is required']);
  });

  it('lets an admin cancel a funded campaign with a reason: every investment refunded through the provider', async () => {
    const { trader, campaign, investors } = await campaignThroughApi(app, ['1500.00', '1000.00', '500.00']);
    const res = await move(admin, campaign, { to: 'cancelled', reason: 'Sanctions on the carrier' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'cancelled', raisedAmount: '0.00', investorCount: 0 });
    // The provider refunded each card before the answer was sent.
    for (const investor of investors) {
      const rows = await investmentsOf(investor, campaign);
      expect(rows.map((r) => [r.status, r.escrowStatus])).toEqual([['refunded', 'refunded']]);
      expect(await atTheProvider(rows)).toEqual([['succeeded', rows[0]!.amount, rows[0]!.amount]]);
    }
    const detail = await campaignOf(trader, campaign);
    expect(detail.status).toBe('cancelled');
    expect(detail.releases.map((r) => r.status)).toEqual(['scheduled']);
    // Admin actions: on the audit log (the review's approval, then the cancellation with its reason).
    expect((await auditOf(admin, campaign.id)).map((e) => [e.action, e.reason])).toEqual([
      ['campaign.approve', null],
      ['campaign.cancel', 'Sanctions on the carrier'],
    ]);
    const twice = await move(admin, campaign, { to: 'cancelled', reason: 'again' });
    expect([twice.statusCode, twice.json().error]).toEqual([
      409,
      'This campaign is cancelled: it cannot move to cancelled',
    ]);
    // Investors are told, once each.
    for (const investor of investors)
      await expect
        .poll(async () => (await mailsTo(app, investor, 'your investment is refunded')).length)
        .toBe(1);
    await expectSoundLedger(app);
  });

  it('refuses an admin cancellation once money went to the trade: the campaign ends with its settlement', async () => {
    const { trader, campaign, investors } = await campaignThroughApi(app, ['600.00', '400.00'], {
      schedule: STAGED,
    });
    await startTrading(trader, campaign);
    const refused = await move(admin, campaign, { to: 'cancelled', reason: 'The trader stopped answering' });
    expect([refused.statusCode, refused.json().error]).toEqual([
      409,
      'Money of this campaign has gone to the trade already: it ends with its settlement (or in default), not a cancellation',
    ]);
    // Nothing was refunded; 60% is still in escrow, 40% at work.
    expect((await campaignOf(trader, campaign)).status).toBe('trading');
    expect((await investmentsOf(investors[0]!, campaign)).map((r) => [r.status, r.escrowStatus])).toEqual([
      ['confirmed', 'held'],
    ]);
    await expectSoundLedger(app);
  });
});

describe('shipment milestones', () => {
  it('are recorded once each by the trading campaign’s own trader, and read by everyone who may see it', async () => {
    const { trader, campaign, investors } = await campaignThroughApi(app, ['1000.00', '1000.00']);
    const notYet = await recordMilestone(trader, campaign, { kind: 'loaded' });
    expect([notYet.statusCode, notYet.json().error]).toEqual([
      409,
      'Shipment milestones are recorded while a campaign is trading; this one is funded',
    ]);
    await startTrading(trader, campaign);
    const at = new Date(clock().getTime() - DAY).toISOString();
    const departed = await recordMilestone(trader, campaign, {
      kind: 'departed',
      at,
      note: 'Sailed from Kandla',
      documentRef: 'BL-77',
    });
    expect(departed.statusCode, departed.body).toBe(201);
    expect(departed.json()).toMatchObject({
      kind: 'departed',
      at,
      note: 'Sailed from Kandla',
      documentRef: 'BL-77',
    });
    const twice = await recordMilestone(trader, campaign, { kind: 'departed' });
    expect([twice.statusCode, twice.json().error]).toEqual([
      409,
      'Departed is already recorded for this campaign',
    ]);
    const foreign = await recordMilestone(otherTrader, campaign, { kind: 'loaded' });
    expect([foreign.statusCode, foreign.json().error]).toEqual([
      403,
      'You can only track your own campaigns',
    ]);
    expect((await recordMilestone(investors[0]!, campaign, { kind: 'loaded' })).statusCode).toBe(403);
    expect((await recordMilestone(trader, campaign, { kind: 'sunk' })).statusCode).toBe(400);
    // A document of the campaign may go with any milestone (here the loading, with no tranche on it).
    const evidence = await fileDocument(app, trader, campaign, 'milestone', 'loaded');
    expect(
      (await recordMilestone(trader, campaign, { kind: 'loaded', documentId: evidence })).statusCode,
    ).toBe(201);

    const list = await callsAs(app, null).get(`/api/campaigns/${campaign.id}/milestones`);
    expect(list.statusCode).toBe(200);
    expect(list.json().map((m: { kind: string }) => m.kind)).toEqual(['departed', 'loaded']);

    const backers = await trader.get(`/api/campaigns/${campaign.id}/investors`);
    expect(backers.statusCode).toBe(200);
    expect(backers.json().map((b: { amount: string; status: string }) => [b.amount, b.status])).toEqual([
      ['1000.00', 'confirmed'],
      ['1000.00', 'confirmed'],
    ]);
    expect((await otherTrader.get(`/api/campaigns/${campaign.id}/investors`)).statusCode).toBe(403);
  });
});

describe('emails to investors', () => {
  it('tells each backer their campaign is funded', async () => {
    const { campaign, investors } = await campaignThroughApi(app, ['700.00', '300.00']);
    for (const investor of investors)
      await expect
        .poll(async () => (await mailsTo(app, investor, `${campaign.title} is fully funded`)).length)
        .toBe(1);
  });

  it('sends no refund email to an investor who turned refunds off', async () => {
    const quiet = await signedInAs(app, 'investor');
    const prefs = await quiet.put('/api/settings/notifications', {
      campaign_funded: true,
      campaign_refunded: false,
      campaign_completed: true,
    });
    expect(prefs.statusCode, prefs.body).toBe(200);
    expect((await quiet.get('/api/settings/notifications')).json()).toMatchObject({
      campaign_refunded: false,
    });
    const loud = await signedInAs(app, 'investor');
    const { campaign } = await openCampaign({ targetAmount: '5000.00' });
    await invest(quiet, campaign, '1000.00');
    await invest(loud, campaign, '1000.00');
    expect((await move(admin, campaign, { to: 'cancelled', reason: 'Port closed' })).statusCode).toBe(200);
    await expect.poll(async () => (await mailsTo(app, loud, 'your investment is refunded')).length).toBe(1);
    expect(await mailsTo(app, quiet, 'refunded')).toEqual([]);
  });
});

describe('a provider that fails while refunding', () => {
  it('leaves the cancelled campaign refunding and its refund job waiting to retry; the payments sweep finishes every refund once', async () => {
    const { trader, campaign, investors } = await campaignThroughApi(app, ['1000.00', '500.00']);
    const refund = vi
      .spyOn(sandbox, 'refund')
      .mockRejectedValue(new ProviderUnavailableError('connection reset'));
    try {
      const cancelled = await transitionCampaign(
        app.money,
        admin.user,
        campaign.id,
        { to: 'cancelled', reason: 'Port strike' },
        clock(),
      );
      expect(cancelled.status).toBe('cancelled');
    } finally {
      refund.mockRestore();
    }
    for (const investor of investors)
      expect((await investmentsOf(investor, campaign)).map((r) => [r.status, r.escrowStatus])).toEqual([
        ['refunding', 'held'],
      ]);
    // The job failed its first attempt and waits for its retry (a minute later at least).
    expect(await app.jobs.pending()).toMatchObject({ 'money.refunds': 1 });
    expect(await app.jobs.runDue(['money.refunds'])).toBe(0);
    // The escrow still holds the money in flight: the ledger is sound meanwhile.
    await expectSoundLedger(app);

    await sweepPayments(app.money);
    for (const investor of investors) {
      const rows = await investmentsOf(investor, campaign);
      expect(rows.map((r) => [r.status, r.escrowStatus])).toEqual([['refunded', 'refunded']]);
      expect(await atTheProvider(rows)).toEqual([['succeeded', rows[0]!.amount, rows[0]!.amount]]);
    }
    expect(await campaignOf(trader, campaign)).toMatchObject({ raisedAmount: '0.00', investorCount: 0 });
    await expectSoundLedger(app);
  });
});

// Last in the file: these move the app's clock past deadlines.
describe('the deadline sweep', () => {
  it('cancels an expired unfunded campaign, refunds every investment and cancels unpaid intents', async () => {
    const { trader, campaign } = await openCampaign({ targetAmount: '3000.00', deadline: inDays(2) });
    const funded = await campaignThroughApi(app, ['1000.00']);
    const [a, b, c] = [
      await signedInAs(app, 'investor'),
      await signedInAs(app, 'investor'),
      await signedInAs(app, 'investor'),
    ];
    await invest(a, campaign, '500.00');
    await invest(b, campaign, '700.00');
    const unpaid = await openIntent(c, campaign, '300.00');
    expect((await sweepDeadlines(app.money)).cancelled).toBe(0);

    clock.advance(3 * DAY);
    const report = await sweepDeadlines(app.money);
    expect(report).toMatchObject({ cancelled: 1, refunds: 2, failed: [] });
    const detail = await campaignOf(trader, campaign);
    expect(detail).toMatchObject({ status: 'cancelled', raisedAmount: '0.00', investorCount: 0 });
    expect((await campaignOf(funded.trader, funded.campaign)).status).toBe('funded');
    for (const investor of [a, b]) {
      const rows = await investmentsOf(investor, campaign);
      expect(rows.map((r) => [r.status, r.escrowStatus])).toEqual([['refunded', 'refunded']]);
      expect(await atTheProvider(rows)).toEqual([['succeeded', rows[0]!.amount, rows[0]!.amount]]);
    }
    // The unpaid intent is cancelled at the provider: it can no longer be paid, nothing was charged.
    expect((await sandbox.retrieveIntent(unpaid.paymentIntentId))!.status).toBe('canceled');
    await expect.poll(async () => (await mailsTo(app, a, 'your investment is refunded')).length).toBe(1);
    // Idempotent.
    expect(await sweepDeadlines(app.money)).toEqual({ cancelled: 0, refunds: 0, failed: [] });
    await expectSoundLedger(app);
  });

  it('refunds each investment exactly once when two sweeps race over the same campaigns', async () => {
    const campaigns = [];
    for (let k = 0; k < 3; k++) {
      // The clock already stands 3 days ahead: a deadline a day or two after it.
      const { campaign } = await openCampaign({ targetAmount: '2000.00', deadline: inDays(5) });
      const backers = [];
      for (const amount of ['400.00', '300.00', '200.00']) {
        const investor = await signedInAs(app, 'investor');
        await invest(investor, campaign, amount);
        backers.push(investor);
      }
      campaigns.push({ campaign, backers });
    }
    clock.advance(3 * DAY);
    // Two instances on one database: both deadline sweeps and a payments sweep at once.
    const [first, second] = await Promise.all([
      sweepDeadlines(app.money),
      sweepDeadlines(app.money),
      sweepPayments(app.money),
    ]);
    expect(first.cancelled + second.cancelled).toBe(3);
    expect(first.refunds + second.refunds).toBe(9);
    expect([...first.failed, ...second.failed]).toEqual([]);
    for (const { campaign, backers } of campaigns)
      for (const investor of backers) {
        const rows = await investmentsOf(investor, campaign);
        expect(rows.map((r) => [r.status, r.escrowStatus])).toEqual([['refunded', 'refunded']]);
        expect(await atTheProvider(rows)).toEqual([['succeeded', rows[0]!.amount, rows[0]!.amount]]);
      }
    await expectSoundLedger(app);
  });
});
