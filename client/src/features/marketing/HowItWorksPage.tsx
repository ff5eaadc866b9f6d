// /how-it-works: the spec §1 marketing page for investors. Sample figures are computed by domain/
// from the /breakdown sample, so the page and the calculator always agree.
import { usePlatformStats } from '@/lib/platform-stats.ts';
import {
  ArrowRight,
  BadgeCheck,
  Briefcase,
  Building2,
  Eye,
  Factory,
  Handshake,
  Lock,
  PieChart,
  Rocket,
  ShieldCheck,
  Ship,
  TrendingUp,
  TriangleAlert,
  Undo2,
  Users,
  Wallet,
} from 'lucide-react';
import { Link } from 'wouter';
import { costBreakdown, SAMPLE_BREAKDOWN_INPUT } from '@domain/breakdown.ts';
import { expectedRoiPercent, MIN_INVESTMENT } from '@domain/money.ts';
import { Page } from '@/components/layouts/page.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card } from '@/components/ui/card.tsx';
import { formatNumber, formatPercent, formatUsd, formatUsdCents } from '@/lib/format.ts';
import { pluralWord } from '@domain/plural.ts';

const SAMPLE = costBreakdown(SAMPLE_BREAKDOWN_INPUT);
const SOURCE_PRICE = `${formatUsdCents(SAMPLE_BREAKDOWN_INPUT.buyPrice)}/kg`;
const MARKET_PRICE = `${formatUsdCents(SAMPLE_BREAKDOWN_INPUT.sellPrice)}/kg`;
const SAMPLE_RETURN = formatPercent(SAMPLE.returnOnCostPercent);
const SAMPLE_PRICE_ROI = formatPercent(
  expectedRoiPercent(SAMPLE_BREAKDOWN_INPUT.buyPrice, SAMPLE_BREAKDOWN_INPUT.sellPrice),
  0,
);

const PHASES = [
  {
    Icon: Factory,
    title: 'Supply chain setup',
    text: 'The trader secures green hydrogen from certified producers in India, conversion to green ammonia, a carrier and a European terminal, with Guarantee of Origin certificates for the cargo.',
  },
  {
    Icon: Rocket,
    title: 'Campaign launch and funding',
    text: 'The trader publishes a campaign of 150-300 tonnes with its buy and sell price, target, deadline and minimum investment. Verified investors fund it; each payment goes into escrow.',
  },
  {
    Icon: Handshake,
    title: 'Buyer contracts',
    text: 'The trader signs supply contracts with European industrial buyers in steel, chemicals, fertilizer, refining, transport and power, at prices both sides can see.',
  },
  {
    Icon: Ship,
    title: 'Pilot shipment and delivery',
    text: 'Once funded, the cargo ships India → Europe as green ammonia (the campaign shows In Progress). When the buyer confirms delivery, the trader records the actual profit and the campaign completes.',
  },
  {
    Icon: TrendingUp,
    title: 'Scaling',
    text: 'A delivered pilot gives the trader a track record. Later campaigns repeat the route with larger or more frequent shipments, and investors can spread money across them.',
  },
];

const MONEY_FLOW = [
  {
    Icon: Wallet,
    title: 'You invest',
    text: `You pay by card, from ${formatUsd(MIN_INVESTMENT)} or the campaign's own minimum if higher (our samples ask ${formatUsd('1000')} and ${formatUsd('1500')}). It counts once the payment processor confirms it.`,
  },
  {
    Icon: Lock,
    title: 'Held in escrow',
    text: 'Your money sits in an escrow record of its own, held until delivery. Nobody can spend it while the trade is running.',
  },
  {
    Icon: Ship,
    title: 'Delivery confirmed',
    text: 'The buyer receives the cargo and the trader records the actual gross profit. The campaign becomes Completed.',
  },
  {
    Icon: PieChart,
    title: 'Profit shared',
    text: 'Escrow is released. The gross profit less the 5% platform fee is paid out pro rata to everyone\u2019s shares.',
  },
];

