// /trader/analytics: funding progress and expected ROI per campaign, and funds raised over time. The
// charts (recharts) load with this page only. Each chart has a heading and its data as a table.
import { useQueries } from '@tanstack/react-query';
import { apiQuery } from '@/lib/api.ts';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { PublicUser } from '@domain/auth.ts';
import type { Campaign } from '@domain/campaign-schemas.ts';
import { campaignFigures } from '@domain/campaign-figures.ts';
import { raisedByInvestmentDate } from '@domain/trader-campaigns.ts';
import { CAMPAIGN_API } from '@domain/endpoints/campaigns.ts';
import { inStatusGroup } from '@domain/campaigns.ts';
import { Page } from '@/components/layouts/page.tsx';
import { ChartCard } from '@/components/chart-with-table.tsx';
import { formatDate, formatPercent, formatUsd } from '@/lib/format.ts';
import { useTraderCampaigns } from '../../api/trader-campaigns.ts';
import { TraderCampaignsPending } from '../components/TraderCampaignsPending.tsx';
import { RoleOnly } from '@/features/accounts/index.ts';

const TITLE = 'Campaign Analytics';
const LEAD = 'Funding progress and expected ROI per campaign, and funds raised over time.';

const AXIS = { fill: 'var(--muted-foreground)', fontSize: 12 };
const shortTitle = (title: string) => (title.length > 26 ? `${title.slice(0, 25)}…` : title);

function Analytics({ user }: { user: PublicUser }) {
  const list = useTraderCampaigns(user.id);
  if (!list.campaigns) {
    return (
      <TraderCampaignsPending
        title={TITLE}
        lead={LEAD}
        error={list.error}
        loadingText="Loading campaign analytics..."
      />
    );
  }
  // Drafts (cancelled, refunded) raise nothing and promise nothing: left out of every chart.
  const live = list.campaigns.filter((c) => inStatusGroup(c.status, 'live'));
  if (live.length === 0) {
    return (
      <Page title={TITLE} lead={LEAD}>
        <p className="text-muted-foreground">Charts appear here once you have a campaign.</p>
      </Page>
    );
  }
  return (
    <Page title={TITLE} lead={LEAD}>
      <div className="grid gap-6 lg:grid-cols-2">
        <FundingChart campaigns={live} />
        <RoiChart campaigns={live} />
        <RaisedOverTimeChart campaigns={live} />
      </div>
    </Page>
  );
}

const TOOLTIP_STYLE = {
  background: 'var(--card)',
  borderColor: 'var(--border)',
  color: 'var(--foreground)',
};

/** The tooltip shows each point's formatted `label` under `name`. */
const tooltipLabel =
  (name: string) =>
  (_value: unknown, _name: unknown, item: { payload?: unknown }): [string, string] => [
    (item.payload as { label: string }).label,
    name,
  ];

const barHeight = (n: number) => Math.max(160, n * 44 + 40);

