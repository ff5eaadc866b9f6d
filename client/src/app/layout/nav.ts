import type { Role } from '@domain/users.ts';

/**
 * Navigation of spec §2: signed-out visitors see Browse Campaigns and How It Works only; a signed-in
 * user sees Dashboard too, and Portfolio and Statements when they are an investor (those pages are an
 * investor's; the other roles would only be told so). Each role's own pages are a second list.
 */
export interface NavItem {
  href: string;
  label: string;
}

const DASHBOARD: NavItem = { href: '/dashboard', label: 'Dashboard' };
const PUBLIC: NavItem[] = [
  { href: '/campaigns', label: 'Browse Campaigns' },
  { href: '/how-it-works', label: 'How It Works' },
];
const INVESTOR_PAGES: NavItem[] = [
  { href: '/portfolio', label: 'Portfolio' },
  { href: '/statements', label: 'Statements' },
];

/** The main navigation for a visitor (`null`) or a signed-in user of `role`. */
export function navItemsFor(role: Role | null): NavItem[] {
  if (!role) return PUBLIC;
  return [DASHBOARD, ...PUBLIC, ...(role === 'investor' ? INVESTOR_PAGES : [])];
}

/** Each role's own pages beyond the main navigation (the investor's are Portfolio and Statements). */
export const ROLE_PAGES: Record<Role, NavItem[]> = {
  investor: [],
  trader: [
    { href: '/trader/campaigns', label: 'My Campaigns' },
    { href: '/trader/create', label: 'Create Campaign' },
    { href: '/trader/analytics', label: 'Analytics' },
    { href: '/trader/certificates', label: 'Certificates' },
    { href: '/trader/marketplace', label: 'Marketplace' },
  ],
  buyer: [
    { href: '/buyer/offers', label: 'Hydrogen Offers' },
    { href: '/buyer/orders', label: 'My Orders' },
    { href: '/buyer/tracking', label: 'Shipment Tracking' },
  ],
  // The admin console's pages (the dashboard is the spec's Dashboard link).
  admin: [
    { href: '/admin/kyc', label: 'KYC queue' },
    { href: '/admin/reviews', label: 'Campaign reviews' },
    { href: '/admin/classifications', label: 'Classification' },
    { href: '/admin/escrow', label: 'Escrow' },
    { href: '/admin/money', label: 'Money' },
    { href: '/admin/jobs', label: 'Jobs' },
    { href: '/admin/complaints', label: 'Complaints' },
    { href: '/admin/certificates', label: 'Certificates' },
    { href: '/admin/reports', label: 'Reports' },
  ],
};

/** A nav item is active on its own path and on the paths below it. */
export function isActivePath(href: string, location: string): boolean {
  return location === href || location.startsWith(`${href}/`);
}
