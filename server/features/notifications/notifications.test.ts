// The notification centre on this run's backend: investors hear of their confirmed investments and of
// a funded campaign in the app (once per event and recipient, however often the event is announced),
// email follows the per-kind choice, a user reads and marks only their own, and the live stream (real
// HTTP) delivers a notification made after it opened; closing the app ends open streams.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NoticeEvent, NoticeList } from '../../../domain/notifications.ts';
import type { App } from '../../app.ts';
import { notifications, outgoingEmails } from '../../db/schema/index.ts';
import { inTransaction } from '../../db/transaction.ts';
import { buildTestApp } from '../../../test/app.ts';
import { signedInAs, type Actor } from '../../../test/actor.ts';
import { campaignThroughApi, paidOutCampaign } from '../../../test/money-campaigns.ts';
import { listingOf, move as moveOrder, orderAndPay } from '../../../test/marketplace.ts';
import { effectOf } from '../../effects.ts';
import { LIFECYCLE_HOOKS } from '../campaigns/index.ts';
import { SESSION_COOKIE } from '../accounts/index.ts';
import { notify } from './index.ts';

let app: App;
beforeAll(async () => {
  app = await buildTestApp();
});

const list = async (actor: Actor) => {
  const res = await actor.get('/api/notifications');
  expect(res.statusCode, res.body).toBe(200);
  return res.json<NoticeList>();
};
const emailsTo = (actor: Actor, template: string) =>
  app.db
    .select()
    .from(outgoingEmails)
    .where(and(eq(outgoingEmails.to, actor.user.email!), eq(outgoingEmails.template, template as never)));

/** A notice of a test event to `actor`, with the funded email. */
const testNotice = (actor: Actor, key: string, title = 'Test event') =>
  inTransaction(app.db, (tx) =>
    notify(tx, {
      userId: actor.user.id,
      kind: 'campaign_funded',
      key,
      title,
      link: '/portfolio',
      email: { template: 'campaign-funded', data: { title: 'Test cargo', amount: '100.00' } },
    }),
  );

describe('the events of an investment', () => {
  it('tells each investor of their confirmed investment and of the funded campaign, once each', async () => {
    const { campaign, investors } = await campaignThroughApi(app, ['600.00', '400.00']);
    for (const investor of investors) {
      const { items, unread } = await list(investor);
      expect(items.map((n) => n.kind)).toEqual(
        expect.arrayContaining(['investment_confirmed', 'campaign_funded']),
      );
      expect(unread).toBe(items.length);
      expect(items.find((n) => n.kind === 'campaign_funded')).toMatchObject({
        title: `${campaign.title} reached its target`,
        link: `/campaigns/${campaign.id}`,
        readAt: null,
      });
    }
    // The hook announced again (a retried job, a repeated hook): nobody is told twice.
    await inTransaction(app.db, (tx) => effectOf(tx, LIFECYCLE_HOOKS)!.onFunded!(tx, campaign.id));
    for (const investor of investors) {
      const rows = await app.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, investor.user.id), eq(notifications.kind, 'campaign_funded')));
      expect(rows).toHaveLength(1);
      await app.outbox.settled();
      expect(await emailsTo(investor, 'campaign-funded')).toHaveLength(1);
    }
  });
});

describe('the rest of a campaign’s path', () => {
  it('tells investors of each tranche, milestone and payout, and the trader of the money and the settlement', async () => {
    const admin = await signedInAs(app, 'admin');
    const { trader, campaign, investors } = await paidOutCampaign(app, admin, ['1000.00'], '200.00');
    const kinds = (await list(investors[0]!)).items.map((n) => `${n.kind} ${n.title}`);
    expect(kinds).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^investment_confirmed /),
        expect.stringMatching(/^campaign_funded /),
        `disbursement 100% of ${campaign.title} went to its trade (trading started)`,
        `milestone ${campaign.title}: loaded at port`,
        `milestone ${campaign.title}: delivered`,
        `campaign_completed ${campaign.title} completed: your payout is in your balance`,
      ]),
    );
    const traderKinds = (await list(trader)).items.map((n) => n.kind);
    expect(traderKinds).toEqual(expect.arrayContaining(['disbursement', 'settlement']));
    expect(traderKinds.filter((k) => k === 'settlement')).toHaveLength(2); // approved, distributed
  });
});

