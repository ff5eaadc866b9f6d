// The modal's form: the amount (spec §5: numeric, step 0.01, minimum $100 or the campaign's higher
// minimum), the projected-profit preview from $100 up, the card form of the configured provider, and
// the submit, disabled below the minimum, while processing and while the provider is not ready.
import { lazy, Suspense, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import type { Campaign } from '@domain/campaign-schemas.ts';
import {
  investmentAmountMessage,
  investmentAmountProblem,
  investmentBounds,
  investmentPreview,
  suggestedAmount,
} from '@domain/investment-form.ts';
import { Button } from '@/components/ui/button.tsx';
import { DialogClose } from '@/components/ui/dialog.tsx';
import { Field, fieldA11y, FormAlert } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { formatPercent, formatUsdCents } from '@/lib/format.ts';
import { usePaymentsConfig } from '../api/get-payments-config.ts';
import type { CardPayment } from '../card-payment.ts';
import { useInvestFlow } from '../use-invest-flow.ts';
import { SandboxCardFields } from './SandboxCardFields.tsx';

// Stripe's libraries load only when the server is configured for Stripe, and only with this modal.
const StripeCardFields = lazy(() => import('./StripeCardFields.tsx'));

const loadingPaymentForm = (
  <p aria-busy="true" className="text-sm text-muted-foreground">
    Loading the payment form…
  </p>
);

export function InvestmentForm({
  summary,
  campaign,
  investorId,
  onBusyChange,
  onInvested,
}: {
  /** The campaign summary, shown above the amount. */
  summary: ReactNode;
  campaign: Campaign;
  investorId: string;
  onBusyChange: (busy: boolean) => void;
  onInvested: () => void;
}) {
  const id = useId();
  const amountId = `${id}-amount`;
  const bounds = investmentBounds(campaign);
  const [amount, setAmount] = useState(() => suggestedAmount(bounds));
  const [amountTouched, setAmountTouched] = useState(false);
  const config = usePaymentsConfig();
  const [stripeReady, setStripeReady] = useState(false);
  const card = useRef<CardPayment>(null);
  const flow = useInvestFlow({ campaignId: campaign.id, investorId, onInvested });

  useEffect(() => onBusyChange(flow.processing), [flow.processing, onBusyChange]);

  const shownAmount = flow.paidAmount ?? amount;
  const problem = flow.paidAmount ? null : investmentAmountProblem(amount, bounds);
  const preview = investmentPreview(shownAmount, campaign);
  const providerReady =
    config.data?.provider === 'sandbox' || (config.data?.provider === 'stripe' && stripeReady);
  const amountError =
    (amountTouched && problem ? investmentAmountMessage(problem, bounds) : undefined) ??
    flow.problem?.amountMessage;
  const canSubmit = problem === null && !flow.processing && providerReady;

  return (
    <form
      aria-label="Investment"
      noValidate
      className="grid gap-6 md:grid-cols-2"
      onSubmit={(event) => {
        event.preventDefault();
        setAmountTouched(true);
        if (!canSubmit || !card.current) return;
        void flow.invest(shownAmount, card.current);
      }}
    >
      <div className="grid content-start gap-4">
        {summary}
        <Field
          id={amountId}
          label="Amount (USD)"
          error={amountError}
          hint={
            bounds.lastSliceOnly
              ? `Only ${formatUsdCents(bounds.remaining)} is still open: invest exactly that to fill the campaign`
              : `Minimum ${formatUsdCents(bounds.minimum)} · ${formatUsdCents(bounds.remaining)} still open`
          }
        >
          <Input
            {...fieldA11y(amountId, amountError, { hint: true })}
            name="amount"
            type="number"
            inputMode="decimal"
            step="0.01"
            min={bounds.minimum}
            value={shownAmount}
            readOnly={flow.processing || flow.paidAmount !== null}
            onChange={(event) => {
              setAmount(event.target.value);
              if (flow.problem?.amountMessage) flow.clearProblem();
            }}
            onBlur={() => setAmountTouched(true)}
          />
        </Field>

        <div aria-live="polite">
          {preview ? (
            <div className="rounded-lg border border-primary/30 bg-accent/50 p-3 text-sm">
              <p className="flex flex-wrap items-baseline justify-between gap-x-3">
                <span className="font-medium">Projected profit</span>
                <span className="text-lg font-bold tabular-nums">
                  {formatUsdCents(preview.projectedProfit)}
                </span>
              </p>
              <p className="text-muted-foreground">
                At {formatPercent(preview.expectedRoiPercent)} expected ROI, before costs and fees: a{' '}
                {preview.sharePercent === '<0.01'
                  ? 'less than 0.01%'
                  : formatPercent(preview.sharePercent, 2)}{' '}
                share of the campaign.
              </p>
            </div>
          ) : (
            <p className="rounded-lg border border-dashed p-3 text-sm text-muted-foreground">
              Enter $100 or more to see your projected profit.
            </p>
          )}
        </div>
      </div>

      <div className="grid content-start gap-4">
        <fieldset className="grid gap-3" disabled={flow.processing || flow.paidAmount !== null}>
          <legend className="mb-1 text-sm font-semibold">Payment</legend>
          {flow.paidAmount !== null ? (
            <p className="text-sm text-muted-foreground">
              Your payment of {formatUsdCents(flow.paidAmount)} went through. Try again to record your
              investment.
            </p>
          ) : config.isPending ? (
            loadingPaymentForm
          ) : config.error ? (
            <FormAlert message={`The payment form could not be loaded. ${config.error.message}`} />
          ) : config.data.provider === 'stripe' ? (
            <Suspense fallback={loadingPaymentForm}>
              <StripeCardFields
                ref={card}
                publishableKey={config.data.publishableKey}
                amount={problem === null ? amount : suggestedAmount(bounds)}
                onReadyChange={setStripeReady}
              />
            </Suspense>
          ) : (
            <SandboxCardFields
              ref={card}
              onEdit={flow.problem?.kind === 'card' ? flow.clearProblem : undefined}
            />
          )}
        </fieldset>

        <FormAlert message={flow.problem && !flow.problem.amountMessage ? flow.problem.message : undefined} />

        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="outline" disabled={flow.processing}>
              Cancel
            </Button>
          </DialogClose>
          {/* aria-disabled, not disabled: the button keeps focus while the payment runs, and stays
            reachable by keyboard with the amount hint explaining why it waits. */}
          <Button
            type="submit"
            aria-disabled={!canSubmit}
            className="aria-disabled:cursor-not-allowed aria-disabled:opacity-60"
          >
            {flow.processing
              ? 'Processing…'
              : problem === null
                ? `Invest ${formatUsdCents(shownAmount)}`
                : 'Invest'}
          </Button>
        </div>
      </div>
    </form>
  );
}
