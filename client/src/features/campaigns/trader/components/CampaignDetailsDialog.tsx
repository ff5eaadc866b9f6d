// View: one campaign as its trader sees it (spec §2 details modal), loaded fresh from the detail call,
// with where its money went: the release schedule and, once declared, the P&L waterfall estimated
// beside actual.
import type { ReactNode } from 'react';
import type { CampaignDetail } from '@domain/campaign-schemas.ts';
import { campaignDateTimeline, campaignFigures } from '@domain/campaign-figures.ts';
import { REGION_LABELS, RISK_LABELS } from '@domain/campaigns.ts';
import { DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog.tsx';
import { Progress } from '@/components/ui/progress.tsx';
import { formatDate, formatNumber, formatPercent, formatUsd, formatUsdCents } from '@/lib/format.ts';
import { CampaignStatusBadge } from '@/components/campaign-status-badge.tsx';
import { Timeline } from '@/components/timeline.tsx';
import { SettlementWaterfall } from '@/components/settlement-waterfall.tsx';
import { InvestorList } from './InvestorList.tsx';
import { ReleaseSchedule } from './ReleaseSchedule.tsx';
import { inStatusGroup } from '@domain/campaigns.ts';
import { LoadedCampaignDialog } from './CampaignDialog.tsx';

export function CampaignDetailsDialog({
  campaignId,
  onClose,
}: {
  campaignId: string | null;
  onClose: () => void;
}) {
  return (
    <LoadedCampaignDialog
      campaignId={campaignId}
      onClose={onClose}
      width="wide"
      title="Campaign details"
      loadingText="Loading campaign details…"
      failedText="Failed to load campaign details"
    >
      {(campaign) => <Details campaign={campaign} />}
    </LoadedCampaignDialog>
  );
}

function Details({ campaign }: { campaign: CampaignDetail }) {
  const figures = campaignFigures(campaign);
  return (
    <>
      <DialogHeader>
        <div className="flex flex-wrap items-center gap-2">
          <DialogTitle>{campaign.title}</DialogTitle>
          <CampaignStatusBadge status={campaign.status} />
        </div>
        <DialogDescription>{campaign.tradeRoute}</DialogDescription>
      </DialogHeader>

      <section aria-label="Funding" className="grid gap-2">
        <div className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
          <span>
            <span className="font-semibold">{formatUsd(campaign.raisedAmount)}</span> raised of{' '}
            {formatUsd(campaign.targetAmount)} target
          </span>
          <span className="font-semibold tabular-nums">{formatPercent(figures.progressPercent)}</span>
        </div>
        <Progress percent={Number(figures.progressPercent)} label="Funding progress" />
      </section>

      <dl className="grid grid-cols-1 gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
        <Item label="Funding target">{formatUsd(campaign.targetAmount)}</Item>
        <Item label="Quantity">{formatNumber(campaign.quantity)} T of hydrogen</Item>
        <Item label="Expected ROI">
          {formatPercent(figures.expectedRoiPercent)}{' '}
          <span className="text-muted-foreground">
            (estimated profit {formatUsd(figures.estimatedProfit)})
          </span>
        </Item>
        <Item label="Trade route">{campaign.tradeRoute}</Item>
        <Item label="Deadline">{formatDate(campaign.deadline)}</Item>
        <Item label="Buy price">{formatUsdCents(campaign.buyPrice)}/kg</Item>
        <Item label="Sell price">{formatUsdCents(campaign.sellPrice)}/kg</Item>
        <Item label="Minimum investment">{formatUsd(campaign.minimumInvestment)}</Item>
        <Item label="Investors">{formatNumber(campaign.investorCount)}</Item>
        <Item label="Risk">{RISK_LABELS[campaign.riskLevel]}</Item>
        <Item label="Region">{REGION_LABELS[campaign.region]}</Item>
      </dl>

      <section aria-labelledby="campaign-details-description" className="grid gap-1 text-sm">
        <h3 id="campaign-details-description" className="font-semibold">
          Description
        </h3>
        <p className="whitespace-pre-line text-muted-foreground">
          {campaign.description || 'No description yet.'}
        </p>
      </section>

      {campaign.releases.length > 0 && <ReleaseSchedule campaign={campaign} />}

      {campaign.settlement && (
        <SettlementWaterfall
          settlement={campaign.settlement}
          title={campaign.title}
          campaignId={campaign.id}
        />
      )}

      <section aria-labelledby="campaign-details-timeline" className="grid gap-3">
        <h3 id="campaign-details-timeline" className="text-sm font-semibold">
          Timeline
        </h3>
        <Timeline entries={campaignDateTimeline(campaign)} label="Campaign timeline" />
      </section>
      {/* Settled campaigns have no Track Shipment: their investors (paid out or refunded) show here. */}
      {inStatusGroup(campaign.status, 'final') && (
        <InvestorList campaignId={campaign.id} title={campaign.title} />
      )}
    </>
  );
}

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="font-medium break-words">{children}</dd>
    </div>
  );
}
