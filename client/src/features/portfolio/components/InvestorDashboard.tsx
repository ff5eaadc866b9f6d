// Investor dashboard (spec §2): the portfolio tiles, the campaigns open for funding, and My
// Investments. /dashboard renders it for an investor.
import type { PublicUser } from '@domain/auth.ts';
import { Page } from '@/components/layouts/page.tsx';
import { Card } from '@/components/ui/card.tsx';
import { useInvestments } from '@/features/investing/index.ts';
import { AvailableCampaigns } from './AvailableCampaigns.tsx';
import { MyInvestments } from './MyInvestments.tsx';
import { PortfolioTiles } from './PortfolioTiles.tsx';

const TITLE = 'Investor Dashboard';
const LEAD = 'Your portfolio at a glance and the campaigns open for investment.';

export function InvestorDashboard({ user }: { user: PublicUser }) {
  const investments = useInvestments(user.id);
  return (
    <Page title={TITLE} lead={LEAD}>
      {investments.isPending ? (
        <p aria-busy="true" className="text-muted-foreground">
          Loading your investments…
        </p>
      ) : investments.error ? (
        <Card role="alert" className="max-w-2xl p-6">
          <h2 className="font-semibold">Failed to load your investments</h2>
          <p className="mt-1 text-sm break-words text-muted-foreground">
            {investments.error.message || 'Please try again later'}
          </p>
        </Card>
      ) : (
        <PortfolioTiles investments={investments.data} />
      )}
      <AvailableCampaigns />
      {investments.data && <MyInvestments investments={investments.data} />}
    </Page>
  );
}
