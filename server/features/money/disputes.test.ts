// Investment disputes in the one escrow model (DESIGN.md §3, docs/money.md) through the HTTP API on
// both databases: a dispute only while none of the campaign's money went to the trade; trading waits
// for it; resolved "release", the record is Held again and follows its campaign (to the trade and the
// settlement, or back to the investor on a cancellation); resolved "refund", it is refunded. Whatever
// the order of dispute, resolution, cancellation and the deadline, no investor is left neither refunded
// nor paid (the bug of issue 18).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { sweepAll } from '../../sweeps.ts';
import { buildTestApp, campaignBody, testClock } from '../../../test/app.ts';
import { investIn } from '../../../test/investing.ts';
import { signedInAs, type Actor } from '../../../test/actor.ts';
import { campaignOf, deliver, startTrading } from '../../../test/money.ts';
import {
  campaignThroughApi,
  cashAccount,
  decideSettlement,
  expectSoundLedger,
  move,
  payByCard,
  STAGED,
} from '../../../test/money-campaigns.ts';
import { approveCampaign } from '../../../test/diligence.ts';

const DAY = 86_400_000;
const clock = testClock();
let app: App;
let admin: Actor;

beforeAll(async () => {
  app = await buildTestApp({ clock });
  admin = await signedInAs(app, 'admin');
});

afterAll(async () => {
  await expectSoundLedger(app);
});

/** The investor's investment in the campaign as they see it (status, escrow record). */
async function investmentOf(investor: Actor, campaign: { id: string }) {
  const res = await investor.get(`/api/investments?investorId=${investor.user.id}`);
  expect(res.statusCode, res.body).toBe(200);
  const found = res
    .json<Array<{ campaignId: string; status: string; escrowStatus: string; escrowId: string }>>()
    .find((i) => i.campaignId === campaign.id);
  expect(found).toBeDefined();
  return found!;
}

const dispute = (investor: Actor, escrowId: string) =>
  investor.post(`/api/escrow/${escrowId}/dispute`, { reason: 'The trader has not answered my questions' });
const resolve = (escrowId: string, outcome: 'release' | 'refund') =>
  admin.post(`/api/admin/escrow/${escrowId}/resolve`, { outcome, note: 'Checked with the trader' });
const states = async (investors: Actor[], campaign: { id: string }) =>
  Promise.all(
    investors.map(async (i) => {
      const { status, escrowStatus } = await investmentOf(i, campaign);
      return [status, escrowStatus];
    }),
  );

describe('a dispute of money still in escrow', () => {
  it('holds trading until an admin resolves it; released, it goes to the trade and is paid at the settlement', async () => {
    const { trader, campaign, investors } = await campaignThroughApi(app, ['600.00', '400.00']);
    const { escrowId } = await investmentOf(investors[0]!, campaign);
    // Only the investor whose money it is may dispute it.
    expect((await dispute(investors[1]!, escrowId)).statusCode).toBe(404);
    const opened = await dispute(investors[0]!, escrowId);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toMatchObject({ status: 'disputed', amount: '600.00' });

    const trading = await move(trader, campaign, { to: 'trading' });
    expect([trading.statusCode, trading.json().error]).toEqual([
      409,
      'An escrow of this campaign is disputed: an admin must resolve it before the campaign completes',
    ]);
    expect((await campaignOf(trader, campaign)).releases[0]!.status).toBe('scheduled');

    const released = await resolve(escrowId, 'release');
    expect(released.statusCode, released.body).toBe(200);
    expect(released.json()).toMatchObject({ status: 'held', releasedAmount: '0.00' });
    expect((await resolve(escrowId, 'refund')).json().error).toBe(
      'Only a disputed escrow record can be resolved',
    );

    await startTrading(trader, campaign);
    // Its money went to the trade: no dispute any more.
    const late = await dispute(investors[0]!, escrowId);
    expect([late.statusCode, late.json().error]).toEqual([409, 'Only funds held in escrow can be disputed']);
    await deliver(trader, campaign);
    expect((await move(trader, campaign, { to: 'completed', actualProfit: '0.00' })).statusCode).toBe(200);
    expect((await decideSettlement(admin, campaign, { decision: 'approve' })).statusCode).toBe(200);
    const { settlement } = await campaignOf(trader, campaign);
    expect((await payByCard(trader, settlement!)).statusCode).toBe(200);
    expect(await states(investors, campaign)).toEqual([
      ['paid_out', 'released'],
      ['paid_out', 'released'],
    ]);
    expect((await cashAccount(investors[0]!)).balance).toBe('600.00');
    await expectSoundLedger(app);
  });

  it('resolved as a refund: refunded in full, the campaign keeps the rest', async () => {
    const { trader, campaign, investors } = await campaignThroughApi(app, ['600.00', '400.00']);
    const { escrowId } = await investmentOf(investors[0]!, campaign);
    expect((await dispute(investors[0]!, escrowId)).statusCode).toBe(200);
    const refunded = await resolve(escrowId, 'refund');
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(await states(investors, campaign)).toEqual([
      ['refunded', 'refunded'],
      ['confirmed', 'held'],
    ]);
    expect(await campaignOf(trader, campaign)).toMatchObject({ raisedAmount: '400.00', investorCount: 1 });
    await expectSoundLedger(app);
  });

  it('cannot be opened once part of the campaign went to the trade (a staged schedule)', async () => {
    const { trader, campaign, investors } = await campaignThroughApi(app, ['500.00', '500.00'], {
      schedule: STAGED,
    });
    await startTrading(trader, campaign);
    const { escrowId, escrowStatus } = await investmentOf(investors[0]!, campaign);
    // 60% of it is still in escrow, but 40% is at work in the trade.
    expect(escrowStatus).toBe('held');
    const res = await dispute(investors[0]!, escrowId);
    expect([res.statusCode, res.json().error]).toEqual([409, 'Only funds held in escrow can be disputed']);
  });
});

