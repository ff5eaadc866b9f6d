import { lazy, Suspense } from 'react';
import { useLocation } from 'wouter';
import { Page } from '@/components/layouts/page.tsx';
import { Button } from '@/components/ui/button.tsx';
import { useAuth } from '@/features/accounts/auth-context.tsx';
import { RoleOnly } from '@/features/accounts/components/RoleOnly.tsx';
import { TwoFactorOffer } from '@/features/accounts/components/TwoFactorOffer.tsx';
import { VerificationBanner } from '@/features/verification/components/VerificationBanner.tsx';

// The trader's dashboard loads only for traders (it brings the campaign forms and modals along).
const TraderDashboard = lazy(() =>
  import('@/features/campaigns/trader/pages/TraderDashboardPage.tsx').then((m) => ({
    default: m.TraderDashboard,
  })),
);

// The investor's dashboard brings the investment modal's API and the portfolio figures along.
const InvestorDashboard = lazy(() =>
  import('@/features/portfolio/components/InvestorDashboard.tsx').then((m) => ({
    default: m.InvestorDashboard,
  })),
);

// The buyer's dashboard brings the marketplace calls, the order modal and its chart along.
const BuyerDashboard = lazy(() =>
  import('@/features/marketplace/pages/BuyerDashboard.tsx').then((m) => ({
    default: m.BuyerDashboard,
  })),
);

// The admin console loads only for admins.
const AdminDashboard = lazy(() =>
  import('@/features/admin/pages/AdminDashboard.tsx').then((m) => ({ default: m.AdminDashboard })),
);

const BY_PATH: Record<string, 'buyer' | 'admin'> = {
  '/buyer/dashboard': 'buyer',
  '/admin/dashboard': 'admin',
};

/**
 * /trader/dashboard: the trader's dashboard (another role is told whom it is for), with the verification
 * banner and the two-step offer, as on /dashboard.
 */
export function TraderDashboardRoute() {
  return (
    <RoleOnly
      role="trader"
      title="Trader Dashboard"
      signedOutLead="Sign in as a trader to create and run your campaigns."
    >
      {(trader) => (
        <>
          <VerificationBanner user={trader} />
          <TwoFactorOffer user={trader} />
          <Suspense fallback={<Page title="Trader Dashboard" lead="Loading trader dashboard..." />}>
            <TraderDashboard user={trader} />
          </Suspense>
        </>
      )}
    </RoleOnly>
  );
}

/** /dashboard shows the view of the signed-in user's role; the role paths show their own. */
export default function DashboardPage() {
  const { status, user, openAuthDialog } = useAuth();
  const [location] = useLocation();
  if (status === 'loading') return <Page title="Dashboard" lead="Loading your dashboard…" />;
  if (!user) {
    return (
      <Page
        title="Dashboard"
        lead="Sign in to see your dashboard: investors follow their portfolio, traders run their campaigns, buyers track their orders."
        actions={<Button onClick={() => openAuthDialog('signin')}>Login</Button>}
      />
    );
  }
  const role = BY_PATH[location] ?? user.role;
  // Above a user's own dashboard: the offer of two-step verification, until taken or dismissed.
  const offer = role === user.role && role !== 'admin' && <TwoFactorOffer user={user} />;
  // Every dashboard but the admin's says what verification is still pending (and links to it).
  if (role === 'trader') {
    return (
      <>
        <VerificationBanner user={user} />
        {offer}
        <Suspense fallback={<Page title="Trader Dashboard" lead="Loading trader dashboard..." />}>
          <TraderDashboard user={user} />
        </Suspense>
      </>
    );
  }
  if (role === 'investor') {
    return (
      <>
        <VerificationBanner user={user} />
        {offer}
        <Suspense fallback={<Page title="Investor Dashboard" lead="Loading your investments…" />}>
          <InvestorDashboard user={user} />
        </Suspense>
      </>
    );
  }
  if (role === 'buyer') {
    // /buyer/dashboard for another role says whom it is for, as every role page does.
    return (
      <RoleOnly role="buyer" title="Buyer Dashboard" signedOutLead="Sign in as a buyer to see your orders.">
        {(buyer) => (
          <>
            <VerificationBanner user={buyer} />
            {offer}
            <Suspense fallback={<Page title="Buyer Dashboard" lead="Loading your orders…" />}>
              <BuyerDashboard user={buyer} />
            </Suspense>
          </>
        )}
      </RoleOnly>
    );
  }
  // /admin/dashboard as another role gets the guard's "not for your role" page.
  return (
    <Suspense fallback={<Page title="Admin Dashboard" lead="Loading admin dashboard..." />}>
      <AdminDashboard />
    </Suspense>
  );
}
