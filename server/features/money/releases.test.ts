// Money to the trade (docs/money.md, issue 18 item 4) through the HTTP API on both databases: the
// release schedule set at creation and locked with the terms, the default tranche released when trading
// starts (only to a verified bank account), staged tranches against their milestone's document and an
// admin's confirmation (reject, re-file, confirm; only admins; on the audit log), the cents of the last
// tranche, and the races: two admins confirming at once, trading racing a cancellation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CampaignDetail } from '../../../domain/campaign-schemas.ts';
import type { App } from '../../app.ts';
import { buildTestApp, campaignBody } from '../../../test/app.ts';
import { investIn } from '../../../test/investing.ts';
import { callsAs, signedInAs, type Actor } from '../../../test/actor.ts';
import { addBankAccount, campaignOf, fileDocument, startTrading } from '../../../test/money.ts';
import {
  auditOf,
  campaignThroughApi,
  cashAccount,
  expectSoundLedger,
  move,
  recordMilestone,
  STAGED,
} from '../../../test/money-campaigns.ts';
import { approveCampaign } from '../../../test/diligence.ts';

let app: App;
let admin: Actor;
let otherAdmin: Actor;

beforeAll(async () => {
  app = await buildTestApp();
  admin = await signedInAs(app, 'admin');
  otherAdmin = await signedInAs(app, 'admin');
});

afterAll(async () => {
  // Whatever the tests left, the ledger holds and agrees with the provider.
  await expectSoundLedger(app);
});

const review = (actor: Actor, campaign: { id: string }, releaseId: string, body: Record<string, unknown>) =>
  actor.post(`/api/admin/campaigns/${campaign.id}/releases/${releaseId}`, body);