describe('orders', () => {
  it('tells the buyer and the supplier of each step, once, with the email', async () => {
    const trader = await signedInAs(app, 'trader');
    const buyer = await signedInAs(app, 'buyer');
    const listing = await listingOf(trader);
    const { order } = await orderAndPay(buyer, listing, '10');
    await moveOrder(trader, order!.id, { to: 'confirmed' });
    for (const side of [buyer, trader]) {
      const titles = (await list(side)).items.filter((n) => n.kind === 'order').map((n) => n.title);
      expect(titles).toHaveLength(2);
      expect(titles[0]).toMatch(/ confirmed$/);
      expect(titles[1]).toMatch(/ placed and paid$/);
    }
    await app.outbox.settled();
    expect(await emailsTo(buyer, 'order-step')).toHaveLength(2);
    // Order emails off: the step still shows in the app, no email leaves.
    await buyer.put('/api/settings/notifications/channels', { order: { email: false } });
    await moveOrder(trader, order!.id, { to: 'shipped', expectedDeliveryDate: '2099-01-01' });
    expect((await list(buyer)).items[0]!.title).toMatch(/ shipped$/);
    expect(await emailsTo(buyer, 'order-step')).toHaveLength(2);
  });
});

describe('KYC decisions', () => {
  it('tells the user of a rejection with its reason, linking to the verification page', async () => {
    const admin = await signedInAs(app, 'admin');
    const user = await signedInAs(app, 'trader', { kycStatus: 'under_review', kycSubmittedAt: new Date() });
    const res = await admin.post(`/api/admin/users/${user.user.id}/kyc`, {
      decision: 'reject',
      reason: 'The proof of address is older than three months',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await list(user)).items).toEqual([
      expect.objectContaining({
        kind: 'kyc',
        title: 'Your verification was rejected: see why and submit again',
        body: 'The proof of address is older than three months',
        link: '/verification',
      }),
    ]);
  });
});

describe('once per event and recipient', () => {
  it('writes and emails one notification however often the same event is notified, even at once', async () => {
    const investor = await signedInAs(app, 'investor');
    const ids = await Promise.all([1, 2, 3].map(() => testNotice(investor, 'test:same-event')));
    expect(ids.filter(Boolean)).toHaveLength(1);
    expect(await testNotice(investor, 'test:same-event')).toBeNull();
    expect((await list(investor)).items).toHaveLength(1);
    expect(await emailsTo(investor, 'campaign-funded')).toHaveLength(1);
    // Another event, and the same event to another user, are each told.
    expect(await testNotice(investor, 'test:other-event')).toEqual(expect.any(String));
    const other = await signedInAs(app, 'investor');
    expect(await testNotice(other, 'test:same-event')).toEqual(expect.any(String));
  });
});

describe('preferences per kind', () => {
  it('shows in the app without email, or emails without showing, as the user chose', async () => {
    const quiet = await signedInAs(app, 'investor');
    const res = await quiet.put('/api/settings/notifications/channels', {
      campaign_funded: { email: false },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ campaign_funded: { inApp: true, email: false } });
    // The older email setting reads the same choice.
    expect((await quiet.get('/api/settings/notifications')).json()).toEqual({
      campaign_funded: false,
      campaign_refunded: true,
      campaign_completed: true,
    });
    await testNotice(quiet, 'pref:1');
    expect((await list(quiet)).items).toHaveLength(1);
    expect(await emailsTo(quiet, 'campaign-funded')).toEqual([]);

    const hidden = await signedInAs(app, 'investor');
    await hidden.put('/api/settings/notifications/channels', { campaign_funded: { inApp: false } });
    await testNotice(hidden, 'pref:1');
    expect(await list(hidden)).toEqual({ items: [], unread: 0 });
    expect(await emailsTo(hidden, 'campaign-funded')).toHaveLength(1);
    // Shown again once turned back on? Only new events: the hidden one stays out of the count.
    await hidden.put('/api/settings/notifications/channels', { campaign_funded: { inApp: true } });
    expect((await list(hidden)).unread).toBe(0);
  });

  it('refuses to turn off an email that always leaves, or on one that does not exist, and changes nothing', async () => {
    const investor = await signedInAs(app, 'investor');
    const always = await investor.put('/api/settings/notifications/channels', {
      campaign_defaulted: { email: false },
    });
    expect(always.statusCode).toBe(400);
    expect(always.json()).toMatchObject({ error: 'Settlement defaults are always emailed' });
    const none = await investor.put('/api/settings/notifications/channels', {
      kyc: { email: true },
      order: { inApp: false },
    });
    expect(none.statusCode).toBe(400);
    expect((await investor.get('/api/settings/notifications/channels')).json()).toMatchObject({
      order: { inApp: true, email: true },
      kyc: { inApp: true, email: false },
    });
    expect((await investor.put('/api/settings/notifications/channels', { nope: {} })).statusCode).toBe(400);
  });
});

