// Campaign updates and questions on this run's database (docs/updates.md): who may post, read, attach,
// ask, answer and hide; backers-only updates reach only backers, the trader and admins; every backer
// is emailed once per update and the asker once per answer; hidden posts leave the public list.
import { describe, expect, it, vi } from 'vitest';
import type {
  CampaignUpdate,
  CampaignUpdateList,
  QuestionList,
  RecentUpdate,
} from '../../../domain/updates.ts';
import { campaignQuestions, campaignUpdates } from '../../db/schema/index.ts';
import { buildTestApp, createCampaign } from '../../../test/app.ts';
import { investIn } from '../../../test/investing.ts';
import { callsAs, signedInAs } from '../../../test/actor.ts';
import { FILES } from '../../../test/kyc.ts';
import { auditOf, mailsTo } from '../../../test/money-campaigns.ts';
import { backedCampaign, postFiles, postUpdate, queuedTo } from '../../../test/updates.ts';

const titles = (list: CampaignUpdateList) => list.items.map((u) => u.title);

describe('posting an update', () => {
  it('is for the owning trader only; bad input is refused and nothing is written', async () => {
    const app = await buildTestApp();
    const { trader, campaign, backers } = await backedCampaign(app);
    const other = await signedInAs(app, 'trader');
    const admin = await signedInAs(app, 'admin');
    const body = { title: 'Loaded', body: 'The cargo is on board.', audience: 'public' };
    const url = `/api/campaigns/${campaign.id}/updates`;

    expect((await callsAs(app, null).post(url, body)).statusCode).toBe(401);
    expect((await backers[0]!.post(url, body)).statusCode).toBe(403);
    expect((await admin.post(url, body)).statusCode).toBe(403);
    const foreign = await other.post(url, body);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toEqual({ error: 'Only the campaign’s trader can post its updates' });
    expect((await trader.post(`/api/campaigns/${crypto.randomUUID()}/updates`, body)).statusCode).toBe(404);
    expect((await trader.post('/api/campaigns/not-an-id/updates', body)).statusCode).toBe(404);
    for (const bad of [
      { ...body, audience: 'investors' },
      { ...body, title: '' },
      { ...body, title: 'x'.repeat(121) },
      { ...body, body: 'y'.repeat(5001) },
      { ...body, extra: true },
      { title: 'Only a title' },
    ]) {
      const res = await trader.post(url, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json()).toMatchObject({ error: expect.any(String) });
    }
    expect(await app.db.select().from(campaignUpdates)).toHaveLength(0);

    const created = await trader.post(url, body);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({ id: expect.any(String) });
  });
});

describe('reading updates', () => {
  it('shows backers-only updates to backers, the trader and admins; public ones to anyone', async () => {
    const app = await buildTestApp();
    const { trader, campaign, backers } = await backedCampaign(app);
    const stranger = await signedInAs(app, 'investor');
    const admin = await signedInAs(app, 'admin');
    await postUpdate(trader, campaign, { title: 'Public news', audience: 'public' });
    const secret = await postUpdate(trader, campaign, { title: 'For backers', audience: 'backers' });
    const url = `/api/campaigns/${campaign.id}/updates`;

    for (const insider of [backers[0]!, trader, admin]) {
      const list = (await insider.get(url)).json<CampaignUpdateList>();
      expect(titles(list)).toEqual(['For backers', 'Public news']);
      expect(list.backersOnly).toBe(0);
    }
    for (const outsider of [stranger, callsAs(app, null)]) {
      const res = await outsider.get(url);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        items: [expect.objectContaining({ title: 'Public news' })],
        backersOnly: 1,
      });
    }

    // A backers-only update's files are not there for others either.
    const attached = await postFiles(app, trader.token, campaign.id, secret, [FILES.pdf]);
    expect(attached.statusCode, attached.body).toBe(201);
    const file = attached.json<CampaignUpdate>().attachments[0]!;
    expect((await backers[0]!.get(file.url)).headers['content-type']).toBe('application/pdf');
    expect((await stranger.get(file.url)).statusCode).toBe(404);
    expect((await callsAs(app, null).get(file.url)).statusCode).toBe(404);

    // A campaign nobody may see yet (in review) has no updates for them either.
    const hidden = await createCampaign(app.db, { traderId: trader.user.id, reviewStatus: 'pending' });
    expect((await stranger.get(`/api/campaigns/${hidden.id}/updates`)).statusCode).toBe(404);
    expect((await trader.get(`/api/campaigns/${hidden.id}/updates`)).statusCode).toBe(200);
  });

  it("lists the newest updates of the investor's campaigns on the portfolio, both audiences", async () => {
    const app = await buildTestApp();
    const { trader, campaign, backers } = await backedCampaign(app);
    const stranger = await signedInAs(app, 'investor');
    await postUpdate(trader, campaign, { title: 'First', audience: 'public' });
    await postUpdate(trader, campaign, { title: 'Second', audience: 'backers' });
    // Another campaign's update is not theirs.
    const elsewhere = await backedCampaign(app);
    await postUpdate(elsewhere.trader, elsewhere.campaign, { title: 'Elsewhere' });

    const mine = (await backers[0]!.get('/api/portfolio/updates')).json<{ items: RecentUpdate[] }>();
    expect(mine.items.map((u) => [u.title, u.campaignTitle, u.audience])).toEqual([
      ['Second', campaign.title, 'backers'],
      ['First', campaign.title, 'public'],
    ]);
    expect((await stranger.get('/api/portfolio/updates')).json()).toEqual({ items: [] });
    expect((await trader.get('/api/portfolio/updates')).statusCode).toBe(403);
  });
});

