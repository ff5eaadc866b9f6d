// The campaign page's figures: one fact with its label (shared by the page's cards), the funding card
// with the refunds' progress of a cancelled campaign, and the trader's track record.
import type { ReactNode } from 'react';
import type { CampaignDetail } from '@domain/campaign-schemas.ts';
import { campaignFigures } from '@domain/campaign-figures.ts';
import { REFLECTION_TEXT } from '@domain/diligence.ts';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { Progress } from '@/components/ui/progress.tsx';
import { formatDate, formatNumber, formatPercent, formatUsd } from '@/lib/format.ts';
import { fundingStatusText } from '../campaign-text.ts';
import { InvestButton } from './InvestButton.tsx';
import { useInvestAction } from '../use-invest-action.ts';
import { Table, Td, Th } from '@/components/ui/table.tsx';
import { countOf, pluralWord } from '@domain/plural.ts';

export function Fact({ label, value, note }: { label: string; value: ReactNode; note?: ReactNode }) {
  return (
    <div>
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="mt-0.5 text-lg font-semibold tabular-nums">{value}</dd>
      {note && <dd className="text-xs text-muted-foreground">{note}</dd>}
    </div>
  );
}

/** Raised against target, what is left, who backs it, when funding closes, and Invest Now. */
export function FundingCard({ campaign }: { campaign: CampaignDetail }) {
  const f = campaignFigures(campaign);
  const invest = useInvestAction();
  const closing = fundingStatusText(f);
  return (
    <Card aria-labelledby="funding-heading">
      <CardHeader>
        <CardTitle id="funding-heading">Funding</CardTitle>
      </CardHeader>
      <CardContent className="space-y-5">
        <div className="space-y-2">
          <p className="flex flex-wrap items-baseline justify-between gap-x-2">
            <span className="text-2xl font-bold tabular-nums">{formatUsd(campaign.raisedAmount)}</span>
            <span className="text-sm font-medium tabular-nums">
              {formatPercent(f.progressPercent)} funded
            </span>
          </p>
          <Progress percent={Number(f.progressPercent)} label={`Funding progress of ${campaign.title}`} />
          <p className="text-sm text-muted-foreground">raised of {formatUsd(campaign.targetAmount)} target</p>
        </div>
        <dl className="grid grid-cols-2 gap-4">
          <Fact label="Remaining" value={formatUsd(f.remaining)} />
          <Fact label="Investors" value={formatNumber(campaign.investorCount)} />
          <Fact label="Funding deadline" value={formatDate(campaign.deadline)} note={closing} />
          <Fact label="Minimum investment" value={formatUsd(campaign.minimumInvestment)} />
        </dl>
        {campaign.refunds && <RefundProgress refunds={campaign.refunds} title={campaign.title} />}
        {campaign.status === 'funded' && campaign.reflectionEndsAt && (
          <p role="note" className="rounded-md bg-muted/60 p-3 text-sm">
            {REFLECTION_TEXT.tradingWaits(campaign.reflectionEndsAt)}
          </p>
        )}
        <InvestButton campaign={campaign} onInvest={invest} size="lg" />
      </CardContent>
    </Card>
  );
}

/** A cancelled campaign's refunds as the provider makes them (background jobs): so far, of all. */
function RefundProgress({
  refunds,
  title,
}: {
  refunds: NonNullable<CampaignDetail['refunds']>;
  title: string;
}) {
  const done = refunds.refunded === refunds.total;
  return (
    <div role="status" className="space-y-2 rounded-md bg-muted/60 p-3 text-sm">
      <p>
        {done
          ? `Every investment is refunded (${formatNumber(refunds.total)}).`
          : `Refunding the investors: ${formatNumber(refunds.refunded)} of ${formatNumber(refunds.total)} investments refunded so far.`}
      </p>
      {!done && <Progress percent={(100 * refunds.refunded) / refunds.total} label={`Refunds of ${title}`} />}
    </div>
  );
}

/** The trader's completed campaigns: what each was expected to return to investors and what it did. */
export function TrackRecord({ record }: { record: CampaignDetail['trackRecord'] }) {
  return (
    <Card aria-labelledby="track-record-heading">
      <CardHeader>
        <CardTitle id="track-record-heading">Trader’s track record</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3 text-sm">
        {record.inDefault > 0 && (
          <p role="note" className="font-medium text-destructive">
            {countOf(record.inDefault, 'campaign')} of this trader {pluralWord(record.inDefault, 'is', 'are')}{' '}
            in default: the settlement is unpaid past its due date.
          </p>
        )}
        {record.completed.length === 0 ? (
          <p className="text-muted-foreground">
            No completed campaigns yet: this trader has no track record.
          </p>
        ) : (
          <Table caption="Completed campaigns, expected against realised return" className="text-left">
            <thead className="text-muted-foreground">
              <tr>
                <Th className="py-1 font-medium">Campaign</Th>
                <Th numeric className="py-1 pl-3 font-medium">
                  Expected
                </Th>
                <Th numeric className="py-1 pl-3 font-medium">
                  Realised
                </Th>
              </tr>
            </thead>
            <tbody>
              {record.completed.map((c) => (
                <tr key={c.campaignId} className="border-t">
                  <Th scope="row" className="py-1.5 font-normal">
                    {c.title}
                    {c.defaulted && <span className="ml-1 text-destructive">(paid late, after default)</span>}
                  </Th>
                  <Td numeric className="py-1.5 pl-3">
                    {formatPercent(c.expectedNetReturnPercent)}
                  </Td>
                  <Td numeric className="py-1.5 pl-3">
                    {formatPercent(c.realisedNetReturnPercent)}
                  </Td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
        <p className="text-xs text-muted-foreground">
          Returns to investors after costs and the platform fee.
        </p>
      </CardContent>
    </Card>
  );
}
