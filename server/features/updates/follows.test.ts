// Followed campaigns and saved searches on this run's database (docs/updates.md): who may follow and
// save; followers get public updates and one reminder before the deadline; a campaign going live is
// emailed once per matching saved search.
import { describe, expect, it } from 'vitest';
import type { FollowedCampaign, SavedSearch } from '../../../domain/follows.ts';
import { buildTestApp, campaignBody, createCampaign, testClock } from '../../../test/app.ts';
import { approveCampaign } from '../../../test/diligence.ts';
import { callsAs, signedInAs } from '../../../test/actor.ts';
import { backedCampaign, postUpdate, queuedTo } from '../../../test/updates.ts';
import { remindFollowers } from './follows.ts';

const HOUR = 3_600_000;

describe('following a campaign', () => {
  it('is for investors, on campaigns they may see; following twice is once; unfollowing ends it', async () => {
    const app = await buildTestApp();
    const { trader, campaign } = await backedCampaign(app, []);
    const investor = await signedInAs(app, 'investor');
    const url = `/api/campaigns/${campaign.id}/follow`;

    expect((await callsAs(app, null).post(url)).statusCode).toBe(401);
    expect((await trader.post(url)).statusCode).toBe(403);
    expect((await investor.post(`/api/campaigns/${crypto.randomUUID()}/follow`)).statusCode).toBe(404);
    const inReview = await createCampaign(app.db, { reviewStatus: 'pending' });
    expect((await investor.post(`/api/campaigns/${inReview.id}/follow`)).statusCode).toBe(404);

    for (let i = 0; i < 2; i++)
      expect((await investor.post(url)).json()).toEqual({ campaignId: campaign.id, following: true });
    const list = (await investor.get('/api/follows')).json<{ items: FollowedCampaign[] }>();
    expect(list.items.map((f) => [f.campaignId, f.title, f.status])).toEqual([
      [campaign.id, campaign.title, 'active'],
    ]);

    expect((await investor.post(`/api/campaigns/${campaign.id}/unfollow`)).json()).toEqual({
      campaignId: campaign.id,
      following: false,
    });
    expect((await investor.get('/api/follows')).json()).toEqual({ items: [] });
  });

  it('emails followers public updates (a backer who follows once), not backers-only ones', async () => {
    const app = await buildTestApp();
    const { trader, campaign, backers } = await backedCampaign(app);
    const follower = await signedInAs(app, 'investor');
    await follower.post(`/api/campaigns/${campaign.id}/follow`);
    await backers[0]!.post(`/api/campaigns/${campaign.id}/follow`);

    await postUpdate(trader, campaign, { title: 'Sailed from Kandla', audience: 'public' });
    await postUpdate(trader, campaign, { title: 'Insurance terms', audience: 'backers' });
    expect(await queuedTo(app, follower, 'Sailed from Kandla')).toHaveLength(1);
    expect(await queuedTo(app, backers[0]!, 'Sailed from Kandla')).toHaveLength(1);
    expect(await queuedTo(app, follower, 'Insurance terms')).toHaveLength(0);
    expect(await queuedTo(app, backers[0]!, 'Insurance terms')).toHaveLength(1);
  });

  it('reminds followers once when the funding deadline is within 48 hours', async () => {
    const clock = testClock();
    const app = await buildTestApp({ clock });
    const soon = await createCampaign(app.db, { deadline: new Date(clock().getTime() + 60 * HOUR) });
    const later = await createCampaign(app.db, { deadline: new Date(clock().getTime() + 10 * 24 * HOUR) });
    const follower = await signedInAs(app, 'investor');
    const other = await signedInAs(app, 'investor');
    await follower.post(`/api/campaigns/${soon.id}/follow`);
    await follower.post(`/api/campaigns/${later.id}/follow`);

    expect(await remindFollowers(app.db, clock())).toBe(0);
    clock.advance(13 * HOUR);
    expect(await remindFollowers(app.db, clock())).toBe(1);
    expect(await remindFollowers(app.db, clock())).toBe(0);
    clock.advance(HOUR);
    expect(await remindFollowers(app.db, clock())).toBe(0);
    expect(await queuedTo(app, follower, `${soon.title} closes for funding soon`)).toHaveLength(1);
    expect(await queuedTo(app, follower, `${later.title} closes`)).toHaveLength(0);
    expect(await queuedTo(app, other, 'closes for funding soon')).toHaveLength(0);
  });
});