describe('attaching files', () => {
  it('takes up to 5 PDF, JPEG or PNG files on the trader’s own update', async () => {
    const app = await buildTestApp();
    const { trader, campaign, backers } = await backedCampaign(app);
    const other = await signedInAs(app, 'trader');
    const id = await postUpdate(trader, campaign);

    expect((await postFiles(app, other.token, campaign.id, id)).statusCode).toBe(403);
    expect((await postFiles(app, backers[0]!.token, campaign.id, id)).statusCode).toBe(403);
    expect((await postFiles(app, null, campaign.id, id)).statusCode).toBe(401);
    expect((await postFiles(app, trader.token, campaign.id, crypto.randomUUID())).statusCode).toBe(404);
    const exe = await postFiles(app, trader.token, campaign.id, id, [FILES.exe]);
    expect(exe.statusCode).toBe(400);
    expect(exe.json()).toEqual({ error: 'Each file must be a PDF, JPEG or PNG file' });

    const two = await postFiles(app, trader.token, campaign.id, id, [FILES.pdf, FILES.png]);
    expect(two.statusCode, two.body).toBe(201);
    expect(two.json<CampaignUpdate>().attachments.map((a) => a.contentType)).toEqual([
      'application/pdf',
      'image/png',
    ]);
    const tooMany = await postFiles(app, trader.token, campaign.id, id, [
      FILES.pdf,
      FILES.jpeg,
      FILES.png,
      FILES.pdf,
    ]);
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json()).toEqual({ error: 'An update holds at most 5 files' });
    const list = (
      await callsAs(app, null).get(`/api/campaigns/${campaign.id}/updates`)
    ).json<CampaignUpdateList>();
    expect(list.items[0]!.attachments).toHaveLength(2);
  });
});

