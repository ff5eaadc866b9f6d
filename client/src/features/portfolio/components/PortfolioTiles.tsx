// The investor dashboard's six tiles (spec §2), computed by portfolioSummary from the investor's own
// investments. Values are at cost plus payouts: no ×1.08 placeholder, no estimate of profits not yet made.
import type { Investment } from '@domain/investments.ts';
import { portfolioSummary } from '@domain/investments.ts';
import { Link } from 'wouter';
import { StatCard } from '@/components/ui/stat-card.tsx';
import { formatNumber, formatPercent, formatUsdCents } from '@/lib/format.ts';
import { pluralWord } from '@domain/plural.ts';

export function PortfolioTiles({ investments }: { investments: Investment[] }) {
  const s = portfolioSummary(investments);
  return (
    <section aria-labelledby="portfolio-heading">
      <h2 id="portfolio-heading" className="sr-only">
        Portfolio
      </h2>
      <ul aria-label="Your portfolio figures" className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3">
        <StatCard label="Portfolio Value" value={formatUsdCents(s.portfolioValue)}>
          Active investments at cost, plus payouts
        </StatCard>
        <StatCard label="Today's Change" value={formatUsdCents(s.todaysChange)}>
          Profit or loss realised in 24 hours
        </StatCard>
        <StatCard label="Total Invested" value={formatUsdCents(s.totalInvested)}>
          Active and paid-out investments
        </StatCard>
        <StatCard label="Current Value" value={formatUsdCents(s.currentValue)}>
          {formatUsdCents(s.gains)} in gains
        </StatCard>
        <StatCard
          label="Total ROI"
          value={s.totalRoiPercent === null ? '—' : formatPercent(s.totalRoiPercent)}
        >
          Realised on paid-out campaigns
        </StatCard>
        <StatCard label="Active Campaigns" value={formatNumber(s.activeCampaigns)}>
          {pluralWord(s.activeCampaigns, 'Campaign')} you back now
        </StatCard>
      </ul>
      <p className="mt-3 text-sm text-muted-foreground">
        Values are at cost: your money sits in escrow until the cargo is delivered, and a campaign&apos;s
        profit is added when it completes and pays out. HydroBridge shows no estimated gains. Follow every
        step in your{' '}
        <Link className="underline" href="/portfolio">
          portfolio
        </Link>
        .
      </p>
    </section>
  );
}
