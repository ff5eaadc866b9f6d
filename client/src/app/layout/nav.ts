/** Navigation of spec §2: signed-out visitors see Browse Campaigns and How It Works only. */
export interface NavItem {
  href: string;
  label: string;
  signedInOnly: boolean;
}

export const NAV_ITEMS: NavItem[] = [
  { href: '/dashboard', label: 'Dashboard', signedInOnly: true },
  { href: '/campaigns', label: 'Browse Campaigns', signedInOnly: false },
  { href: '/how-it-works', label: 'How It Works', signedInOnly: false },
  { href: '/portfolio', label: 'Portfolio', signedInOnly: true },
  { href: '/statements', label: 'Statements', signedInOnly: true },
];

export function navItemsFor(signedIn: boolean): NavItem[] {
  return NAV_ITEMS.filter((item) => signedIn || !item.signedInOnly);
}

/** A nav item is active on its own path and on the paths below it. */
export function isActivePath(href: string, location: string): boolean {
  return location === href || location.startsWith(`${href}/`);
}
