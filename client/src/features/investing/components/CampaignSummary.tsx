// The modal's campaign summary (spec §2): status badge, target, raised, progress, remaining and
// expected ROI (the spec's gross figure, labelled so) beside the return after costs and fees.
import { MapPin } from 'lucide-react';
import type { Campaign, CampaignDetail } from '@domain/campaign-schemas.ts';
import { expectedNetReturn } from '@domain/returns.ts';
import { campaignFigures } from '@domain/campaign-figures.ts';
import { CampaignStatusBadge } from '@/components/campaign-status-badge.tsx';
import { Progress } from '@/components/ui/progress.tsx';
import { formatPercent, formatUsd } from '@/lib/format.ts';
import { Figure } from '@/components/ui/figure.tsx';

export function CampaignSummary({ campaign }: { campaign: Campaign }) {
  const f = campaignFigures(campaign);
  return (
    <section aria-label="Campaign summary" className="space-y-3 rounded-lg border bg-muted/40 p-4">
      <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
        <CampaignStatusBadge status={campaign.status} />
        <span className="flex min-w-0 items-center gap-1">
          <MapPin className="h-4 w-4 shrink-0" aria-hidden />
          {campaign.tradeRoute}
        </span>
      </div>
      <dl className="grid grid-cols-2 gap-3 text-sm">
        <Figure label="Target">{formatUsd(campaign.targetAmount)}</Figure>
        <Figure label="Raised">{formatUsd(campaign.raisedAmount)}</Figure>
        <Figure label="Remaining">{formatUsd(f.remaining)}</Figure>
        <Figure label="Expected ROI (gross)">{formatPercent(f.expectedRoiPercent)}</Figure>
        {'disclosure' in campaign && (
          <Figure label="Expected return after costs and fees">
            {formatPercent(
              expectedNetReturn({ ...campaign, ...(campaign as CampaignDetail).disclosure }).netReturnPercent,
            )}
          </Figure>
        )}
      </dl>
      <div className="space-y-1">
        <Progress percent={Number(f.progressPercent)} label={`Funding progress of ${campaign.title}`} />
        <p className="text-xs text-muted-foreground tabular-nums">
          {formatPercent(f.progressPercent)} funded
        </p>
      </div>
    </section>
  );
}
