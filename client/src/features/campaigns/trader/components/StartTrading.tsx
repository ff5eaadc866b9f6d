// Start trading (a funded campaign): says what is released now — the first tranche, to the trader's
// verified bank account — and what waits for the shipment. Without a bank account it says so with the
// way to Settings (the server refuses with BANK_ACCOUNT_REQUIRED); confirmed before it is done.
import { useId, useState } from 'react';
import { Link } from 'wouter';
import type { CampaignDetail } from '@domain/campaign-schemas.ts';
import { REFLECTION_TEXT } from '@domain/diligence.ts';
import { errorMessage } from '@domain/errors.ts';
import { trancheAmounts, trancheLabel } from '@domain/money-out-views.ts';
import { Button } from '@/components/ui/button.tsx';
import { FormAlert } from '@/components/ui/form-field.tsx';
import { serverMessageOf } from '@/lib/api.ts';
import { formatUsdCents } from '@/lib/format.ts';
import { SETTINGS_BANK_ACCOUNT, useCashAccount } from '@/features/money/index.ts';
import { useTransition } from '../../api/transition-campaign.ts';

const NEEDS_ACCOUNT = 'Add your bank account in Settings first: releases are paid to it.';

export function StartTrading({ campaign }: { campaign: CampaignDetail }) {
  const reasonId = `${useId()}-reason`;
  const [confirming, setConfirming] = useState(false);
  const transition = useTransition(campaign.id);
  const cash = useCashAccount();
  const account = cash.data?.bankAccount ?? null;
  const amounts = trancheAmounts(campaign.raisedAmount, campaign.releases);
  const [first, ...later] = campaign.releases;
  // Investors may still revoke (the reflection period): nothing can go to the trade before then.
  const reflection = campaign.reflectionEndsAt
    ? REFLECTION_TEXT.tradingWaits(campaign.reflectionEndsAt)
    : null;
  const reason = reflection
    ? reflection
    : cash.isPending
      ? 'Checking your bank account…'
      : cash.error
        ? 'Your bank account could not be checked. Reload the page to try again.'
        : !account
          ? NEEDS_ACCOUNT
          : null;
  const failure = transition.error ? serverMessageOf(transition.error) : undefined;
  const accountRefused = failure === errorMessage('BANK_ACCOUNT_REQUIRED');

  return (
    <section aria-labelledby="start-trading-heading" className="grid gap-3 rounded-lg border p-4">
      <h3 id="start-trading-heading" className="font-semibold">
        Start trading
      </h3>
      {first && (
        <p className="text-sm">
          Starting trading releases {trancheLabel(first)}:{' '}
          <strong className="tabular-nums">{formatUsdCents(amounts[0]!)}</strong> of the{' '}
          {formatUsdCents(campaign.raisedAmount)} raised, paid to your bank account
          {account && <span className="font-mono whitespace-nowrap"> {account.ibanMasked}</span>} to buy the
          cargo.
          {later.length === 0 && ' Nothing stays in escrow.'}
        </p>
      )}
      {later.length > 0 && (
        <div className="text-sm">
          <p>The rest waits for the shipment, each part once an admin confirms the milestone’s document:</p>
          <ul className="mt-1 list-disc pl-5">
            {later.map((r, i) => (
              <li key={r.id}>
                {trancheLabel(r)}: <span className="tabular-nums">{formatUsdCents(amounts[i + 1]!)}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
      {!cash.isPending && !account && (
        <p className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm dark:border-amber-800 dark:bg-amber-950">
          {NEEDS_ACCOUNT}{' '}
          <Link href={SETTINGS_BANK_ACCOUNT} className="font-medium underline underline-offset-4">
            Add your bank account
          </Link>
        </p>
      )}
      <FormAlert message={failure} />
      {accountRefused && (
        <Link
          href={SETTINGS_BANK_ACCOUNT}
          className="text-sm font-medium text-primary underline underline-offset-4"
        >
          Go to Settings → Bank account
        </Link>
      )}
      {!confirming ? (
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <Button
            aria-disabled={reason !== null}
            aria-describedby={reason ? reasonId : undefined}
            className="aria-disabled:cursor-not-allowed aria-disabled:opacity-60"
            onClick={() => reason === null && setConfirming(true)}
          >
            Start trading
          </Button>
          {reason && (
            <span id={reasonId} className="text-sm text-muted-foreground">
              {reason}
            </span>
          )}
        </div>
      ) : (
        <div
          className="grid gap-2 rounded-md bg-muted/60 p-3"
          role="group"
          aria-label="Confirm start trading"
        >
          <p className="text-sm">
            Start the shipment of {campaign.title} and release {formatUsdCents(amounts[0] ?? '0')} to your
            bank account now?
          </p>
          <div className="flex flex-wrap gap-2">
            <Button onClick={() => transition.mutate({ to: 'trading' })} disabled={transition.isPending}>
              {transition.isPending ? 'Starting…' : 'Confirm start trading'}
            </Button>
            <Button variant="outline" onClick={() => setConfirming(false)} disabled={transition.isPending}>
              Back
            </Button>
          </div>
        </div>
      )}
    </section>
  );
}
