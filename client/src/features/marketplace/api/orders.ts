// Order calls: the viewer's orders (a buyer's own, a supplier's incoming), placing and paying one,
// moving it, confirming receipt, rating. Every change refreshes the orders and the market views.
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type Query,
  type QueryClient,
} from '@tanstack/react-query';
import { useState } from 'react';
import { TOTAL_COUNT_HEADER } from '@domain/campaigns.ts';
import { ORDER_API, RFQ_API } from '@domain/endpoints/marketplace.ts';
import type { Order, OrderListGroup, OrderTransitionRequest } from '@domain/orders.ts';
import { apiQuery, apiUrl, callApi, readApi } from '@/lib/api.ts';
import { invalidateMarket } from './listings.ts';
import { isOrderFiguresKey } from './order-figures.ts';

export const ORDERS_PATH = '/api/orders';

export interface OrderPage {
  orders: Order[];
  total: number;
}

const ordersInput = (group: OrderListGroup, page: number, limit: number) => ({
  query: { group, limit, page },
});

/** One page of the viewer's orders in a group, with the group's total (X-Total-Count). */
const orderPageQuery = (group: OrderListGroup, page: number, limit: number) =>
  queryOptions({
    queryKey: [apiUrl(ORDER_API.list, ordersInput(group, page, limit))],
    staleTime: 30_000,
    queryFn: async ({ signal }): Promise<OrderPage> => {
      const { data, headers } = await readApi(ORDER_API.list, ordersInput(group, page, limit), { signal });
      return { orders: data, total: Number(headers.get(TOTAL_COUNT_HEADER) ?? data.length) };
    },
  });

/** How many orders each list holds (the tabs' counts), one request for all of them. */
export const orderCountsQuery = queryOptions({ ...apiQuery(ORDER_API.counts), staleTime: 30_000 });

/**
 * A group's orders a page at a time (the page in component state, as on the admin lists): the page
 * is kept in range when orders leave the group, and stays on screen while the next one loads.
 */
export function usePagedOrders(group: OrderListGroup, pageSize: number) {
  const [page, setPage] = useState(1);
  const list = useQuery({ ...orderPageQuery(group, page, pageSize), placeholderData: keepPreviousData });
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const settled = list.isSuccess && !list.isPlaceholderData;
  // Adjusted while rendering (React's pattern for state that follows data), not in an effect.
  if (settled && page > pages) setPage(pages);
  return { list, total, page: Math.min(page, pages), setPage };
}

/** Every view computed from orders: their pages, the buyer's figures, a campaign's sales. */
const isOrderView = (query: Query) =>
  String(query.queryKey[0]).startsWith(ORDERS_PATH) || isOrderFiguresKey(String(query.queryKey[0]));

/** Refreshes every view an order's change shows in: the order lists and figures, and the market. */
export function refreshOrderViews(client: QueryClient): Promise<unknown> {
  return Promise.all([client.invalidateQueries({ predicate: isOrderView }), invalidateMarket(client)]);
}

function useOrderMutation<T, R extends Order>(fn: (input: T) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => refreshOrderViews(client) });
}

export const placeOrder = (input: { listingId: string; quantity: string }) =>
  callApi(ORDER_API.place, { body: input });

export const acceptOffer = (offerId: string) => callApi(RFQ_API.accept, { params: { id: offerId } });

export const recordOrderPayment = (input: { orderId: string; paymentIntentId: string }) =>
  callApi(ORDER_API.recordPayment, {
    params: { id: input.orderId },
    body: { paymentIntentId: input.paymentIntentId },
  });

export function useMoveOrder() {
  return useOrderMutation((input: { orderId: string; move: OrderTransitionRequest }) =>
    callApi(ORDER_API.transition, { params: { id: input.orderId }, body: input.move }),
  );
}

export function useConfirmReceipt() {
  return useOrderMutation((orderId: string) => callApi(ORDER_API.receipt, { params: { id: orderId } }));
}

export function useRateOrder() {
  return useOrderMutation((input: { orderId: string; rating: number }) =>
    callApi(ORDER_API.rate, { params: { id: input.orderId }, body: { rating: input.rating } }),
  );
}

/** Gives up an unpaid order (the modal closed): its quantity is free again at once. Fire and forget. */
export function abandonOrder(orderId: string): void {
  callApi(ORDER_API.abandon, { params: { id: orderId } }).catch(() => {
    // The sweep expires it within minutes anyway.
  });
}
