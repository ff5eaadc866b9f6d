// Every route of spec §2. The landing page ships in the entry chunk (it is the first paint); every
// other page is its own lazily loaded chunk.
import { lazy, Suspense, type ComponentType } from 'react';
import { Route, Switch } from 'wouter';
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

const ROUTES: Array<[path: string, component: ComponentType]> = [
  ['/', LandingPage],
  ['/campaigns', CampaignsPage],
  ['/campaigns/:id', CampaignPage],
  ['/campaigns/:id/kiis', KiisPage],
  ['/investor/classification', ClassificationPage],
  ['/admin/classifications', AdminClassificationsPage],
  ['/how-it-works', HowItWorksPage],
  ['/breakdown', BreakdownPage],
  ['/terms', TermsPage],
  ['/privacy', PrivacyPage],
  ['/compliance', CompliancePage],
  ['/dashboard', DashboardPage],
  ['/trader/dashboard', TraderDashboardPage],
  ['/trader/create', TraderCreatePage],
  ['/buyer/dashboard', DashboardPage],
  ['/admin/dashboard', DashboardPage],
  ['/portfolio', PortfolioPage],
  ['/statements', StatementsPage],
  ['/profile', ProfilePage],
  ['/settings', SettingsPage],
  ['/reset-password', ResetPasswordPage],
  ['/verify-email', VerifyEmailPage],
  ['/verification', VerificationPage],
  ['/complaints', ComplaintsPage],
  ['/notifications', NotificationsPage],
  ['/trader/campaigns', TraderCampaignsPage],
  ['/trader/analytics', TraderAnalyticsPage],
  ['/trader/marketplace', TraderMarketplacePage],
  ['/buyer/offers', OffersPage],
  ['/buyer/orders', OrdersPage],
  ['/buyer/tracking', TrackingPage],
  ['/admin/kyc', AdminKycPage],
  ['/admin/reviews', AdminCampaignReviewsPage],
  ['/admin/escrow', AdminEscrowPage],
  ['/admin/reports', AdminReportsPage],
  ['/admin/money', AdminMoneyPage],
  ['/admin/jobs', AdminJobsPage],
  ['/admin/complaints', AdminComplaintsPage],
  ['/admin/two-factor', AdminTwoFactorPage],
  ['/admin/certificates', AdminCertificatesPage],
  ['/trader/certificates', TraderCertificatesPage],
  ['/buyer/orders/:id/certificate', StatementPage],
  ['/verify/:code', VerifyPage],
];

function PageFallback() {
  return <div className="mx-auto min-h-[60vh] max-w-7xl px-4 py-10" aria-busy="true" />;
}

export function AppRoutes() {
  return (
    <Suspense fallback={<PageFallback />}>
      <Switch>
        {ROUTES.map(([path, component]) => (
          <Route key={path} path={path} component={component} />
        ))}
        <Route component={NotFoundPage} />
      </Switch>
    </Suspense>
  );
}
