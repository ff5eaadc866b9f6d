// GET /api/admin/classifications and POST /api/admin/classifications/:id: the queue of applications to
// be treated as a sophisticated investor, approved or rejected with a reason (audit log).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ClassificationApplication, ClassificationQueue } from '@domain/investor-protection.ts';
import { apiJson } from '@/lib/api.ts';
import { ADMIN_PREFIX } from './admin.ts';
import { useAdminAction } from './use-admin-action.ts';

export const classificationQueueQuery = () =>
  queryOptions<ClassificationQueue>({ queryKey: [`${ADMIN_PREFIX}/classifications`] });

export const useClassificationQueue = () => useQuery(classificationQueueQuery());

type Decision = { id: string } & ({ decision: 'approve' } | { decision: 'reject'; reason: string });

export const useDecideClassification = () =>
  useAdminAction(
    ({ id, ...decision }: Decision) =>
      apiJson<ClassificationApplication>('POST', `${ADMIN_PREFIX}/classifications/${id}`, decision),
    (app) =>
      app.status === 'approved'
        ? { title: 'Application approved', description: 'The investor is sophisticated for two years.' }
        : {
            title: 'Application rejected',
            description: 'The investor reads your reason and may apply again.',
          },
  );
