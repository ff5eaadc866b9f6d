// Trader dashboard (spec §2): four stat cards, then My Campaigns in tabs with View, Edit and Track
// Shipment. /trader/dashboard renders the page; /dashboard renders TraderDashboard for a trader.
import type { PublicUser } from '@domain/auth.ts';
import { Link } from 'wouter';
import { Page } from '@/components/layouts/page.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { useTraderStats } from '../../api/campaigns.ts';
import { useTraderCampaigns } from '../../api/trader-campaigns.ts';
import { TraderCampaignTabs } from '../components/TraderCampaignTabs.tsx';
import { TraderStatCards } from '../components/TraderStatCards.tsx';
import { useCampaignDialogs } from '../components/use-campaign-dialogs.tsx';
import { BankAccountNotice } from '@/features/money/index.ts';

const TITLE = 'Trader Dashboard';
const LEAD = 'Run your campaigns: funding, edits and shipments.';

export function TraderDashboard({ user }: { user: PublicUser }) {
  const stats = useTraderStats(user.id);
  const list = useTraderCampaigns(user.id);
  const { actions, dialogs } = useCampaignDialogs();
  const error = stats.error ?? list.error;

  // Spec §8: the heading, then the failed call's own message (spec §7), or 'Please try again later'.
  if (error) {
    return (
      <Page title={TITLE} lead={LEAD}>
        <Card role="alert" className="max-w-2xl border-destructive/40">
          <CardHeader>
            <CardTitle>Failed to load trader dashboard</CardTitle>
          </CardHeader>
          <CardContent>
            <p className="text-sm text-muted-foreground">{error.message || 'Please try again later'}</p>
          </CardContent>
        </Card>
      </Page>
    );
  }
  if (stats.isPending || list.isPending || !stats.data || !list.campaigns) {
    return (
      <Page title={TITLE} lead={LEAD}>
        <p aria-busy="true" className="text-muted-foreground">
          Loading trader dashboard...
        </p>
      </Page>
    );
  }

  return (
    <Page title={TITLE} lead={LEAD}>
      <TraderStatCards stats={stats.data} />
      <BankAccountNotice className="mt-6" />
      <section aria-labelledby="my-campaigns" className="mt-10 flex flex-col gap-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="my-campaigns" className="text-2xl font-semibold tracking-tight">
            My Campaigns
          </h2>
          <div className="flex flex-wrap gap-2">
            <Button asChild variant="outline">
              <Link href="/trader/create">Campaign Builder</Link>
            </Button>
            <Button asChild>
              <Link href="/trader/create">Create New Campaign</Link>
            </Button>
          </div>
        </div>
        <TraderCampaignTabs campaigns={list.campaigns} actions={actions} />
        <p className="text-sm text-muted-foreground">
          See every campaign in one table on{' '}
          <Link
            href="/trader/campaigns"
            className="font-medium text-primary underline-offset-4 hover:underline"
          >
            My Campaigns
          </Link>
          , and funding and ROI charts on{' '}
          <Link
            href="/trader/analytics"
            className="font-medium text-primary underline-offset-4 hover:underline"
          >
            Campaign Analytics
          </Link>
          . Sell hydrogen to buyers, answer their quote requests and deliver their orders on{' '}
          <Link
            href="/trader/marketplace"
            className="font-medium text-primary underline-offset-4 hover:underline"
          >
            Marketplace
          </Link>
          ; enter the Guarantees of Origin of your cargo on{' '}
          <Link
            href="/trader/certificates"
            className="font-medium text-primary underline-offset-4 hover:underline"
          >
            Guarantees of Origin
          </Link>
          .
        </p>
      </section>
      {dialogs}
    </Page>
  );
}
