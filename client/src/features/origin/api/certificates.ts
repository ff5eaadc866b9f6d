// GET /api/certificates (a trader's own, every one for an admin), entering one for a campaign or a
// listing (multipart: the browser's FormData with the issuing body's document), and an admin's check.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AnswerOf } from '@domain/endpoint.ts';
import { ORIGIN_API } from '@domain/endpoints/origin.ts';
import type { CertificateLot, CertificateReview } from '@domain/origin.ts';
import { toast } from '@/components/ui/toast-store.ts';
import { ApiError, apiQuery, apiUrl, callApi } from '@/lib/api.ts';

export const certificatesQuery = () => apiQuery(ORIGIN_API.certificates);

export const useCertificates = () => useQuery(certificatesQuery());

type Entered = AnswerOf<typeof ORIGIN_API.enterForListing>;

/** Multipart (the form's fields and the document): sent as the browser's FormData, not JSON. */
export async function enterCertificate({
  lot,
  form,
}: {
  lot: CertificateLot;
  form: FormData;
}): Promise<Entered> {
  const url =
    'campaignId' in lot
      ? apiUrl(ORIGIN_API.enterForCampaign, { params: { id: lot.campaignId } })
      : apiUrl(ORIGIN_API.enterForListing, { params: { id: lot.listingId } });
  const res = await fetch(url, { method: 'POST', body: form, credentials: 'include' });
  if (!res.ok) throw new ApiError(res.status, await res.text(), res.statusText);
  return (await res.json()) as Entered;
}

export function useEnterCertificate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enterCertificate,
    onSuccess: async (certificate) => {
      await queryClient.invalidateQueries({ queryKey: certificatesQuery().queryKey });
      toast({
        title: 'Certificate sent for checking',
        description: `${certificate.issuingBody} ${certificate.idRangeStart}–${certificate.idRangeEnd}: an admin checks it against the document.`,
      });
    },
  });
}

export const reviewCertificate = ({ id, ...decision }: CertificateReview & { id: string }) =>
  callApi(ORIGIN_API.review, { params: { id }, body: decision });

export function useReviewCertificate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reviewCertificate,
    onSuccess: async (certificate) => {
      await queryClient.invalidateQueries({ queryKey: certificatesQuery().queryKey });
      toast({
        title: certificate.status === 'approved' ? 'Certificate approved' : 'Certificate rejected',
        description: `${certificate.supplierName}: ${certificate.lotName}.`,
      });
    },
    onError: (error) =>
      toast({
        title: 'The decision was not recorded',
        description: error instanceof ApiError ? (error.serverMessage ?? error.message) : 'Please try again.',
        variant: 'destructive',
      }),
  });
}
