// The trader's backers of one campaign, with a CSV download (Excel-safe, domain/csv.ts toCsv).
import { INVESTMENT_STATUS_LABELS, type InvestmentStatus } from '@domain/investments.ts';
import { toCsv } from '@domain/csv.ts';
import { Button } from '@/components/ui/button.tsx';
import { Table, Td, Th } from '@/components/ui/table.tsx';
import { downloadText } from '@/lib/download.ts';
import { formatDate, formatUsdCents } from '@/lib/format.ts';
import { useCampaignInvestors } from '../../api/milestones.ts';

const statusLabel = (s: string) => INVESTMENT_STATUS_LABELS[s as InvestmentStatus] ?? s;

export function InvestorList({ campaignId, title }: { campaignId: string; title: string }) {
  const { data, isPending, error } = useCampaignInvestors(campaignId);
  if (isPending) return <p className="text-sm text-muted-foreground">Loading investors…</p>;
  if (error || !data)
    return (
      <p role="alert" className="text-sm text-destructive">
        The investor list could not be loaded.
      </p>
    );
  const download = () =>
    downloadText(
      `investors-${title.replace(/[^\w-]+/g, '-').toLowerCase()}.csv`,
      toCsv(
        ['Investor', 'Country', 'Amount', 'Shares', 'Status', 'Profit share', 'Payout', 'Invested on'],
        data.map((r) => [
          r.investorName,
          r.country,
          r.amount,
          r.shares,
          statusLabel(r.status),
          r.profitShare,
          r.payout,
          r.confirmedAt?.slice(0, 10) ?? '',
        ]),
      ),
    );
  return (
    <section aria-labelledby="investor-list-heading" className="space-y-2">
      <div className="flex items-center justify-between gap-2">
        <h3 id="investor-list-heading" className="font-semibold">
          Investors ({data.length})
        </h3>
        <Button
          size="sm"
          variant="outline"
          onClick={download}
          disabled={data.length === 0}
          aria-describedby={data.length === 0 ? 'investor-list-empty' : undefined}
        >
          Download investors CSV
        </Button>
      </div>
      {data.length === 0 ? (
        <p id="investor-list-empty" className="text-sm text-muted-foreground">
          No investors yet.
        </p>
      ) : (
        // Scrolls when long: a focusable region then, so that the keyboard scrolls it too (WCAG 2.1.1).
        <Table
          caption={`Investors of ${title}`}
          wrapperClassName="max-h-56 overflow-y-auto"
          className="text-sm"
        >
          <thead className="text-left text-muted-foreground">
            <tr>
              <Th className="py-1 pr-2 font-medium">Investor</Th>
              <Th numeric className="py-1 pr-2 font-medium">
                Amount
              </Th>
              <Th className="py-1 pr-2 font-medium">Status</Th>
              <Th numeric className="py-1 font-medium">
                Payout
              </Th>
            </tr>
          </thead>
          <tbody>
            {data.map((r) => (
              <tr key={r.investmentId} className="border-t">
                <td className="py-1 pr-2">
                  {r.investorName}
                  {r.confirmedAt && (
                    <span className="block text-xs text-muted-foreground">{formatDate(r.confirmedAt)}</span>
                  )}
                </td>
                <Td numeric className="py-1 pr-2">
                  {formatUsdCents(r.amount)}
                </Td>
                <td className="py-1 pr-2">{statusLabel(r.status)}</td>
                <Td numeric className="py-1">
                  {r.payout ? formatUsdCents(r.payout) : '—'}
                </Td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </section>
  );
}
