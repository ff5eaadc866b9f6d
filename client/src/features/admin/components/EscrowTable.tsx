// Escrow records as a table: what it pays for (a campaign or a buyer's order), who paid, amount and
// status; a disputed record shows the payer's reason and a Resolve Dispute action (release to the
// campaign or the supplier, or refund the investor or the buyer).
import { useState } from 'react';
import type { EscrowRow } from '@domain/admin.ts';
import { ESCROW_STATUS_LABELS } from '@domain/investments.ts';
import { Link } from 'wouter';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog.tsx';
import { Field } from '@/components/ui/form-field.tsx';
import { Textarea } from '@/components/ui/textarea.tsx';
import { formatDate, formatUsdCents } from '@/lib/format.ts';
import { useResolveDispute } from '../api/admin-actions.ts';
import { ESCROW_TONES } from './admin-labels.ts';
import { Table, Td, Th } from '@/components/ui/table.tsx';

/** Who the payer and the payee of a record are, in the resolve dialog's words. */
const PARTIES = {
  investment: { payer: 'investor', release: 'Release to campaign', refund: 'Refund investor' },
  order: { payer: 'buyer', release: 'Release to supplier', refund: 'Refund buyer' },
} as const;

function ResolveDialog({ record, onClose }: { record: EscrowRow | null; onClose: () => void }) {
  const resolve = useResolveDispute();
  const parties = PARTIES[record?.kind ?? 'investment'];
  const [note, setNote] = useState('');
  const send = async (outcome: 'release' | 'refund') => {
    await resolve.mutateAsync({ id: record!.id, outcome, ...(note.trim() && { note }) });
    setNote('');
    onClose();
  };
  return (
    <Dialog open={!!record} onOpenChange={(o) => !o && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Resolve Dispute</DialogTitle>
          <DialogDescription>
            {record && `${formatUsdCents(record.amount)} of ${record.payerName} in ${record.subjectTitle}.`}
          </DialogDescription>
        </DialogHeader>
        {record?.disputeReason && (
          <div className="rounded-md border p-3 text-sm">
            <p className="font-medium">The {parties.payer}’s reason</p>
            <p className="mt-1">{record.disputeReason}</p>
          </div>
        )}
        <Field id="resolve-note" label="Note (audit log)">
          <Textarea
            id="resolve-note"
            value={note}
            maxLength={1000}
            onChange={(e) => setNote(e.target.value)}
          />
        </Field>
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="outline" disabled={resolve.isPending} onClick={() => void send('release')}>
            {parties.release}
          </Button>
          <Button variant="destructive" disabled={resolve.isPending} onClick={() => void send('refund')}>
            {parties.refund}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

export function EscrowTable({ records, empty }: { records: EscrowRow[]; empty: string }) {
  const [resolving, setResolving] = useState<EscrowRow | null>(null);
  if (records.length === 0) return <p className="py-6 text-center text-muted-foreground">{empty}</p>;
  return (
    <div className="relative overflow-x-auto">
      <Table caption="Escrow transactions" className="text-sm">
        <thead className="text-left text-muted-foreground">
          <tr className="border-b">
            <Th className="py-2 pr-3 font-medium">Campaign or order</Th>
            <Th className="py-2 pr-3 font-medium">Paid by</Th>
            <Th numeric className="py-2 pr-3 font-medium">
              Amount
            </Th>
            <Th className="py-2 pr-3 font-medium">Status</Th>
            <Th className="py-2 pr-3 font-medium">Since</Th>
            <Th className="py-2 font-medium">
              <span className="sr-only">Actions</span>
            </Th>
          </tr>
        </thead>
        <tbody>
          {records.map((r) => (
            <tr key={r.id} className="border-b align-top last:border-0">
              <Td className="py-2 pr-3">{r.subjectTitle}</Td>
              <Td className="py-2 pr-3">{r.payerName}</Td>
              <Td numeric className="py-2 pr-3">
                {formatUsdCents(r.amount)}
              </Td>
              <Td className="py-2 pr-3">
                <Badge tone={ESCROW_TONES[r.status]}>{ESCROW_STATUS_LABELS[r.status]}</Badge>
                {r.disputeReason && <p className="mt-1 max-w-xs text-muted-foreground">{r.disputeReason}</p>}
              </Td>
              <Td className="py-2 pr-3">{formatDate(r.createdAt)}</Td>
              <Td className="py-2">
                <div className="flex flex-wrap justify-end gap-2">
                  {/* A campaign has its page; a buyer's order is seen only by its buyer and supplier. */}
                  {r.campaignId && (
                    <Button asChild size="sm" variant="ghost">
                      <Link href={`/campaigns/${r.campaignId}`} aria-label={`View ${r.subjectTitle}`}>
                        View
                      </Link>
                    </Button>
                  )}
                  {r.status === 'disputed' && (
                    <Button size="sm" variant="destructive" onClick={() => setResolving(r)}>
                      Resolve Dispute
                    </Button>
                  )}
                </div>
              </Td>
            </tr>
          ))}
        </tbody>
      </Table>
      <ResolveDialog record={resolving} onClose={() => setResolving(null)} />
    </div>
  );
}
