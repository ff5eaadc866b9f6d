// The admin console's own navigation, above every admin page: the dashboard, the KYC queue, escrow,
// money (settlements and releases), complaints and reports.
import { Link, useLocation } from 'wouter';
import { cn } from '@/lib/cn.ts';

export const ADMIN_PAGES = [
  { href: '/admin/dashboard', label: 'Overview' },
  { href: '/admin/kyc', label: 'KYC queue' },
  { href: '/admin/reviews', label: 'Campaign reviews' },
  { href: '/admin/classifications', label: 'Classification' },
  { href: '/admin/escrow', label: 'Escrow' },
  { href: '/admin/money', label: 'Money' },
  { href: '/admin/jobs', label: 'Jobs' },
  { href: '/admin/complaints', label: 'Complaints' },
  { href: '/admin/certificates', label: 'Certificates' },
  { href: '/admin/reports', label: 'Reports' },
] as const;

export function AdminNav() {
  const [location] = useLocation();
  const current = location === '/dashboard' ? '/admin/dashboard' : location;
  return (
    <nav aria-label="Admin" className="mx-auto max-w-7xl px-4 pt-6 sm:px-6">
      <ul className="flex flex-wrap gap-1 border-b pb-2">
        {ADMIN_PAGES.map((page) => (
          <li key={page.href}>
            <Link
              href={page.href}
              aria-current={current === page.href ? 'page' : undefined}
              className={cn(
                'block rounded-md px-3 py-1.5 text-sm font-medium transition-colors',
                current === page.href
                  ? 'bg-accent text-accent-foreground'
                  : 'text-muted-foreground hover:bg-muted hover:text-foreground',
              )}
            >
              {page.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
