// /statements (issue 11, docs/money.md): the investor's ledger movements of a tax year (calendar year,
// UTC) by month — card payments, refunds, payouts to the balance, reinvestments, withdrawals — with the
// money invested and the cash balance after each, the annual summary, a CSV download (Excel-safe,
// UTF-8 BOM) and a printable page.
import { useState } from 'react';
import type { PublicUser } from '@domain/auth.ts';
import { statementCsv, type Statement } from '@domain/statements.ts';
import { Page } from '@/components/layouts/page.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent, CardHeader } from '@/components/ui/card.tsx';
import { Label, NativeSelect } from '@/components/ui/input.tsx';
import { RoleOnly } from '@/features/accounts/index.ts';
import { downloadText } from '@/lib/download.ts';
import { formatDate, formatUsdCents } from '@/lib/format.ts';
import { useStatement } from '../api/portfolio.ts';
import { Table, Td, Th } from '@/components/ui/table.tsx';

const TITLE = 'Statements';
const LEAD = 'Monthly statements of every money movement on your account.';

const MONTH = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

function StatementsView({ user }: { user: PublicUser }) {
  const [year, setYear] = useState(() => new Date().getUTCFullYear());
  const { data, isPending, error } = useStatement(year);
  return (
    <Page
      title={TITLE}
      lead={LEAD}
      actions={
        data && (
          <div className="flex flex-wrap gap-2 print:hidden">
            <Button
              variant="outline"
              onClick={() => downloadText(`hydrobridge-statement-${data.year}.csv`, statementCsv(data))}
            >
              Download CSV
            </Button>
            <Button variant="outline" onClick={() => window.print()}>
              Print
            </Button>
          </div>
        )
      }
    >
      <div className="mb-6 flex items-end gap-3 print:hidden">
        <div className="grid gap-1.5">
          <Label htmlFor="statement-year">Tax year</Label>
          <NativeSelect
            id="statement-year"
            value={year}
            onChange={(e) => setYear(Number(e.target.value))}
            className="w-32"
          >
            {[...new Set([year, new Date().getUTCFullYear(), ...(data?.years ?? [])])]
              .sort((a, b) => b - a)
              .map((y) => (
                <option key={y} value={y}>
                  {y}
                </option>
              ))}
          </NativeSelect>
        </div>
      </div>
      <p className="mb-4 hidden print:block">
        Statement of {user.firstName ?? user.username} for {year}
      </p>
      {isPending ? (
        <p aria-busy="true">Loading your statement…</p>
      ) : error || !data ? (
        <p role="alert" className="text-destructive">
          Your statement could not be loaded. Please try again.
        </p>
      ) : (
        <StatementBody statement={data} />
      )}
    </Page>
  );
}

