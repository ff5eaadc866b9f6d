// Campaign due diligence on both databases (issue 19 item 6, docs/campaigns.md): a new campaign is
// pending and seen only by its trader and admins (list, search, detail, stats; investing refused) until
// an admin approves it with the trader's three documents on file; the fixed contract of the decision,
// reasons required, the audit log, the trader's emails, sending back and resubmitting, and an approved
// campaign whose financial terms change going back to review.
import { beforeAll, describe, expect, it } from 'vitest';
import type { CampaignDetail } from '../../../domain/campaign-schemas.ts';
import type { App } from '../../app.ts';
import { buildTestApp, campaignBody } from '../../../test/app.ts';
import {
  approveCampaign,
  fileDiligenceDocument,
  fileDiligenceDocuments,
  reviewOf,
} from '../../../test/diligence.ts';
import { investIn } from '../../../test/investing.ts';
import { callsAs, signedInAs, type Actor } from '../../../test/actor.ts';
import { auditOf, mailsTo } from '../../../test/money-campaigns.ts';

let app: App;
let admin: Actor;
let investor: Actor;
const visitor = () => callsAs(app, null);

beforeAll(async () => {
  app = await buildTestApp();
  admin = await signedInAs(app, 'admin');
  investor = await signedInAs(app, 'investor');
});

async function newCampaign(title: string) {
  const trader = await signedInAs(app, 'trader');
  const res = await trader.post('/api/campaigns', campaignBody({ title }));
  expect(res.statusCode, res.body).toBe(201);
  return { trader, campaign: res.json<CampaignDetail>() };
}

/** Whether the campaign is in the public list (as the browse page and the landing page ask it). */
async function listed(actor: { get: (url: string) => Promise<{ json: <T>() => T }> }, title: string) {
  const page = (await actor.get(`/api/campaigns?q=${encodeURIComponent(title)}`)).json<
    Array<{ title: string }>
  >();
  return page.some((c) => c.title === title);
}

describe('a campaign before its review', () => {
  it('is seen only by its trader and admins: list, search, detail, stats; investing is refused', async () => {
    const stats = (await visitor().get('/api/stats/platform')).json();
    const { trader, campaign } = await newCampaign('Unreviewed Paradip cargo');
    expect(campaign.review).toEqual({ status: 'pending' });

    for (const who of [visitor(), investor, await signedInAs(app, 'trader')]) {
      expect(await listed(who, 'Unreviewed Paradip cargo')).toBe(false);
      const detail = await who.get(`/api/campaigns/${campaign.id}`);
      expect([detail.statusCode, detail.json().error]).toEqual([404, 'Campaign not found']);
    }
    expect(
      (await visitor().get('/api/campaigns?status=active')).json<Array<{ id: string }>>().map((c) => c.id),
    ).not.toContain(campaign.id);
    expect((await visitor().get('/api/stats/platform')).json()).toEqual(stats);
    const { intent } = await investIn(app, investor, campaign, '500.00');
    expect([intent.statusCode, intent.json().error]).toEqual([404, 'Campaign not found']);

    // Its trader (own list and detail) and admins see it, with the review's status.
    const own = (await trader.get(`/api/campaigns?traderId=${trader.user.id}`)).json<CampaignDetail[]>();
    expect(own.map((c) => [c.title, c.review])).toEqual([
      ['Unreviewed Paradip cargo', { status: 'pending' }],
    ]);
    expect((await trader.get(`/api/campaigns/${campaign.id}`)).json().review).toEqual({ status: 'pending' });
    expect((await admin.get(`/api/campaigns/${campaign.id}`)).statusCode).toBe(200);
    expect(await listed(admin, 'Unreviewed Paradip cargo')).toBe(true);
  });
});

