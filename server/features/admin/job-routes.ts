// The job queue in the admin console (docs/jobs.md): what waits per job and the dead letters — jobs,
// and emails that failed every attempt (docs/email.md) — and a retry that sends one back (audit-logged).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { noBodySchema } from '../../../domain/api.ts';
import { jobIdParamsSchema, jobLabel, jobsOverviewSchema, type JobsOverview } from '../../../domain/jobs.ts';
import { recordAudit } from '../../audit.ts';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/connect.ts';
import { outgoingEmails } from '../../db/schema/index.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { ADMIN_API } from '../../../domain/endpoints/admin.ts';
import { answerSchema } from '../../../domain/endpoint.ts';

/** Emails that failed every attempt (server/email/outbox.ts): dead letters of their own kind. */
async function deadEmails(db: Db): Promise<JobsOverview['dead']> {
  const rows = await db
    .select()
    .from(outgoingEmails)
    .where(eq(outgoingEmails.status, 'dead'))
    .orderBy(desc(outgoingEmails.nextAttemptAt))
    .limit(100);
  return rows.map((email) => ({
    id: email.id,
    queue: 'email.deliver',
    label: jobLabel('email.deliver'),
    error: email.lastError ?? 'failed',
    failedAt: email.nextAttemptAt.toISOString(),
    data: { to: email.to, subject: email.subject },
  }));
}

async function jobsOverview(jobs: JobQueue, db: Db): Promise<JobsOverview> {
  const waiting = Object.entries(await jobs.pending())
    .map(([queue, count]) => ({ queue, label: jobLabel(queue), count }))
    .sort((a, b) => a.label.localeCompare(b.label));
  const dead = (await jobs.deadJobs()).map((job) => ({
    id: job.id,
    queue: job.queue,
    label: jobLabel(job.queue),
    error: job.error,
    failedAt: job.failedAt.toISOString(),
    data: job.data && typeof job.data === 'object' ? (job.data as Record<string, unknown>) : {},
  }));
  const emails = await deadEmails(db);
  return {
    waiting,
    dead: [...dead, ...emails].sort((a, b) => b.failedAt.localeCompare(a.failedAt)),
  };
}

const jobRoutes: FastifyPluginAsyncZod = async (app) => {
  const adminsOnly = app.requireRole('admin');

  app.get(
    '/api/admin/jobs',
    {
      preHandler: adminsOnly,
      schema: {
        summary: 'The job queue: what waits per job, and the dead letters with their errors',
        response: { 200: answerSchema(ADMIN_API.jobs, jobsOverviewSchema) },
      },
    },
    () => jobsOverview(app.jobs, app.db),
  );

  app.post(
    '/api/admin/jobs/:id/retry',
    {
      preHandler: adminsOnly,
      schema: {
        summary: 'Send a dead job back to its queue (audit-logged)',
        params: jobIdParamsSchema,
        body: noBodySchema,
        response: { 200: answerSchema(ADMIN_API.retryJob, jobsOverviewSchema) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const dead = (await jobsOverview(app.jobs, app.db)).dead.find((job) => job.id === id);
      if (dead?.queue === 'email.deliver') await app.outbox.retryDead(id);
      else await app.jobs.retryDead(id);
      await recordAudit(
        app.db,
        request.user!,
        {
          action: 'job.retry',
          targetType: 'job',
          targetId: request.params.id,
          before: dead ? { queue: dead.queue, error: dead.error, data: dead.data } : null,
        },
        app.clock(),
      );
      return jobsOverview(app.jobs, app.db);
    },
  );
};

export default jobRoutes;
