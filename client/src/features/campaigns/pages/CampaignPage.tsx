import { ArrowLeft, Building2, CalendarClock, MapPin } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'wouter';
import { useDocumentTitle } from '@/hooks/use-document-title.ts';
import type { CampaignDetail } from '@domain/campaign-schemas.ts';
import { campaignDateTimeline, campaignFigures, campaignStatusTimeline } from '@domain/campaign-figures.ts';
import { REGION_LABELS } from '@domain/campaigns.ts';
import { REVIEW_STATUS_LABELS } from '@domain/diligence.ts';
import { expectedNetReturn } from '@domain/returns.ts';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { ApiError, serverMessageOf } from '@/lib/api.ts';
import { formatNumber, formatPercent, formatUsd, formatUsdCents } from '@/lib/format.ts';
import { CAMPAIGN_CALL_ERRORS, useCampaign } from '../api/campaigns.ts';
import { CampaignStatusBadge } from '@/components/campaign-status-badge.tsx';
import { Timeline } from '@/components/timeline.tsx';
import { ShipmentTimeline } from '../components/ShipmentTimeline.tsx';
import { ReleaseSchedule } from '@/components/release-schedule.tsx';
import { SettlementWaterfall } from '@/components/settlement-waterfall.tsx';
import { useAuth } from '@/features/accounts/index.ts';
import { DiligencePanel } from '../components/DiligencePanel.tsx';
import { RiskBadge } from '../components/RiskBadge.tsx';
import { CarbonIntensity } from '@/features/origin/index.ts';
import { CampaignQuestions, CampaignUpdates, FollowButton } from '@/features/updates/index.ts';

import { Fact, FundingCard, TrackRecord } from '../components/CampaignFacts.tsx';
function BackLink() {
  return (
    <Link
      href="/campaigns"
      className="inline-flex items-center gap-1.5 text-sm font-medium text-muted-foreground hover:text-foreground"
    >
      <ArrowLeft className="h-4 w-4" aria-hidden /> All campaigns
    </Link>
  );
}

