// The modal's form: the amount (spec §5: numeric, step 0.01, minimum $100 or the campaign's higher
// minimum), the projected-profit preview from $100 up, how to pay — the card form of the configured
// provider, or the investor's HydroBridge balance when it holds money (docs/money.md) — and the
// submit, disabled below the minimum, while processing and while the provider is not ready — each time
// saying why. A card payment is the payments feature's one flow; the balance pays in one call.
import { useEffect, useId, useState, type ReactNode } from 'react';
import type { Campaign } from '@domain/campaign-schemas.ts';
import {
  balancePaymentIssue,
  investmentAmountForWire,
  investmentAmountMessage,
  investmentAmountProblem,
  investmentBounds,
  investmentPreview,
  suggestedAmount,
} from '@domain/investment-form.ts';
import { Field, fieldA11y, FormAlert } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { toast } from '@/components/ui/toast-store.ts';
import { invalidateCampaignData } from '@/features/campaigns/index.ts';
import {
  CardFields,
  PaymentActions,
  paymentSubmitReason,
  useCardForm,
  usePaymentFlow,
  useCashAccount,
  type PaymentProblem,
} from '@/features/money/index.ts';
import { formatPercent, formatUsdCents } from '@/lib/format.ts';
import { exceeds, isPositive } from '@domain/money.ts';
import { ACKNOWLEDGEMENT_MESSAGES } from '@domain/investor-protection.ts';
import { expectedNetReturn, projectedNetProfit, type Disclosure } from '@domain/returns.ts';

const isDecimalText = (v: string) => /^\d+(\.\d+)?$/.test(v.trim());
import { useQueryClient } from '@tanstack/react-query';
import { ApiError, serverMessageOf } from '@/lib/api.ts';
import { useInvestFromBalance } from '../api/invest-from-balance.ts';
import { investmentPayment } from '../investment-payment.ts';
import { INVESTMENT_TOASTS } from '../investment-text.ts';

