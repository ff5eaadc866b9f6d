// The P&L waterfall of a trade, estimated beside actual (docs/money.md): what the trader's details
// modal, the trader's settlement and the admin's review show. The estimate comes from the campaign's
// terms (domain/money-out.ts estimatedWaterfall): shipping and the other costs were not estimated.
import type { SettlementView, Waterfall } from '@domain/money-out.ts';
import { formatUsdCents } from '@/lib/format.ts';
import { cn } from '@/lib/cn.ts';

/** The waterfall's lines in order, as the trader's form and every table name them. */
export const WATERFALL_LINES: ReadonlyArray<{ key: keyof Waterfall; label: string; sign: '' | '−' }> = [
  { key: 'salesProceeds', label: 'Sales proceeds', sign: '' },
  { key: 'purchaseCost', label: 'Purchase cost', sign: '−' },
  { key: 'shippingCost', label: 'Shipping cost', sign: '−' },
  { key: 'insuranceCost', label: 'Insurance cost', sign: '−' },
  { key: 'otherCosts', label: 'Other costs', sign: '−' },
];

const NOT_ESTIMATED = 'Not estimated';

export function WaterfallTable({
  settlement,
  caption,
  className,
}: {
  settlement: Pick<SettlementView, 'waterfall' | 'estimate' | 'actualProfit'>;
  caption: string;
  className?: string;
}) {
  const { waterfall, estimate } = settlement;
  const estimated: Partial<Record<keyof Waterfall, string>> = {
    salesProceeds: estimate.salesProceeds,
    purchaseCost: estimate.purchaseCost,
  };
  return (
    <table className={cn('w-full text-[0.8125rem] sm:text-sm', className)}>
      <caption className="mb-2 text-left text-sm font-semibold">{caption}</caption>
      <thead className="text-muted-foreground">
        <tr className="border-b">
          <th scope="col" className="py-1.5 pr-2 sm:pr-3 text-left font-medium">
            <span className="sr-only">Line</span>
          </th>
          <th scope="col" className="py-1.5 pr-2 sm:pr-3 text-right font-medium">
            Estimated
          </th>
          <th scope="col" className="py-1.5 text-right font-medium">
            Actual
          </th>
        </tr>
      </thead>
      <tbody>
        {WATERFALL_LINES.map((line) => (
          <tr key={line.key} className="border-b">
            <th scope="row" className="py-1.5 pr-2 sm:pr-3 text-left font-normal">
              {line.sign && (
                <span aria-hidden className="mr-1 text-muted-foreground">
                  {line.sign}
                </span>
              )}
              {line.label}
            </th>
            <td className="py-1.5 pr-2 sm:pr-3 text-right text-muted-foreground tabular-nums">
              {estimated[line.key] ? formatUsdCents(estimated[line.key]!) : <NotEstimated />}
            </td>
            <td className="py-1.5 text-right tabular-nums">
              {waterfall ? formatUsdCents(waterfall[line.key]) : '—'}
            </td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr className="font-semibold">
          <th scope="row" className="pt-2 pr-2 sm:pr-3 text-left">
            Profit
          </th>
          <td className="pt-2 pr-2 sm:pr-3 text-right tabular-nums">{formatUsdCents(estimate.profit)}</td>
          <td className="pt-2 text-right tabular-nums">{formatUsdCents(settlement.actualProfit)}</td>
        </tr>
      </tfoot>
    </table>
  );
}

function NotEstimated() {
  return (
    <>
      <span aria-hidden>—</span>
      <span className="sr-only">{NOT_ESTIMATED}</span>
    </>
  );
}
