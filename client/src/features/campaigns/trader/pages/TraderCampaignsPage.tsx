// /trader/campaigns: every campaign of the trader in one table, sortable by its column headers and
// filtered by status and text, with the dashboard's View / Edit / Track Shipment modals.
import { useState } from 'react';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { Link } from 'wouter';
import type { PublicUser } from '@domain/auth.ts';
import { campaignFigures } from '@domain/campaign-figures.ts';
import { CAMPAIGN_STATUSES, campaignStatusLabel, type CampaignStatus } from '@domain/campaigns.ts';
import { matchesCampaignText, sortCampaigns, type CampaignTableSort } from '@domain/trader-campaigns.ts';
import { Page } from '@/components/layouts/page.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Input, Label, NativeSelect } from '@/components/ui/input.tsx';
import { cn } from '@/lib/cn.ts';
import { formatDate, formatPercent, formatUsd } from '@/lib/format.ts';
import { useTraderCampaigns } from '../../api/trader-campaigns.ts';
import { CampaignStatusBadge } from '@/components/campaign-status-badge.tsx';
import { ReviewStatus } from '../components/ReviewStatus.tsx';
import { CampaignRowActions } from '../components/CampaignRowActions.tsx';
import { Table, Td as TableCell, Th } from '@/components/ui/table.tsx';
import { CampaignTitleCell, Td } from '../components/campaign-table-cells.tsx';
import { TraderCampaignsPending } from '../components/TraderCampaignsPending.tsx';
import { RoleOnly } from '@/features/accounts/index.ts';
import { useCampaignDialogs } from '../components/use-campaign-dialogs.tsx';

const TITLE = 'My Campaigns';
const LEAD = 'Every campaign you run, in one sortable and filterable table.';

type Direction = 'asc' | 'desc';

const COLUMNS: Array<{ sort: CampaignTableSort; label: string; numeric?: boolean }> = [
  { sort: 'title', label: 'Title' },
  { sort: 'status', label: 'Status' },
  { sort: 'target', label: 'Target', numeric: true },
  { sort: 'raised', label: 'Raised %', numeric: true },
  { sort: 'roi', label: 'ROI', numeric: true },
  { sort: 'deadline', label: 'Deadline' },
  { sort: 'created', label: 'Created' },
];

function CampaignTable({ user }: { user: PublicUser }) {
  const list = useTraderCampaigns(user.id);
  const { actions, dialogs } = useCampaignDialogs();
  const [status, setStatus] = useState<CampaignStatus | 'all'>('all');
  const [text, setText] = useState('');
  const [sort, setSort] = useState<{ by: CampaignTableSort; direction: Direction }>({
    by: 'created',
    direction: 'desc',
  });

  if (!list.campaigns) {
    return (
      <TraderCampaignsPending
        title={TITLE}
        lead={LEAD}
        error={list.error}
        loadingText="Loading your campaigns..."
      />
    );
  }

  const filtered = list.campaigns.filter(
    (c) => (status === 'all' || c.status === status) && matchesCampaignText(c, text),
  );
  const rows = sortCampaigns(filtered, sort.by, sort.direction);
  const toggle = (by: CampaignTableSort) =>
    setSort((s) => ({ by, direction: s.by === by && s.direction === 'asc' ? 'desc' : 'asc' }));

  return (
    <Page
      title={TITLE}
      lead={LEAD}
      actions={
        <Button asChild>
          <Link href="/trader/create">Create New Campaign</Link>
        </Button>
      }
    >
      <div className="mb-4 flex flex-wrap items-end gap-4" role="search" aria-label="Filter campaigns">
        <div className="grid w-full gap-1.5 sm:w-48">
          <Label htmlFor="campaign-status-filter">Status</Label>
          <NativeSelect
            id="campaign-status-filter"
            value={status}
            onChange={(e) => setStatus(e.target.value as CampaignStatus | 'all')}
          >
            <option value="all">All statuses</option>
            {CAMPAIGN_STATUSES.map((s) => (
              <option key={s} value={s}>
                {campaignStatusLabel(s)}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid w-full gap-1.5 sm:w-72">
          <Label htmlFor="campaign-text-filter">Filter by title or route</Label>
          <Input
            id="campaign-text-filter"
            type="search"
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
        </div>
        <p className="text-sm text-muted-foreground sm:ml-auto" aria-live="polite">
          {rows.length} of {list.campaigns.length} campaigns
        </p>
      </div>

      <Table
        caption="Campaigns"
        wrapperClassName="relative rounded-xl border bg-card"
        className="min-w-[60rem] text-sm"
      >
        <thead className="bg-muted/50 text-left text-xs tracking-wide text-muted-foreground uppercase">
          <tr>
            {COLUMNS.map((col) => {
              const active = sort.by === col.sort;
              return (
                <Th
                  key={col.sort}
                  numeric={col.numeric}
                  aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : undefined}
                  className="px-2 py-1.5 font-medium whitespace-nowrap"
                >
                  <button
                    type="button"
                    onClick={() => toggle(col.sort)}
                    className="inline-flex items-center gap-1 rounded px-2 py-1 uppercase hover:bg-muted hover:text-foreground"
                  >
                    {col.label}
                    <SortIcon active={active} direction={sort.direction} />
                  </button>
                </Th>
              );
            })}
            <Th className="px-4 py-2.5">
              <span className="sr-only">Actions</span>
            </Th>
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 && (
            <tr>
              <TableCell colSpan={COLUMNS.length + 1} className="px-4 py-8 text-center text-muted-foreground">
                {list.campaigns.length === 0
                  ? 'You have no campaigns yet.'
                  : 'No campaigns match these filters.'}
              </TableCell>
            </tr>
          )}
          {rows.map((c) => {
            const figures = campaignFigures(c);
            return (
              <tr key={c.id} className="border-t align-top">
                <CampaignTitleCell title={c.title} route={c.tradeRoute} />
                <Td>
                  <CampaignStatusBadge status={c.status} />
                  <ReviewStatus campaign={c} />
                </Td>
                <Td numeric>{formatUsd(c.targetAmount)}</Td>
                <Td numeric>{formatPercent(figures.progressPercent)}</Td>
                <Td numeric>{formatPercent(figures.expectedRoiPercent)}</Td>
                <Td className="whitespace-nowrap">{formatDate(c.deadline)}</Td>
                <Td className="whitespace-nowrap">{formatDate(c.createdAt)}</Td>
                <Td>
                  <CampaignRowActions campaign={c} actions={actions} />
                </Td>
              </tr>
            );
          })}
        </tbody>
      </Table>
      {dialogs}
    </Page>
  );
}

function SortIcon({ active, direction }: { active: boolean; direction: Direction }) {
  const Icon = !active ? ArrowUpDown : direction === 'asc' ? ArrowUp : ArrowDown;
  return <Icon className={cn('h-3.5 w-3.5', !active && 'opacity-50')} aria-hidden />;
}

export default function TraderCampaignsPage() {
  return (
    <RoleOnly role="trader" title={TITLE} signedOutLead="Sign in as a trader to see every campaign you run.">
      {(user) => <CampaignTable user={user} />}
    </RoleOnly>
  );
}