const FORMULAS = [
  { term: 'Your share', definition: 'your amount ÷ campaign target' },
  { term: 'Platform fee', definition: '5% of gross profit (none if the trade makes no profit)' },
  { term: 'Net profit', definition: 'gross profit − platform fee' },
  { term: 'Your profit', definition: 'your share × net profit' },
];

const CLAIMS = [
  {
    Icon: BadgeCheck,
    title: 'Guarantee of Origin certification',
    text: 'Each cargo carries GoO certificates proving the hydrogen was made with renewable electricity.',
  },
  {
    Icon: Eye,
    title: 'Transparent pricing',
    text: `Every campaign shows its buy and sell price per kg, for example a ${SOURCE_PRICE} source price against a ${MARKET_PRICE} market price.`,
  },
  {
    Icon: PieChart,
    title: 'Diversification',
    text: 'Invest smaller amounts across several campaigns, routes and risk levels instead of one large position.',
  },
  {
    Icon: Ship,
    title: 'Green ammonia logistics',
    text: 'Hydrogen is shipped as green ammonia, which is far easier to carry and store, insured from plant to terminal.',
  },
  {
    Icon: ShieldCheck,
    title: 'Secure escrow until delivery',
    text: 'Money stays in escrow until delivery is confirmed, and is refunded if the campaign is not funded in time.',
  },
  {
    Icon: Users,
    title: 'Expert aggregation',
    text: 'Experienced traders bundle many investors into cargoes big enough to negotiate industrial prices.',
  },
];

const ROLES = [
  { Icon: Wallet, title: 'Investor', text: 'Funds campaigns, holds shares and receives profit or refunds.' },
  {
    Icon: Briefcase,
    title: 'Trader',
    text: 'Creates campaigns, runs the trade and confirms delivery and profit.',
  },
  {
    Icon: Building2,
    title: 'Buyer',
    text: 'An industrial company ordering hydrogen in bulk at listed prices.',
  },
  {
    Icon: ShieldCheck,
    title: 'Admin',
    text: 'HydroBridge staff: KYC review, escrow monitoring, disputes, compliance.',
  },
];

const FACTS = [
  { label: 'Campaign size', value: '150-300 t', note: 'per shipment' },
  {
    label: 'Minimum investment',
    value: formatUsd(MIN_INVESTMENT),
    note: 'platform floor; campaigns may ask more',
  },
  { label: 'KYC review', value: '1-3 days', note: 'business days, before you can invest' },
  { label: 'Platform fee', value: '5%', note: 'of gross profit, on completed trades only' },
];

function SectionHeading({ id, title, lead }: { id: string; title: string; lead?: string }) {
  return (
    <div className="max-w-3xl">
      <h2 id={id} className="text-2xl font-bold tracking-tight">
        {title}
      </h2>
      {lead && <p className="mt-2 text-muted-foreground">{lead}</p>}
    </div>
  );
}

function IconBadge({ Icon }: { Icon: typeof Ship }) {
  return (
    <span className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-accent text-accent-foreground">
      <Icon className="h-5 w-5" aria-hidden />
    </span>
  );
}

/** The public default rate (docs/money.md): settlements in default among those that came due. */
function DefaultRate() {
  const { data } = usePlatformStats();
  if (!data) return null;
  if (data.defaultRatePercent === null) return <>No settlement has come due yet.</>;
  return (
    <>
      Default rate so far: <strong>{formatPercent(data.defaultRatePercent)}</strong> of {data.settlementsDue}{' '}
      {pluralWord(data.settlementsDue, 'settlement')} that came due.
    </>
  );
}

