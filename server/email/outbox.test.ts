// The email outbox (docs/email.md) on this run's database: an email caused in a transaction that rolls
// back is never sent; one that commits is sent once, with its id as the Message-ID, even when the
// sender crashes mid-send; two senders at once deliver each email once; failures back off and end
// dead; a real SMTP server gets the same Message-ID and the HTML alternative.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db } from '../db/connect.ts';
import { prepareDatabase } from '../prepare.ts';
import { outgoingEmails } from '../db/schema/index.ts';
import { inTransaction } from '../db/transaction.ts';
import { createMailer, type MailMessage } from '../mail.ts';
import { openTestDatabase } from '../../test/app.ts';
import { startSmtpReceiver, waitUntil } from '../../test/auth-services.ts';
import { createOutbox, LEASE_MS, type OutboxOptions } from './outbox.ts';

let database: Database;
let db: Db;

beforeAll(async () => {
  database = await openTestDatabase();
  await prepareDatabase(database, { seedDemo: false });
  db = database.db;
});

const silentLog = { warn: () => {}, error: () => {} };
const site = { publicUrl: 'https://hydrobridge.test' };

/** A clock the test moves. */
function testClock(start = new Date('2026-03-02T09:00:00Z')) {
  let now = start.getTime();
  return {
    now: () => new Date(now),
    advance: (ms: number) => {
      now += ms;
    },
  };
}

/**
 * A transport that records every message handed to it, then does what `behave` says for the n-th call
 * (from 1): accept, refuse, accept and then fail (the server took it, the answer never came back), or
 * accept and never return (the process died before it could mark the email sent).
 */
function recorder(
  behave: (n: number) => 'accept' | 'refuse' | 'accept-then-fail' | 'accept-then-die' = () => 'accept',
) {
  const sent: MailMessage[] = [];
  return {
    sent,
    async send(message: MailMessage) {
      sent.push(message);
      // The other sender runs meanwhile (the concurrency test).
      await new Promise((resolve) => setTimeout(resolve, 2));
      const what = behave(sent.length);
      if (what === 'refuse') throw Object.assign(new Error('Connection refused'), { code: 'ECONNREFUSED' });
      if (what === 'accept-then-fail')
        throw Object.assign(new Error('Connection closed'), { code: 'ECONNECTION' });
      if (what === 'accept-then-die') await new Promise(() => {});
    },
  };
}

function outboxWith(transport: OutboxOptions['transport'], options: Partial<OutboxOptions> = {}) {
  return createOutbox({ db, transport, log: silentLog, site, ...options });
}

const rowOf = async (id: string) =>
  (await db.select().from(outgoingEmails).where(eq(outgoingEmails.id, id)))[0];
let n = 0;
const address = () => `outbox-${++n}@hydrobridge.test`;

describe('an email caused in a transaction', () => {
  it('is never sent when the transaction rolls back', async () => {
    const transport = recorder();
    const outbox = outboxWith(transport);
    const to = address();
    await expect(
      inTransaction(db, async (tx) => {
        await outbox.email(tx, to, 'password-changed', { name: 'Ada' });
        throw new Error('the event failed');
      }),
    ).rejects.toThrow('the event failed');
    await outbox.settled();
    expect(await outbox.deliverDue()).toEqual({ sent: 0, retrying: 0, dead: 0 });
    expect(transport.sent).toEqual([]);
    expect(await db.select().from(outgoingEmails).where(eq(outgoingEmails.to, to))).toEqual([]);
  });

  it('is sent once when it commits, at once (no periodic run), with its id as the Message-ID', async () => {
    const transport = recorder();
    const outbox = outboxWith(transport);
    const to = address();
    const id = await inTransaction(db, (tx) => outbox.email(tx, to, 'password-changed', { name: 'Ada' }));
    // The kick after COMMIT delivers it.
    await waitUntil(() => (transport.sent.length ? true : undefined), 'the kicked delivery');
    await outbox.settled();
    expect(await outbox.deliverDue()).toEqual({ sent: 0, retrying: 0, dead: 0 });
    expect(transport.sent).toEqual([
      expect.objectContaining({
        messageId: id,
        to,
        subject: 'Your HydroBridge password was changed',
        text: expect.stringContaining('Hello Ada,'),
        html: expect.stringContaining('<p'),
      }),
    ]);
    const row = await rowOf(id);
    // Sent, and the body (reset links are secrets) is not kept.
    expect(row).toMatchObject({ status: 'sent', attempts: 1, text: '', html: '', lastError: null });
    expect(row!.sentAt).toBeInstanceOf(Date);
  });
});

