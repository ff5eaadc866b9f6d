import { ArrowRight, Eye, Leaf, PieChart, ShieldCheck, Ship } from 'lucide-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { normalizeSearch } from '@domain/campaign-browse.ts';
import type { CampaignListQueryInput } from '@domain/campaign-schemas.ts';
import { CAMPAIGN_STATUS_GROUPS } from '@domain/campaigns.ts';
import { Button } from '@/components/ui/button.tsx';
import { Card } from '@/components/ui/card.tsx';
import { useAuth } from '@/features/accounts/index.ts';
import {
  campaignPageQuery,
  CampaignFilterFields,
  CampaignGrid,
  type CampaignFilterValues,
} from '@/features/campaigns/index.ts';
import { usePlatformStats } from '@/lib/platform-stats.ts';
import { useDebouncedValue } from '@/hooks/use-debounced-value.ts';
import { cn } from '@/lib/cn.ts';
import { formatNumber, formatPercent, formatUsd } from '@/lib/format.ts';

/**
 * Spec §2 shows three cards. The rule that picks them: campaigns open for funding, closest to their
 * target first (the server's "Most funded" sort, raised / target), so the three are the ones an
 * investor can still join and that are nearest to setting sail. The search and filters apply the
 * same rule to the matching campaigns; View All Campaigns lists the rest.
 */
const LANDING_QUERY = {
  status: [...CAMPAIGN_STATUS_GROUPS.openForFunding],
  sort: 'funded',
  limit: 3,
} as const satisfies CampaignListQueryInput;

const FEATURES = [
  {
    Icon: Eye,
    title: 'Transparent',
    text: 'Every campaign shows its buy and sell price per kg, costs, margin and funding progress before you invest.',
  },
  {
    Icon: Ship,
    title: 'Green ammonia logistics',
    text: 'Hydrogen travels India → Europe as green ammonia on chartered carriers, insured from plant to terminal.',
  },
  {
    Icon: PieChart,
    title: 'Split investing',
    text: 'Pool with other investors: your share of the campaign is your amount over its target, profits paid pro rata.',
  },
  {
    Icon: Leaf,
    title: 'GoO certified',
    text: 'Every cargo carries Guarantee of Origin certificates proving it was made with renewable electricity.',
  },
];

