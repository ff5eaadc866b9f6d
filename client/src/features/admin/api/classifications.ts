// GET /api/admin/classifications and POST /api/admin/classifications/:id: the queue of applications to
// be treated as a sophisticated investor, approved or rejected with a reason (audit log).
import { useQuery } from '@tanstack/react-query';
import { ADMIN_API } from '@domain/endpoints/admin.ts';
import { apiQuery, callApi } from '@/lib/api.ts';
import { useAdminAction } from './use-admin-action.ts';

export const classificationQueueQuery = () => apiQuery(ADMIN_API.classifications);

export const useClassificationQueue = () => useQuery(classificationQueueQuery());

type Decision = { id: string } & ({ decision: 'approve' } | { decision: 'reject'; reason: string });

export const useDecideClassification = () =>
  useAdminAction(
    ({ id, ...decision }: Decision) =>
      callApi(ADMIN_API.decideClassification, { params: { id }, body: decision }),
    (app) =>
      app.status === 'approved'
        ? { title: 'Application approved', description: 'The investor is sophisticated for two years.' }
        : {
            title: 'Application rejected',
            description: 'The investor reads your reason and may apply again.',
          },
  );
