// A campaign's settlement (docs/money.md): the trader's P&L waterfall, estimated at creation beside
// actual, and what it means for the investors. Shown on the campaign page, in /portfolio, in the
// trader's details modal; the table alone in the trader's settlement and the admin's review. The
// figures come from the server, the rows from domain/money-out.ts.
import { waterfallRows, type SettlementView } from '@domain/money-out.ts';
import { cn } from '@/lib/cn.ts';
import { formatDate, formatUsdCents } from '@/lib/format.ts';
import { DocumentLink } from './document-link.tsx';
import { SettlementStatusBadge } from './settlement-status-badge.tsx';
import { Table, Td, Th } from '@/components/ui/table.tsx';

export const WATERFALL_CAPTION = "The trade's result, estimated beside actual";

/** The waterfall's lines, estimated beside actual; figures in millions fit a phone's dialog. */
export function WaterfallTable({
  settlement,
  caption = WATERFALL_CAPTION,
  showCaption = false,
  className,
}: {
  settlement: Pick<SettlementView, 'waterfall' | 'estimate' | 'actualProfit'>;
  caption?: string;
  showCaption?: boolean;
  className?: string;
}) {
  return (
    <Table
      caption={caption}
      captionClassName={showCaption ? 'mb-2 text-left text-sm font-semibold' : 'sr-only'}
      className={cn('text-[0.8125rem] sm:text-sm', className)}
    >
      <thead className="text-left text-muted-foreground">
        <tr>
          <Th className="py-1 pr-2 font-medium sm:pr-3">Line</Th>
          <Th numeric className="py-1 pr-2 font-medium sm:pr-3">
            Estimated
          </Th>
          <Th numeric className="py-1 font-medium">
            Actual
          </Th>
        </tr>
      </thead>
      <tbody>
        {waterfallRows(settlement).map((r) => (
          <tr key={r.label} className={r.total ? 'border-t font-semibold' : 'border-t'}>
            <Th scope="row" className="py-1 pr-2 text-left font-normal sm:pr-3">
              {r.label}
            </Th>
            <Td numeric className="py-1 pr-2 sm:pr-3">
              {r.estimate ? formatUsdCents(r.estimate) : '—'}
            </Td>
            <Td numeric className="py-1">
              {r.actual ? formatUsdCents(r.actual) : '—'}
            </Td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

export function SettlementWaterfall({
  settlement,
  title,
  campaignId,
}: {
  settlement: SettlementView;
  title: string;
  /** Given to viewers who may open the campaign's documents (its trader, admins): the invoice links. */
  campaignId?: string;
}) {
  return (
    <section aria-label={`Settlement of ${title}`} className="space-y-3">
      <p className="flex flex-wrap items-center gap-2 text-sm">
        <SettlementStatusBadge status={settlement.status} />
        <span className="text-muted-foreground">
          Declared {formatDate(settlement.declaredAt)}
          {settlement.paidAt && ` · paid in ${formatDate(settlement.paidAt)}`}
          {!settlement.paidAt && settlement.dueAt && ` · due ${formatDate(settlement.dueAt)}`}
        </span>
      </p>
      <WaterfallTable settlement={settlement} />
      <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
        <dt className="text-muted-foreground">Investors' share of the profit</dt>
        <dd className="text-right tabular-nums">{formatUsdCents(settlement.grossProfit)}</dd>
        <dt className="text-muted-foreground">Platform fee (5% of a profit)</dt>
        <dd className="text-right tabular-nums">{formatUsdCents(settlement.fee)}</dd>
        <dt className="text-muted-foreground">Paid in by the trader</dt>
        <dd className="text-right tabular-nums">{formatUsdCents(settlement.amountDue)}</dd>
      </dl>
      {settlement.invoice &&
        (campaignId ? (
          <DocumentLink campaignId={campaignId} document={settlement.invoice} label="Sales invoice" />
        ) : (
          <p className="text-sm text-muted-foreground">
            Sales invoice on file: {settlement.invoice.fileName}
          </p>
        ))}
    </section>
  );
}
