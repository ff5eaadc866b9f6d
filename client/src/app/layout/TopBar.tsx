import { Menu, X } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { Button } from '@/components/ui/button.tsx';
import { useAuth } from '@/features/accounts/auth-context.tsx';
import { cn } from '@/lib/cn.ts';
import { ROLE_LABELS } from '@domain/users.ts';
import { isActivePath, navItemsFor, ROLE_PAGES, type NavItem } from './nav.ts';
import { ThemeToggle } from './ThemeToggle.tsx';

// Signed-in controls (role switcher menu, Logout) load only for signed-in users.
const AccountMenu = lazy(() => import('@/features/accounts/components/AccountMenu.tsx'));
const NotificationBell = lazy(() => import('@/features/notifications/components/NotificationBell.tsx'));
const MobileAccountSection = lazy(() =>
  import('@/features/accounts/components/AccountMenu.tsx').then((m) => ({ default: m.MobileAccountSection })),
);

function NavList({ items, vertical = false }: { items: NavItem[]; vertical?: boolean }) {
  const [location] = useLocation();
  return (
    <ul className={cn('flex gap-1', vertical ? 'flex-col' : 'items-center')}>
      {items.map((item) => {
        const active = isActivePath(item.href, location);
        return (
          <li key={item.href} className="shrink-0">
            <Link
              href={item.href}
              aria-current={active ? 'page' : undefined}
              className={cn(
                'block rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap transition-colors',
                active
                  ? 'bg-accent text-accent-foreground'
                  : 'text-muted-foreground hover:bg-muted hover:text-foreground',
              )}
            >
              {item.label}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

/** The spec's links for this visitor or role. */
function NavLinks({ vertical = false }: { vertical?: boolean }) {
  const { user } = useAuth();
  return <NavList items={navItemsFor(user?.role ?? null)} vertical={vertical} />;
}

/** The signed-in role's own pages: a row under the bar on wider screens, a list in the mobile menu. */
function RolePages({ vertical = false }: { vertical?: boolean }) {
  const { user } = useAuth();
  const items = user ? ROLE_PAGES[user.role] : [];
  if (!user || items.length === 0) return null;
  const name = ROLE_LABELS[user.role];
  if (vertical) {
    return (
      <div className="mt-3 border-t pt-3" role="group" aria-label={name}>
        <p className="px-3 pb-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
          {name}
        </p>
        <NavList items={items} vertical />
      </div>
    );
  }
  return (
    <nav aria-label={name} className="hidden border-t md:block">
      <div className="mx-auto max-w-7xl overflow-x-auto px-4 py-1 sm:px-6">
        <NavList items={items} />
      </div>
    </nav>
  );
}

function AccountArea() {
  const { status, user, openAuthDialog } = useAuth();
  if (status === 'loading') return <div className="h-9 w-20" aria-hidden />;
  if (!user) {
    return (
      <Button size="sm" onClick={() => openAuthDialog('signin')}>
        Login
      </Button>
    );
  }
  return (
    <Suspense fallback={<div className="h-9 w-20" aria-hidden />}>
      <NotificationBell />
      <AccountMenu user={user} />
    </Suspense>
  );
}

function MobileAccount() {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <Suspense fallback={null}>
      <MobileAccountSection user={user} />
    </Suspense>
  );
}

export function TopBar() {
  const [location] = useLocation();
  // The mobile menu remembers the route it was opened on, so any route change closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const menuOpen = openOn === location;
  const setMenuOpen = (open: boolean) => setOpenOn(open ? location : null);

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpenOn(null);
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  return (
    <header className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4 sm:px-6">
        <Link href="/" className="flex items-center gap-2 text-lg font-bold tracking-tight">
          <img src="/favicon.svg" alt="" width="28" height="28" />
          HydroBridge
        </Link>
        <nav aria-label="Main" className="hidden md:block">
          <NavLinks />
        </nav>
        <div className="ml-auto flex items-center gap-2">
          <ThemeToggle className="max-sm:hidden" />
          <AccountArea />
          <Button
            variant="ghost"
            size="icon"
            className="md:hidden"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            onClick={() => setMenuOpen(!menuOpen)}
          >
            {menuOpen ? <X className="h-5 w-5" aria-hidden /> : <Menu className="h-5 w-5" aria-hidden />}
          </Button>
        </div>
      </div>
      <RolePages />
      {menuOpen && (
        <nav id="mobile-menu" aria-label="Mobile" className="border-t px-4 pt-2 pb-4 md:hidden">
          <NavLinks vertical />
          <RolePages vertical />
          <MobileAccount />
          <div className="mt-3 flex items-center justify-between border-t pt-3">
            <span className="text-sm text-muted-foreground">Theme</span>
            <ThemeToggle />
          </div>
        </nav>
      )}
    </header>
  );
}
