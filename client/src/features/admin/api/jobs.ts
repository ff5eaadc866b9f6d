// GET /api/admin/jobs: what waits per background job, and the dead letters (jobs that failed their
// last attempt); POST /api/admin/jobs/:id/retry sends one back to its queue.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { JobsOverview } from '@domain/jobs.ts';
import { apiJson } from '@/lib/api.ts';
import { ADMIN_PREFIX } from './admin.ts';
import { useAdminAction } from './use-admin-action.ts';

export const jobsQuery = () => queryOptions<JobsOverview>({ queryKey: [`${ADMIN_PREFIX}/jobs`] });
export const useAdminJobs = () => useQuery(jobsQuery());

export const retryJob = ({ id }: { id: string; label: string }) =>
  apiJson<JobsOverview>('POST', `${ADMIN_PREFIX}/jobs/${id}/retry`);

export const useRetryJob = () =>
  useAdminAction(retryJob, () => ({
    title: 'Job sent back',
    description: 'It runs again in a moment; if it fails again it comes back to this list.',
  }));
