// My Investments (spec §2): Active (confirmed), Completed (paid out) and All tabs. Each investment
// with its campaign, amount, share of the campaign, status, escrow status and date.
import { useState } from 'react';
import { Link } from 'wouter';
import { sharePercent } from '@domain/investment-form.ts';
import {
  ESCROW_STATUS_LABELS,
  inInvestmentTab,
  INVESTMENT_STATUS_LABELS,
  INVESTMENT_TAB_LABELS,
  INVESTMENT_TABS,
  type Investment,
  type InvestmentStatus,
  type InvestmentTab,
} from '@domain/investments.ts';
import { Badge, type BadgeTone } from '@/components/ui/badge.tsx';
import { Card } from '@/components/ui/card.tsx';
import { TabList, tabPanelProps } from '@/components/ui/tabs.tsx';
import { formatDate, formatUsdCents } from '@/lib/format.ts';
import { Figure } from '@/components/ui/figure.tsx';

const EMPTY: Record<InvestmentTab, { title: string; text: string }> = {
  active: { title: 'No active investments yet', text: 'Start by investing in a campaign above' },
  completed: {
    title: 'No completed investments yet',
    text: 'An investment moves here when its cargo is delivered and the profit is paid out.',
  },
  all: { title: 'No investments yet', text: 'Start by investing in a campaign above' },
};

const STATUS_TONES: Record<InvestmentStatus, BadgeTone> = {
  pending: 'amber',
  confirmed: 'green',
  refunding: 'amber',
  refunded: 'neutral',
  paid_out: 'blue',
  expired: 'neutral',
  voided: 'neutral',
};

function InvestmentRow({ investment }: { investment: Investment }) {
  const share = sharePercent(investment.shares);
  return (
    <li className="grid gap-3 p-4 md:grid-cols-[minmax(0,1.4fr)_minmax(0,3fr)] md:items-center">
      <h3 className="font-semibold">
        <Link href={`/campaigns/${investment.campaignId}`} className="underline-offset-4 hover:underline">
          {investment.campaignTitle}
        </Link>
      </h3>
      <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-5">
        <Figure label="Amount">{formatUsdCents(investment.amount)}</Figure>
        <Figure label="Share">{share === '<0.01' ? '<0.01%' : `${share}%`} of campaign</Figure>
        <Figure label="Status">
          <Badge tone={STATUS_TONES[investment.status]}>{INVESTMENT_STATUS_LABELS[investment.status]}</Badge>
        </Figure>
        <Figure label="Escrow">
          {investment.escrowStatus ? ESCROW_STATUS_LABELS[investment.escrowStatus] : '—'}
        </Figure>
        <Figure label="Date">
          <time dateTime={investment.confirmedAt ?? investment.createdAt}>
            {formatDate(investment.confirmedAt ?? investment.createdAt)}
          </time>
        </Figure>
      </dl>
    </li>
  );
}

export function MyInvestments({ investments }: { investments: Investment[] }) {
  const [tab, setTab] = useState<InvestmentTab>('active');
  const shown = investments.filter((i) => inInvestmentTab(i, tab));
  return (
    <section aria-labelledby="my-investments" className="mt-10 space-y-4">
      <h2 id="my-investments" className="text-2xl font-semibold tracking-tight">
        My Investments
      </h2>
      <TabList
        idPrefix="investments"
        label="Investments by status"
        tabs={INVESTMENT_TABS}
        value={tab}
        onValueChange={setTab}
        className="max-w-sm"
        renderTab={(t) => (
          <>
            {INVESTMENT_TAB_LABELS[t]}
            <span className="ml-1 text-xs text-muted-foreground tabular-nums">
              ({investments.filter((i) => inInvestmentTab(i, t)).length})
            </span>
          </>
        )}
      />
      <div {...tabPanelProps('investments', tab)}>
        {shown.length === 0 ? (
          <Card className="p-6 text-center">
            <p className="font-medium">{EMPTY[tab].title}</p>
            <p className="mt-1 text-sm text-muted-foreground">{EMPTY[tab].text}</p>
          </Card>
        ) : (
          <Card>
            <ul aria-label={`${INVESTMENT_TAB_LABELS[tab]} investments`} className="divide-y">
              {shown.map((i) => (
                <InvestmentRow key={i.id} investment={i} />
              ))}
            </ul>
          </Card>
        )}
      </div>
    </section>
  );
}
