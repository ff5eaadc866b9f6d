// GET /api/admin/complaints and POST /api/admin/complaints/:id/outcome: the complaints queue (open
// ones by deadline first) and an admin's outcome with the response the complainant is emailed.
import { useQuery } from '@tanstack/react-query';
import type { ComplaintOutcomeInput } from '@domain/complaints.ts';
import { COMPLAINT_OUTCOME_LABELS } from '@domain/complaints.ts';
import { ADMIN_API } from '@domain/endpoints/admin.ts';
import { apiQuery, callApi } from '@/lib/api.ts';
import { useAdminAction } from './use-admin-action.ts';

export const complaintQueueQuery = () => apiQuery(ADMIN_API.complaints);

export const useComplaintQueue = () => useQuery(complaintQueueQuery());

export const decideComplaint = ({ id, ...input }: ComplaintOutcomeInput & { id: string }) =>
  callApi(ADMIN_API.decideComplaint, { params: { id }, body: input });

export const useDecideComplaint = () =>
  useAdminAction(decideComplaint, (c) => ({
    title: 'Outcome recorded',
    description: `${c.reference}: ${COMPLAINT_OUTCOME_LABELS[c.outcome!]}. ${c.complainant.name} is emailed your response.`,
  }));