export function InvestmentForm({
  summary,
  campaign,
  investorId,
  protection,
  onBusyChange,
  onInvested,
  onAcknowledgementRefused,
}: {
  /** The campaign summary, shown above the amount. */
  summary: ReactNode;
  campaign: Campaign & { disclosure?: Disclosure };
  investorId: string;
  /** The KIIS version read, and the amount above which the risk warning must be confirmed (null: never). */
  protection: { kiisVersion: number; riskWarningAbove: string | null };
  onBusyChange: (busy: boolean) => void;
  onInvested: () => void;
  /** The server asked for the test or an acknowledgement again (403/428): the modal goes back a step. */
  onAcknowledgementRefused: (message: string | undefined) => void;
}) {
  const id = useId();
  const amountId = `${id}-amount`;
  const client = useQueryClient();
  const bounds = investmentBounds(campaign);
  const [amount, setAmount] = useState(() => suggestedAmount(bounds));
  const [amountTouched, setAmountTouched] = useState(false);
  const cardForm = useCardForm();
  const flow = usePaymentFlow(investmentPayment, {
    payerId: investorId,
    onRecorded: (investment) => {
      toast(INVESTMENT_TOASTS.investmentSuccessful(investment));
      onInvested();
    },
    onProblem: (problem: PaymentProblem) => {
      if (problem.status === 428 || problem.status === 403) {
        onAcknowledgementRefused(problem.message);
        return;
      }
      if (problem.kind === 'card') {
        toast(INVESTMENT_TOASTS.paymentFailed(problem.message ?? ''));
        return;
      }
      toast(INVESTMENT_TOASTS.investmentFailed);
      // A refusal about room in the campaign means the figures on screen are out of date.
      if (problem.status === 409) void invalidateCampaignData(client);
    },
  });

  const cash = useCashAccount();
  const fromBalance = useInvestFromBalance();
  const balance = cash.data?.balance ?? '0';
  const [source, setSource] = useState<'card' | 'balance'>('card');
  const payFromBalance = source === 'balance' && flow.paidAmount === null;
  const processing = flow.processing || fromBalance.isPending;
  useEffect(() => onBusyChange(processing), [processing, onBusyChange]);

  const shownAmount = flow.paidAmount ?? amount;
  const problem = flow.paidAmount ? null : investmentAmountProblem(amount, bounds);
  const amountMessage = problem ? investmentAmountMessage(problem, bounds) : null;
  const preview = investmentPreview(shownAmount, campaign);
  const netProfit = preview ? projectedNetProfit(shownAmount, { ...campaign, ...campaign.disclosure }) : null;
  const netReturn = expectedNetReturn({ ...campaign, ...campaign.disclosure }).netReturnPercent;
  const warningAbove = protection.riskWarningAbove;
  const needsWarning =
    warningAbove !== null &&
    problem === null &&
    isDecimalText(shownAmount) &&
    exceeds(shownAmount, warningAbove);
  const [warningConfirmed, setWarningConfirmed] = useState(false);
  const acknowledgements = {
    kiisVersion: protection.kiisVersion,
    ...(needsWarning && { riskWarning: true }),
  };
  const amountError = (amountTouched ? amountMessage : undefined) ?? flow.problem?.fields.amount;
  const waitReason = paymentSubmitReason({
    processing,
    formProblem:
      amountMessage ??
      (payFromBalance ? balancePaymentIssue(amount, balance) : null) ??
      (needsWarning && !warningConfirmed ? 'Confirm the risk warning to invest this amount' : null),
    // A paid intent, or the balance, needs no card form.
    provider: flow.paidAmount || payFromBalance ? 'ready' : cardForm.status,
  });
  const balanceError = fromBalance.error
    ? (serverMessageOf(fromBalance.error) ?? INVESTMENT_TOASTS.investmentFailed.description)
    : undefined;
  const alert =
    (payFromBalance ? balanceError : undefined) ??
    (flow.problem && !flow.problem.fields.amount
      ? (flow.problem.message ?? INVESTMENT_TOASTS.investmentFailed.description)
      : undefined);

  return (
    <form
      aria-label="Investment"
      noValidate
      className="grid gap-6 md:grid-cols-2"
      onSubmit={(event) => {
        event.preventDefault();
        setAmountTouched(true);
        if (waitReason !== null) return;
        const input = {
          amount: investmentAmountForWire(shownAmount),
          campaignId: campaign.id,
          investorId,
          acknowledgements,
        };
        if (payFromBalance) {
          fromBalance.mutate(input, {
            onSuccess: (investment) => {
              toast(INVESTMENT_TOASTS.investmentSuccessful(investment));
              onInvested();
            },
            onError: (error) => {
              const status = error instanceof ApiError ? error.status : undefined;
              if (status === 428 || status === 403) onAcknowledgementRefused(serverMessageOf(error));
              else toast(INVESTMENT_TOASTS.investmentFailed);
            },
          });
          return;
        }
        if (!cardForm.cardRef.current) return;
        void flow.pay({
          input,
          amount: investmentAmountForWire(shownAmount),
          title: campaign.title,
          card: cardForm.cardRef.current,
        });
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
              if (flow.problem?.fields.amount) flow.clearProblem();
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
                At {formatPercent(preview.expectedRoiPercent)} gross ROI, before costs and fees: a{' '}
                {preview.sharePercent === '<0.01'
                  ? 'less than 0.01%'
                  : formatPercent(preview.sharePercent, 2)}{' '}
                share of the campaign.
              </p>
              {netProfit !== null && (
                <p className="mt-2 flex flex-wrap items-baseline justify-between gap-x-3 border-t pt-2">
                  <span className="font-medium">Expected profit after costs and fees</span>
                  <span className="font-bold tabular-nums">
                    {formatUsdCents(netProfit)} ({formatPercent(netReturn)} expected return)
                  </span>
                </p>
              )}
            </div>
          ) : (
            <p className="rounded-lg border border-dashed p-3 text-sm text-muted-foreground">
              Enter $100 or more to see your projected profit.
            </p>
          )}
        </div>
      </div>

      <div className="grid content-start gap-4">
        {isPositive(balance) && flow.paidAmount === null && (
          <fieldset className="grid gap-2 text-sm" disabled={processing}>
            <legend className="mb-1 text-sm font-semibold">Pay with</legend>
            <label className="flex items-center gap-2">
              <input
                type="radio"
                name="source"
                checked={source === 'card'}
                onChange={() => setSource('card')}
              />
              Card
            </label>
            <label className="flex items-center gap-2">
              <input
                type="radio"
                name="source"
                checked={source === 'balance'}
                onChange={() => setSource('balance')}
              />
              Your HydroBridge balance ({formatUsdCents(balance)} available)
            </label>
          </fieldset>
        )}
        <fieldset className="grid gap-3" disabled={processing || flow.paidAmount !== null}>
          <legend className="mb-1 text-sm font-semibold">Payment</legend>
          {payFromBalance ? (
            <p className="text-sm text-muted-foreground">
              Paid from your balance at once: no card needed. The money goes into the campaign's escrow like a
              card payment, and a refund comes back to your balance.
            </p>
          ) : flow.paidAmount !== null ? (
            <p className="text-sm text-muted-foreground">
              Your payment of {formatUsdCents(flow.paidAmount)} went through. Try again to record your
              investment.
            </p>
          ) : (
            <CardFields
              cardRef={cardForm.cardRef}
              provider={cardForm.provider}
              amount={problem === null ? amount : suggestedAmount(bounds)}
              onEdit={flow.problem?.kind === 'card' ? flow.clearProblem : undefined}
            />
          )}
        </fieldset>

        {needsWarning && (
          <div
            role="alert"
            className="grid gap-2 rounded-lg border border-destructive/40 bg-destructive/5 p-3 text-sm"
          >
            <p className="font-semibold">Risk warning</p>
            <p>{ACKNOWLEDGEMENT_MESSAGES.riskWarning(formatUsdCents(warningAbove))}</p>
            <label className="flex items-start gap-2 font-medium">
              <input
                type="checkbox"
                className="mt-1"
                checked={warningConfirmed}
                disabled={processing}
                onChange={(event) => setWarningConfirmed(event.target.checked)}
              />
              I understand I could lose all of the {formatUsdCents(shownAmount)} I invest, and I still want to
              invest it
            </label>
          </div>
        )}

        <FormAlert message={alert} />

        <PaymentActions
          label={problem === null ? `Invest ${formatUsdCents(shownAmount)}` : 'Invest'}
          reason={waitReason}
          processing={processing}
        />
      </div>
    </form>
  );
}
