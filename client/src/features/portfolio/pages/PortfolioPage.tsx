// /portfolio (issue 11, docs/money.md): the investor's HydroBridge balance (withdrawals); every
// investment with its campaign, amount, share, status, escrow, expected and actual profit; where its
// money is (paid → in escrow → each tranche to the trade with its evidence → the trader's settlement →
// paid to the balance, or refunded, with dates); the settlement's waterfall; the cargo's milestones;
// the allocation by route and by risk.
import { useState } from 'react';
import { Link } from 'wouter';
import { Bar, BarChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { PublicUser } from '@domain/auth.ts';
import { RISK_LABELS } from '@domain/campaigns.ts';
import {
  canDisputeEscrow,
  ESCROW_STATUS_LABELS,
  INVESTMENT_STATUS_LABELS,
  portfolioSummary,
} from '@domain/investments.ts';
import {
  allocation,
  moneySteps,
  portfolioTotals,
  sharePercent,
  type PortfolioCampaign,
  type PortfolioInvestment,
} from '@domain/portfolio.ts';
import { DisputeForm } from '@/components/dispute-form.tsx';
import { SettlementWaterfall } from '@/components/settlement-waterfall.tsx';
import { CashAccountCard } from '@/features/money/index.ts';
import { CampaignStatusBadge } from '@/components/campaign-status-badge.tsx';
import { Page } from '@/components/layouts/page.tsx';
import { Timeline } from '@/components/timeline.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent, CardHeader } from '@/components/ui/card.tsx';
import { ChartCard } from '@/components/chart-with-table.tsx';
import { StatCard } from '@/components/ui/stat-card.tsx';
import { RoleOnly } from '@/features/accounts/index.ts';
import { formatPercent, formatUsd, formatUsdCents } from '@/lib/format.ts';
import { useDisputeEscrow, usePortfolio } from '../api/portfolio.ts';
import { RevokeInvestment } from '../components/RevokeInvestment.tsx';
import { MilestoneTimeline } from '@/features/campaigns/index.ts';
import { FollowingCard, RecentUpdates } from '@/features/updates/index.ts';
import { countOf } from '@domain/plural.ts';

const TITLE = 'Portfolio';
const LEAD = 'Your investments across HydroBridge campaigns, valued from the escrow ledger.';
const AXIS = { fill: 'var(--muted-foreground)', fontSize: 12 };

function PortfolioView({ user }: { user: PublicUser }) {
  const { data, isPending, error } = usePortfolio();
  if (isPending)
    return (
      <Page title={TITLE} lead={LEAD}>
        <p aria-busy="true">Loading your portfolio…</p>
      </Page>
    );
  if (error || !data)
    return (
      <Page title={TITLE} lead={LEAD}>
        <p role="alert" className="text-destructive">
          Your portfolio could not be loaded. Please try again.
        </p>
      </Page>
    );
  const list = data.investments;
  if (list.length === 0)
    return (
      <Page title={TITLE} lead={LEAD}>
        <p className="text-muted-foreground">No investments yet.</p>
        <Button asChild className="mt-4">
          <Link href="/campaigns">Browse Campaigns</Link>
        </Button>
        <div className="mt-6">
          <FollowingCard />
        </div>
      </Page>
    );
  const s = portfolioSummary(list);
  const totals = portfolioTotals(list);
  return (
    <Page title={TITLE} lead={`${LEAD} Signed in as ${user.username}.`}>
      <ul aria-label="Your portfolio figures" className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <StatCard label="Portfolio Value" value={formatUsdCents(s.portfolioValue)}>
          At work at cost, plus payouts
        </StatCard>
        <StatCard label="In Escrow or at Work" value={formatUsdCents(totals.atWork)}>
          {countOf(s.activeCampaigns, 'campaign')}
        </StatCard>
        <StatCard label="Paid Out" value={formatUsdCents(totals.paidOut)}>
          {formatUsdCents(s.gains)} realised profit
          {s.totalRoiPercent !== null && ` (${formatPercent(s.totalRoiPercent)})`}
        </StatCard>
        <StatCard label="Refunded" value={formatUsdCents(totals.refunded)}>
          Back in full to where it came from
        </StatCard>
      </ul>
      <div className="mt-6">
        <CashAccountCard />
      </div>
      <div className="mt-6">
        <RecentUpdates />
      </div>
      <div className="mt-6">
        <FollowingCard />
      </div>
      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <AllocationChart
          id="route"
          title="Allocation by route"
          rows={allocation(list, (i) => i.tradeRoute)}
        />
        <AllocationChart
          id="risk"
          title="Allocation by risk"
          rows={allocation(list, (i) => RISK_LABELS[i.riskLevel])}
        />
      </div>
      <section aria-labelledby="investments-heading" className="mt-8 space-y-4">
        <h2 id="investments-heading" className="text-xl font-semibold">
          Your investments
        </h2>
        <ul className="space-y-4">
          {list.map((i) => (
            <InvestmentCard
              key={i.id}
              investment={i}
              campaign={data.campaigns.find((c) => c.id === i.campaignId)}
            />
          ))}
        </ul>
      </section>
    </Page>
  );
}

function AllocationChart({
  id,
  title,
  rows,
}: {
  id: string;
  title: string;
  rows: Array<{ label: string; amount: string }>;
}) {
  return (
    <ChartCard
      id={`allocation-${id}`}
      title={title}
      description="Money in escrow or at work now."
      empty={rows.length === 0 ? 'Nothing at work right now.' : undefined}
      table={{ caption: title, rows: rows.map((r) => [r.label, formatUsdCents(r.amount)]) }}
    >
      <ResponsiveContainer width="100%" height={Math.max(120, rows.length * 44)}>
        <BarChart data={rows.map((r) => ({ label: r.label, amount: Number(r.amount) }))} layout="vertical">
          <XAxis type="number" tick={AXIS} tickFormatter={(v: number) => formatUsd(String(v))} />
          <YAxis type="category" dataKey="label" width={150} tick={AXIS} />
          <Tooltip formatter={(v) => formatUsdCents(String(v))} />
          <Bar dataKey="amount" fill="var(--primary)" isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}

/**
 * Held money the investor believes is at risk (no shipment, a trader gone quiet): a dispute freezes it
 * until an admin releases it to the trade or refunds it (docs/admin.md). Asks for the reason first.
 */
function DisputeEscrow({ escrowId, campaignTitle }: { escrowId: string; campaignTitle: string }) {
  const [open, setOpen] = useState(false);
  const dispute = useDisputeEscrow();
  if (!open)
    return (
      <div className="md:col-span-3">
        <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
          Dispute this escrow
        </Button>
      </div>
    );
  return (
    <DisputeForm
      id={`dispute-${escrowId}`}
      formLabel={`Dispute the escrow of ${campaignTitle}`}
      fieldLabel="Why do you dispute it?"
      hint="The money stays in escrow until an admin reviews it and releases or refunds it."
      className="space-y-3 md:col-span-3"
      pending={dispute.isPending}
      error={dispute.error}
      // The card then reads "Disputed: an admin is reviewing it" in place of this form.
      onDispute={(reason) => dispute.mutate({ escrowId, reason }, { onSuccess: () => setOpen(false) })}
      onCancel={() => setOpen(false)}
    />
  );
}

function InvestmentCard({
  investment: i,
  campaign,
}: {
  investment: PortfolioInvestment;
  campaign: PortfolioCampaign | undefined;
}) {
  const shipping = i.campaignStatus === 'trading' || i.campaignStatus === 'completed';
  return (
    <li>
      <Card>
        <article aria-labelledby={`inv-${i.id}`}>
          <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
            <h3 id={`inv-${i.id}`} className="font-semibold">
              <Link href={`/campaigns/${i.campaignId}`} className="hover:underline">
                {i.campaignTitle}
              </Link>
            </h3>
            <CampaignStatusBadge status={i.campaignStatus} forInvestors />
          </CardHeader>
          <CardContent className="grid gap-6 md:grid-cols-3">
            <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
              <dt className="text-muted-foreground">Amount</dt>
              <dd className="text-right tabular-nums">{formatUsdCents(i.amount)}</dd>
              <dt className="text-muted-foreground">Share of target</dt>
              <dd className="text-right tabular-nums">{formatPercent(sharePercent(i.shares), 2)}</dd>
              <dt className="text-muted-foreground">Status</dt>
              <dd className="text-right">{INVESTMENT_STATUS_LABELS[i.status]}</dd>
              <dt className="text-muted-foreground">Escrow</dt>
              <dd className="text-right">{i.escrowStatus ? ESCROW_STATUS_LABELS[i.escrowStatus] : '—'}</dd>
              <dt className="text-muted-foreground">Gone to the trade</dt>
              <dd className="text-right tabular-nums">{formatUsdCents(i.releasedToTrade)}</dd>
              <dt className="text-muted-foreground">Expected profit</dt>
              <dd className="text-right tabular-nums">
                {/* Money that went back to the card earns nothing: no profit to expect. */}
                {i.status === 'refunded' || i.status === 'refunding' ? '—' : formatUsdCents(i.expectedProfit)}
              </dd>
              {i.profitShare !== null && (
                <>
                  <dt className="text-muted-foreground">Actual profit</dt>
                  <dd className="text-right tabular-nums">{formatUsdCents(i.profitShare)}</dd>
                  <dt className="text-muted-foreground">Payout</dt>
                  <dd className="text-right font-semibold tabular-nums">{formatUsdCents(i.payout ?? '0')}</dd>
                </>
              )}
            </dl>
            <div>
              <h4 className="mb-2 text-sm font-semibold">Where is my money</h4>
              <Timeline
                entries={moneySteps(i, campaign)}
                label={`Where the money of ${i.campaignTitle} is`}
              />
            </div>
            {shipping && (
              <div>
                <h4 className="mb-2 text-sm font-semibold">Shipment</h4>
                <MilestoneTimeline milestones={i.milestones} label={`Shipment of ${i.campaignTitle}`} />
              </div>
            )}
            {campaign?.settlement && campaign.settlement.status !== 'rejected' && (
              <div className="md:col-span-3">
                <h4 className="mb-2 text-sm font-semibold">The trade's result</h4>
                <SettlementWaterfall settlement={campaign.settlement} title={i.campaignTitle} />
              </div>
            )}
            {i.revocableUntil && <RevokeInvestment investment={{ ...i, revocableUntil: i.revocableUntil }} />}
            {canDisputeEscrow(i) && i.escrowId && (
              <DisputeEscrow escrowId={i.escrowId} campaignTitle={i.campaignTitle} />
            )}
          </CardContent>
        </article>
      </Card>
    </li>
  );
}

export default function PortfolioPage() {
  return (
    <RoleOnly
      role="investor"
      title={TITLE}
      signedOutLead="Sign in to see your investments and where your money is."
    >
      {(user) => <PortfolioView user={user} />}
    </RoleOnly>
  );
}
