// Pages whose feature is built by a later release: each says what will be there, plainly.
export interface UpcomingPage {
  title: string;
  lead: string;
  points: string[];
}

export const UPCOMING_PAGES: Record<string, UpcomingPage> = {
  '/admin/kyc': {
    title: 'KYC Review',
    lead: 'Identity verification requests waiting for review.',
    points: ['Review uploaded documents', 'Approve, or reject with a reason the user sees'],
  },
  '/admin/escrow': {
    title: 'Escrow Monitoring',
    lead: 'Funds held in escrow per campaign, and disputes to resolve.',
    points: ['Held, released, refunded and disputed funds', 'Resolve a dispute by releasing or refunding'],
  },
  '/admin/reports': {
    title: 'Compliance Reports',
    lead: 'Exports for auditors and regulators.',
    points: ['KYC audit', 'Transaction monitoring', 'Risk assessment — each as CSV'],
  },
};

/** Role dashboards still to build (spec §2); the trader's (features/campaigns/trader) and the
 * investor's (features/investments/dashboard) are built. */
export const DASHBOARDS: Record<'buyer' | 'admin', UpcomingPage & { path: string }> = {
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
  admin: {
    path: '/admin/dashboard',
    title: 'Admin Dashboard',
    lead: 'Keep the marketplace compliant.',
    points: [
      'Users, pending KYC, funds in escrow and open disputes',
      'KYC queue, escrow monitoring and user management',
      'Compliance exports: KYC audit, transaction monitoring, risk assessment',
    ],
  },
};
