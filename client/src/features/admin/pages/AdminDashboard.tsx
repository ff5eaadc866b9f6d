// The admin dashboard (spec §2): five stats, the KYC queue (first 3), escrow monitoring (first 3 Held
// or Disputed), the compliance cards and user management, all from the database.
import { useState } from 'react';
import { Link } from 'wouter';
import { KYC_STATUS_LABELS } from '@domain/users.ts';
import { Page } from '@/components/layouts/page.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent, CardHeader } from '@/components/ui/card.tsx';
import { StatCard } from '@/components/ui/stat-card.tsx';
import { formatNumber, formatUsd } from '@/lib/format.ts';
import { KYC_TONES } from '@/features/accounts/index.ts';
import { useAdminDashboard } from '../api/admin.ts';
import { useAdminMoney } from '../api/get-admin-money.ts';
import { AdminOnly } from '../components/AdminOnly.tsx';
import { ComplianceCards } from '../components/ComplianceCards.tsx';
import { EscrowTable } from '../components/EscrowTable.tsx';
import { KycReviewDialog } from '../components/KycReviewDialog.tsx';
import { RoleRequests } from '../components/RoleRequests.tsx';
import { UserManagement } from '../components/UserManagement.tsx';

const TITLE = 'Admin Dashboard';

function Section({
  title,
  action,
  children,
}: {
  title: string;
  action?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg leading-tight font-semibold">{title}</h2>
        {action}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

function Dashboard() {
  const dashboard = useAdminDashboard();
  const [reviewing, setReviewing] = useState<string | null>(null);
  const d = dashboard.data;
  if (!d) {
    return (
      <Page
        title={TITLE}
        lead={
          dashboard.error
            ? 'The dashboard could not be loaded. Please try again later.'
            : 'Loading admin dashboard...'
        }
      />
    );
  }
  const s = d.stats;
  return (
    <Page title={TITLE} lead="KYC review, escrow monitoring, disputes and compliance reporting.">
      <div className="grid gap-6">
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
          <StatCard label="Total Users" value={formatNumber(s.totalUsers)}>
            {`+${s.monthlyGrowth}% in the last 30 days`}
          </StatCard>
          <StatCard label="Active Users" value={formatNumber(s.activeUsers)}>
            {`${formatNumber(s.totalUsers - s.activeUsers)} suspended`}
          </StatCard>
          <StatCard label="Pending KYC" value={formatNumber(s.pendingKyc)}>
            Pending or under review
          </StatCard>
          <StatCard label="Total Escrow" value={formatUsd(s.totalEscrow)}>
            Held or disputed
          </StatCard>
          <StatCard label="Active Disputes" value={formatNumber(s.activeDisputes)}>
            Waiting for a resolution
          </StatCard>
        </ul>
        <div className="grid gap-6 lg:grid-cols-2">
          <Section
            title="KYC Queue"
            action={
              <Button asChild variant="link" size="sm">
                <Link href="/admin/kyc">Open the full queue</Link>
              </Button>
            }
          >
            {d.kycQueue.length === 0 ? (
              <p className="py-6 text-center text-muted-foreground">No pending KYC requests</p>
            ) : (
              <ul className="grid gap-3 text-sm">
                {d.kycQueue.map((u) => (
                  <li
                    key={u.id}
                    className="flex flex-wrap items-center justify-between gap-2 border-b pb-3 last:border-0"
                  >
                    <div>
                      <div className="font-medium">{u.name}</div>
                      <div className="text-muted-foreground">{u.email}</div>
                    </div>
                    <div className="flex items-center gap-2">
                      <Badge tone={KYC_TONES[u.kycStatus]}>{KYC_STATUS_LABELS[u.kycStatus]}</Badge>
                      <Button
                        size="sm"
                        variant="outline"
                        onClick={() => setReviewing(u.id)}
                        aria-label={`View ${u.name}`}
                      >
                        View
                      </Button>
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </Section>
          <Section
            title="Escrow Monitoring"
            action={
              <Button asChild variant="link" size="sm">
                <Link href="/admin/escrow">All escrow records</Link>
              </Button>
            }
          >
            <EscrowTable records={d.escrow} empty="No active escrow transactions" />
          </Section>
        </div>
        <Section
          title="Settlements and Releases"
          action={
            <Button asChild variant="link" size="sm">
              <Link href="/admin/money">Open settlements and releases</Link>
            </Button>
          }
        >
          <MoneyQueue />
        </Section>
        <section aria-labelledby="compliance-heading" className="grid gap-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id="compliance-heading" className="text-lg font-semibold">
              Compliance Reporting
            </h2>
            <Button asChild variant="link" size="sm">
              <Link href="/admin/reports">Reports and audit log</Link>
            </Button>
          </div>
          <ComplianceCards compliance={d.compliance} />
        </section>
        <Section title="User Management">
          <UserManagement />
        </Section>
        <Section title="Role Requests">
          <RoleRequests />
        </Section>
      </div>
      <KycReviewDialog userId={reviewing} onClose={() => setReviewing(null)} />
    </Page>
  );
}

/** What waits for an admin in the money console, counted. */
function MoneyQueue() {
  const money = useAdminMoney();
  if (!money.data)
    return (
      <p className="text-sm text-muted-foreground">
        {money.error ? 'Settlements and releases could not be loaded.' : 'Loading…'}
      </p>
    );
  const count = (statuses: string[]) =>
    money.data.settlements.filter((s) => statuses.includes(s.status)).length;
  const items: Array<[string, number]> = [
    ['Settlements awaiting review', count(['pending_review'])],
    ['Settlements due', count(['approved'])],
    ['Settlements in default', count(['defaulted'])],
    ['Releases awaiting confirmation', money.data.releases.length],
  ];
  return (
    <dl className="grid grid-cols-2 gap-4 text-sm sm:grid-cols-4">
      {items.map(([label, n]) => (
        <div key={label}>
          <dt className="text-muted-foreground">{label}</dt>
          <dd className="text-2xl font-bold tabular-nums">{formatNumber(n)}</dd>
        </div>
      ))}
    </dl>
  );
}

export function AdminDashboard() {
  return (
    <AdminOnly title={TITLE}>
      <Dashboard />
    </AdminOnly>
  );
}