/** One horizontal bar per campaign for a percentage (a decimal string from domain/), with its table. */
function PerCampaignPercentChart({
  id,
  title,
  description,
  campaigns,
  percentOf,
  valueHeading,
  tooltipName,
  domain,
  tickCount,
  fill,
}: {
  id: string;
  title: string;
  description: string;
  campaigns: Campaign[];
  percentOf: (campaign: Campaign) => string;
  /** The table's value column. */
  valueHeading: string;
  tooltipName: string;
  domain: [number, (max: number) => number];
  tickCount?: number;
  fill: string;
}) {
  const data = campaigns.map((c) => {
    const percent = percentOf(c);
    return {
      name: shortTitle(c.title),
      title: c.title,
      value: Number(percent),
      label: formatPercent(percent),
    };
  });
  return (
    <ChartCard
      id={id}
      title={title}
      description={description}
      collapsed
      table={{ caption: title, head: ['Campaign', valueHeading], rows: data.map((d) => [d.title, d.label]) }}
    >
      <ResponsiveContainer width="100%" height={barHeight(data.length)}>
        <BarChart data={data} layout="vertical" margin={{ left: 8, right: 24 }} accessibilityLayer={false}>
          <CartesianGrid horizontal={false} stroke="var(--border)" />
          <XAxis type="number" domain={domain} tickCount={tickCount} tick={AXIS} unit="%" />
          <YAxis type="category" dataKey="name" width={170} tick={AXIS} />
          <Tooltip
            cursor={{ fill: 'var(--muted)' }}
            contentStyle={TOOLTIP_STYLE}
            formatter={tooltipLabel(tooltipName)}
          />
          <Bar dataKey="value" fill={fill} radius={[0, 4, 4, 0]} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}

function FundingChart({ campaigns }: { campaigns: Campaign[] }) {
  return (
    <PerCampaignPercentChart
      id="funding-progress"
      title="Funding progress per campaign"
      description="Raised so far as a percentage of each campaign's target."
      campaigns={campaigns}
      percentOf={(c) => campaignFigures(c).progressPercent}
      valueHeading="Raised of target"
      tooltipName="Raised"
      domain={[0, (max) => Math.max(100, Math.ceil(max))]}
      fill="var(--primary)"
    />
  );
}

function RoiChart({ campaigns }: { campaigns: Campaign[] }) {
  return (
    <PerCampaignPercentChart
      id="expected-roi"
      title="Expected ROI per campaign"
      description="(Sell price − buy price) / buy price for each campaign."
      campaigns={campaigns}
      percentOf={(c) => campaignFigures(c).expectedRoiPercent}
      valueHeading="Expected ROI"
      tooltipName="Expected ROI"
      domain={[0, (max) => Math.ceil(max / 100) * 100]}
      tickCount={5}
      fill="var(--accent-foreground)"
    />
  );
}

/** Each campaign's investor list (its investments with the day each was recorded), by campaign id. */
function useInvestmentsOf(campaigns: Campaign[]) {
  return useQueries({
    queries: campaigns.map((c) => apiQuery(CAMPAIGN_API.investors, { params: { id: c.id } })),
    combine: (results) => ({
      pending: results.some((r) => r.isPending),
      failed: results.some((r) => r.isError),
      byCampaign: Object.fromEntries(campaigns.map((c, i) => [c.id, results[i]?.data ?? []])),
    }),
  });
}

function RaisedOverTimeChart({ campaigns }: { campaigns: Campaign[] }) {
  const investments = useInvestmentsOf(campaigns);
  const points = raisedByInvestmentDate(campaigns, investments.byCampaign);
  const data = points.map((p) => ({
    date: formatDate(p.at),
    cumulative: Number(p.cumulative),
    label: formatUsd(p.cumulative),
  }));
  return (
    <ChartCard
      id="raised-over-time"
      collapsed
      className="lg:col-span-2"
      title="Funds raised over time"
      description={
        investments.failed
          ? 'The investments could not be loaded. Please try again later.'
          : investments.pending
            ? 'Loading the investments…'
            : 'Cumulative amount raised, investment by investment, on the day each was recorded (refunded ones left out).'
      }
      table={{
        caption: 'Funds raised over time, by investment date',
        head: ['Recorded', 'Campaign', 'Invested', 'Cumulative'],
        rows: points.map((p) => [formatDate(p.at), p.title, formatUsd(p.raised), formatUsd(p.cumulative)]),
      }}
    >
      <ResponsiveContainer width="100%" height={280}>
        <LineChart data={data} margin={{ left: 8, right: 24, top: 8 }} accessibilityLayer={false}>
          <CartesianGrid stroke="var(--border)" />
          <XAxis dataKey="date" tick={AXIS} />
          <YAxis tick={AXIS} width={80} tickFormatter={(v: number) => formatUsd(v)} />
          <Tooltip contentStyle={TOOLTIP_STYLE} formatter={tooltipLabel('Raised to date')} />
          <Line
            type="stepAfter"
            dataKey="cumulative"
            stroke="var(--primary)"
            strokeWidth={2}
            dot
            isAnimationActive={false}
          />
        </LineChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}

export default function TraderAnalyticsPage() {
  return (
    <RoleOnly
      role="trader"
      title={TITLE}
      signedOutLead="Sign in as a trader to see how your campaigns are funding."
    >
      {(user) => <Analytics user={user} />}
    </RoleOnly>
  );
}
