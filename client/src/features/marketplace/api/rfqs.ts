// Quote requests, offers and message threads.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { RFQ_API } from '@domain/endpoints/marketplace.ts';
import type { OfferCreate, RfqCreateInput } from '@domain/rfqs.ts';
import { apiQuery, callApi } from '@/lib/api.ts';

export const RFQS_PATH = '/api/rfqs';

export const rfqsQuery = () => queryOptions({ ...apiQuery(RFQ_API.list), staleTime: 30_000 });

export function useRfqs() {
  return useQuery(rfqsQuery());
}

export function useCreateRfq() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: RfqCreateInput) => callApi(RFQ_API.create, { body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: rfqsQuery().queryKey }),
  });
}

export function useCreateOffer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { rfqId: string; offer: OfferCreate }) =>
      callApi(RFQ_API.offer, { params: { id: input.rfqId }, body: input.offer }),
    onSuccess: () => client.invalidateQueries({ queryKey: rfqsQuery().queryKey }),
  });
}

/** A conversation: a quote request's or an order's, optionally one supplier's side of a request. */
export interface Thread {
  kind: 'rfq' | 'order';
  id: string;
  traderId?: string;
}

const THREAD_CALLS = {
  rfq: { read: RFQ_API.rfqMessages, post: RFQ_API.postRfqMessage },
  order: { read: RFQ_API.orderMessages, post: RFQ_API.postOrderMessage },
};

export const threadQuery = ({ kind, id, traderId }: Thread) =>
  queryOptions({
    ...apiQuery(THREAD_CALLS[kind].read, { params: { id }, query: { traderId } }),
    staleTime: 10_000,
  });

export function useThread(thread: Thread, enabled: boolean) {
  return useQuery({ ...threadQuery(thread), enabled });
}

export function usePostMessage(thread: Thread) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { body: string; traderId?: string }) =>
      callApi(THREAD_CALLS[thread.kind].post, { params: { id: thread.id }, body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: threadQuery(thread).queryKey }),
  });
}
