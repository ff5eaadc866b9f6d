// Mounted once by the app. On a page load with the payer signed in, each payment of theirs that went
// through in this tab without its record call answering (a reload or a back navigation mid-payment)
// is asked about again and the payer told what became of it. The code that asks loads only then.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { PaymentPurposeLoaders } from '../payment-purpose.ts';
import { anyPendingPayments } from '../session-store.ts';

export function PaymentRecovery({
  payerId,
  purposes,
}: {
  /** The signed-in user, or null. */
  payerId: string | null;
  /** Each purpose's record call, loaded on demand (the app composes them from their features). */
  purposes: PaymentPurposeLoaders;
}) {
  const client = useQueryClient();
  useEffect(() => {
    if (!payerId || !anyPendingPayments()) return;
    void import('../payment-recovery.ts').then(({ recoverPendingPayments }) =>
      recoverPendingPayments(payerId, purposes, client),
    );
  }, [payerId, purposes, client]);
  return null;
}
