// Paying an order: the payment flow's three calls for this purpose — the order with its intent
// (POST /api/orders, or accepting an offer), the record (POST /api/orders/:id/payment) and giving up
// an unpaid order (POST /api/orders/:id/abandon). The app also hands the record call to the recovery
// of a payment interrupted by a reload.
import type { Order } from '@domain/orders.ts';
import type { PaymentPurpose } from '@/features/money/index.ts';
import {
  abandonOrder,
  acceptOffer,
  placeOrder,
  recordOrderPayment,
  refreshOrderViews,
} from './api/orders.ts';

/** What is ordered: a quantity of a listing, or an accepted offer (its quantity is the request's). */
export type OrderPaymentInput =
  { kind: 'listing'; listingId: string; quantity: string } | { kind: 'offer'; offerId: string };

type OrderRef = { orderId: string };

export const orderPayment: PaymentPurpose<OrderPaymentInput, OrderRef, Order> = {
  name: 'order',
  async createIntent(input) {
    const placed =
      input.kind === 'listing'
        ? await placeOrder({ listingId: input.listingId, quantity: input.quantity })
        : await acceptOffer(input.offerId);
    return {
      paymentIntentId: placed.paymentIntentId,
      clientSecret: placed.clientSecret,
      ref: { orderId: placed.order.id },
    };
  },
  async record({ paymentIntentId, ref }, client) {
    const order = await recordOrderPayment({ orderId: ref.orderId, paymentIntentId });
    void refreshOrderViews(client);
    return order;
  },
  giveUp: ({ ref }) => abandonOrder(ref.orderId),
};