describe('emails of updates', () => {
  it('tells each backer once per update, however many investments they hold; nobody else', async () => {
    const app = await buildTestApp();
    const trader = await signedInAs(app, 'trader');
    const campaign = await createCampaign(app.db, { traderId: trader.user.id });
    const twice = await signedInAs(app, 'investor');
    const once = await signedInAs(app, 'investor');
    const stranger = await signedInAs(app, 'investor');
    await investIn(app, twice, campaign, '500.00');
    await investIn(app, twice, campaign, '700.00');
    await investIn(app, once, campaign, '500.00');

    await postUpdate(trader, campaign, { title: 'Loaded at Kandla', audience: 'backers' });
    expect(await queuedTo(app, twice, 'Loaded at Kandla')).toHaveLength(1);
    expect(await queuedTo(app, once, 'Loaded at Kandla')).toHaveLength(1);
    expect(await queuedTo(app, stranger, 'Loaded at Kandla')).toHaveLength(0);
    expect(await queuedTo(app, trader, 'Loaded at Kandla')).toHaveLength(0);
    // What it says, once the sender delivered it (in the background after COMMIT).
    const mail = await vi.waitFor(async () => {
      const [sent] = await mailsTo(app, once, 'Loaded at Kandla');
      expect(sent).toBeDefined();
      return sent!;
    });
    expect(mail.subject).toBe(`${campaign.title}: Loaded at Kandla`);
    expect(mail.text).toContain('posted an update for its backers: Loaded at Kandla');
    expect(mail.text).toContain(`/campaigns/${campaign.id}`);

    await postUpdate(trader, campaign, { title: 'Sailed', audience: 'public' });
    expect(await queuedTo(app, twice, 'Sailed')).toHaveLength(1);
    expect(await queuedTo(app, twice, `${campaign.title}:`)).toHaveLength(2);

    // The same events in each backer's notification centre, once each; none for anyone else.
    const titles = async (who: typeof once) =>
      (await who.get('/api/notifications'))
        .json<{ items: Array<{ kind: string; title: string }> }>()
        .items.filter((n) => n.kind === 'campaign_update')
        .map((n) => n.title);
    const expected = [`${campaign.title}: Sailed`, `${campaign.title}: Loaded at Kandla`];
    expect(await titles(twice)).toEqual(expected);
    expect(await titles(once)).toEqual(expected);
    expect(await titles(stranger)).toEqual([]);
  });
});

