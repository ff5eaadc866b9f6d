// The job queue in the admin console (docs/jobs.md): what waits per job and the dead letters, and a
// retry that sends a dead job back to its queue (recorded in the audit log).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { noBodySchema } from '../../domain/api.ts';
import { jobIdParamsSchema, jobLabel, jobsOverviewSchema, type JobsOverview } from '../../domain/jobs.ts';
import { recordAudit } from '../features/admin/audit.ts';
import type { JobQueue } from './queue.ts';

async function jobsOverview(jobs: JobQueue): Promise<JobsOverview> {
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
  return { waiting, dead };
}

const jobRoutes: FastifyPluginAsyncZod = async (app) => {
  const adminsOnly = app.requireRole('admin');

  app.get(
    '/api/admin/jobs',
    { preHandler: adminsOnly, schema: { response: { 200: jobsOverviewSchema } } },
    () => jobsOverview(app.jobs),
  );

  app.post(
    '/api/admin/jobs/:id/retry',
    {
      preHandler: adminsOnly,
      schema: { params: jobIdParamsSchema, body: noBodySchema, response: { 200: jobsOverviewSchema } },
    },
    async (request) => {
      const dead = (await app.jobs.deadJobs()).find((job) => job.id === request.params.id);
      await app.jobs.retryDead(request.params.id);
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
      return jobsOverview(app.jobs);
    },
  );
};

export default jobRoutes;
