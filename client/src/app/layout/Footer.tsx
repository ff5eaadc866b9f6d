import { Link } from 'wouter';
import { SUPPORT_EMAIL } from '@/lib/support.ts';

const SECTIONS: Array<{ title: string; links: Array<{ href: string; label: string }> }> = [
  {
    title: 'Marketplace',
    links: [
      { href: '/', label: 'Home' },
      { href: '/campaigns', label: 'Browse Campaigns' },
      { href: '/how-it-works', label: 'How It Works' },
      { href: '/breakdown', label: 'Cost Breakdown' },
    ],
  },
  {
    title: 'Your account',
    links: [
      { href: '/dashboard', label: 'Dashboard' },
      { href: '/portfolio', label: 'Portfolio' },
      { href: '/statements', label: 'Statements' },
      { href: '/profile', label: 'Profile' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { href: '/terms', label: 'Terms of Service' },
      { href: '/privacy', label: 'Privacy Policy' },
      { href: '/compliance', label: 'Compliance' },
    ],
  },
];

export function Footer() {
  return (
    <footer className="mt-16 border-t bg-muted/40">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:px-6 md:grid-cols-4">
        <div>
          <p className="text-lg font-bold">HydroBridge</p>
          <p className="mt-2 text-sm text-muted-foreground">
            Crowdfunded green hydrogen trades from India to Europe, shipped as green ammonia. Campaigns of
            150-300T per shipment.
          </p>
        </div>
        {SECTIONS.map((section) => (
          <nav key={section.title} aria-label={section.title}>
            <h2 className="text-sm font-semibold">{section.title}</h2>
            <ul className="mt-3 space-y-2">
              {section.links.map((link) => (
                <li key={link.href}>
                  <Link
                    href={link.href}
                    className="text-sm text-muted-foreground hover:text-foreground hover:underline"
                  >
                    {link.label}
                  </Link>
                </li>
              ))}
              {section.title === 'Legal' && (
                <li>
                  <a
                    href={`mailto:${SUPPORT_EMAIL}`}
                    className="text-sm text-muted-foreground hover:text-foreground hover:underline"
                  >
                    Support: {SUPPORT_EMAIL}
                  </a>
                </li>
              )}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t">
        <p className="mx-auto max-w-7xl px-4 py-4 text-xs text-muted-foreground sm:px-6">
          © 2025 HydroBridge. Investing in trade campaigns carries risk, including the loss of capital.
        </p>
      </div>
    </footer>
  );
}
