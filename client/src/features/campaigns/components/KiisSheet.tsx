// The key investment information sheet as read on screen, in the investment modal and on the printable
// page (/campaigns/:id/kiis): the trade, the terms, the costs, the returns (net first, the spec's gross
// ROI labelled as such), the release schedule and the risks. The figures come from the server's sheet.
import type { Kiis } from '@domain/kiis.ts';
import { formatDate, formatNumber, formatPercent, formatUsd, formatUsdCents } from '@/lib/format.ts';

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex justify-between gap-4 border-b py-1.5 text-sm last:border-0 print:py-1">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="text-right font-medium tabular-nums">{children}</dd>
    </div>
  );
}

export function KiisSheet({ kiis, headingLevel = 2 }: { kiis: Kiis; headingLevel?: 2 | 3 }) {
  const H = headingLevel === 2 ? 'h2' : 'h3';
  const heading = 'mb-2 mt-5 text-base font-semibold first:mt-0';
  return (
    <div className="text-sm">
      <H className={heading}>The offer</H>
      <dl>
        <Row label="Campaign">{kiis.title}</Row>
        <Row label="Trader">
          {kiis.traderCompany ? `${kiis.traderName}, ${kiis.traderCompany}` : kiis.traderName}
        </Row>
        <Row label="Trade route">{kiis.tradeRoute}</Row>
        <Row label="Quantity">{formatNumber(kiis.quantityTonnes)} t of hydrogen</Row>
        <Row label="Buy / sell price">
          {formatUsdCents(kiis.buyPrice)}/kg → {formatUsdCents(kiis.sellPrice)}/kg
        </Row>
        <Row label="Target (capital raised)">{formatUsd(kiis.targetAmount)}</Row>
        <Row label="Raised so far">{formatUsd(kiis.raisedAmount)}</Row>
        <Row label="Minimum investment">{formatUsd(kiis.minimumInvestment)}</Row>
        <Row label="Funding deadline">{formatDate(kiis.deadline)}</Row>
        <Row label="Risk level">{kiis.riskLevel}</Row>
      </dl>

      <H className={heading}>Costs of the trade</H>
      <dl>
        {kiis.costs.map((c) => (
          <Row key={c.label} label={c.label}>
            {formatUsd(c.amount)}
          </Row>
        ))}
        <Row label="Total costs">{formatUsd(kiis.totalCosts)}</Row>
        <Row label="Platform fee">{kiis.platformFeePercent}% of a profit (none on a loss)</Row>
      </dl>

      <H className={heading}>Expected return</H>
      <dl>
        <Row label="Expected return to investors, after costs and fees">
          {formatPercent(kiis.netReturnPercent)}
        </Row>
        <Row label="Investors' expected profit, after costs and fees">{formatUsd(kiis.investorsProfit)}</Row>
        <Row label="Gross ROI (sell − buy) / buy, before costs and fees">
          {formatPercent(kiis.grossRoiPercent)}
        </Row>
      </dl>
      <p className="mt-1 text-xs text-muted-foreground">
        Your share of the profit is your investment divided by the target. These figures are estimates from
        the trader’s declared prices and costs, not a promise.
      </p>

      <H className={heading}>When your money goes to the trade</H>
      <ul className="list-disc pl-5">
        {kiis.releaseSchedule.map((t) => (
          <li key={t.label}>
            {t.percent}% {t.label.toLowerCase()}
          </li>
        ))}
      </ul>

      <H className={heading}>Risks</H>
      {kiis.riskFactors && (
        <>
          <p className="font-medium">The trader’s risk factors</p>
          <p className="mb-2 whitespace-pre-line text-muted-foreground">{kiis.riskFactors}</p>
        </>
      )}
      <ul className="list-disc space-y-1 pl-5">
        {kiis.standardRisks.map((risk) => (
          <li key={risk}>{risk}</li>
        ))}
      </ul>
      <p className="mt-4 text-xs text-muted-foreground">
        Sheet version {kiis.version}. {kiis.disclaimer}
      </p>
    </div>
  );
}