describe('POST /api/admin/campaigns/:id/review', () => {
  it('approves only with the supply contract, offtake contract and financials on file; then everyone sees it', async () => {
    const { trader, campaign } = await newCampaign('Kandla approval cargo');
    const queue = await admin.get('/api/admin/campaign-reviews');
    expect(queue.statusCode).toBe(200);
    expect(queue.json().find((c: { id: string }) => c.id === campaign.id)).toMatchObject({
      title: 'Kandla approval cargo',
      documentKinds: [],
      previousRejections: 0,
    });
    const early = await reviewOf(admin, campaign, { decision: 'approve' });
    expect([early.statusCode, early.json().error]).toEqual([
      409,
      'The trader has not filed the supply contract, offtake contract, latest financial statements yet: ask for them (send it back) before approving',
    ]);
    expect((await fileDiligenceDocument(app, trader, campaign, 'supply_contract')).statusCode).toBe(201);
    const partly = await reviewOf(admin, campaign, { decision: 'approve' });
    expect(partly.json().error).toContain('offtake contract, latest financial statements');
    await fileDiligenceDocuments(app, trader, campaign);

    const checks = ['supplier_verified', 'offtaker_verified', 'terms_match_contracts'];
    const res = await reviewOf(admin, campaign, { decision: 'approve', checks });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<CampaignDetail>().review).toEqual({ status: 'approved' });
    expect(res.json<CampaignDetail>().reviewHistory).toEqual([
      expect.objectContaining({ decision: 'approved', reason: null, checks }),
    ]);
    expect(await listed(visitor(), 'Kandla approval cargo')).toBe(true);
    expect((await investor.get(`/api/campaigns/${campaign.id}`)).json()).toMatchObject({
      review: { status: 'approved' },
      reviewHistory: [],
    });
    const { record } = await investIn(app, investor, campaign, '500.00');
    expect(record?.statusCode, record?.body).toBe(200);
    expect((await auditOf(admin, campaign.id)).map((e) => [e.action, e.reason])).toEqual([
      ['campaign.approve', null],
    ]);
    // The outbox sends it right after the decision commits, in the background.
    await expect
      .poll(async () => (await mailsTo(app, trader, 'is approved and open to investors')).length)
      .toBe(1);
    // Decided once: a second decision is refused.
    const twice = await reviewOf(admin, campaign, { decision: 'reject', reason: 'late' });
    expect([twice.statusCode, twice.json().error]).toEqual([
      409,
      "This campaign's review is approved: only a campaign awaiting review can be approved or sent back",
    ]);
  });

  it('sends back with a reason (required), which the trader reads; an edit or a resubmission puts it back in review', async () => {
    const { trader, campaign } = await newCampaign('Mundra send-back cargo');
    for (const body of [
      { decision: 'reject' },
      { decision: 'reject', reason: '   ' },
      { decision: 'maybe' },
      {},
    ]) {
      const res = await reviewOf(admin, campaign, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await reviewOf(admin, campaign, { decision: 'reject' })).json().fields).toHaveProperty('reason');
    expect((await reviewOf(admin, campaign, { decision: 'approve', extra: 1 })).statusCode).toBe(400);
    expect((await reviewOf(investor, campaign, { decision: 'approve' })).statusCode).toBe(403);
    expect((await reviewOf(trader, campaign, { decision: 'approve' })).statusCode).toBe(403);
    expect(
      (await visitor().post(`/api/admin/campaigns/${campaign.id}/review`, { decision: 'approve' }))
        .statusCode,
    ).toBe(401);
    const unknown = await reviewOf(
      admin,
      { id: '00000000-0000-4000-8000-000000000000' },
      { decision: 'approve' },
    );
    expect(unknown.statusCode).toBe(404);

    const reason = 'The offtake contract is unsigned. File the signed copy.';
    const res = await reviewOf(admin, campaign, {
      decision: 'reject',
      reason,
      checks: ['supplier_verified'],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().review).toEqual({ status: 'rejected', reason });
    const own = (await trader.get(`/api/campaigns?traderId=${trader.user.id}`)).json<CampaignDetail[]>();
    expect(own[0]!.review).toEqual({ status: 'rejected', reason });
    expect(await listed(investor, 'Mundra send-back cargo')).toBe(false);
    expect((await auditOf(admin, campaign.id)).map((e) => [e.action, e.reason])).toEqual([
      ['campaign.reject', reason],
    ]);
    const mail = await mailsTo(app, trader, 'needs changes before review');
    expect(mail).toHaveLength(1);
    expect(mail[0]!.text).toContain(reason);

    // Resubmitted as it is (after filing the signed copy): pending again; then approved.
    const stranger = await signedInAs(app, 'trader');
    expect((await stranger.post(`/api/campaigns/${campaign.id}/resubmit`)).statusCode).toBe(404);
    const resubmitted = await trader.post(`/api/campaigns/${campaign.id}/resubmit`);
    expect(resubmitted.statusCode, resubmitted.body).toBe(200);
    expect(resubmitted.json().review).toEqual({ status: 'pending' });
    const again = await trader.post(`/api/campaigns/${campaign.id}/resubmit`);
    expect([again.statusCode, again.json().error]).toEqual([
      409,
      'This campaign is awaiting review: only a campaign sent back by the reviewer can be resubmitted',
    ]);
    expect(
      (await admin.get('/api/admin/campaign-reviews'))
        .json()
        .find((c: { id: string }) => c.id === campaign.id),
    ).toMatchObject({ previousRejections: 1 });

    // Sent back again, then edited: the edit resubmits it.
    await reviewOf(admin, campaign, { decision: 'reject', reason: 'Still unsigned.' });
    const edited = await trader.patch(`/api/campaigns/${campaign.id}`, {
      description: 'Signed offtake attached.',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().review).toEqual({ status: 'pending' });
    await approveCampaign(app, trader, campaign, admin);
    const history = (await trader.get(`/api/campaigns/${campaign.id}`)).json<CampaignDetail>().reviewHistory;
    expect(history.map((h) => [h.decision, h.reason])).toEqual([
      ['approved', null],
      ['rejected', 'Still unsigned.'],
      ['rejected', reason],
    ]);
  });

  it('sends an approved campaign back to review when its financial terms change (not its wording)', async () => {
    const { trader, campaign } = await newCampaign('Kakinada terms cargo');
    await approveCampaign(app, trader, campaign, admin);
    const reworded = await trader.patch(`/api/campaigns/${campaign.id}`, {
      title: 'Kakinada terms cargo (spring)',
    });
    expect(reworded.json().review).toEqual({ status: 'approved' });
    const repriced = await trader.patch(`/api/campaigns/${campaign.id}`, { sellPrice: '6.10' });
    expect(repriced.statusCode, repriced.body).toBe(200);
    expect(repriced.json().review).toEqual({ status: 'pending' });
    expect((await investor.get(`/api/campaigns/${campaign.id}`)).statusCode).toBe(404);
  });

  it('keeps the diligence documents from backers: only the trader and admins read them', async () => {
    const { trader, campaign } = await newCampaign('Paradip documents cargo');
    const filed = await fileDiligenceDocument(app, trader, campaign, 'financials');
    const doc = filed.json<{ id: string }>();
    await approveCampaign(app, trader, campaign, admin);
    const { record } = await investIn(app, investor, campaign, '500.00');
    expect(record?.statusCode).toBe(200);
    const url = `/api/campaigns/${campaign.id}/documents/${doc.id}`;
    expect((await trader.get(url)).statusCode).toBe(200);
    expect((await admin.get(url)).statusCode).toBe(200);
    expect((await investor.get(url)).statusCode).toBe(404);
  });
});
