// GET /api/complaints and POST /api/complaints: the signed-in user's complaints, and filing one
// (multipart: the browser's FormData, so an attachment streams with it).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { COMPLAINT_API } from '@domain/endpoints/account.ts';
import type { Complaint } from '@domain/complaints.ts';
import { toast } from '@/components/ui/toast-store.ts';
import { ApiError, apiQuery } from '@/lib/api.ts';

export const myComplaintsQuery = () => apiQuery(COMPLAINT_API.mine);

export function useMyComplaints() {
  return useQuery(myComplaintsQuery());
}

export async function fileComplaint(form: FormData): Promise<Complaint> {
  const res = await fetch('/api/complaints', { method: 'POST', body: form, credentials: 'include' });
  if (!res.ok) throw new ApiError(res.status, await res.text(), res.statusText);
  return (await res.json()) as Complaint;
}

export function useFileComplaint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fileComplaint,
    onSuccess: async (complaint) => {
      await queryClient.invalidateQueries({ queryKey: myComplaintsQuery().queryKey });
      toast({
        title: 'Complaint received',
        description: `Your reference is ${complaint.reference}. We emailed you an acknowledgement.`,
      });
    },
  });
}
