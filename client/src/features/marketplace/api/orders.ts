// Order calls: the viewer's orders (a buyer's own, a supplier's incoming), placing and paying one,
// moving it, confirming receipt, rating. Every change refreshes the orders and the market views.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Order, OrderPlaced, OrderTransitionRequest } from '@domain/orders.ts';
import { apiJson } from '@/lib/api.ts';
import { invalidateMarket } from './listings.ts';

export const ORDERS_PATH = '/api/orders';

export const ordersQuery = () => queryOptions<Order[]>({ queryKey: [ORDERS_PATH], staleTime: 30_000 });

export function useOrders(enabled = true) {
  return useQuery({ ...ordersQuery(), enabled });
}

function useOrderMutation<T, R extends Order>(fn: (input: T) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () =>
      Promise.all([client.invalidateQueries({ queryKey: ordersQuery().queryKey }), invalidateMarket(client)]),
  });
}

export const placeOrder = (input: { listingId: string; quantity: string }) =>
  apiJson<OrderPlaced>('POST', ORDERS_PATH, input);

export const acceptOffer = (offerId: string) => apiJson<OrderPlaced>('POST', `/api/offers/${offerId}/accept`);

export const recordOrderPayment = (input: { orderId: string; paymentIntentId: string }) =>
  apiJson<Order>('POST', `${ORDERS_PATH}/${input.orderId}/payment`, {
    paymentIntentId: input.paymentIntentId,
  });

export function useRecordOrderPayment() {
  return useOrderMutation(recordOrderPayment);
}

export function useMoveOrder() {
  return useOrderMutation((input: { orderId: string; move: OrderTransitionRequest }) =>
    apiJson<Order>('POST', `${ORDERS_PATH}/${input.orderId}/transitions`, input.move),
  );
}

export function useConfirmReceipt() {
  return useOrderMutation((orderId: string) => apiJson<Order>('POST', `${ORDERS_PATH}/${orderId}/receipt`));
}

export function useRateOrder() {
  return useOrderMutation((input: { orderId: string; rating: number }) =>
    apiJson<Order>('POST', `${ORDERS_PATH}/${input.orderId}/rating`, { rating: input.rating }),
  );
}

/** Gives up an unpaid order (the modal closed): its quantity is free again at once. Fire and forget. */
export function abandonOrder(orderId: string): void {
  apiJson('POST', `${ORDERS_PATH}/${orderId}/abandon`).catch(() => {
    // The sweep expires it within minutes anyway.
  });
}
