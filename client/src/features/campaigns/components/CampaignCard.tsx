import { MapPin } from 'lucide-react';
import { Link } from 'wouter';
import type { Campaign } from '@domain/campaign-schemas.ts';
import { campaignFigures } from '@domain/campaign-figures.ts';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { Progress } from '@/components/ui/progress.tsx';
import { formatNumber, formatPercent, formatUsd, formatUsdCents } from '@/lib/format.ts';
import { investorsText } from '../campaign-text.ts';
import { FundingTimeline } from './FundingTimeline.tsx';
import { InvestButton } from './InvestButton.tsx';
import { RiskBadge } from './RiskBadge.tsx';
import { Figure } from '@/components/ui/figure.tsx';
import { CarbonIntensity } from '@/features/origin/index.ts';

/**
 * The campaign card of spec §2. At 100% funding the button reads Fully Funded and does nothing. The
 * title links to the campaign page.
 */
export function CampaignCard({
  campaign,
  onInvest,
}: {
  campaign: Campaign;
  onInvest: (c: Campaign) => void;
}) {
  const f = campaignFigures(campaign);
  const titleId = `campaign-${campaign.id}-title`;
  return (
    <Card className="flex flex-col" aria-labelledby={titleId} role="article">
      <CardHeader>
        <div className="flex items-start justify-between gap-3">
          <CardTitle id={titleId}>
            <Link href={`/campaigns/${campaign.id}`} className="underline-offset-4 hover:underline">
              {campaign.title}
            </Link>
          </CardTitle>
          <RiskBadge risk={campaign.riskLevel} className="shrink-0" />
        </div>
        <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
          <MapPin className="h-4 w-4 shrink-0" aria-hidden />
          {campaign.tradeRoute}
        </p>
      </CardHeader>
      <CardContent className="flex-1 space-y-4">
        <dl className="grid grid-cols-3 gap-3 text-sm">
          <Figure label="Quantity">{`${formatNumber(campaign.quantity)} t`}</Figure>
          <Figure label="Expected ROI">{formatPercent(f.expectedRoiPercent)}</Figure>
          <Figure label="Min. investment">{formatUsd(campaign.minimumInvestment)}</Figure>
          <Figure label="Buy price">{`${formatUsdCents(campaign.buyPrice)}/kg`}</Figure>
          <Figure label="Sell price">{`${formatUsdCents(campaign.sellPrice)}/kg`}</Figure>
          <Figure label="Margin">{`${formatUsdCents(f.marginPerKg)}/kg`}</Figure>
        </dl>
        <div className="space-y-1.5">
          <div className="flex justify-between text-sm">
            <span className="font-medium">{formatUsd(campaign.raisedAmount)} raised</span>
            <span className="text-muted-foreground">{formatPercent(f.progressPercent)}</span>
          </div>
          <Progress percent={Number(f.progressPercent)} label={`Funding progress of ${campaign.title}`} />
          <p className="flex justify-between gap-2 text-xs text-muted-foreground">
            <span>of {formatUsd(campaign.targetAmount)} target</span>
            <span>{investorsText(campaign.investorCount)}</span>
          </p>
        </div>
        <FundingTimeline campaign={campaign} figures={f} />
        <p className="text-xs">
          <CarbonIntensity value={campaign.carbonIntensity} label />
        </p>
      </CardContent>
      <CardFooter>
        <InvestButton campaign={campaign} onInvest={onInvest} />
      </CardFooter>
    </Card>
  );
}
