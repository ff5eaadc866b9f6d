// The settlement of a trade as its trader follows it (docs/money.md): declare the result once the
// cargo is delivered; then awaiting the admin's review; approved — the amount due by its due date, paid
// by card or bank transfer; rejected — the admin's reason and declare again; in default — a warning
// (it can still be paid); paid — distributed, the campaign completed.
import { AlertTriangle, CheckCircle2 } from 'lucide-react';
import type { ReactNode } from 'react';
import type { CampaignDetail } from '@domain/campaign-schemas.ts';
import type { Milestone } from '@domain/lifecycle.ts';
import type { SettlementView } from '@domain/money-out.ts';
import { declareResultBlocker, isSettlementDue } from '@domain/money-out-views.ts';
import { DocumentLink } from '@/components/document-link.tsx';
import { SettlementStatusBadge } from '@/components/settlement-status-badge.tsx';
import { WaterfallTable } from '@/components/settlement-waterfall.tsx';
import { formatDate, formatUsdCents } from '@/lib/format.ts';
import { DeclareResult } from './DeclareResult.tsx';
import { SettlementPayment } from './SettlementPayment.tsx';

export function SettlementPanel({
  campaign,
  milestones,
}: {
  campaign: CampaignDetail;
  milestones: readonly Milestone[];
}) {
  const s = campaign.settlement;
  if (!s || s.status === 'rejected') {
    const blocker = declareResultBlocker(campaign, milestones);
    return (
      <div className="grid gap-3">
        {s && (
          <div
            role="alert"
            className="rounded-md border border-red-300 bg-red-50 p-3 text-sm dark:border-red-800 dark:bg-red-950"
          >
            <p className="font-medium">An admin rejected the result you declared:</p>
            <p className="mt-1">{s.rejectReason ?? 'No reason was given.'}</p>
            <p className="mt-1">Correct the figures and declare it again.</p>
          </div>
        )}
        {blocker ? (
          <section aria-labelledby="declare-heading" className="grid gap-1">
            <h3 id="declare-heading" className="font-semibold">
              Declare the result
            </h3>
            <p className="text-sm text-muted-foreground">{blocker}.</p>
          </section>
        ) : (
          <DeclareResult campaign={campaign} />
        )}
      </div>
    );
  }
  return (
    <section aria-labelledby="settlement-heading" className="grid gap-4 rounded-lg border p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="settlement-heading" className="font-semibold">
          Settlement
        </h3>
        <SettlementStatusBadge status={s.status} />
      </div>
      {s.status === 'defaulted' && (
        <Notice tone="warning">
          This settlement was due on {formatDate(s.dueAt!)} and is unpaid: the campaign is in default, and its
          investors are told. Pay it now to settle it.
        </Notice>
      )}
      {s.status === 'paid' && (
        <Notice tone="success">
          Paid {s.paidAt && `on ${formatDate(s.paidAt)} `}and distributed: each investor’s principal and share
          of the profit is in their HydroBridge balance.
        </Notice>
      )}
      <Figures settlement={s} />
      {s.status === 'pending_review' && (
        <p className="text-sm text-muted-foreground">
          An admin checks the figures against your sales invoice. Once they approve it, you pay the amount due
          within 14 days.
        </p>
      )}
      {isSettlementDue(s.status) && <SettlementPayment campaign={campaign} settlement={s} />}
      <WaterfallTable settlement={s} showCaption />
      {s.invoice && <DocumentLink campaignId={campaign.id} document={s.invoice} label="Sales invoice" />}
    </section>
  );
}

function Figures({ settlement: s }: { settlement: SettlementView }) {
  const due = isSettlementDue(s.status);
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
      <Item label={due ? 'Amount due' : s.status === 'paid' ? 'Amount paid in' : 'Amount due once approved'}>
        <span className="text-lg font-bold">{formatUsdCents(s.amountDue)}</span>
      </Item>
      {due && s.dueAt && <Item label="Due by">{formatDate(s.dueAt)}</Item>}
      <Item label="Actual profit">{formatUsdCents(s.actualProfit)}</Item>
      <Item label="Released to the trade">{formatUsdCents(s.disbursed)}</Item>
      <Item label="Investors’ share of the profit">{formatUsdCents(s.grossProfit)}</Item>
      <Item label="Platform fee">{formatUsdCents(s.fee)}</Item>
      <Item label="Declared">{formatDate(s.declaredAt)}</Item>
    </dl>
  );
}

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-baseline justify-between gap-3 border-b pb-1 sm:block sm:border-0 sm:pb-0">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="font-medium tabular-nums">{children}</dd>
    </div>
  );
}

function Notice({ tone, children }: { tone: 'warning' | 'success'; children: ReactNode }) {
  const Icon = tone === 'warning' ? AlertTriangle : CheckCircle2;
  return (
    <p
      role={tone === 'warning' ? 'alert' : 'status'}
      className={
        tone === 'warning'
          ? 'flex items-start gap-2 rounded-md border border-red-300 bg-red-50 p-3 text-sm font-medium text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100'
          : 'flex items-start gap-2 rounded-md border border-emerald-300 bg-emerald-50 p-3 text-sm text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-100'
      }
    >
      <Icon className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
      <span>{children}</span>
    </p>
  );
}