describe('disputes and cancellations: nobody is left neither refunded nor paid', () => {
  it('refunds a disputed investment with the others when an admin cancels; the dispute is then closed', async () => {
    const { trader, campaign, investors } = await campaignThroughApi(app, ['600.00', '400.00']);
    const { escrowId } = await investmentOf(investors[0]!, campaign);
    expect((await dispute(investors[0]!, escrowId)).statusCode).toBe(200);
    const cancelled = await move(admin, campaign, { to: 'cancelled', reason: 'Fraud suspected' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await states(investors, campaign)).toEqual([
      ['refunded', 'refunded'],
      ['refunded', 'refunded'],
    ]);
    // Nothing is left to release to anyone.
    const afterwards = await resolve(escrowId, 'release');
    expect([afterwards.statusCode, afterwards.json().error]).toEqual([
      409,
      'Only a disputed escrow record can be resolved',
    ]);
    expect((await campaignOf(trader, campaign)).raisedAmount).toBe('0.00');
    await expectSoundLedger(app);
  });

  it('refunds an investment released back to Held when its campaign is cancelled afterwards', async () => {
    const { campaign, investors } = await campaignThroughApi(app, ['600.00', '400.00']);
    const { escrowId } = await investmentOf(investors[1]!, campaign);
    expect((await dispute(investors[1]!, escrowId)).statusCode).toBe(200);
    expect((await resolve(escrowId, 'release')).statusCode).toBe(200);
    expect((await move(admin, campaign, { to: 'cancelled', reason: 'Vessel unavailable' })).statusCode).toBe(
      200,
    );
    expect(await states(investors, campaign)).toEqual([
      ['refunded', 'refunded'],
      ['refunded', 'refunded'],
    ]);
    await expectSoundLedger(app);
  });

  // Last in the file: it moves the app's clock past the deadline.
  it('refunds a disputed investment when the deadline passes unfunded', async () => {
    const trader = await signedInAs(app, 'trader');
    const created = await trader.post('/api/campaigns', campaignBody({ targetAmount: '5000.00' }));
    expect(created.statusCode, created.body).toBe(201);
    const campaign = created.json<{ id: string }>();
    await approveCampaign(app, trader, campaign);
    const investors = [await signedInAs(app, 'investor'), await signedInAs(app, 'investor')];
    for (const investor of investors)
      expect((await investIn(app, investor, campaign, '1000.00')).record?.json()).toMatchObject({
        status: 'confirmed',
      });
    const { escrowId } = await investmentOf(investors[0]!, campaign);
    expect((await dispute(investors[0]!, escrowId)).statusCode).toBe(200);

    clock.advance(46 * DAY);
    const report = await sweepAll(app.market);
    expect(report.errors).toEqual([]);
    expect(await campaignOf(trader, campaign)).toMatchObject({ status: 'cancelled', raisedAmount: '0.00' });
    expect(await states(investors, campaign)).toEqual([
      ['refunded', 'refunded'],
      ['refunded', 'refunded'],
    ]);
    await expectSoundLedger(app);
  });
});