describe('a sender that crashes mid-send', () => {
  it('tries again with the same Message-ID when the transport fails after the server took the email', async () => {
    const clock = testClock();
    const transport = recorder((k) => (k === 1 ? 'accept-then-fail' : 'accept'));
    const outbox = outboxWith(transport, { clock: clock.now });
    await outbox.stop(); // no kicks: the test drives every run
    const id = await outbox.email(db, address(), 'password-changed', { name: 'Ada' });
    expect(await outbox.deliverDue()).toEqual({ sent: 0, retrying: 1, dead: 0 });
    expect(await rowOf(id)).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastError: 'ECONNECTION: Connection closed',
    });
    clock.advance(60_000);
    expect(await outbox.deliverDue()).toEqual({ sent: 1, retrying: 0, dead: 0 });
    expect(transport.sent.map((m) => m.messageId)).toEqual([id, id]);
    expect(await rowOf(id)).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('leaves the email claimed when the process dies between send and mark; the next sender sends it again once the lease ends', async () => {
    const clock = testClock();
    const dying = recorder(() => 'accept-then-die');
    const first = outboxWith(dying, { clock: clock.now });
    await first.stop();
    const id = await first.email(db, address(), 'password-changed', { name: 'Ada' });
    void first.deliverDue(); // never returns: the "process" is gone
    await waitUntil(() => (dying.sent.length ? true : undefined), 'the first attempt');

    const transport = recorder();
    const restarted = outboxWith(transport, { clock: clock.now });
    await restarted.stop();
    // Still leased to the dead sender: nobody else sends it.
    expect(await restarted.deliverDue()).toEqual({ sent: 0, retrying: 0, dead: 0 });
    clock.advance(LEASE_MS);
    expect(await restarted.deliverDue()).toEqual({ sent: 1, retrying: 0, dead: 0 });
    expect([...dying.sent, ...transport.sent].map((m) => m.messageId)).toEqual([id, id]);
    expect(await rowOf(id)).toMatchObject({ status: 'sent', attempts: 2 });
  });
});

describe('two senders at once', () => {
  it('deliver each email once', async () => {
    const transport = recorder();
    const a = outboxWith(transport);
    const b = outboxWith(transport);
    await a.stop();
    await b.stop();
    const to = address();
    const ids = await inTransaction(db, async (tx) => {
      const out: string[] = [];
      for (let i = 0; i < 45; i++) out.push(await a.email(tx, to, 'rfq-new', { name: `Trader ${i}` }));
      return out;
    });
    const reports = await Promise.all([a.deliverDue(), b.deliverDue(), a.deliverDue(), b.deliverDue()]);
    // Both took part (each claims a batch of 20 at most).
    expect(reports[0]!.sent + reports[2]!.sent).toBeGreaterThan(0);
    expect(reports[1]!.sent + reports[3]!.sent).toBeGreaterThan(0);
    const delivered = transport.sent.filter((m) => m.to === to).map((m) => m.messageId);
    expect(delivered.sort()).toEqual([...ids].sort());
    const rows = await db.select().from(outgoingEmails).where(eq(outgoingEmails.to, to));
    expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
  });
});