describe('saved searches', () => {
  it('saves the filters of a /campaigns search, checked by the list schema, at most 10', async () => {
    const app = await buildTestApp();
    const investor = await signedInAs(app, 'investor');
    const other = await signedInAs(app, 'investor');
    const trader = await signedInAs(app, 'trader');

    expect((await callsAs(app, null).post('/api/saved-searches', { query: '' })).statusCode).toBe(401);
    expect((await trader.post('/api/saved-searches', { query: '' })).statusCode).toBe(403);
    const bad = await investor.post('/api/saved-searches', { query: 'risk=extreme' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: expect.stringContaining('risk') });
    expect((await investor.post('/api/saved-searches', { query: 'x', extra: 1 })).statusCode).toBe(400);

    const saved = await investor.post('/api/saved-searches', {
      query: '?region=europe&sort=roi&page=2&risk=low',
    });
    expect(saved.statusCode).toBe(201);
    const search = saved.json<SavedSearch>();
    expect(search.query).toBe('risk=low&region=europe');
    const again = await investor.post('/api/saved-searches', { query: 'risk=low&region=europe' });
    expect(again.json<SavedSearch>().id).toBe(search.id);

    for (let i = 1; i < 10; i++)
      expect((await investor.post('/api/saved-searches', { query: `q=cargo${i}` })).statusCode).toBe(201);
    const full = await investor.post('/api/saved-searches', { query: 'q=one+more' });
    expect(full.statusCode).toBe(409);
    expect(full.json()).toEqual({ error: 'You can save at most 10 searches: remove one first' });

    expect((await other.post(`/api/saved-searches/${search.id}/remove`)).statusCode).toBe(404);
    expect((await investor.post(`/api/saved-searches/${search.id}/remove`)).json()).toEqual({
      id: search.id,
    });
    const list = (await investor.get('/api/saved-searches')).json<{ items: SavedSearch[] }>();
    expect(list.items).toHaveLength(9);
    expect((await other.get('/api/saved-searches')).json()).toEqual({ items: [] });
  });

  it('emails a new campaign that goes live once per matching search', async () => {
    const app = await buildTestApp();
    const europe = await signedInAs(app, 'investor');
    const asia = await signedInAs(app, 'investor');
    const everything = await signedInAs(app, 'investor');
    await europe.post('/api/saved-searches', { query: 'region=europe' });
    await asia.post('/api/saved-searches', { query: 'region=asia' });
    await everything.post('/api/saved-searches', { query: '' });

    const trader = await signedInAs(app, 'trader');
    const created = await trader.post(
      '/api/campaigns',
      campaignBody({
        title: 'Kandla to Rotterdam ammonia',
        tradeRoute: 'Kandla, India → Rotterdam, Netherlands',
      }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const campaign = created.json<{ id: string }>();
    // Pending review: not live, nobody is told.
    expect(await queuedTo(app, europe, 'New campaign for your search')).toHaveLength(0);
    const admin = await signedInAs(app, 'admin');
    await approveCampaign(app, trader, campaign, admin);

    expect(
      await queuedTo(app, europe, 'New campaign for your search: Kandla to Rotterdam ammonia'),
    ).toHaveLength(1);
    expect(await queuedTo(app, everything, 'New campaign for your search')).toHaveLength(1);
    expect(await queuedTo(app, asia, 'New campaign for your search')).toHaveLength(0);

    // Approved again after an edit that needs a review: still once per search.
    const [mail] = await queuedTo(app, europe, 'New campaign for your search');
    expect(mail!.template).toBe('saved-search-match');
    const edit = await trader.patch(`/api/campaigns/${campaign.id}`, { sellPrice: '5.90' });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json<{ review: { status: string } }>().review.status).toBe('pending');
    const again = await admin.post(`/api/admin/campaigns/${campaign.id}/review`, { decision: 'approve' });
    expect(again.statusCode, again.body).toBe(200);
    expect(await queuedTo(app, europe, 'New campaign for your search')).toHaveLength(1);
  });
});