function StatementBody({ statement: s }: { statement: Statement }) {
  return (
    <div className="space-y-6">
      <Card>
        <section aria-labelledby="summary-heading">
          <CardHeader>
            <h2 id="summary-heading" className="text-lg font-semibold">
              {s.year} summary
            </h2>
          </CardHeader>
          <CardContent>
            <dl className="grid grid-cols-2 gap-x-6 gap-y-2 text-sm sm:grid-cols-3">
              {(
                [
                  ['Invested at the start', s.opening],
                  ['Cash balance at the start', s.openingCash],
                  ['Invested', s.summary.invested],
                  ['Paid out to you', s.summary.returned],
                  ['Profit', s.summary.profit],
                  ['Fees', s.summary.fees],
                  ['Invested at the end', s.closing],
                  ['Cash balance at the end', s.closingCash],
                ] as const
              ).map(([label, value]) => (
                <div key={label}>
                  <dt className="text-muted-foreground">{label}</dt>
                  <dd className="text-lg font-semibold tabular-nums">{formatUsdCents(value)}</dd>
                </div>
              ))}
            </dl>
            <p className="mt-3 text-xs text-muted-foreground">
              Invested is your money in escrow or at work in a trade. The cash balance is your HydroBridge
              balance: payouts land there until you reinvest or withdraw them. Paid out is what went back to
              your card or your bank. Fees are your part of the 5% platform fee on profits.
            </p>
          </CardContent>
        </section>
      </Card>
      {s.months.length === 0 ? (
        <p className="text-muted-foreground">No money moved in {s.year}.</p>
      ) : (
        s.months.map((m) => (
          <section key={m.period} aria-labelledby={`month-${m.period}`} className="break-inside-avoid">
            <h2 id={`month-${m.period}`} className="mb-2 text-lg font-semibold">
              {MONTH.format(new Date(`${m.period}-01T00:00:00Z`))}
            </h2>
            <Table
              caption={`Movements of ${m.period}`}
              wrapperClassName="relative"
              className="stack-table text-sm"
            >
              <thead className="text-left text-muted-foreground">
                <tr>
                  <Th className="py-1 pr-2 font-medium">Date</Th>
                  <Th className="py-1 pr-2 font-medium">Type</Th>
                  <Th className="py-1 pr-2 font-medium">Campaign</Th>
                  <Th numeric className="py-1 pr-2 font-medium">
                    Paid in
                  </Th>
                  <Th numeric className="py-1 pr-2 font-medium">
                    Paid out
                  </Th>
                  <Th numeric className="py-1 pr-2 font-medium">
                    Profit
                  </Th>
                  <Th numeric className="py-1 pr-2 font-medium">
                    Fee
                  </Th>
                  <Th numeric className="py-1 pr-2 font-medium">
                    Invested
                  </Th>
                  <Th numeric className="py-1 font-medium">
                    Cash balance
                  </Th>
                </tr>
              </thead>
              <tbody>
                <tr className="border-t text-muted-foreground">
                  <Td colSpan={7} className="py-1">
                    Opening balances
                  </Td>
                  <Td data-label="Invested" numeric className="py-1 pr-2">
                    {formatUsdCents(m.opening)}
                  </Td>
                  <Td data-label="Cash balance" numeric className="py-1">
                    {formatUsdCents(m.openingCash)}
                  </Td>
                </tr>
                {m.rows.map((r) => (
                  <tr key={r.id} className="border-t">
                    <Td className="py-1 pr-2 whitespace-nowrap">{formatDate(r.date)}</Td>
                    <Td data-label="Type" className="py-1 pr-2">
                      {r.type}
                    </Td>
                    <Td data-label="Campaign" className="py-1 pr-2">
                      {r.campaign}
                    </Td>
                    <Td data-label="Paid in" numeric className="py-1 pr-2">
                      {formatUsdCents(r.paidIn)}
                    </Td>
                    <Td data-label="Paid out" numeric className="py-1 pr-2">
                      {formatUsdCents(r.paidOut)}
                    </Td>
                    <Td data-label="Profit" numeric className="py-1 pr-2">
                      {formatUsdCents(r.profit)}
                    </Td>
                    <Td data-label="Fee" numeric className="py-1 pr-2">
                      {formatUsdCents(r.fee)}
                    </Td>
                    <Td data-label="Invested" numeric className="py-1 pr-2">
                      {formatUsdCents(r.balance)}
                    </Td>
                    <Td data-label="Cash balance" numeric className="py-1">
                      {formatUsdCents(r.cash)}
                    </Td>
                  </tr>
                ))}
                <tr className="border-t font-medium">
                  <Td colSpan={7} className="py-1">
                    Closing balances
                  </Td>
                  <Td data-label="Invested" numeric className="py-1 pr-2">
                    {formatUsdCents(m.closing)}
                  </Td>
                  <Td data-label="Cash balance" numeric className="py-1">
                    {formatUsdCents(m.closingCash)}
                  </Td>
                </tr>
              </tbody>
            </Table>
          </section>
        ))
      )}
    </div>
  );
}

export default function StatementsPage() {
  return (
    <RoleOnly role="investor" title={TITLE} signedOutLead="Sign in to see and download your statements.">
      {(user) => <StatementsView user={user} />}
    </RoleOnly>
  );
}