describe('failures', () => {
  it('back off exponentially, then the email is dead (kept for an admin) and never tried again', async () => {
    const clock = testClock();
    const transport = recorder(() => 'refuse');
    const outbox = outboxWith(transport, { clock: clock.now, maxAttempts: 3 });
    await outbox.stop();
    const queuedAt = clock.now().getTime();
    const id = await outbox.email(db, address(), 'password-changed', { name: 'Ada' });

    expect(await outbox.deliverDue()).toEqual({ sent: 0, retrying: 1, dead: 0 });
    expect((await rowOf(id))!.nextAttemptAt.getTime()).toBe(queuedAt + 60_000);
    clock.advance(59_000);
    expect(await outbox.deliverDue()).toEqual({ sent: 0, retrying: 0, dead: 0 }); // not due yet
    clock.advance(1_000);
    expect(await outbox.deliverDue()).toEqual({ sent: 0, retrying: 1, dead: 0 });
    expect((await rowOf(id))!.nextAttemptAt.getTime()).toBe(queuedAt + 60_000 + 120_000);
    clock.advance(120_000);
    expect(await outbox.deliverDue()).toEqual({ sent: 0, retrying: 0, dead: 1 });
    const dead = await rowOf(id);
    expect(dead).toMatchObject({
      status: 'dead',
      attempts: 3,
      lastError: 'ECONNREFUSED: Connection refused',
    });
    // Dead keeps the body: an admin may send it again.
    expect(dead!.text).toContain('Hello Ada,');

    clock.advance(24 * 3_600_000);
    expect(await outbox.deliverDue()).toEqual({ sent: 0, retrying: 0, dead: 0 });
    expect(transport.sent).toHaveLength(3);

    // An admin sends it again: a fresh set of attempts, the same Message-ID.
    expect(await outbox.retryDead(id)).toBe(true);
    expect(await outbox.retryDead(id)).toBe(false); // no longer dead
    expect(await outbox.deliverDue()).toEqual({ sent: 0, retrying: 1, dead: 0 });
    expect(transport.sent.map((m) => m.messageId)).toEqual([id, id, id, id]);
  });

  it('are logged with the template, subject and error, never the body', async () => {
    const lines: Array<{ obj: object; msg: string }> = [];
    const log = { warn: (obj: object, msg: string) => lines.push({ obj, msg }), error: () => {} };
    const outbox = outboxWith(
      recorder(() => 'refuse'),
      { log },
    );
    await outbox.stop();
    await outbox.email(db, address(), 'password-reset', { name: 'Ada', token: 'SECRET-TOKEN' });
    await outbox.deliverDue();
    // (Other tests' emails may be due as well: this one is the password reset.)
    const ours = lines.filter((l) => JSON.stringify(l).includes('password-reset'));
    expect(ours).toHaveLength(1);
    const logged = JSON.stringify(ours[0]);
    expect(logged).toContain('password-reset');
    expect(logged).toContain('Reset your HydroBridge password');
    expect(logged).toContain('ECONNREFUSED');
    expect(logged).not.toContain('SECRET-TOKEN');
  });
});

describe('through a real SMTP server', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
  beforeAll(async () => {
    smtp = await startSmtpReceiver();
  });
  afterAll(() => smtp.close());

  it('arrives once with the Message-ID <id@domain of MAIL_FROM>, its text and its escaped HTML', async () => {
    const mailer = createMailer(
      { smtpUrl: smtp.url, mailFrom: 'HydroBridge <no-reply@hydrobridge.example>' },
      db,
    );
    const outbox = outboxWith(mailer);
    const to = address();
    const id = await inTransaction(db, (tx) =>
      outbox.email(tx, to, 'campaign-changes-requested', {
        name: 'Grace',
        title: 'Hydrogen <b>now</b> & "later"',
        reason: 'See https://evil.example/login',
      }),
    );
    const mail = await smtp.waitForMail((m) => m.to === to);
    await outbox.stop();
    await mailer.close();
    expect(mail.messageId).toBe(`<${id}@hydrobridge.example>`);
    expect(mail.text).toContain(
      'Our reviewer sent Hydrogen <b>now</b> & "later" back: See https://evil.example/login',
    );
    expect(mail.html).toContain(
      'Our reviewer sent Hydrogen &lt;b&gt;now&lt;/b&gt; &amp; &quot;later&quot; back',
    );
    expect(mail.html).toContain('<a href="https://hydrobridge.test/trader/campaigns"');
    // A URL someone typed stays text.
    expect(mail.html).not.toContain('href="https://evil.example');
    expect(smtp.received.filter((m) => m.to === to)).toHaveLength(1);
    expect(await rowOf(id)).toMatchObject({ status: 'sent', attempts: 1 });
  });
});
