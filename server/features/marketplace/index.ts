// The marketplace feature's public entry: listings, orders, quote requests and their money
// (including GET /api/campaigns/:id/sales, the sales of a campaign's lots: a marketplace route).

// All of the feature's routes, registered by the app as one plugin.
export { default } from './routes.ts';
export {
  createListing,
  createListingPageCache,
  invalidateListingPages,
  LISTING_PAGES,
  type ListingPageCache,
} from './listings.ts';
export { type Notify, ORDER_NOTICES, SILENT } from './notify.ts';
export { sweepReceipts } from './order-sweep.ts';
export {
  confirmReceipt,
  type MarketDeps,
  placeOrder,
  rateOrder,
  recordOrderPayment,
  releaseOrderEscrow,
  transitionOrder,
} from './orders.ts';
export { lockOrderOf, orderPurpose, releaseOrderHold } from './purpose.ts';
export { createOffer, createRfq } from './rfqs.ts';
