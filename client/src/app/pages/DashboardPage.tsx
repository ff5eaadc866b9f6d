import { useLocation } from 'wouter';
import { Page } from '@/components/layouts/page.tsx';
import { Button } from '@/components/ui/button.tsx';
import { useAuth } from '@/features/auth/auth-context.tsx';
import { CREATE_CAMPAIGN_PAGE, DASHBOARDS } from './upcoming.ts';
import { UpcomingView } from './UpcomingPage.tsx';

const BY_PATH: Record<string, keyof typeof DASHBOARDS> = {
  '/trader/dashboard': 'trader',
  '/buyer/dashboard': 'buyer',
  '/admin/dashboard': 'admin',
};

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
  if (location === '/trader/create') return <UpcomingView page={CREATE_CAMPAIGN_PAGE} />;
  return <UpcomingView page={DASHBOARDS[BY_PATH[location] ?? user.role]} />;
}
