// Every route of spec §2. The landing page ships in the entry chunk (it is the first paint); every
// other page is its own lazily loaded chunk.
import { lazy, Suspense, type ComponentType } from 'react';
import { Route, Switch } from 'wouter';
import { useDocumentTitle } from '@/hooks/use-document-title.ts';
import LandingPage from '@/features/marketing/LandingPage.tsx';

const CampaignsPage = lazy(() => import('@/features/campaigns/pages/CampaignsPage.tsx'));
const CampaignPage = lazy(() => import('@/features/campaigns/pages/CampaignPage.tsx'));
const KiisPage = lazy(() => import('@/features/campaigns/pages/KiisPage.tsx'));
const ClassificationPage = lazy(() => import('@/features/verification/pages/ClassificationPage.tsx'));
const AdminClassificationsPage = lazy(() => import('@/features/admin/pages/AdminClassificationsPage.tsx'));
const HowItWorksPage = lazy(() => import('@/features/marketing/HowItWorksPage.tsx'));
const BreakdownPage = lazy(() => import('@/features/marketing/BreakdownPage.tsx'));
const TermsPage = lazy(() => import('@/features/marketing/TermsPage.tsx'));
const PrivacyPage = lazy(() => import('@/features/marketing/PrivacyPage.tsx'));
const CompliancePage = lazy(() => import('@/features/marketing/CompliancePage.tsx'));
const ProfilePage = lazy(() => import('@/features/accounts/pages/ProfilePage.tsx'));
const ResetPasswordPage = lazy(() => import('@/features/accounts/pages/ResetPasswordPage.tsx'));
const VerifyEmailPage = lazy(() => import('@/features/accounts/pages/VerifyEmailPage.tsx'));
// The trader's dashboard with the verification banner (composed in app/, as /dashboard is).
const TraderDashboardPage = lazy(() =>
  import('./pages/DashboardPage.tsx').then((m) => ({ default: m.TraderDashboardRoute })),
);
const TraderCreatePage = lazy(() => import('@/features/campaigns/trader/pages/TraderCreatePage.tsx'));
const TraderCampaignsPage = lazy(() => import('@/features/campaigns/trader/pages/TraderCampaignsPage.tsx'));
const TraderAnalyticsPage = lazy(() => import('@/features/campaigns/trader/pages/TraderAnalyticsPage.tsx'));
const PortfolioPage = lazy(() => import('@/features/portfolio/pages/PortfolioPage.tsx'));
const StatementsPage = lazy(() => import('@/features/portfolio/pages/StatementsPage.tsx'));
const OffersPage = lazy(() => import('@/features/marketplace/pages/OffersPage.tsx'));
const OrdersPage = lazy(() => import('@/features/marketplace/pages/OrdersPage.tsx'));
const TrackingPage = lazy(() => import('@/features/marketplace/pages/TrackingPage.tsx'));
const TraderMarketplacePage = lazy(() => import('@/features/marketplace/pages/TraderMarketplacePage.tsx'));
const VerificationPage = lazy(() => import('@/features/verification/pages/VerificationPage.tsx'));
const ComplaintsPage = lazy(() => import('@/features/verification/pages/ComplaintsPage.tsx'));
const NotificationsPage = lazy(() => import('@/features/notifications/pages/NotificationsPage.tsx'));
const AdminComplaintsPage = lazy(() => import('@/features/admin/pages/AdminComplaintsPage.tsx'));
const AdminKycPage = lazy(() => import('@/features/admin/pages/AdminKycPage.tsx'));
const AdminCampaignReviewsPage = lazy(() => import('@/features/admin/pages/AdminCampaignReviewsPage.tsx'));
const AdminEscrowPage = lazy(() => import('@/features/admin/pages/AdminEscrowPage.tsx'));
const AdminReportsPage = lazy(() => import('@/features/admin/pages/AdminReportsPage.tsx'));
const AdminMoneyPage = lazy(() => import('@/features/admin/pages/AdminMoneyPage.tsx'));
const AdminJobsPage = lazy(() => import('@/features/admin/pages/AdminJobsPage.tsx'));
const AdminTwoFactorPage = lazy(() => import('@/features/accounts/pages/AdminTwoFactorPage.tsx'));
const DashboardPage = lazy(() => import('./pages/DashboardPage.tsx'));
const SettingsPage = lazy(() => import('./pages/SettingsPage.tsx'));
const StatementPage = lazy(() => import('@/features/origin/pages/StatementPage.tsx'));
const VerifyPage = lazy(() => import('@/features/origin/pages/VerifyPage.tsx'));
const TraderCertificatesPage = lazy(() => import('@/features/origin/pages/TraderCertificatesPage.tsx'));
const AdminCertificatesPage = lazy(() => import('@/features/admin/pages/AdminCertificatesPage.tsx'));
const NotFoundPage = lazy(() => import('./pages/NotFoundPage.tsx'));

