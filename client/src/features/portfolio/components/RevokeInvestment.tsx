// The reflection period on /portfolio (issue 19, domain/diligence.ts): until when the investor may
// revoke, and Revoke — confirmed in a dialog that says what happens (the full amount back to where it
// was paid from, no reason needed); a toast once refunded, the server's reason if refused.
import { useState } from 'react';
import { REFLECTION_TEXT } from '@domain/diligence.ts';
import { Button } from '@/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog.tsx';
import { FormAlert } from '@/components/ui/form-field.tsx';
import { serverMessageOf } from '@/lib/api.ts';
import { formatUsdCents } from '@/lib/format.ts';
import { useRevokeInvestment } from '../api/revoke-investment.ts';

export function RevokeInvestment({
  investment,
}: {
  investment: {
    id: string;
    campaignTitle: string;
    amount: string;
    source: 'card' | 'balance';
    revocableUntil: string;
  };
}) {
  const [open, setOpen] = useState(false);
  const revoke = useRevokeInvestment();
  const back = investment.source === 'balance' ? 'your HydroBridge balance' : 'the card you paid with';
  return (
    <div className="flex flex-wrap items-center gap-3 rounded-md border border-sky-300 bg-sky-50 p-3 text-sm md:col-span-3 dark:border-sky-800 dark:bg-sky-950">
      <p>{REFLECTION_TEXT.revokeUntil(investment.revocableUntil)}</p>
      <Button size="sm" variant="outline" onClick={() => setOpen(true)}>
        Revoke <span className="sr-only">the investment in {investment.campaignTitle}</span>
      </Button>
      <Dialog open={open} onOpenChange={(o) => !o && !revoke.isPending && setOpen(false)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{REFLECTION_TEXT.revokeTitle}</DialogTitle>
            <DialogDescription>
              {formatUsdCents(investment.amount)} in {investment.campaignTitle} goes back in full to {back}.{' '}
              {REFLECTION_TEXT.revokeBody}
            </DialogDescription>
          </DialogHeader>
          <FormAlert message={revoke.error ? serverMessageOf(revoke.error) : undefined} />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={() => setOpen(false)} disabled={revoke.isPending}>
              Keep my investment
            </Button>
            <Button
              variant="destructive"
              disabled={revoke.isPending}
              onClick={() => revoke.mutate(investment.id, { onSuccess: () => setOpen(false) })}
            >
              {revoke.isPending ? 'Revoking…' : 'Revoke and refund'}
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </div>
  );
}