/** What the admin's escrow table says of the campaign's records: amount and released part. */
async function escrowOf(campaign: { id: string }) {
  const res = await admin.get(`/api/admin/escrow?campaignId=${campaign.id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res
    .json<{ records: Array<{ amount: string; releasedAmount: string; status: string }> }>()
    .records.map((r) => [r.amount, r.releasedAmount, r.status])
    .sort((a, b) => Number(a[0]) - Number(b[0]));
}

const tranches = (detail: CampaignDetail) =>
  detail.releases.map((r) => [r.trigger, r.percent, r.status, r.amount]);

describe('the default schedule: everything when trading starts', () => {
  it('releases 100% to the trader when trading starts and pays it out to their verified bank account', async () => {
    const { trader, campaign } = await campaignThroughApi(app, ['600.00', '400.00']);
    const before = await campaignOf(trader, campaign);
    expect(before.status).toBe('funded');
    expect(before.termsLocked).toBe(true);
    expect(tranches(before)).toEqual([['trading', '100.00', 'scheduled', null]]);

    await startTrading(trader, campaign);
    const after = await campaignOf(trader, campaign);
    expect(after.status).toBe('trading');
    expect(tranches(after)).toEqual([['trading', '100.00', 'released', '1000.00']]);
    expect(after.releases[0]!.releasedAt).not.toBeNull();
    // Each investment's money went to the trade, in full.
    expect(await escrowOf(campaign)).toEqual([
      ['400.00', '400.00', 'released'],
      ['600.00', '600.00', 'released'],
    ]);
    // Escrow → trader → the trader's bank account (the sandbox pays when asked).
    const account = await cashAccount(trader);
    expect(account.balance).toBe('0.00');
    expect(account.payouts.map((p) => [p.purpose, p.amount, p.status])).toEqual([
      ['disbursement', '1000.00', 'paid'],
    ]);
    await expectSoundLedger(app);
  });

  it('refuses to start trading until the trader has a verified bank account, and moves nothing', async () => {
    const { trader, campaign } = await campaignThroughApi(app, ['500.00'], { bank: false });
    const refused = await move(trader, campaign, { to: 'trading' });
    expect([refused.statusCode, refused.json().error]).toEqual([
      409,
      'Add a verified bank account (Settings → Bank account) before trading starts: releases are paid to it',
    ]);
    const still = await campaignOf(trader, campaign);
    expect(still.status).toBe('funded');
    expect(tranches(still)).toEqual([['trading', '100.00', 'scheduled', null]]);
    expect(await escrowOf(campaign)).toEqual([['500.00', '0.00', 'held']]);
    expect((await cashAccount(trader)).payouts).toEqual([]);

    await addBankAccount(trader);
    await startTrading(trader, campaign);
    expect(tranches(await campaignOf(trader, campaign))).toEqual([
      ['trading', '100.00', 'released', '500.00'],
    ]);
    await expectSoundLedger(app);
  });
});

describe('the schedule is set at creation and locked with the terms', () => {
  it('refuses a schedule that does not add up, does not start with trading, or goes back along the shipment', async () => {
    const trader = await signedInAs(app, 'trader');
    const create = (releaseSchedule: unknown) =>
      trader.post('/api/campaigns', campaignBody({ releaseSchedule }));
    const short = await create([
      { trigger: 'trading', percent: '40' },
      { trigger: 'loaded', percent: '50' },
    ]);
    expect([short.statusCode, short.json().error]).toEqual([
      400,
      'The tranches must add up to 100% (they add up to 90.00%)',
    ]);
    const late = await create([{ trigger: 'loaded', percent: '100' }]);
    expect([late.statusCode, late.json().error]).toEqual([
      400,
      'The first tranche is released when trading starts: the trader needs it to buy the cargo',
    ]);
    const backwards = await create([
      { trigger: 'trading', percent: '20' },
      { trigger: 'arrived', percent: '40' },
      { trigger: 'loaded', percent: '40' },
    ]);
    expect([backwards.statusCode, backwards.json().error]).toEqual([
      400,
      'Tranches follow the shipment: each milestone after the one before',
    ]);
    const onDelivery = await create([
      { trigger: 'trading', percent: '50' },
      { trigger: 'delivered', percent: '50' },
    ]);
    expect(onDelivery.statusCode).toBe(400);
    expect(onDelivery.json().error).toContain('trigger must be one of');
    // A percent that is no number is named as such (it was a 500: the whole-schedule check parsed it).
    const words = await create([{ trigger: 'trading', percent: 'all of it' }]);
    expect([words.statusCode, words.json().error]).toEqual([
      400,
      'percent must be a number with at most 2 decimals',
    ]);
    // Nothing was created by any of them.
    expect((await trader.get(`/api/campaigns?traderId=${trader.user.id}`)).json()).toEqual([]);
  });

  it('lets the trader change the schedule until money is raised, then refuses it', async () => {
    const trader = await signedInAs(app, 'trader');
    const created = await trader.post('/api/campaigns', campaignBody({ targetAmount: '2000.00' }));
    expect(created.statusCode, created.body).toBe(201);
    const campaign = created.json<{ id: string }>();
    const edit = await trader.patch(`/api/campaigns/${campaign.id}`, { releaseSchedule: STAGED });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(tranches(await campaignOf(trader, campaign))).toEqual([
      ['trading', '40.00', 'scheduled', null],
      ['loaded', '60.00', 'scheduled', null],
    ]);
    await approveCampaign(app, trader, campaign);
    const investor = await signedInAs(app, 'investor');
    expect((await investIn(app, investor, campaign, '500.00')).record?.json()).toMatchObject({
      status: 'confirmed',
    });
    const locked = await trader.patch(`/api/campaigns/${campaign.id}`, {
      releaseSchedule: [{ trigger: 'trading', percent: '100' }],
    });
    expect([locked.statusCode, locked.json().error]).toEqual([
      409,
      'The financial terms are locked: investors have committed money to this campaign. You can still edit its title, description and trade route.',
    ]);
    expect(tranches(await campaignOf(trader, campaign))).toEqual([
      ['trading', '40.00', 'scheduled', null],
      ['loaded', '60.00', 'scheduled', null],
    ]);
  });
});

describe('a staged schedule: 40% at trading, 60% when loaded', () => {
  it('waits for the milestone document and an admin: rejected, re-filed, confirmed, each on the audit log', async () => {
    const { trader, campaign, investors } = await campaignThroughApi(app, ['600.00', '400.00'], {
      schedule: STAGED,
    });
    await startTrading(trader, campaign);
    let detail = await campaignOf(trader, campaign);
    expect(tranches(detail)).toEqual([
      ['trading', '40.00', 'released', '400.00'],
      ['loaded', '60.00', 'scheduled', null],
    ]);
    expect(await escrowOf(campaign)).toEqual([
      ['400.00', '160.00', 'held'],
      ['600.00', '240.00', 'held'],
    ]);
    const staged = detail.releases[1]!;

    // The milestone a tranche waits on needs its document; nothing is recorded without it.
    const bare = await recordMilestone(trader, campaign, { kind: 'loaded' });
    expect([bare.statusCode, bare.json().error]).toEqual([
      400,
      'A release on Loaded at port needs its document (e.g. the bill of lading)',
    ]);
    expect((await trader.get(`/api/campaigns/${campaign.id}/milestones`)).json()).toEqual([]);
    // The sales invoice is not a milestone's evidence.
    const invoice = await fileDocument(app, trader, campaign, 'sales_invoice');
    const wrongKind = await recordMilestone(trader, campaign, { kind: 'loaded', documentId: invoice });
    expect([wrongKind.statusCode, wrongKind.json().error]).toEqual([
      400,
      'The document must be one filed for this campaign',
    ]);

    const billOfLading = await fileDocument(app, trader, campaign, 'milestone', 'loaded');
    const loaded = await recordMilestone(trader, campaign, { kind: 'loaded', documentId: billOfLading });
    expect(loaded.statusCode, loaded.body).toBe(201);
    detail = await campaignOf(trader, campaign);
    expect(detail.releases[1]).toMatchObject({
      status: 'awaiting_review',
      amount: null,
      document: { id: billOfLading, kind: 'milestone', milestone: 'loaded' },
    });
    // Investors see the evidence too; nothing more went to the trade yet.
    expect((await campaignOf(investors[0]!, campaign)).releases[1]!.status).toBe('awaiting_review');
    const evidence = await investors[0]!.get(`/api/campaigns/${campaign.id}/documents/${billOfLading}`);
    expect([evidence.statusCode, evidence.headers['content-type']]).toEqual([200, 'application/pdf']);
    expect((await cashAccount(trader)).payouts).toHaveLength(1);
    const queue = await admin.get('/api/admin/money');
    expect(queue.json().releases).toContainEqual(
      expect.objectContaining({ id: staged.id, campaignId: campaign.id, status: 'awaiting_review' }),
    );

    // Only admins decide.
    expect((await review(trader, campaign, staged.id, { decision: 'approve' })).statusCode).toBe(403);
    expect((await review(investors[0]!, campaign, staged.id, { decision: 'approve' })).statusCode).toBe(403);
    const anonymous = await callsAs(app, null).post(
      `/api/admin/campaigns/${campaign.id}/releases/${staged.id}`,
      { decision: 'approve' },
    );
    expect(anonymous.statusCode).toBe(401);
    const noReason = await review(admin, campaign, staged.id, { decision: 'reject' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().fields).toHaveProperty('reason');
    const blank = await review(admin, campaign, staged.id, { decision: 'reject', reason: '   ' });
    expect([blank.statusCode, blank.json().error]).toEqual([400, 'Reason is required']);
    expect((await campaignOf(trader, campaign)).releases[1]!.status).toBe('awaiting_review');

    const rejected = await review(admin, campaign, staged.id, {
      decision: 'reject',
      reason: 'The bill of lading is not signed by the master',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json<CampaignDetail>().releases[1]).toMatchObject({
      status: 'scheduled',
      reviewNote: 'The bill of lading is not signed by the master',
    });
    const nothingToConfirm = await review(admin, campaign, staged.id, { decision: 'approve' });
    expect([nothingToConfirm.statusCode, nothingToConfirm.json().error]).toEqual([
      409,
      'This release is scheduled: nothing to confirm',
    ]);

    // The trader files the signed document again; only the campaign's own trader can.
    const signed = await fileDocument(app, trader, campaign, 'milestone', 'loaded');
    const otherTrader = await signedInAs(app, 'trader');
    const foreign = await otherTrader.post(`/api/campaigns/${campaign.id}/releases/${staged.id}/evidence`, {
      documentId: signed,
    });
    expect(foreign.statusCode).toBe(404);
    const refiled = await trader.post(`/api/campaigns/${campaign.id}/releases/${staged.id}/evidence`, {
      documentId: signed,
    });
    expect(refiled.statusCode, refiled.body).toBe(200);
    expect(refiled.json<CampaignDetail>().releases[1]).toMatchObject({
      status: 'awaiting_review',
      reviewNote: null,
      document: { id: signed },
    });

    const approved = await review(admin, campaign, staged.id, { decision: 'approve' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(tranches(approved.json<CampaignDetail>())).toEqual([
      ['trading', '40.00', 'released', '400.00'],
      ['loaded', '60.00', 'released', '600.00'],
    ]);
    expect(await escrowOf(campaign)).toEqual([
      ['400.00', '400.00', 'released'],
      ['600.00', '600.00', 'released'],
    ]);
    expect((await cashAccount(trader)).payouts.map((p) => [p.amount, p.status])).toEqual([
      ['600.00', 'paid'],
      ['400.00', 'paid'],
    ]);
    const again = await review(admin, campaign, staged.id, { decision: 'approve' });
    expect([again.statusCode, again.json().error]).toEqual([
      409,
      'This release is released: nothing to confirm',
    ]);

    const audit = await auditOf(admin, campaign.id);
    expect(audit.map((e) => [e.action, e.reason])).toEqual([
      ['campaign.approve', null], // the due-diligence review that opened it
      ['release.reject', 'The bill of lading is not signed by the master'],
      ['release.approve', null],
    ]);
    await expectSoundLedger(app);
  });

  it('gives the last tranche the cents the others left: the tranches add up to exactly what was raised', async () => {
    const { trader, campaign } = await campaignThroughApi(app, ['100.01', '100.01', '100.01'], {
      schedule: [
        { trigger: 'trading', percent: '33.33' },
        { trigger: 'loaded', percent: '33.33' },
        { trigger: 'arrived', percent: '33.34' },
      ],
    });
    await startTrading(trader, campaign);
    for (const kind of ['loaded', 'departed', 'arrived'] as const) {
      const documentId =
        kind === 'departed' ? undefined : await fileDocument(app, trader, campaign, 'milestone', kind);
      const res = await recordMilestone(trader, campaign, { kind, ...(documentId && { documentId }) });
      expect(res.statusCode, res.body).toBe(201);
      const waiting = (await campaignOf(trader, campaign)).releases.find(
        (r) => r.status === 'awaiting_review',
      );
      if (waiting)
        expect((await review(admin, campaign, waiting.id, { decision: 'approve' })).statusCode).toBe(200);
    }
    // 300.03 × 33.33% = 100.00 (twice); the last takes 100.03.
    expect(tranches(await campaignOf(trader, campaign)).map((t) => t[3])).toEqual([
      '100.00',
      '100.00',
      '100.03',
    ]);
    expect(await escrowOf(campaign)).toEqual([
      ['100.01', '100.01', 'released'],
      ['100.01', '100.01', 'released'],
      ['100.01', '100.01', 'released'],
    ]);
    await expectSoundLedger(app);
  });
});

describe('races on both databases', () => {
  it('releases a staged tranche once when two admins confirm it at the same moment', async () => {
    const { trader, campaign } = await campaignThroughApi(app, ['700.00', '300.00'], { schedule: STAGED });
    await startTrading(trader, campaign);
    const documentId = await fileDocument(app, trader, campaign, 'milestone', 'loaded');
    expect((await recordMilestone(trader, campaign, { kind: 'loaded', documentId })).statusCode).toBe(201);
    const staged = (await campaignOf(trader, campaign)).releases[1]!;
    const answers = await Promise.all([
      review(admin, campaign, staged.id, { decision: 'approve' }),
      review(otherAdmin, campaign, staged.id, { decision: 'approve' }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(tranches(await campaignOf(trader, campaign))).toEqual([
      ['trading', '40.00', 'released', '400.00'],
      ['loaded', '60.00', 'released', '600.00'],
    ]);
    expect((await cashAccount(trader)).payouts.map((p) => p.amount)).toEqual(['600.00', '400.00']);
    expect((await auditOf(admin, campaign.id)).map((e) => e.action)).toEqual([
      'campaign.approve',
      'release.approve',
    ]);
    await expectSoundLedger(app);
  });

  it('lets either trading or an admin cancellation win, never both: the money is released or refunded, once', async () => {
    for (let round = 0; round < 3; round++) {
      const { trader, campaign } = await campaignThroughApi(app, ['250.00', '250.00']);
      const [trading, cancel] = await Promise.all([
        move(trader, campaign, { to: 'trading' }),
        move(admin, campaign, { to: 'cancelled', reason: 'The carrier lost its charter' }),
      ]);
      const detail = await campaignOf(trader, campaign);
      const records = await escrowOf(campaign);
      if (trading.statusCode === 200) {
        // Trading won: the money went to the trade; the cancellation is refused.
        expect([cancel.statusCode, cancel.json().error]).toEqual([
          409,
          expect.stringMatching(
            /^(This campaign is trading: it cannot move to cancelled|Money of this campaign has gone to the trade)/,
          ),
        ]);
        expect(detail.status).toBe('trading');
        expect(records.map((r) => r[2])).toEqual(['released', 'released']);
        expect((await cashAccount(trader)).payouts.map((p) => [p.amount, p.status])).toEqual([
          ['500.00', 'paid'],
        ]);
      } else {
        // The cancellation won: every investor refunded, nothing paid to the trader.
        expect(cancel.statusCode, cancel.body).toBe(200);
        expect(trading.statusCode).toBe(409);
        expect(detail.status).toBe('cancelled');
        expect(records.map((r) => r[2])).toEqual(['refunded', 'refunded']);
        expect((await cashAccount(trader)).payouts).toEqual([]);
      }
    }
    await expectSoundLedger(app);
  });
});
