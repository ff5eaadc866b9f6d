// A campaign's settlement (docs/money.md): the trader's P&L waterfall, estimated at creation beside
// actual, and what it means for the investors. Shown on the campaign page, in /portfolio and to the
// trader; the figures come from the server, the rows from domain/money-out.ts.
import { SETTLEMENT_STATUS_LABELS, waterfallRows, type SettlementView } from '@domain/money-out.ts';
import { Badge } from '@/components/ui/badge.tsx';
import { formatDate, formatUsdCents } from '@/lib/format.ts';

const TONES = {
  pending_review: 'amber',
  approved: 'amber',
  rejected: 'neutral',
  defaulted: 'red',
  paid: 'green',
} as const;

export function SettlementWaterfall({ settlement, title }: { settlement: SettlementView; title: string }) {
  const rows = waterfallRows(settlement);
  return (
    <section aria-label={`Settlement of ${title}`} className="space-y-3">
      <p className="flex flex-wrap items-center gap-2 text-sm">
        <Badge tone={TONES[settlement.status]}>{SETTLEMENT_STATUS_LABELS[settlement.status]}</Badge>
        <span className="text-muted-foreground">
          Declared {formatDate(settlement.declaredAt)}
          {settlement.paidAt && ` · paid in ${formatDate(settlement.paidAt)}`}
          {!settlement.paidAt && settlement.dueAt && ` · due ${formatDate(settlement.dueAt)}`}
        </span>
      </p>
      <div className="overflow-x-auto">
        <table className="w-full min-w-[18rem] text-sm">
          <caption className="sr-only">The trade's result, estimated beside actual</caption>
          <thead className="text-left text-muted-foreground">
            <tr>
              <th scope="col" className="py-1 font-medium">
                Line
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                Estimated
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                Actual
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.label} className={r.total ? 'border-t font-semibold' : 'border-t'}>
                <th scope="row" className="py-1 text-left font-normal">
                  {r.label}
                </th>
                <td className="py-1 text-right tabular-nums">
                  {r.estimate ? formatUsdCents(r.estimate) : '—'}
                </td>
                <td className="py-1 text-right tabular-nums">{r.actual ? formatUsdCents(r.actual) : '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
        <dt className="text-muted-foreground">Investors' share of the profit</dt>
        <dd className="text-right tabular-nums">{formatUsdCents(settlement.grossProfit)}</dd>
        <dt className="text-muted-foreground">Platform fee (5% of a profit)</dt>
        <dd className="text-right tabular-nums">{formatUsdCents(settlement.fee)}</dd>
        <dt className="text-muted-foreground">Paid in by the trader</dt>
        <dd className="text-right tabular-nums">{formatUsdCents(settlement.amountDue)}</dd>
      </dl>
      {settlement.invoice && (
        <p className="text-sm text-muted-foreground">Sales invoice on file: {settlement.invoice.fileName}</p>
      )}
    </section>
  );
}
