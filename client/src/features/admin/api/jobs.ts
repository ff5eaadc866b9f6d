// GET /api/admin/jobs: what waits per background job, and the dead letters (jobs that failed their
// last attempt); POST /api/admin/jobs/:id/retry sends one back to its queue.
import { useQuery } from '@tanstack/react-query';
import { ADMIN_API } from '@domain/endpoints/admin.ts';
import { apiQuery, callApi } from '@/lib/api.ts';
import { useAdminAction } from './use-admin-action.ts';

export const jobsQuery = () => apiQuery(ADMIN_API.jobs);
export const useAdminJobs = () => useQuery(jobsQuery());

export const retryJob = ({ id }: { id: string; label: string }) =>
  callApi(ADMIN_API.retryJob, { params: { id } });

export const useRetryJob = () =>
  useAdminAction(retryJob, () => ({
    title: 'Job sent back',
    description: 'It runs again in a moment; if it fails again it comes back to this list.',
  }));