export default function HowItWorksPage() {
  return (
    <Page
      title="How It Works"
      lead="HydroBridge lets you pool money with other investors into green hydrogen trades from India to Europe. Here is how a trade runs, where your money is at each step, and what can go wrong."
      actions={
        <div className="flex flex-wrap gap-3">
          <Button asChild>
            <Link href="/campaigns">
              Browse campaigns <ArrowRight className="h-4 w-4" aria-hidden />
            </Link>
          </Button>
          <Button variant="outline" asChild>
            <Link href="/breakdown">See the cost breakdown</Link>
          </Button>
        </div>
      }
    >
      <div className="space-y-16">
        <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
          {FACTS.map((f) => (
            <div key={f.label} className="rounded-xl border bg-card p-4">
              <dt className="text-sm text-muted-foreground">{f.label}</dt>
              <dd className="mt-1 text-2xl font-bold tabular-nums">{f.value}</dd>
              <dd className="mt-1 text-xs text-muted-foreground">{f.note}</dd>
            </div>
          ))}
        </dl>

        <section aria-labelledby="phases">
          <SectionHeading id="phases" title="The five phases of a trade" />
          <ol className="mt-6 grid gap-4 md:grid-cols-2 lg:grid-cols-5">
            {PHASES.map(({ Icon, title, text }, i) => (
              <li key={title} className="rounded-xl border bg-card p-5">
                <div className="flex items-center gap-3">
                  <IconBadge Icon={Icon} />
                  <span className="text-sm font-semibold text-primary">Phase {i + 1}</span>
                </div>
                <h3 className="mt-3 font-semibold">{title}</h3>
                <p className="mt-1 text-sm text-muted-foreground">{text}</p>
              </li>
            ))}
          </ol>
        </section>

        <section aria-labelledby="money">
          <SectionHeading
            id="money"
            title="How the money flows"
            lead="Your money never goes straight to the trader: it waits in escrow until the cargo is delivered."
          />
          <ol className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {MONEY_FLOW.map(({ Icon, title, text }, i) => (
              <li key={title} className="relative rounded-xl border bg-card p-5">
                <div className="flex items-center gap-3">
                  <IconBadge Icon={Icon} />
                  <span className="text-sm font-semibold text-primary">Step {i + 1}</span>
                </div>
                <h3 className="mt-3 font-semibold">{title}</h3>
                <p className="mt-1 text-sm text-muted-foreground">{text}</p>
              </li>
            ))}
          </ol>
          <div className="mt-4 grid gap-4 lg:grid-cols-2">
            <div className="rounded-xl border bg-card p-5">
              <h3 className="font-semibold">The formulas</h3>
              <dl className="mt-3 space-y-2 text-sm">
                {FORMULAS.map((f) => (
                  <div key={f.term} className="flex flex-wrap gap-x-2">
                    <dt className="font-medium">{f.term} =</dt>
                    <dd className="text-muted-foreground">{f.definition}</dd>
                  </div>
                ))}
              </dl>
              <p className="mt-3 text-sm text-muted-foreground">
                Put in 1% of a campaign's target and you receive 1% of its net profit.
              </p>
            </div>
            <div className="flex gap-4 rounded-xl border bg-card p-5">
              <IconBadge Icon={Undo2} />
              <div>
                <h3 className="font-semibold">If a campaign misses its deadline</h3>
                <p className="mt-1 text-sm text-muted-foreground">
                  A campaign that has not reached its target by its funding deadline is cancelled, and every
                  investment in it is refunded in full from escrow to the card it came from. No fee is
                  charged.
                </p>
              </div>
            </div>
          </div>
        </section>

        <section aria-labelledby="why">
          <SectionHeading id="why" title="Why invest through HydroBridge" />
          <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
            <ul className="grid gap-6 sm:grid-cols-2">
              {CLAIMS.map(({ Icon, title, text }) => (
                <li key={title} className="flex gap-4">
                  <IconBadge Icon={Icon} />
                  <div>
                    <h3 className="font-semibold">{title}</h3>
                    <p className="mt-1 text-sm text-muted-foreground">{text}</p>
                  </div>
                </li>
              ))}
            </ul>
            <Card tone="accent" className="p-6">
              <p className="text-sm font-medium text-muted-foreground">
                Average investor return per completed trade
              </p>
              <p className="mt-1 text-5xl font-bold tracking-tight text-primary tabular-nums">
                {SAMPLE_RETURN}
              </p>
              <p className="mt-3 text-sm">
                Computed from our sample trade: {formatNumber(SAMPLE_BREAKDOWN_INPUT.quantityTonnes)} t bought
                at {SOURCE_PRICE} and sold at {MARKET_PRICE}. Net profit {formatUsd(SAMPLE.netProfit)} ÷ total
                cost {formatUsd(SAMPLE.totalCost)} = {SAMPLE_RETURN}.
              </p>
              <p className="mt-2 text-sm text-muted-foreground">
                Campaign cards show a higher “expected ROI” ({SAMPLE_PRICE_ROI} here), which compares prices
                only and leaves out shipping, customs and other costs.
              </p>
              <p className="mt-4 text-sm">
                <Link href="/breakdown" className="font-medium text-primary underline underline-offset-4">
                  Check the numbers in the cost breakdown
                </Link>
              </p>
            </Card>
          </div>
        </section>

        <section aria-labelledby="roles">
          <SectionHeading
            id="roles"
            title="Who does what"
            lead="Every account has one role. Everyone completes identity verification (KYC) first; review takes 1-3 business days."
          />
          <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {ROLES.map(({ Icon, title, text }) => (
              <li key={title} className="rounded-xl border bg-card p-5">
                <IconBadge Icon={Icon} />
                <h3 className="mt-3 font-semibold">{title}</h3>
                <p className="mt-1 text-sm text-muted-foreground">{text}</p>
              </li>
            ))}
          </ul>
        </section>

        <section
          aria-labelledby="risks"
          className="rounded-xl border border-amber-300 bg-amber-50 p-6 text-amber-950 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-50"
        >
          <div className="flex items-center gap-3">
            <TriangleAlert className="h-6 w-6 shrink-0" aria-hidden />
            <h2 id="risks" className="text-xl font-bold">
              Your capital is at risk
            </h2>
          </div>
          <ul className="mt-4 max-w-3xl list-disc space-y-1.5 pl-5 text-sm leading-6">
            <li>
              Trades can lose money: prices move, ships are delayed, cargo can be damaged and buyers can fail
              to pay. You may get back less than you invested.
            </li>
            <li>
              The returns on this page are illustrations from a sample trade, not forecasts or promises.
            </li>
            <li>
              Your money is committed until delivery or refund. There is no way to sell your share early.
            </li>
            <li>Investments are not bank deposits and are not covered by a deposit guarantee scheme.</li>
            <li>
              A trader may fail to pay the settlement: the campaign is then in default. <DefaultRate />
            </li>
            <li>Spread your money across campaigns and only invest what you can afford to lose.</li>
          </ul>
          <p className="mt-4 text-sm">
            Read the{' '}
            <Link href="/terms" className="font-semibold underline underline-offset-4">
              Terms of Service
            </Link>{' '}
            before investing.
          </p>
        </section>

        <Card className="flex flex-col items-start gap-4 p-6 sm:p-8 md:flex-row md:items-center md:justify-between">
          <div>
            <h2 className="text-xl font-bold">Ready to look at live trades?</h2>
            <p className="text-muted-foreground">
              Each campaign lists its route, prices, risk level, target and deadline.
            </p>
          </div>
          <div className="flex flex-wrap gap-3">
            <Button asChild>
              <Link href="/campaigns">
                Browse campaigns <ArrowRight className="h-4 w-4" aria-hidden />
              </Link>
            </Button>
            <Button variant="outline" asChild>
              <Link href="/breakdown">Cost breakdown</Link>
            </Button>
          </div>
        </Card>
      </div>
    </Page>
  );
}
