// The job queue in the admin console over HTTP: a refund the provider kept refusing shows among the
// failed jobs with its error; an admin's retry sends it back (audit-logged) and it finishes the refund.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { App } from '../../app.ts';
import { ProviderUnavailableError } from '../money/index.ts';
import type { SandboxProvider } from '../money/index.ts';
import { buildTestApp, testClock } from '../../../test/app.ts';
import { signedInAs, type Actor } from '../../../test/actor.ts';
import { campaignThroughApi } from '../../../test/money-campaigns.ts';
import { JOB_SCHEMA } from '../../jobs/queue.ts';
import { outgoingEmails } from '../../db/schema/index.ts';
import { eq } from 'drizzle-orm';

const clock = testClock();
let app: App;
let admin: Actor;

beforeAll(async () => {
  app = await buildTestApp({ clock });
  admin = await signedInAs(app, 'admin');
});
afterAll(() => app.close());

/** The investor's investments in the campaign, as GET /api/investments answers them. */
async function investmentsOf(investor: Actor, campaign: { id: string }) {
  const rows = (await investor.get(`/api/investments?investorId=${investor.user.id}`)).json<
    Array<{ campaignId: string; status: string }>
  >();
  return rows.filter((r) => r.campaignId === campaign.id);
}

/** Every retry of the queue's jobs, now (what hours of backoff would do). */
const retriesDueNow = () =>
  app.database.query(
    `update ${JOB_SCHEMA}.job set start_after = now() - interval '1 second' where state = 'retry'`,
  );

describe('failed jobs in the admin console', () => {
  it('shows a refund that failed every attempt with its error, and a retry finishes the refund', async () => {
    const { campaign, investors } = await campaignThroughApi(app, ['1000.00']);
    const refund = vi
      .spyOn(app.payments as SandboxProvider, 'refund')
      .mockRejectedValue(new ProviderUnavailableError('the provider answered 503'));
    try {
      const cancelled = await admin.post(`/api/campaigns/${campaign.id}/transitions`, {
        to: 'cancelled',
        reason: 'Port strike',
      });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      // Eight retries after the first attempt, each refused.
      for (let attempt = 0; attempt < 8; attempt++) {
        await retriesDueNow();
        expect(await app.jobs.runDue(['money.refunds'])).toBe(1);
      }
    } finally {
      refund.mockRestore();
    }
    const overview = (await admin.get('/api/admin/jobs')).json();
    expect(overview.waiting).toEqual([]);
    expect(overview.dead).toEqual([
      {
        id: expect.any(String),
        queue: 'money.refunds',
        label: 'Refunds at the payment provider',
        error: 'The payment provider could not be reached. Nothing was charged; please try again.',
        failedAt: expect.any(String),
        data: { paymentIds: [expect.any(String)] },
      },
    ]);
    expect((await investmentsOf(investors[0]!, campaign)).map((r) => r.status)).toEqual(['refunding']);

    const dead = overview.dead[0];
    const retried = await admin.post(`/api/admin/jobs/${dead.id}/retry`, {});
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json().dead).toEqual([]);
    expect(await app.jobs.runDue(['money.refunds'])).toBe(1);
    expect((await investmentsOf(investors[0]!, campaign)).map((r) => r.status)).toEqual(['refunded']);

    const audit = (await admin.get('/api/admin/audit-log')).json().entries[0];
    expect(audit).toMatchObject({
      action: 'job.retry',
      targetType: 'job',
      targetId: dead.id,
      before: { queue: 'money.refunds', error: expect.stringContaining('could not be reached') },
    });
    // Once back in its queue it is no longer a dead job.
    expect((await admin.post(`/api/admin/jobs/${dead.id}/retry`, {})).statusCode).toBe(404);
  });

  it('lists an email that failed every attempt beside the jobs; a retry sends it', async () => {
    const [email] = await app.db
      .insert(outgoingEmails)
      .values({
        to: 'buyer@example.com',
        template: 'password-changed',
        subject: 'Your order shipped',
        text: 'Your order shipped.',
        html: '<p>Your order shipped.</p>',
        status: 'dead',
        attempts: 10,
        lastError: 'ECONNREFUSED: the mail server refused the connection',
        nextAttemptAt: clock(),
        createdAt: clock(),
      })
      .returning();
    const listed = (await admin.get('/api/admin/jobs')).json().dead;
    expect(listed).toContainEqual({
      id: email!.id,
      queue: 'email.deliver',
      label: 'Email delivery',
      error: 'ECONNREFUSED: the mail server refused the connection',
      failedAt: clock().toISOString(),
      data: { to: 'buyer@example.com', subject: 'Your order shipped' },
    });
    const retried = await admin.post(`/api/admin/jobs/${email!.id}/retry`, {});
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json().dead.map((j: { id: string }) => j.id)).not.toContain(email!.id);
    await app.outbox.settled();
    const [after] = await app.db.select().from(outgoingEmails).where(eq(outgoingEmails.id, email!.id));
    expect(after!.status).toBe('sent');
  });

  it('refuses a malformed id, and an unknown one', async () => {
    const malformed = await admin.post('/api/admin/jobs/not-a-job/retry', {});
    expect([malformed.statusCode, malformed.json().error]).toEqual([404, 'Not found']);
    expect((await admin.post(`/api/admin/jobs/${randomUUID()}/retry`, {})).statusCode).toBe(404);
  });
});

describe("an admin's cancellation", () => {
  it('answers at once, and the campaign shows its refunds as the jobs make them', async () => {
    const background = await buildTestApp({ clock, jobs: 'manual' });
    try {
      const boss = await signedInAs(background, 'admin');
      const { campaign } = await campaignThroughApi(background, ['600.00', '400.00']);
      const cancelled = await boss.post(`/api/campaigns/${campaign.id}/transitions`, {
        to: 'cancelled',
        reason: 'Port strike',
      });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      const progress = async () => (await boss.get(`/api/campaigns/${campaign.id}`)).json().refunds;
      // Nothing refunded yet: one job waits with both payments.
      expect(await progress()).toEqual({ refunded: 0, total: 2 });
      expect(await background.jobs.pending()).toMatchObject({ 'money.refunds': 1 });
      expect(await background.jobs.runDue()).toBe(1);
      expect(await progress()).toEqual({ refunded: 2, total: 2 });
    } finally {
      await background.close();
    }
  });
});