// Each route with the title its browser tab gets (null: the site's own title, as on the landing page).
const ROUTES: Array<[path: string, component: ComponentType, title: string | null]> = [
  ['/', LandingPage, null],
  ['/campaigns', CampaignsPage, 'All Campaigns'],
  ['/campaigns/:id', CampaignPage, 'Campaign'],
  ['/campaigns/:id/kiis', KiisPage, 'Key investment information'],
  ['/investor/classification', ClassificationPage, 'Investor classification'],
  ['/admin/classifications', AdminClassificationsPage, 'Investor classifications'],
  ['/how-it-works', HowItWorksPage, 'How It Works'],
  ['/breakdown', BreakdownPage, 'Cost Breakdown'],
  ['/terms', TermsPage, 'Terms of Service'],
  ['/privacy', PrivacyPage, 'Privacy'],
  ['/compliance', CompliancePage, 'Compliance'],
  ['/dashboard', DashboardPage, 'Dashboard'],
  ['/trader/dashboard', TraderDashboardPage, 'Trader Dashboard'],
  ['/trader/create', TraderCreatePage, 'Create Campaign'],
  ['/buyer/dashboard', DashboardPage, 'Buyer Dashboard'],
  ['/admin/dashboard', DashboardPage, 'Admin Dashboard'],
  ['/portfolio', PortfolioPage, 'Portfolio'],
  ['/statements', StatementsPage, 'Statements'],
  ['/profile', ProfilePage, 'Profile'],
  ['/settings', SettingsPage, 'Settings'],
  ['/reset-password', ResetPasswordPage, 'Reset your password'],
  ['/verify-email', VerifyEmailPage, 'Verify your email address'],
  ['/verification', VerificationPage, 'Verification'],
  ['/complaints', ComplaintsPage, 'Complaints'],
  ['/notifications', NotificationsPage, 'Notifications'],
  ['/trader/campaigns', TraderCampaignsPage, 'My Campaigns'],
  ['/trader/analytics', TraderAnalyticsPage, 'Campaign Analytics'],
  ['/trader/marketplace', TraderMarketplacePage, 'Marketplace'],
  ['/buyer/offers', OffersPage, 'Hydrogen Offers'],
  ['/buyer/orders', OrdersPage, 'My Orders'],
  ['/buyer/tracking', TrackingPage, 'Shipment Tracking'],
  ['/admin/kyc', AdminKycPage, 'KYC Review'],
  ['/admin/reviews', AdminCampaignReviewsPage, 'Campaign reviews'],
  ['/admin/escrow', AdminEscrowPage, 'Escrow Monitoring'],
  ['/admin/reports', AdminReportsPage, 'Compliance Reports'],
  ['/admin/money', AdminMoneyPage, 'Settlements and Releases'],
  ['/admin/jobs', AdminJobsPage, 'Background Jobs'],
  ['/admin/complaints', AdminComplaintsPage, 'Complaints'],
  ['/admin/two-factor', AdminTwoFactorPage, 'Two-step verification'],
  ['/admin/certificates', AdminCertificatesPage, 'Guarantees of Origin'],
  ['/trader/certificates', TraderCertificatesPage, 'Guarantees of Origin'],
  ['/buyer/orders/:id/certificate', StatementPage, 'Guarantee of Origin cancellation statement'],
  ['/verify/:code', VerifyPage, 'Verify a Guarantee of Origin cancellation'],
];

/** Sets the route's title before its page renders (a page may then name its subject, as a campaign does). */
function RouteTitle({ title }: { title: string | null }) {
  useDocumentTitle(title);
  return null;
}

function PageFallback() {
  return <div className="mx-auto min-h-[60vh] max-w-7xl px-4 py-10" aria-busy="true" />;
}

export function AppRoutes() {
  return (
    <Suspense fallback={<PageFallback />}>
      <Switch>
        {ROUTES.map(([path, Component, title]) => (
          <Route key={path} path={path}>
            <RouteTitle title={title} />
            <Component />
          </Route>
        ))}
        <Route>
          <RouteTitle title="Page Not Found" />
          <NotFoundPage />
        </Route>
      </Switch>
    </Suspense>
  );
}
