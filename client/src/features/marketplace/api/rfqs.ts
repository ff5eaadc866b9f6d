// Quote requests, offers and message threads.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Message, Offer, OfferCreate, Rfq, RfqCreateInput } from '@domain/rfqs.ts';
import { apiJson } from '@/lib/api.ts';

export const RFQS_PATH = '/api/rfqs';

export const rfqsQuery = () => queryOptions<Rfq[]>({ queryKey: [RFQS_PATH], staleTime: 30_000 });

export function useRfqs() {
  return useQuery(rfqsQuery());
}

export function useCreateRfq() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: RfqCreateInput) => apiJson<Rfq>('POST', RFQS_PATH, input),
    onSuccess: () => client.invalidateQueries({ queryKey: rfqsQuery().queryKey }),
  });
}

export function useCreateOffer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { rfqId: string; offer: OfferCreate }) =>
      apiJson<Offer>('POST', `${RFQS_PATH}/${input.rfqId}/offers`, input.offer),
    onSuccess: () => client.invalidateQueries({ queryKey: rfqsQuery().queryKey }),
  });
}

/** A thread: `/api/rfqs/:id/messages` or `/api/orders/:id/messages`, optionally one supplier's side. */
export const threadQuery = (path: string) => queryOptions<Message[]>({ queryKey: [path], staleTime: 10_000 });

export function useThread(path: string, enabled: boolean) {
  return useQuery({ ...threadQuery(path), enabled });
}

export function usePostMessage(path: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { body: string; traderId?: string }) =>
      apiJson<Message>('POST', path.split('?')[0]!, input),
    onSuccess: () => client.invalidateQueries({ queryKey: threadQuery(path).queryKey }),
  });
}
