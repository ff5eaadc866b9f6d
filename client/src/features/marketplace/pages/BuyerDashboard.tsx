// The buyer dashboard (spec §2): five stats from the buyer's own orders (GET /api/orders/summary), the
// Marketplace card with the first 3 listings (Order Now, at most 2 certifications), Top Suppliers by
// earned rating, procurement analytics (spend per month, average price paid against the market's) and
// Order Management tabs with the most recent orders.
import { useState } from 'react';
import { Link } from 'wouter';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { PublicUser } from '@domain/auth.ts';
import type { Listing } from '@domain/listings.ts';
import type { BuyerSummary } from '@domain/order-tracking.ts';
import { Page } from '@/components/layouts/page.tsx';
import { ChartWithTable } from '@/components/chart-with-table.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card.tsx';
import { StatCard } from '@/components/ui/stat-card.tsx';
import { formatUsd, formatUsdCents } from '@/lib/format.ts';
import { useListingPage, useMarketStats, useSuppliers } from '../api/listings.ts';
import { useBuyerSummary } from '../api/order-figures.ts';
import { ListingCard } from '../components/ListingCard.tsx';
import { OrderDialog, type OrderTarget } from '../components/OrderDialog.tsx';
import { OrderTabs } from '../components/OrderList.tsx';
import { SupplierList } from '../components/SupplierList.tsx';

function Section({
  title,
  description,
  children,
  action,
}: {
  title: string;
  description?: string;
  children: React.ReactNode;
  action?: React.ReactNode;
}) {
  const id = title.toLowerCase().replace(/\W+/g, '-');
  return (
    <Card>
      <section aria-labelledby={`${id}-heading`}>
        <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-2">
          <div>
            <h2 id={`${id}-heading`} className="text-lg font-semibold">
              {title}
            </h2>
            {description && <CardDescription>{description}</CardDescription>}
          </div>
          {action}
        </CardHeader>
        <CardContent>{children}</CardContent>
      </section>
    </Card>
  );
}

/** The most recent orders of each tab shown here; the rest on /buyer/orders. */
const RECENT_ORDERS = 5;
/** Zero figures until the server's arrive (the tiles keep their place). */
const EMPTY_SUMMARY: BuyerSummary = {
  totalOrders: 0,
  activeOrders: 0,
  totalSpent: '0.00',
  averagePrice: null,
  successRate: null,
  spendByMonth: [],
};

export function BuyerDashboard({ user }: { user: PublicUser }) {
  const figures = useBuyerSummary();
  const listings = useListingPage('', 3);
  const suppliers = useSuppliers(3);
  const market = useMarketStats();
  const [target, setTarget] = useState<OrderTarget | null>(null);
  const summary = figures.data ?? EMPTY_SUMMARY;
  const months = summary.spendByMonth;
  const order = (listing: Listing) => setTarget({ kind: 'listing', listing });

  return (
    <Page
      title="Buyer Dashboard"
      lead={`Welcome, ${user.firstName ?? user.username}. Buy certified green hydrogen with your payment held in escrow until delivery.`}
      actions={
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline">
            <Link href="/buyer/tracking">Track orders</Link>
          </Button>
          <Button asChild>
            <Link href="/buyer/offers">Browse offers</Link>
          </Button>
        </div>
      }
    >
      {figures.error && (
        <p role="alert" className="mb-4 text-sm text-destructive">
          Failed to load your orders. {figures.error.message}
        </p>
      )}
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5" aria-label="Order figures">
        <StatCard label="Total Orders" value={String(summary.totalOrders)}>
          placed and paid
        </StatCard>
        <StatCard label="Active Orders" value={String(summary.activeOrders)}>
          pending, confirmed or shipped
        </StatCard>
        <StatCard label="Total Spent" value={formatUsd(summary.totalSpent)}>
          refunds excluded
        </StatCard>
        <StatCard
          label="Avg Price"
          value={summary.averagePrice ? `${formatUsdCents(summary.averagePrice)}/kg` : '—'}
        >
          weighted by kg bought
        </StatCard>
        <StatCard label="Success Rate" value={summary.successRate ? `${summary.successRate}%` : '—'}>
          orders delivered
        </StatCard>
      </ul>

      <div className="mt-8 grid gap-6 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <Section
            title="Marketplace"
            description="The newest hydrogen listings"
            action={
              <Button asChild variant="ghost" size="sm">
                <Link href="/buyer/offers">View all offers</Link>
              </Button>
            }
          >
            {listings.isPending ? (
              <p aria-busy="true" className="text-sm text-muted-foreground">
                Loading listings…
              </p>
            ) : listings.data?.listings.length ? (
              <ul className="grid gap-4 md:grid-cols-3">
                {listings.data.listings.map((l) => (
                  <ListingCard key={l.id} listing={l} onOrder={order} compact />
                ))}
              </ul>
            ) : (
              <p className="text-sm text-muted-foreground">No hydrogen listings available</p>
            )}
          </Section>
        </div>
        <Section title="Top Suppliers" description="Best rated by buyers, from delivered orders">
          {suppliers.isPending ? (
            <p aria-busy="true" className="text-sm text-muted-foreground">
              Loading suppliers…
            </p>
          ) : (
            <SupplierList suppliers={suppliers.data ?? []} />
          )}
        </Section>
      </div>

      <div className="mt-6">
        <Section
          title="Procurement analytics"
          description={
            summary.averagePrice && market.data?.averagePricePerKg
              ? `You paid ${formatUsdCents(summary.averagePrice)}/kg on average; listings ask ${formatUsdCents(market.data.averagePricePerKg)}/kg on average today.`
              : market.data?.averagePricePerKg
                ? `Listings ask ${formatUsdCents(market.data.averagePricePerKg)}/kg on average today.`
                : 'Spend per month appears with your first order.'
          }
        >
          {months.length ? (
            <ChartWithTable
              table={{
                caption: 'Spend per month',
                head: ['Month', 'Spent'],
                rows: months.map((m) => [m.month, formatUsdCents(m.spent)]),
              }}
            >
              <ResponsiveContainer width="100%" height={220}>
                <BarChart
                  data={months.map((m) => ({ month: m.month, spent: Number(m.spent) }))}
                  accessibilityLayer={false}
                >
                  <CartesianGrid stroke="var(--border)" />
                  <XAxis dataKey="month" tick={{ fill: 'var(--muted-foreground)', fontSize: 12 }} />
                  <YAxis
                    width={80}
                    tick={{ fill: 'var(--muted-foreground)', fontSize: 12 }}
                    tickFormatter={(v: number) => formatUsd(String(v))}
                  />
                  <Tooltip formatter={(v) => formatUsd(String(v))} />
                  <Bar dataKey="spent" fill="var(--primary)" isAnimationActive={false} />
                </BarChart>
              </ResponsiveContainer>
            </ChartWithTable>
          ) : (
            <p className="text-sm text-muted-foreground">No orders found</p>
          )}
        </Section>
      </div>

      <div className="mt-6">
        <Section title="Order Management">
          <OrderTabs actor="buyer" pageSize={RECENT_ORDERS} viewAll="/buyer/orders" />
        </Section>
      </div>
      <OrderDialog target={target} user={user} onClose={() => setTarget(null)} />
    </Page>
  );
}