function CampaignView({ campaign }: { campaign: CampaignDetail }) {
  const f = campaignFigures(campaign);
  const { user } = useAuth();
  const ownsIt = user?.id === campaign.traderId;
  const returns = expectedNetReturn({ ...campaign, ...campaign.disclosure });
  useDocumentTitle(campaign.title);
  return (
    <article aria-labelledby="campaign-title">
      <header>
        <div className="flex flex-wrap items-center gap-2">
          <CampaignStatusBadge status={campaign.status} />
          <RiskBadge risk={campaign.riskLevel} />
          <Badge>{REGION_LABELS[campaign.region]}</Badge>
          <span className="ml-auto">
            <FollowButton campaignId={campaign.id} title={campaign.title} />
          </span>
        </div>
        <h1 id="campaign-title" className="mt-3 text-3xl font-bold tracking-tight">
          {campaign.title}
        </h1>
        <p className="mt-2 flex items-center gap-1.5 text-muted-foreground">
          <MapPin className="h-4 w-4 shrink-0" aria-hidden />
          <span>{campaign.tradeRoute}</span>
        </p>
      </header>

      <div className="mt-8 grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <aside className="space-y-6 lg:sticky lg:top-20 lg:col-start-2 lg:row-start-1">
          <FundingCard campaign={campaign} />
          <Card aria-labelledby="trader-heading">
            <CardHeader>
              <CardTitle id="trader-heading">Trader</CardTitle>
            </CardHeader>
            <CardContent className="flex items-start gap-3">
              <span className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-accent text-accent-foreground">
                <Building2 className="h-5 w-5" aria-hidden />
              </span>
              <div>
                <p className="font-semibold">{campaign.traderName}</p>
                {campaign.traderCompany && (
                  <p className="text-sm text-muted-foreground">{campaign.traderCompany}</p>
                )}
              </div>
            </CardContent>
          </Card>
          <TrackRecord record={campaign.trackRecord} />
        </aside>

        <div className="space-y-6 lg:col-start-1 lg:row-start-1">
          {ownsIt && <DiligencePanel campaign={campaign} />}
          {!ownsIt && campaign.review.status !== 'approved' && (
            <p
              role="note"
              className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm dark:border-amber-800 dark:bg-amber-950"
            >
              Not public: this campaign is {REVIEW_STATUS_LABELS[campaign.review.status].toLowerCase()}.
              Investors see it once an admin approves it on the Campaign reviews page.
            </p>
          )}
          <Card aria-labelledby="economics-heading">
            <CardHeader>
              <CardTitle id="economics-heading">Trade economics</CardTitle>
            </CardHeader>
            <CardContent>
              <dl className="grid grid-cols-2 gap-x-4 gap-y-5 sm:grid-cols-3">
                <Fact label="Quantity" value={`${formatNumber(campaign.quantity)} t`} note="of hydrogen" />
                <Fact
                  label="Carbon intensity"
                  value={<CarbonIntensity value={campaign.carbonIntensity} />}
                  note="delivered, from its approved Guarantees of Origin"
                />
                <Fact label="Buy price" value={`${formatUsdCents(campaign.buyPrice)}/kg`} />
                <Fact label="Sell price" value={`${formatUsdCents(campaign.sellPrice)}/kg`} />
                <Fact label="Margin" value={`${formatUsdCents(f.marginPerKg)}/kg`} />
                <Fact
                  label="Expected return after costs and fees"
                  value={formatPercent(returns.netReturnPercent)}
                  note="to you: declared costs and the 5% platform fee deducted"
                />
                <Fact
                  label="Gross ROI"
                  value={formatPercent(f.expectedRoiPercent)}
                  note="(sell − buy) / buy, before costs and fees"
                />
                <Fact
                  label="Estimated campaign profit"
                  value={formatUsd(f.estimatedProfit)}
                  note="quantity × margin, before costs and fees"
                />
                <Fact
                  label="Declared costs"
                  value={formatUsd(returns.declaredCosts)}
                  note="conversion, shipping, insurance and fees"
                />
                <Fact
                  label="Profit shared by backers"
                  value={formatUsd(returns.investorsProfit)}
                  note="expected, after costs and fees"
                />
              </dl>
              <p className="mt-4 text-sm">
                <Link
                  href={`/campaigns/${campaign.id}/kiis`}
                  className="font-medium text-primary underline-offset-4 hover:underline"
                >
                  Key investment information sheet (version {campaign.termsVersion}, printable)
                </Link>
              </p>
            </CardContent>
          </Card>

          <Card aria-labelledby="about-heading">
            <CardHeader>
              <CardTitle id="about-heading">About this campaign</CardTitle>
            </CardHeader>
            <CardContent>
              <p className="whitespace-pre-line text-muted-foreground">
                {campaign.description || 'The trader has not added a description yet.'}
              </p>
            </CardContent>
          </Card>

          <CampaignUpdates campaignId={campaign.id} ownsIt={ownsIt} />

          <Card aria-labelledby="timeline-heading">
            <CardHeader>
              <CardTitle id="timeline-heading">Timeline</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-6 sm:grid-cols-2">
              <div>
                <h3 className="mb-3 flex items-center gap-1.5 text-sm font-semibold">
                  <CalendarClock className="h-4 w-4 text-muted-foreground" aria-hidden /> Key dates
                </h3>
                <Timeline entries={campaignDateTimeline(campaign)} label="Key dates" />
              </div>
              <div>
                <h3 className="mb-3 text-sm font-semibold">Progress · {f.statusLabel}</h3>
                <Timeline entries={campaignStatusTimeline(campaign)} label="Campaign progress" />
              </div>
              {(campaign.status === 'trading' || campaign.status === 'completed') && (
                <div>
                  <h3 className="mb-3 text-sm font-semibold">Shipment</h3>
                  <ShipmentTimeline campaignId={campaign.id} />
                </div>
              )}
            </CardContent>
          </Card>

          <Card aria-labelledby="money-heading">
            <CardHeader>
              <CardTitle id="money-heading">Where the money goes</CardTitle>
            </CardHeader>
            <CardContent className="space-y-6">
              <div>
                <h3 className="mb-1 text-sm font-semibold">To the trade</h3>
                <p className="mb-3 text-sm text-muted-foreground">
                  The raised money waits in escrow until the trader needs it, then goes in these tranches; a
                  tranche on a shipment milestone is released only once an admin checked its document.
                </p>
                <ReleaseSchedule releases={campaign.releases} title={campaign.title} />
              </div>
              {campaign.settlement && campaign.settlement.status !== 'rejected' && (
                <div>
                  <h3 className="mb-1 text-sm font-semibold">Back from the trade</h3>
                  <p className="mb-3 text-sm text-muted-foreground">
                    The trader declares the result and pays the settlement in; only then is it paid to the
                    investors' balances.
                  </p>
                  <SettlementWaterfall settlement={campaign.settlement} title={campaign.title} />
                </div>
              )}
            </CardContent>
          </Card>

          <CampaignQuestions campaignId={campaign.id} traderId={campaign.traderId} />
        </div>
      </div>
    </article>
  );
}

function MessageCard({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Card role="alert" className="mx-auto mt-8 max-w-md text-center">
      <CardHeader>
        <h1 className="text-2xl font-bold">{title}</h1>
      </CardHeader>
      <CardContent className="space-y-4">
        {children}
        <Button asChild>
          <Link href="/campaigns">Back to all campaigns</Link>
        </Button>
      </CardContent>
    </Card>
  );
}

function LoadingView() {
  return (
    <div aria-busy="true" aria-label="Loading campaign" className="animate-pulse">
      <div className="h-6 w-48 rounded bg-muted" />
      <div className="mt-4 h-9 w-3/4 max-w-xl rounded bg-muted" />
      <div className="mt-3 h-5 w-72 max-w-full rounded bg-muted" />
      <div className="mt-8 grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <div className="h-64 rounded-xl bg-muted/60" />
        <div className="h-80 rounded-xl bg-muted/60" />
      </div>
    </div>
  );
}

/** One campaign with everything an investor weighs before backing it. */
export default function CampaignPage() {
  const { id } = useParams<{ id: string }>();
  const campaign = useCampaign(id);
  let body: ReactNode;
  if (campaign.isPending) body = <LoadingView />;
  else if (campaign.error instanceof ApiError && campaign.error.status === 404)
    body = (
      <MessageCard title={serverMessageOf(campaign.error) ?? 'Campaign not found'}>
        <p className="text-sm text-muted-foreground">
          The link may be mistyped, or the campaign is no longer listed.
        </p>
      </MessageCard>
    );
  else if (campaign.error)
    body = (
      <MessageCard title={CAMPAIGN_CALL_ERRORS.campaign}>
        <p className="text-sm break-words text-muted-foreground">{campaign.error.message}</p>
      </MessageCard>
    );
  else body = <CampaignView campaign={campaign.data} />;
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <BackLink />
      <div className="mt-6">{body}</div>
    </div>
  );
}
