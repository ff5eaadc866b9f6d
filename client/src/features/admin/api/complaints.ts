// GET /api/admin/complaints and POST /api/admin/complaints/:id/outcome: the complaints queue (open
// ones by deadline first) and an admin's outcome with the response the complainant is emailed.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminComplaint, ComplaintOutcomeInput } from '@domain/complaints.ts';
import { COMPLAINT_OUTCOME_LABELS } from '@domain/complaints.ts';
import { apiJson } from '@/lib/api.ts';
import { ADMIN_PREFIX } from './admin.ts';
import { useAdminAction } from './use-admin-action.ts';

export const complaintQueueQuery = () =>
  queryOptions<AdminComplaint[]>({ queryKey: [`${ADMIN_PREFIX}/complaints`] });

export const useComplaintQueue = () => useQuery(complaintQueueQuery());

export const decideComplaint = ({ id, ...input }: ComplaintOutcomeInput & { id: string }) =>
  apiJson<AdminComplaint>('POST', `${ADMIN_PREFIX}/complaints/${id}/outcome`, input);

export const useDecideComplaint = () =>
  useAdminAction(decideComplaint, (c) => ({
    title: 'Outcome recorded',
    description: `${c.reference}: ${COMPLAINT_OUTCOME_LABELS[c.outcome!]}. ${c.complainant.name} is emailed your response.`,
  }));
