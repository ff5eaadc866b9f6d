// Settlements due and in default: the amount, the due date, and "Mark bank transfer received" when
// the trader paid by transfer (asked first: it books the payment and distributes it at once).
import { useState } from 'react';
import type { AdminSettlement } from '@domain/money-out.ts';
import { SettlementStatusBadge } from '@/components/settlement-status-badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { formatDate, formatUsdCents } from '@/lib/format.ts';
import { useMarkBankTransfer } from '../api/mark-bank-transfer.ts';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { EmptyList, MoneyItem } from './MoneyItem.tsx';

export function DueSettlements({ settlements }: { settlements: AdminSettlement[] }) {
  const mark = useMarkBankTransfer();
  const [open, setOpen] = useState<AdminSettlement | null>(null);
  if (settlements.length === 0) return <EmptyList>No settlements due</EmptyList>;
  return (
    <>
      <ul className="grid gap-4">
        {settlements.map((s) => (
          <MoneyItem
            key={s.campaignId}
            id={`due-${s.campaignId}`}
            campaignId={s.campaignId}
            title={s.campaignTitle}
            subtitle={s.traderName}
            badge={<SettlementStatusBadge status={s.status} />}
            figures={[
              ['Amount due', formatUsdCents(s.amountDue)],
              ['Due by', s.dueAt ? formatDate(s.dueAt) : '—'],
              ['Actual profit', formatUsdCents(s.actualProfit)],
              ['Reference', <span className="font-mono text-xs font-normal break-all">{s.campaignId}</span>],
            ]}
            actions={
              <Button size="sm" variant="outline" onClick={() => setOpen(s)}>
                Mark bank transfer received<span className="sr-only"> for {s.campaignTitle}</span>
              </Button>
            }
          />
        ))}
      </ul>
      <ConfirmDialog
        open={open !== null}
        title="Mark the bank transfer received"
        description={
          open
            ? `${open.traderName}'s transfer of ${formatUsdCents(open.amountDue)} for ${open.campaignTitle} arrived: the settlement is booked as paid and distributed to the investors at once. Check the amount and the reference on the bank statement first.`
            : ''
        }
        confirm="Mark received"
        busy={mark.isPending}
        onConfirm={() => mark.mutateAsync({ campaignId: open!.campaignId })}
        onClose={() => setOpen(null)}
      >
        {open && (
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-md border p-3 text-sm">
            <dt className="text-muted-foreground">Amount</dt>
            <dd className="font-semibold tabular-nums">{formatUsdCents(open.amountDue)}</dd>
            <dt className="text-muted-foreground">Reference</dt>
            <dd className="font-mono break-all">{open.campaignId}</dd>
          </dl>
        )}
      </ConfirmDialog>
    </>
  );
}
