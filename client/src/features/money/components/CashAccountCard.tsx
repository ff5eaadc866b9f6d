// The investor's HydroBridge balance on /portfolio (docs/money.md): payouts land here; from here the
// investor reinvests (the investment modal offers the balance) or withdraws to their verified bank
// account. Shows what is on its way to the bank and how each payout ended.
import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { PAYOUT_PURPOSE_LABELS, PAYOUT_STATUS_LABELS } from '@domain/payouts.ts';
import { withdrawalIssue } from '@domain/cash-account.ts';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card.tsx';
import { Field, fieldA11y, FormAlert } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { serverMessageOf } from '@/lib/api.ts';
import { formatDate, formatUsdCents } from '@/lib/format.ts';
import { useCashAccount } from '../api/get-cash-account.ts';
import { shownError } from '@/features/accounts/index.ts';
import { useWithdraw } from '../api/withdraw.ts';
import { SETTINGS_BANK_ACCOUNT } from './BankAccountNotice.tsx';

const TONES = { pending: 'amber', in_transit: 'amber', paid: 'green', failed: 'red' } as const;

export function CashAccountCard() {
  const { data: account, isPending, error } = useCashAccount();
  const withdraw = useWithdraw();
  const [amount, setAmount] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  if (isPending) return <p aria-busy="true">Loading your balance…</p>;
  if (error || !account)
    return (
      <p role="alert" className="text-destructive">
        Your balance could not be loaded. Please try again.
      </p>
    );
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const issue = withdrawalIssue(amount, account);
    setFieldError(issue);
    if (issue) return;
    withdraw.mutate(amount.trim(), { onSuccess: () => setAmount('') });
  };
  return (
    <Card>
      <section aria-labelledby="cash-heading">
        <CardHeader>
          <h2 id="cash-heading" className="text-lg font-semibold">
            Your HydroBridge balance
          </h2>
          <CardDescription>
            Payouts of completed campaigns land here. Reinvest them from the investment form, or withdraw them
            to your bank account.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6 md:grid-cols-2">
          <div className="space-y-3">
            <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
              <dt className="text-muted-foreground">Available</dt>
              <dd className="text-right text-xl font-bold tabular-nums" data-testid="cash-balance">
                {formatUsdCents(account.balance)}
              </dd>
              <dt className="text-muted-foreground">On its way to your bank</dt>
              <dd className="text-right tabular-nums">{formatUsdCents(account.pendingPayouts)}</dd>
              <dt className="text-muted-foreground">Bank account</dt>
              <dd className="text-right">
                {account.bankAccount ? (
                  <span className="font-mono">{account.bankAccount.ibanMasked}</span>
                ) : (
                  <Link href={SETTINGS_BANK_ACCOUNT} className="underline">
                    Add one in Settings
                  </Link>
                )}
              </dd>
            </dl>
            <form onSubmit={onSubmit} noValidate className="space-y-3" aria-label="Withdraw to your bank">
              <Field id="withdraw-amount" label="Withdraw (USD)" error={fieldError}>
                <Input
                  {...fieldA11y('withdraw-amount', fieldError)}
                  inputMode="decimal"
                  value={amount}
                  onChange={(e) => setAmount(e.target.value)}
                  placeholder="0.00"
                />
              </Field>
              <FormAlert
                message={
                  shownError(withdraw.error)
                    ? (serverMessageOf(withdraw.error) ?? 'Please try again.')
                    : undefined
                }
              />
              <Button type="submit" disabled={withdraw.isPending} aria-describedby="withdraw-why">
                {withdraw.isPending ? 'Withdrawing…' : 'Withdraw'}
              </Button>
              <p id="withdraw-why" className="text-sm text-muted-foreground">
                {account.bankAccount
                  ? 'Paid to the bank account above; a transfer the bank refuses comes back to your balance.'
                  : 'Withdrawals go to a verified bank account in your name: add it in Settings first.'}
              </p>
            </form>
          </div>
          <div>
            <h3 className="mb-2 text-sm font-semibold">Payouts to your bank</h3>
            {account.payouts.length === 0 ? (
              <p className="text-sm text-muted-foreground">No withdrawals yet.</p>
            ) : (
              <ul className="space-y-2 text-sm">
                {account.payouts.map((p) => (
                  <li key={p.id} className="flex flex-wrap items-center justify-between gap-2 border-b pb-2">
                    <span>
                      {PAYOUT_PURPOSE_LABELS[p.purpose]} · {formatDate(p.createdAt)}
                    </span>
                    <span className="flex items-center gap-2">
                      <span className="tabular-nums">{formatUsdCents(p.amount)}</span>
                      <Badge tone={TONES[p.status]}>{PAYOUT_STATUS_LABELS[p.status]}</Badge>
                    </span>
                    {p.failureReason && <p className="w-full text-muted-foreground">{p.failureReason}</p>}
                  </li>
                ))}
              </ul>
            )}
          </div>
        </CardContent>
      </section>
    </Card>
  );
}
