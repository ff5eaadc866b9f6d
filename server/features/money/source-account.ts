// The ledger account a payment's money comes from: the investor's balance, the bank-transfer
// clearing account or the card provider's (payments.ts, refunds.ts and the purposes book against it).
import { accounts } from './ledger/ledger.ts';
import type { PaymentRow } from './context.ts';

/** The ledger account a payment's money came from: the provider's clearing, the balance, a bank transfer. */
export function sourceAccount(payment: Pick<PaymentRow, 'source' | 'provider' | 'payerId'>): string {
  if (payment.source === 'balance') return accounts.investor(payment.payerId);
  if (payment.source === 'bank_transfer') return accounts.clearing('bank');
  return accounts.clearing(payment.provider!);
}
