// The trader's workspace says where releases go before trading starts: to the verified bank account
// (the server refuses to start trading without one: BANK_ACCOUNT_REQUIRED). Without an account, a
// callout with the way to Settings; with one, a line naming it.
import { Landmark } from 'lucide-react';
import { Link } from 'wouter';
import { cn } from '@/lib/cn.ts';
import { useCashAccount } from '../api/get-cash-account.ts';

export const SETTINGS_BANK_ACCOUNT = '/settings#bank-account';

export function BankAccountNotice({ className }: { className?: string }) {
  const { data } = useCashAccount();
  if (!data) return null;
  const account = data.bankAccount;
  return (
    <aside
      aria-label="Where releases are paid"
      className={cn(
        'flex items-start gap-3 rounded-lg border p-4 text-sm',
        account ? 'bg-muted/40' : 'border-amber-300 bg-amber-50 dark:border-amber-800 dark:bg-amber-950',
        className,
      )}
    >
      <Landmark className="mt-0.5 h-5 w-5 shrink-0" aria-hidden />
      {account ? (
        <p>
          Releases of your campaigns are paid to your bank account{' '}
          <span className="font-mono whitespace-nowrap">{account.ibanMasked}</span>.{' '}
          <Link
            href={SETTINGS_BANK_ACCOUNT}
            className="font-medium text-primary underline-offset-4 hover:underline"
          >
            Change it in Settings
          </Link>
        </p>
      ) : (
        <p>
          <span className="font-semibold">Add your bank account before trading starts.</span> The money your
          campaigns raise is released to it when trading starts (and on the milestones you staged).{' '}
          <Link
            href={SETTINGS_BANK_ACCOUNT}
            className="font-medium text-primary underline underline-offset-4"
          >
            Add it in Settings
          </Link>
        </p>
      )}
    </aside>
  );
}
