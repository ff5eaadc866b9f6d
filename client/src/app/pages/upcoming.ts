// Pages whose feature is built by a later release: each says what will be there, plainly.
export interface UpcomingPage {
  title: string;
  lead: string;
  points: string[];
}

export const UPCOMING_PAGES: Record<string, UpcomingPage> = {
  '/portfolio': {
    title: 'Portfolio',
    lead: 'Your investments across HydroBridge campaigns, valued from the escrow ledger.',
    points: [
      'Each investment with its campaign, amount, share of the target and status',
      'Current value and gains from recorded profits, not estimates',
      'Active, completed and refunded investments in separate tabs',
    ],
  },
  '/statements': {
    title: 'Statements',
    lead: 'Monthly statements of every money movement on your account.',
    points: [
      'Investments, refunds and profit payouts per month',
      'Download as CSV for your records or your accountant',
    ],
  },
  '/buyer/offers': {
    title: 'Hydrogen Offers',
    lead: 'Listings from certified green hydrogen suppliers, with transparent per-kg pricing.',
    points: ['Availability, minimum order and certifications per listing', 'Order directly from a listing'],
  },
  '/buyer/orders': {
    title: 'My Orders',
    lead: 'Your bulk hydrogen orders from placement to delivery.',
    points: ['Active, delivered and cancelled orders', 'Order totals and price per kg'],
  },
  '/buyer/tracking': {
    title: 'Shipment Tracking',
    lead: 'Where each order is: confirmed, shipped, delivered — with the time of each step.',
    points: ['A timeline per order', 'Supplier contact for each shipment'],
  },
};

/** Role dashboards still to build (spec §2); the trader's (features/campaigns/trader), the
 * investor's (features/investments/dashboard) and the admin's (features/admin) are built. */
export const DASHBOARDS: Record<'buyer', UpcomingPage & { path: string }> = {
  buyer: {
    path: '/buyer/dashboard',
    title: 'Buyer Dashboard',
    lead: 'Buy green hydrogen in bulk and follow your orders.',
    points: [
      'Orders, spend, average price and delivery success rate',
      'Marketplace listings and top suppliers by rating',
      'Order management: active, delivered, cancelled and all orders',
    ],
  },
};