describe('questions and answers', () => {
  it('lets signed-in users with a verified email ask, the owning trader answer once, and tells the asker', async () => {
    const app = await buildTestApp();
    const { trader, campaign, backers } = await backedCampaign(app);
    const asker = backers[0]!;
    const other = await signedInAs(app, 'trader');
    const buyer = await signedInAs(app, 'buyer');
    const unverified = await signedInAs(app, 'investor', { emailVerified: false });
    const url = `/api/campaigns/${campaign.id}/questions`;

    expect((await callsAs(app, null).post(url, { body: 'Who insures it?' })).statusCode).toBe(401);
    expect((await unverified.post(url, { body: 'Who insures it?' })).statusCode).toBe(403);
    expect((await asker.post(url, { body: '' })).statusCode).toBe(400);
    expect((await asker.post(url, { body: 'q'.repeat(1001) })).statusCode).toBe(400);
    expect(
      (await asker.post(`/api/campaigns/${crypto.randomUUID()}/questions`, { body: 'Hi?' })).statusCode,
    ).toBe(404);
    expect(await app.db.select().from(campaignQuestions)).toHaveLength(0);

    const asked = await asker.post(url, { body: 'Who insures the cargo?' });
    expect(asked.statusCode).toBe(201);
    const { id } = asked.json<{ id: string }>();
    // A buyer may ask too (any signed-in user).
    expect((await buyer.post(url, { body: 'What purity?' })).statusCode).toBe(201);

    const publicList = (await callsAs(app, null).get(url)).json<QuestionList>();
    expect(publicList.items.map((q) => [q.body, q.answer, q.mine])).toEqual([
      ['Who insures the cargo?', null, false],
      ['What purity?', null, false],
    ]);
    expect((await asker.get(url)).json<QuestionList>().items[0]!.mine).toBe(true);

    const answerUrl = `${url}/${id}/answer`;
    const answer = { body: 'Marine cargo insurance by the shipper.' };
    const foreign = await other.post(answerUrl, answer);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toEqual({ error: 'Only the campaign’s trader can answer its questions' });
    expect((await asker.post(answerUrl, answer)).statusCode).toBe(403);
    expect((await trader.post(`${url}/${crypto.randomUUID()}/answer`, answer)).statusCode).toBe(404);
    expect((await trader.post(answerUrl, { body: '' })).statusCode).toBe(400);
    expect(await queuedTo(app, asker, 'your question was answered')).toHaveLength(0);

    const answered = await trader.post(answerUrl, answer);
    expect(answered.statusCode).toBe(200);
    expect(answered.json()).toEqual({ id, answeredAt: expect.any(String) });
    const again = await trader.post(answerUrl, { body: 'Something else.' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: 'This question has been answered already' });

    const mails = await queuedTo(app, asker, 'your question was answered');
    expect(mails).toHaveLength(1);
    const sent = await vi.waitFor(async () => {
      const [delivered] = await mailsTo(app, asker, 'your question was answered');
      expect(delivered).toBeDefined();
      return delivered!;
    });
    expect(sent.text).toContain('The answer: Marine cargo insurance by the shipper.');
    const list = (await callsAs(app, null).get(url)).json<QuestionList>();
    expect(list.items[0]!.answer).toEqual({ body: answer.body, answeredAt: expect.any(String) });
  });

  it('lets an admin hide a question or an answer with a reason, in the audit log; it leaves the public list', async () => {
    const app = await buildTestApp();
    const { trader, campaign, backers } = await backedCampaign(app);
    const asker = backers[0]!;
    const admin = await signedInAs(app, 'admin');
    const url = `/api/campaigns/${campaign.id}/questions`;
    const rude = (await asker.post(url, { body: 'Rude words' })).json<{ id: string }>().id;
    const fine = (await asker.post(url, { body: 'When does it sail?' })).json<{ id: string }>().id;
    expect((await trader.post(`${url}/${fine}/answer`, { body: 'Rude answer' })).statusCode).toBe(200);

    const hide = (id: string) => `/api/admin/questions/${id}/hide`;
    expect((await trader.post(hide(rude), { part: 'question', reason: 'Abusive' })).statusCode).toBe(403);
    expect((await asker.post(hide(rude), { part: 'question', reason: 'Abusive' })).statusCode).toBe(403);
    expect((await admin.post(hide(rude), { part: 'question' })).statusCode).toBe(400);
    expect((await admin.post(hide(crypto.randomUUID()), { part: 'question', reason: 'x' })).statusCode).toBe(
      404,
    );
    const noAnswer = await admin.post(hide(rude), { part: 'answer', reason: 'Abusive' });
    expect(noAnswer.statusCode).toBe(409);

    expect((await admin.post(hide(rude), { part: 'question', reason: 'Abusive language' })).json()).toEqual({
      id: rude,
      part: 'question',
    });
    expect((await admin.post(hide(rude), { part: 'question', reason: 'Again' })).statusCode).toBe(409);
    expect((await admin.post(hide(fine), { part: 'answer', reason: 'Insulting answer' })).statusCode).toBe(
      200,
    );

    // The public (and the trader) see only the unhidden question, without its hidden answer.
    for (const reader of [callsAs(app, null), trader]) {
      const list = (await reader.get(url)).json<QuestionList>();
      expect(list.items.map((q) => [q.body, q.answer])).toEqual([['When does it sail?', null]]);
    }
    // The asker and admins see what was hidden and why.
    for (const reader of [asker, admin]) {
      const list = (await reader.get(url)).json<QuestionList>();
      expect(list.items.map((q) => [q.body, q.hidden, q.answerHidden])).toEqual([
        ['Rude words', { reason: 'Abusive language' }, null],
        ['When does it sail?', null, { reason: 'Insulting answer' }],
      ]);
    }
    expect((await auditOf(admin, rude)).map((e) => [e.action, e.reason])).toEqual([
      ['question.hide', 'Abusive language'],
    ]);
    expect((await auditOf(admin, fine)).map((e) => [e.action, e.reason])).toEqual([
      ['answer.hide', 'Insulting answer'],
    ]);

    // A hidden question is not answered; a hidden answer may be given again (the asker told again).
    expect((await trader.post(`${url}/${rude}/answer`, { body: 'Sorry' })).statusCode).toBe(404);
    expect((await trader.post(`${url}/${fine}/answer`, { body: 'It sails on 3 March.' })).statusCode).toBe(
      200,
    );
    const list = (await callsAs(app, null).get(url)).json<QuestionList>();
    expect(list.items[0]!.answer?.body).toBe('It sails on 3 March.');
    expect(await queuedTo(app, asker, 'your question was answered')).toHaveLength(2);
  });

  it('limits asking to 10 questions an hour per user', async () => {
    const app = await buildTestApp();
    const { campaign } = await backedCampaign(app, []);
    const asker = await signedInAs(app, 'investor');
    const url = `/api/campaigns/${campaign.id}/questions`;
    for (let i = 0; i < 10; i++)
      expect((await asker.post(url, { body: `Question ${i}?` })).statusCode).toBe(201);
    const refused = await asker.post(url, { body: 'One more?' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: 'You can ask 10 questions an hour. Please try again later.' });
    expect(await app.db.select().from(campaignQuestions)).toHaveLength(10);
  });
});