describe('reading and marking', () => {
  it('lists only the caller’s own, newest first, and marks only their own read, idempotently', async () => {
    const alice = await signedInAs(app, 'investor');
    const bob = await signedInAs(app, 'buyer');
    const first = (await testNotice(alice, 'read:1', 'First'))!;
    const second = (await testNotice(alice, 'read:2', 'Second'))!;
    const bobs = (await testNotice(bob, 'read:1', 'Bob’s'))!;
    const mine = await list(alice);
    expect(mine.items.map((n) => n.title)).toEqual(['Second', 'First']);
    expect(mine.unread).toBe(2);

    // Bob names Alice's notification: nothing of hers changes.
    const foreign = await bob.post('/api/notifications/read', { ids: [first, bobs] });
    expect(foreign.json()).toEqual({ marked: 1, unread: 0 });
    expect((await list(alice)).unread).toBe(2);

    expect((await alice.post('/api/notifications/read', { ids: [first] })).json()).toEqual({
      marked: 1,
      unread: 1,
    });
    expect((await alice.post('/api/notifications/read', { ids: [first] })).json()).toEqual({
      marked: 0,
      unread: 1,
    });
    const after = await list(alice);
    expect(after.items.find((n) => n.id === first)!.readAt).toEqual(expect.any(String));
    expect(after.items.find((n) => n.id === second)!.readAt).toBeNull();
    expect((await alice.post('/api/notifications/read', { all: true })).json()).toEqual({
      marked: 1,
      unread: 0,
    });
  });

  it('refuses a body without ids or all, or with ids that are not ids', async () => {
    const user = await signedInAs(app, 'trader');
    for (const body of [{}, { ids: ['x'] }, { ids: [], all: true }, { all: false }]) {
      const res = await user.post('/api/notifications/read', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await user.get('/api/notifications?limit=1000')).statusCode).toBe(400);
  });
});

/** Opens the live stream over real HTTP and collects its `notification` events. */
function openStream(port: number, actor: Actor) {
  const events: NoticeEvent[] = [];
  let buffer = '';
  let response: http.IncomingMessage | undefined;
  const ready = new Promise<http.IncomingMessage>((resolve, reject) => {
    const req = http.get(
      {
        port,
        path: '/api/notifications/stream',
        headers: {
          accept: 'text/event-stream',
          cookie: `${SESSION_COOKIE}=${actor.token}`,
          'accept-encoding': 'br, gzip',
        },
      },
      (res) => {
        response = res;
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          buffer += chunk;
          let end;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const data = /^data: (.*)$/m.exec(block);
            if (/^event: notification$/m.test(block) && data)
              events.push(JSON.parse(data[1]!) as NoticeEvent);
          }
        });
        resolve(res);
      },
    );
    req.on('error', reject);
  });
  const ended = ready.then((res) => new Promise<void>((resolve) => res.on('close', resolve)));
  return { events, ready, ended, close: () => response?.destroy() };
}

describe('live delivery (server-sent events over real HTTP)', () => {
  let live: App;
  let port: number;
  beforeAll(async () => {
    live = await buildTestApp();
    await live.listen({ port: 0, host: '127.0.0.1' });
    port = (live.server.address() as AddressInfo).port;
  });
  afterAll(() => live.close());

  it('pushes a notification made after the stream opened, uncompressed, to that user only', async () => {
    const user = await signedInAs(live, 'investor');
    const other = await signedInAs(live, 'investor');
    const stream = openStream(port, user);
    const otherStream = openStream(port, other);
    const res = await stream.ready;
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(res.headers['content-encoding']).toBeUndefined();
    await expect.poll(() => stream.events.length).toBe(1);
    expect(stream.events[0]).toEqual({ notification: null, unread: 0 });
    await expect.poll(() => otherStream.events.length).toBe(1);

    const id = await inTransaction(live.db, (tx) =>
      notify(tx, {
        userId: user.user.id,
        kind: 'kyc',
        key: 'live:1',
        title: 'Your verification is approved',
      }),
    );
    await expect.poll(() => stream.events.length, { timeout: 5000 }).toBe(2);
    expect(stream.events[1]).toMatchObject({
      notification: { id, kind: 'kyc', title: 'Your verification is approved', readAt: null },
      unread: 1,
    });
    // A rolled-back event pushes nothing.
    await inTransaction(live.db, async (tx) => {
      await notify(tx, { userId: user.user.id, kind: 'kyc', key: 'live:2', title: 'Never' });
      throw new Error('rolled back');
    }).catch(() => {});
    await new Promise((r) => setTimeout(r, 300));
    expect(stream.events).toHaveLength(2);
    expect(otherStream.events).toHaveLength(1);
    stream.close();
    otherStream.close();
  });

  it('ends open streams when the app closes, so closing does not hang', async () => {
    const own = await buildTestApp();
    await own.listen({ port: 0, host: '127.0.0.1' });
    const user = await signedInAs(own, 'buyer');
    const stream = openStream((own.server.address() as AddressInfo).port, user);
    await stream.ready;
    await expect.poll(() => stream.events.length).toBe(1);
    await own.close();
    await stream.ended;
  });

  it('refuses a visitor (401) and a client that does not take event streams (406)', async () => {
    const user = await signedInAs(app, 'investor');
    expect(
      (await app.inject({ url: '/api/notifications/stream', headers: { accept: 'text/event-stream' } }))
        .statusCode,
    ).toBe(401);
    expect((await user.get('/api/notifications/stream')).statusCode).toBe(406);
  });
});
