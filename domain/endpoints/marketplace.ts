// The hydrogen marketplace's calls (listings, orders, quote requests and their messages) as both
// sides see them (docs/api.md "Types for the client"). Types only from the schema modules.
import { endpoint } from '../endpoint.ts';
import type * as L from '../listings.ts';
import type * as O from '../orders.ts';
import type * as T from '../order-tracking.ts';
import type * as R from '../rfqs.ts';
import type { noBodySchema } from '../api.ts';

export const MARKET_API = {
  /** One page of listings; the total over all pages in the X-Total-Count header. */
  listings: endpoint('GET', '/api/listings')
    .query<typeof L.listingQuerySchema>()
    .answers<typeof L.listingListSchema>(),
  listing: endpoint('GET', '/api/listings/:id').answers<typeof L.listingSchema>(),
  createListing: endpoint('POST', '/api/listings')
    .takes<typeof L.listingCreateSchema>()
    .answers<typeof L.listingSchema>(),
  withdrawListing: endpoint('POST', '/api/listings/:id/withdraw')
    .takes<typeof noBodySchema>()
    .answers<typeof L.listingSchema>(),
  suppliers: endpoint('GET', '/api/suppliers')
    .query<typeof T.supplierQuerySchema>()
    .answers<typeof T.supplierListSchema>(),
  stats: endpoint('GET', '/api/market/stats').answers<typeof L.marketStatsSchema>(),
};

export const ORDER_API = {
  place: endpoint('POST', '/api/orders')
    .takes<typeof O.orderCreateSchema>()
    .answers<typeof O.orderPlacedSchema>(),
  recordPayment: endpoint('POST', '/api/orders/:id/payment')
    .takes<typeof O.orderPaymentSchema>()
    .answers<typeof O.orderSchema>(),
  abandon: endpoint('POST', '/api/orders/:id/abandon')
    .takes<typeof noBodySchema>()
    .answers<typeof O.orderAbandonedSchema>(),
  /** One page of the caller's orders in a group; the group's total in the X-Total-Count header. */
  list: endpoint('GET', '/api/orders')
    .query<typeof O.orderListQuerySchema>()
    .answers<typeof O.orderListSchema>(),
  counts: endpoint('GET', '/api/orders/counts').answers<typeof O.orderCountsSchema>(),
  summary: endpoint('GET', '/api/orders/summary').answers<typeof T.buyerSummarySchema>(),
  campaignSales: endpoint('GET', '/api/campaigns/:id/sales').answers<typeof O.campaignSalesSchema>(),
  transition: endpoint('POST', '/api/orders/:id/transitions')
    .takes<typeof O.orderTransitionSchema>()
    .answers<typeof O.orderSchema>(),
  receipt: endpoint('POST', '/api/orders/:id/receipt')
    .takes<typeof noBodySchema>()
    .answers<typeof O.orderSchema>(),
  rate: endpoint('POST', '/api/orders/:id/rating')
    .takes<typeof O.ratingSchema>()
    .answers<typeof O.orderSchema>(),
};

export const RFQ_API = {
  create: endpoint('POST', '/api/rfqs').takes<typeof R.rfqCreateSchema>().answers<typeof R.rfqSchema>(),
  list: endpoint('GET', '/api/rfqs').answers<typeof R.rfqListSchema>(),
  offer: endpoint('POST', '/api/rfqs/:id/offers')
    .takes<typeof R.offerCreateSchema>()
    .answers<typeof R.offerSchema>(),
  accept: endpoint('POST', '/api/offers/:id/accept')
    .takes<typeof noBodySchema>()
    .answers<typeof O.orderPlacedSchema>(),
  rfqMessages: endpoint('GET', '/api/rfqs/:id/messages')
    .query<typeof R.messageQuerySchema>()
    .answers<typeof R.messageListSchema>(),
  postRfqMessage: endpoint('POST', '/api/rfqs/:id/messages')
    .takes<typeof R.messageCreateSchema>()
    .answers<typeof R.messageSchema>(),
  orderMessages: endpoint('GET', '/api/orders/:id/messages')
    .query<typeof R.messageQuerySchema>()
    .answers<typeof R.messageListSchema>(),
  postOrderMessage: endpoint('POST', '/api/orders/:id/messages')
    .takes<typeof R.messageCreateSchema>()
    .answers<typeof R.messageSchema>(),
};
