// Settlements awaiting review: each declared result with its trader, actual profit and amount due, the
// waterfall estimated beside actual and the sales invoice (from the campaign's answer); Approve (asked
// first) or Reject with a reason the trader reads.
import { useState } from 'react';
import type { AdminSettlement } from '@domain/money-out.ts';
import { DocumentLink } from '@/components/document-link.tsx';
import { WaterfallTable } from '@/components/settlement-waterfall.tsx';
import { Button } from '@/components/ui/button.tsx';
import { formatDate, formatUsdCents } from '@/lib/format.ts';
import { useCampaign } from '@/features/campaigns/index.ts';
import { useDecideSettlement } from '../api/decide-settlement.ts';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { EmptyList, MoneyItem } from './MoneyItem.tsx';
import { ReasonDialog } from './ReasonDialog.tsx';

type Open = { kind: 'approve' | 'reject'; settlement: AdminSettlement } | null;

export function SettlementReviews({ settlements }: { settlements: AdminSettlement[] }) {
  const decide = useDecideSettlement();
  const [open, setOpen] = useState<Open>(null);
  if (settlements.length === 0) return <EmptyList>No settlements awaiting review</EmptyList>;
  const s = open?.settlement;
  return (
    <>
      <ul className="grid gap-4">
        {settlements.map((settlement) => (
          <Review
            key={settlement.campaignId}
            settlement={settlement}
            onApprove={() => setOpen({ kind: 'approve', settlement })}
            onReject={() => setOpen({ kind: 'reject', settlement })}
          />
        ))}
      </ul>
      <ConfirmDialog
        open={open?.kind === 'approve'}
        title="Approve the settlement"
        description={
          s
            ? `${s.traderName} is asked to pay ${formatUsdCents(s.amountDue)} for ${s.campaignTitle} within 14 days. Once it is paid, the investors are paid out.`
            : ''
        }
        confirm="Approve"
        busy={decide.isPending}
        onConfirm={() => decide.mutateAsync({ campaignId: s!.campaignId, decision: 'approve' })}
        onClose={() => setOpen(null)}
      />
      <ReasonDialog
        open={open?.kind === 'reject'}
        title="Reject the settlement"
        description={
          s
            ? `${s.traderName} reads your reason and declares the result of ${s.campaignTitle} again. Nothing is paid.`
            : ''
        }
        confirm="Reject"
        busy={decide.isPending}
        onConfirm={(reason) => decide.mutateAsync({ campaignId: s!.campaignId, decision: 'reject', reason })}
        onClose={() => setOpen(null)}
      />
    </>
  );
}

function Review({
  settlement: s,
  onApprove,
  onReject,
}: {
  settlement: AdminSettlement;
  onApprove: () => void;
  onReject: () => void;
}) {
  const campaign = useCampaign(s.campaignId);
  const view = campaign.data?.settlement;
  const named = <span className="sr-only"> the settlement of {s.campaignTitle}</span>;
  return (
    <MoneyItem
      id={`review-${s.campaignId}`}
      campaignId={s.campaignId}
      title={s.campaignTitle}
      subtitle={`${s.traderName} · declared ${formatDate(s.declaredAt)}`}
      figures={[
        ['Actual profit', formatUsdCents(s.actualProfit)],
        ['Amount due', formatUsdCents(s.amountDue)],
        ...(view
          ? ([
              ['Released to the trade', formatUsdCents(view.disbursed)],
              ['Platform fee', formatUsdCents(view.fee)],
            ] as Array<[string, string]>)
          : []),
      ]}
      actions={
        <>
          <Button size="sm" onClick={onApprove}>
            Approve{named}
          </Button>
          <Button size="sm" variant="outline" onClick={onReject}>
            Reject{named}
          </Button>
        </>
      }
    >
      {view ? (
        <div className="grid gap-2">
          <WaterfallTable settlement={view} showCaption />
          {view.invoice ? (
            <DocumentLink campaignId={s.campaignId} document={view.invoice} label="Sales invoice" />
          ) : (
            <p className="text-sm text-muted-foreground">No sales invoice was filed with this result.</p>
          )}
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">
          {campaign.error ? 'The waterfall could not be loaded.' : 'Loading the waterfall…'}
        </p>
      )}
    </MoneyItem>
  );
}
