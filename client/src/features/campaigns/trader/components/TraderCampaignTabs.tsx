// My Campaigns: Active / Funded / Completed / All tabs (WAI-ARIA tabs pattern: arrow keys, Home and
// End move between tabs, automatic activation), each a table of the spec §3 trader rows.
import { useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import type { Campaign } from '@domain/campaign-schemas.ts';
import {
  inTraderTab,
  TRADER_TAB_LABELS,
  TRADER_TABS,
  traderCampaignRow,
  type TraderTab,
} from '@domain/trader-campaigns.ts';
import { Button } from '@/components/ui/button.tsx';
import { TabList, tabPanelProps } from '@/components/ui/tabs.tsx';
import { formatNumber, formatPercent, formatUsd } from '@/lib/format.ts';
import { CampaignStatusBadge } from '@/components/campaign-status-badge.tsx';
import { ReviewStatus } from './ReviewStatus.tsx';
import { CampaignRowActions } from './CampaignRowActions.tsx';
import { Table, Th as ColumnHeader } from '@/components/ui/table.tsx';
import { CampaignTitleCell, Td } from './campaign-table-cells.tsx';
import type { CampaignActions } from './use-campaign-dialogs.tsx';

const EMPTY: Record<TraderTab, string> = {
  active: 'No active campaigns: none of your campaigns is raising funds right now.',
  funded: 'No funded campaigns yet: campaigns show here once they reach their target.',
  completed: 'No completed campaigns yet: campaigns show here once their cargo is delivered and settled.',
  all: 'You have no campaigns yet.',
};

export function TraderCampaignTabs({
  campaigns,
  actions,
}: {
  campaigns: Campaign[];
  actions: CampaignActions;
}) {
  const [tab, setTab] = useState<TraderTab>('active');

  const shown = campaigns.filter((c) => inTraderTab(c, tab));

  return (
    <div className="flex flex-col gap-4">
      <TabList
        idPrefix="trader"
        label="Campaigns by status"
        tabs={TRADER_TABS}
        value={tab}
        onValueChange={setTab}
        className="max-w-md"
        renderTab={(t) => (
          <>
            {TRADER_TAB_LABELS[t]}
            <span className="ml-1 text-xs text-muted-foreground tabular-nums">
              ({campaigns.filter((c) => inTraderTab(c, t)).length})
            </span>
          </>
        )}
      />
      <div {...tabPanelProps('trader', tab)}>
        {shown.length === 0 ? (
          <div className="grid justify-items-start gap-3 rounded-xl border border-dashed p-6">
            <p className="text-sm text-muted-foreground">{EMPTY[tab]}</p>
            <Button asChild>
              <Link href="/trader/create">Create New Campaign</Link>
            </Button>
          </div>
        ) : (
          <CampaignRows campaigns={shown} actions={actions} label={`${TRADER_TAB_LABELS[tab]} campaigns`} />
        )}
      </div>
    </div>
  );
}

function CampaignRows({
  campaigns,
  actions,
  label,
}: {
  campaigns: Campaign[];
  actions: CampaignActions;
  label: string;
}) {
  const now = new Date();
  return (
    <Table
      caption={label}
      wrapperClassName="relative rounded-xl border bg-card"
      className="min-w-[64rem] text-sm"
    >
      <thead className="bg-muted/50 text-left text-xs tracking-wide text-muted-foreground uppercase">
        <tr>
          <Th>Campaign</Th>
          <Th numeric>Quantity</Th>
          <Th numeric>Target</Th>
          <Th numeric>Raised</Th>
          <Th numeric>Investors</Th>
          <Th>Status</Th>
          <Th numeric>ROI</Th>
          <Th numeric>Days left</Th>
          <Th numeric>
            <span className="sr-only">Actions</span>
          </Th>
        </tr>
      </thead>
      <tbody>
        {campaigns.map((campaign) => {
          const row = traderCampaignRow(campaign, now);
          return (
            <tr key={row.id} className="border-t align-top">
              <CampaignTitleCell title={row.title} route={row.route} />
              <Td numeric className="whitespace-nowrap">
                {formatNumber(row.quantity)} {row.unit}
              </Td>
              <Td numeric>{formatUsd(row.targetAmount)}</Td>
              <Td numeric>
                {formatUsd(row.raisedAmount)}
                <span className="block text-xs text-muted-foreground">
                  {formatPercent(row.progressPercent)}
                </span>
              </Td>
              <Td numeric>{formatNumber(row.investorCount)}</Td>
              <Td>
                <CampaignStatusBadge status={row.status} />
                <ReviewStatus campaign={campaign} />
              </Td>
              <Td numeric>{formatPercent(row.roi)}</Td>
              <Td numeric>{row.daysLeft === null ? '—' : formatNumber(row.daysLeft)}</Td>
              <Td>
                <CampaignRowActions campaign={campaign} actions={actions} />
              </Td>
            </tr>
          );
        })}
      </tbody>
    </Table>
  );
}

function Th({ children, numeric }: { children: ReactNode; numeric?: boolean }) {
  return (
    <ColumnHeader numeric={numeric} className="px-4 py-2.5 font-medium whitespace-nowrap">
      {children}
    </ColumnHeader>
  );
}
