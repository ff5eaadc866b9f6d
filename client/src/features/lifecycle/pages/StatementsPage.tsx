// /statements (issue 11, docs/money.md): the investor's ledger movements of a tax year (calendar year,
// UTC) by month — card payments, refunds, payouts to the balance, reinvestments, withdrawals — with the
// money invested and the cash balance after each, the annual summary, a CSV download (Excel-safe,
// UTF-8 BOM) and a printable page.
import { useState } from 'react';
import type { PublicUser } from '@domain/auth.ts';
import { statementCsv, type Statement } from '@domain/portfolio.ts';
import { Page } from '@/components/layouts/page.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent, CardHeader } from '@/components/ui/card.tsx';
import { Label, NativeSelect } from '@/components/ui/input.tsx';
import { RoleOnly } from '@/features/auth/components/RoleOnly.tsx';
import { downloadText } from '@/lib/download.ts';
import { formatDate, formatUsdCents } from '@/lib/format.ts';
import { useStatement } from '../api/lifecycle.ts';

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
            <div className="relative sm:overflow-x-auto">
              <table className="stack-table w-full text-sm">
                <caption className="sr-only">Movements of {m.period}</caption>
                <thead className="text-left text-muted-foreground">
                  <tr>
                    <th scope="col" className="py-1 pr-2 font-medium">
                      Date
                    </th>
                    <th scope="col" className="py-1 pr-2 font-medium">
                      Type
                    </th>
                    <th scope="col" className="py-1 pr-2 font-medium">
                      Campaign
                    </th>
                    <th scope="col" className="py-1 pr-2 text-right font-medium">
                      Paid in
                    </th>
                    <th scope="col" className="py-1 pr-2 text-right font-medium">
                      Paid out
                    </th>
                    <th scope="col" className="py-1 pr-2 text-right font-medium">
                      Profit
                    </th>
                    <th scope="col" className="py-1 pr-2 text-right font-medium">
                      Fee
                    </th>
                    <th scope="col" className="py-1 pr-2 text-right font-medium">
                      Invested
                    </th>
                    <th scope="col" className="py-1 text-right font-medium">
                      Cash balance
                    </th>
                  </tr>
                </thead>
                <tbody>
                  <tr className="border-t text-muted-foreground">
                    <td colSpan={7} className="py-1">
                      Opening balances
                    </td>
                    <td data-label="Invested" className="py-1 pr-2 text-right tabular-nums">
                      {formatUsdCents(m.opening)}
                    </td>
                    <td data-label="Cash balance" className="py-1 text-right tabular-nums">
                      {formatUsdCents(m.openingCash)}
                    </td>
                  </tr>
                  {m.rows.map((r) => (
                    <tr key={r.id} className="border-t">
                      <td className="py-1 pr-2 whitespace-nowrap">{formatDate(r.date)}</td>
                      <td data-label="Type" className="py-1 pr-2">
                        {r.type}
                      </td>
                      <td data-label="Campaign" className="py-1 pr-2">
                        {r.campaign}
                      </td>
                      <td data-label="Paid in" className="py-1 pr-2 text-right tabular-nums">
                        {formatUsdCents(r.paidIn)}
                      </td>
                      <td data-label="Paid out" className="py-1 pr-2 text-right tabular-nums">
                        {formatUsdCents(r.paidOut)}
                      </td>
                      <td data-label="Profit" className="py-1 pr-2 text-right tabular-nums">
                        {formatUsdCents(r.profit)}
                      </td>
                      <td data-label="Fee" className="py-1 pr-2 text-right tabular-nums">
                        {formatUsdCents(r.fee)}
                      </td>
                      <td data-label="Invested" className="py-1 pr-2 text-right tabular-nums">
                        {formatUsdCents(r.balance)}
                      </td>
                      <td data-label="Cash balance" className="py-1 text-right tabular-nums">
                        {formatUsdCents(r.cash)}
                      </td>
                    </tr>
                  ))}
                  <tr className="border-t font-medium">
                    <td colSpan={7} className="py-1">
                      Closing balances
                    </td>
                    <td data-label="Invested" className="py-1 pr-2 text-right tabular-nums">
                      {formatUsdCents(m.closing)}
                    </td>
                    <td data-label="Cash balance" className="py-1 text-right tabular-nums">
                      {formatUsdCents(m.closingCash)}
                    </td>
                  </tr>
                </tbody>
              </table>
            </div>
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
