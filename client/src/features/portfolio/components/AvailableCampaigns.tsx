// The campaigns open for funding (spec §2): target, raised, expected ROI, quantity, progress, deadline
// and an Invest button, closing soonest first.
import { CalendarClock } from 'lucide-react';
import { Link } from 'wouter';
import type { Campaign } from '@domain/campaign-schemas.ts';
import { campaignFigures } from '@domain/campaign-figures.ts';
import { Button } from '@/components/ui/button.tsx';
import { Card } from '@/components/ui/card.tsx';
import { Progress } from '@/components/ui/progress.tsx';
import { formatDate, formatNumber, formatPercent, formatUsd } from '@/lib/format.ts';
import { useCampaignPage, useInvestAction } from '@/features/campaigns/index.ts';
import { Figure } from '@/components/ui/figure.tsx';
import { countOf } from '@domain/plural.ts';

/** Enough to choose from; the browse page has the rest. */
const AVAILABLE_LIMIT = 6;

function AvailableCampaign({ campaign }: { campaign: Campaign }) {
  const invest = useInvestAction();
  const f = campaignFigures(campaign);
  const titleId = `available-${campaign.id}`;
  return (
    <li>
      <Card
        aria-labelledby={titleId}
        role="article"
        className="grid gap-4 p-4 md:grid-cols-[1fr_auto] md:items-center"
      >
        <div className="min-w-0 space-y-3">
          <div>
            <h3 id={titleId} className="font-semibold">
              <Link href={`/campaigns/${campaign.id}`} className="underline-offset-4 hover:underline">
                {campaign.title}
              </Link>
            </h3>
            <p className="text-sm text-muted-foreground">{campaign.tradeRoute}</p>
          </div>
          <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-5">
            <Figure label="Target">{formatUsd(campaign.targetAmount)}</Figure>
            <Figure label="Raised">{formatUsd(campaign.raisedAmount)}</Figure>
            <Figure label="Expected ROI">{formatPercent(f.expectedRoiPercent)}</Figure>
            <Figure label="Quantity">{`${formatNumber(campaign.quantity)} t`}</Figure>
            <Figure label="Deadline">{formatDate(campaign.deadline)}</Figure>
          </dl>
          <div className="flex items-center gap-3">
            <Progress
              percent={Number(f.progressPercent)}
              label={`Funding progress of ${campaign.title}`}
              className="flex-1"
            />
            <span className="text-sm font-medium tabular-nums">{formatPercent(f.progressPercent)}</span>
          </div>
          <p className="flex items-center gap-1.5 text-xs text-muted-foreground">
            <CalendarClock className="h-4 w-4 shrink-0" aria-hidden />
            {countOf(f.daysLeft, 'day')} left · minimum {formatUsd(campaign.minimumInvestment)}
          </p>
        </div>
        <Button
          className="md:w-32"
          aria-label={`Invest in ${campaign.title}`}
          onClick={() => invest(campaign)}
        >
          Invest
        </Button>
      </Card>
    </li>
  );
}

export function AvailableCampaigns() {
  const list = useCampaignPage({ status: ['active'], sort: 'deadline', limit: AVAILABLE_LIMIT });
  // Still "active" but past its deadline until the server closes it: not investable, so not listed.
  const open = list.data?.campaigns.filter((c) => campaignFigures(c).fundingState === 'open');
  return (
    <section aria-labelledby="available-heading" className="mt-10 space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="available-heading" className="text-2xl font-semibold tracking-tight">
          Available Campaigns
        </h2>
        <Button variant="outline" asChild>
          <Link href="/campaigns?status=active">Browse all campaigns</Link>
        </Button>
      </div>
      {list.isPending ? (
        <p aria-busy="true" className="text-muted-foreground">
          Loading campaigns…
        </p>
      ) : list.error ? (
        <Card role="alert" className="p-6">
          <h3 className="font-semibold">Error Loading Campaigns</h3>
          <p className="text-sm text-muted-foreground">Please try again later</p>
        </Card>
      ) : !open?.length ? (
        <Card className="p-6 text-center text-muted-foreground">No campaigns available at the moment</Card>
      ) : (
        <ul className="grid gap-4" aria-label="Campaigns open for funding">
          {open.map((c) => (
            <AvailableCampaign key={c.id} campaign={c} />
          ))}
        </ul>
      )}
    </section>
  );
}
