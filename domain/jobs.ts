// The background job queue as the admin console shows it (GET /api/admin/jobs): what waits per job,
// and the jobs that failed their last attempt (the dead letters), each of which an admin can retry.
import { z } from 'zod';
import { idParamsSchema } from './ids.ts';

/** What each job does, in the console's words (server/job-registry.ts names them). */
export const JOB_LABELS: Record<string, string> = {
  sweeps: 'Money and lifecycle sweep (every minute)',
  housekeeping: 'Housekeeping: expired sessions, links and uploads (every 10 minutes)',
  'ledger.verify': 'Ledger check (hourly)',
  'money.refunds': 'Refunds at the payment provider',
  'money.payouts': 'Payouts to bank accounts',
  'email.deliver': 'Email delivery',
};

export const jobLabel = (queue: string) => JOB_LABELS[queue] ?? queue;

export const deadJobSchema = z.object({
  id: z.string(),
  queue: z.string(),
  label: z.string(),
  error: z.string(),
  failedAt: z.string().datetime(),
  /** What the job was given (payment ids, a payout id): enough to find what it was about. */
  data: z.record(z.string(), z.unknown()),
});
export type DeadJob = z.infer<typeof deadJobSchema>;

export const jobsOverviewSchema = z.object({
  waiting: z.array(z.object({ queue: z.string(), label: z.string(), count: z.number().int() })),
  dead: z.array(deadJobSchema),
});
export type JobsOverview = z.infer<typeof jobsOverviewSchema>;

/** A malformed job id is the 404 an unknown one gets (domain/ids.ts). */
export const jobIdParamsSchema = idParamsSchema;