function StatTiles() {
  const { data } = usePlatformStats();
  // Spec §2's tile names, with live figures (domain/platform.ts says what each counts).
  const tiles = [
    { label: 'Total Trades Funded', value: data ? formatNumber(data.tradesFunded) : '—' },
    { label: 'Average ROI', value: data ? formatPercent(data.averageRoiPercent) : '—' },
    { label: 'Active Investors', value: data ? formatNumber(data.investors) : '—' },
    { label: 'Raised on HydroBridge', value: data ? formatUsd(data.totalRaised) : '—' },
  ];
  return (
    <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
      {tiles.map((t) => (
        <div key={t.label} className="rounded-xl border bg-card p-4">
          <dt className="text-sm text-muted-foreground">{t.label}</dt>
          <dd className="mt-1 text-2xl font-bold tabular-nums">{t.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Three open campaigns by the rule above, searched and filtered by the server (spec §2 landing). */
function Opportunities() {
  const [filter, setFilter] = useState<CampaignFilterValues>({ q: '', risk: 'all', region: 'all' });
  // One request per pause in typing; the list call refuses more than 100 characters.
  const q = useDebouncedValue(normalizeSearch(filter.q), 300);
  const campaigns = useQuery({
    ...campaignPageQuery({
      ...LANDING_QUERY,
      status: [...LANDING_QUERY.status],
      q: q || undefined,
      risk: filter.risk,
      region: filter.region,
    }),
    placeholderData: keepPreviousData,
  });
  // Cards render in an interruptible pass rather than one long task when the list arrives.
  const shownCampaigns = useDeferredValue(campaigns.data?.campaigns);
  return (
    <section aria-labelledby="opportunities" className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id="opportunities" className="text-2xl font-bold tracking-tight sm:text-3xl">
            Active Investment Opportunities
          </h2>
          <p className="mt-1 text-muted-foreground">
            The three open campaigns closest to their target. Join one before it fills.
          </p>
        </div>
        <Button variant="outline" asChild>
          <Link href="/campaigns">
            View All Campaigns <ArrowRight className="h-4 w-4" aria-hidden />
          </Link>
        </Button>
      </div>
      <form
        role="search"
        className="mt-6 grid gap-3 sm:grid-cols-[1fr_12rem_12rem]"
        onSubmit={(e) => e.preventDefault()}
      >
        <CampaignFilterFields
          idPrefix="landing"
          labels="hidden"
          values={filter}
          onChange={(patch) => setFilter((f) => ({ ...f, ...patch }))}
        />
      </form>
      <div
        className={cn('mt-6 transition-opacity', campaigns.isPlaceholderData && 'opacity-60')}
        aria-busy={campaigns.isPlaceholderData || undefined}
      >
        <CampaignGrid
          campaigns={shownCampaigns}
          isPending={shownCampaigns === undefined && !campaigns.error}
          error={campaigns.error}
        />
      </div>
    </section>
  );
}

export default function LandingPage() {
  const { user, openAuthDialog } = useAuth();
  const [, navigate] = useLocation();
  // The first render paints the hero (a phone's first screen); the sections below follow in a deferred,
  // interruptible render, so the first paint does not wait for them (Lighthouse mobile: FCP, TBT).
  const belowTheFold = useDeferredValue(true, false);
  return (
    <>
      <section className="border-b bg-gradient-to-b from-accent/60 to-background">
        <div className="mx-auto max-w-7xl px-4 pt-16 pb-12 sm:px-6 lg:pt-24">
          <p className="text-sm font-semibold tracking-wide text-primary uppercase">
            Green hydrogen, India → Europe
          </p>
          <h1 className="mt-3 max-w-3xl text-4xl font-bold tracking-tight sm:text-5xl">
            Fund the green hydrogen trade. Share in its profit.
          </h1>
          <p className="mt-5 max-w-2xl text-lg text-muted-foreground">
            Pool your money with other investors into trader-run shipments of 150-300 tonnes, bought at about
            $1.40/kg in India and sold at about $5.60/kg in Europe. Funds sit in escrow until delivery.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            {user ? (
              <Button size="lg" asChild>
                <Link href="/dashboard">Start Investing</Link>
              </Button>
            ) : (
              <Button size="lg" onClick={() => openAuthDialog('signup')}>
                Start Investing
              </Button>
            )}
            {/* A button (spec §2), not a link: "Learn More" alone would be a non-descriptive link text. */}
            <Button size="lg" variant="outline" onClick={() => navigate('/how-it-works')}>
              Learn More
            </Button>
          </div>
          <div className="mt-12">
            <StatTiles />
          </div>
        </div>
      </section>

      {belowTheFold && (
        <>
          <section aria-labelledby="why" className="mx-auto max-w-7xl px-4 pt-16 sm:px-6">
            <h2 id="why" className="sr-only">
              Why HydroBridge
            </h2>
            <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
              {FEATURES.map(({ Icon, title, text }) => (
                <div key={title}>
                  <span className="inline-flex h-10 w-10 items-center justify-center rounded-lg bg-accent text-accent-foreground">
                    <Icon className="h-5 w-5" aria-hidden />
                  </span>
                  <h3 className="mt-3 font-semibold">{title}</h3>
                  <p className="mt-1 text-sm text-muted-foreground">{text}</p>
                </div>
              ))}
            </div>
          </section>

          <Opportunities />

          <section className="mx-auto max-w-7xl px-4 sm:px-6">
            <Card
              tone="accent"
              className="flex flex-col items-start gap-4 p-8 md:flex-row md:items-center md:justify-between"
            >
              <div className="flex items-start gap-3">
                <ShieldCheck className="mt-1 h-6 w-6 shrink-0 text-primary" aria-hidden />
                <div>
                  <h2 className="text-xl font-bold">Ready to back a cargo?</h2>
                  <p className="text-muted-foreground">
                    Create an account, complete KYC (1-3 business days) and invest from the campaign page.
                  </p>
                </div>
              </div>
              <div className="flex flex-wrap gap-3">
                {!user && <Button onClick={() => openAuthDialog('signup')}>Get Started</Button>}
                <Button variant="outline" asChild>
                  <Link href="/how-it-works">How It Works</Link>
                </Button>
              </div>
            </Card>
          </section>
        </>
      )}
    </>
  );
}
