// The dashboard's four stat cards (spec §2), from the trader stats call.
import type { TraderStats } from '@domain/campaign-schemas.ts';
import { StatCard } from '@/components/ui/stat-card.tsx';
import { formatNumber, formatPercent, formatUsd } from '@/lib/format.ts';

export function TraderStatCards({ stats }: { stats: TraderStats }) {
  return (
    <ul aria-label="Your campaign figures" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      <StatCard label="Total Campaigns" value={formatNumber(stats.totalCampaigns)}>
        {formatNumber(stats.activeCampaigns)} active
      </StatCard>
      <StatCard label="Total Funded" value={formatUsd(stats.totalFunded)}>
        Raised across your campaigns
      </StatCard>
      <StatCard label="Total Profits" value={formatUsd(stats.totalProfits)}>
        Success rate: {stats.successRate === null ? '—' : formatPercent(stats.successRate)}
      </StatCard>
      <StatCard label="Average ROI" value={stats.averageRoi === null ? '—' : formatPercent(stats.averageRoi)}>
        Expected, across your campaigns
      </StatCard>
    </ul>
  );
}
