// Paying an approved settlement: the card step through the payments feature's one flow (the third
// purpose, settlement-payment.ts), inline in the trader's Track Shipment dialog, or a bank transfer
// an admin marks received (the amount, and the campaign's id as the reference).
import { useId, useState } from 'react';
import type { CampaignDetail } from '@domain/campaign-schemas.ts';
import type { SettlementView } from '@domain/money-out.ts';
import { Button } from '@/components/ui/button.tsx';
import { FormAlert } from '@/components/ui/form-field.tsx';
import { toast } from '@/components/ui/toast-store.ts';
import {
  CardFields,
  PaymentActions,
  paymentSubmitReason,
  useCardForm,
  usePaymentFlow,
} from '@/features/money/index.ts';
import { formatUsdCents } from '@/lib/format.ts';
import { SUPPORT_EMAIL } from '@/lib/support.ts';
import { settlementPayment } from '../../settlement-payment.ts';

const PAY_FAILED = 'The settlement could not be paid. Please try again.';
const RECORDING =
  'Your payment went through and HydroBridge is recording it: the investors are paid out as soon as it is. Try again to check now.';
const NOT_PAYABLE_BY_CARD =
  'The card payment of this settlement is being prepared. Reload the page in a moment, or pay by bank transfer.';

export function SettlementPayment({
  campaign,
  settlement,
}: {
  campaign: CampaignDetail;
  settlement: SettlementView;
}) {
  const [paying, setPaying] = useState(false);
  const reasonId = `${useId()}-reason`;
  const cardReady = !!settlement.paymentIntentId && !!settlement.clientSecret;
  return (
    <div className="grid gap-4">
      {paying ? (
        <CardPayment campaign={campaign} amount={settlement.amountDue} onCancel={() => setPaying(false)} />
      ) : (
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <Button
            aria-disabled={!cardReady}
            aria-describedby={cardReady ? undefined : reasonId}
            className="aria-disabled:cursor-not-allowed aria-disabled:opacity-60"
            onClick={() => cardReady && setPaying(true)}
          >
            Pay the settlement
          </Button>
          {!cardReady && (
            <span id={reasonId} className="text-sm text-muted-foreground">
              {NOT_PAYABLE_BY_CARD}
            </span>
          )}
        </div>
      )}
      <section aria-labelledby="bank-transfer-heading" className="grid gap-2 rounded-md border p-3 text-sm">
        <h4 id="bank-transfer-heading" className="font-semibold">
          Or pay by bank transfer
        </h4>
        <p className="text-muted-foreground">
          Transfer exactly the amount below to HydroBridge’s client money account, quoting the reference (ask{' '}
          <a href={`mailto:${SUPPORT_EMAIL}`} className="text-primary underline underline-offset-4">
            {SUPPORT_EMAIL}
          </a>{' '}
          for its details). An admin marks it received, then the investors are paid out.
        </p>
        <dl className="grid gap-1 sm:grid-cols-[auto_1fr] sm:gap-x-4">
          <dt className="text-muted-foreground">Amount</dt>
          <dd className="font-semibold tabular-nums">{formatUsdCents(settlement.amountDue)}</dd>
          <dt className="text-muted-foreground">Reference</dt>
          <dd className="font-mono break-all">{campaign.id}</dd>
        </dl>
      </section>
    </div>
  );
}

function CardPayment({
  campaign,
  amount,
  onCancel,
}: {
  campaign: CampaignDetail;
  amount: string;
  onCancel: () => void;
}) {
  const cardForm = useCardForm();
  const flow = usePaymentFlow(settlementPayment, {
    payerId: campaign.traderId,
    onRecorded: () =>
      toast({
        title: 'Settlement paid',
        description: `${formatUsdCents(amount)} received: the investors of ${campaign.title} are paid out to their HydroBridge balances.`,
      }),
    onProblem: (problem) => {
      if (problem.kind === 'failed' && flow.paidAmount !== null)
        toast({ title: 'Payment being recorded', description: RECORDING });
      else if (problem.kind !== 'card')
        toast({
          title: 'Payment Failed',
          description: problem.message ?? PAY_FAILED,
          variant: 'destructive',
        });
    },
  });
  const paid = flow.paidAmount !== null;
  const problemText = !flow.problem ? undefined : paid ? RECORDING : (flow.problem.message ?? PAY_FAILED);
  const waitReason = paymentSubmitReason({
    processing: flow.processing,
    formProblem: null,
    provider: paid ? 'ready' : cardForm.status,
  });
  return (
    <form
      aria-label="Pay the settlement"
      noValidate
      className="grid gap-3 rounded-md border p-3"
      onSubmit={(event) => {
        event.preventDefault();
        if (waitReason !== null || !cardForm.cardRef.current) return;
        void flow.pay({
          input: { campaignId: campaign.id },
          amount,
          title: `the settlement of ${campaign.title}`,
          card: cardForm.cardRef.current,
        });
      }}
    >
      <fieldset className="grid gap-3" disabled={flow.processing || paid}>
        <legend className="mb-1 text-sm font-semibold">Card</legend>
        {paid ? (
          <p className="text-sm text-muted-foreground">
            Your payment of {formatUsdCents(amount)} went through.
          </p>
        ) : (
          <CardFields
            cardRef={cardForm.cardRef}
            provider={cardForm.provider}
            amount={amount}
            onEdit={flow.problem ? flow.clearProblem : undefined}
          />
        )}
      </fieldset>
      <FormAlert message={problemText} />
      <PaymentActions
        label={`Pay ${formatUsdCents(amount)}`}
        reason={waitReason}
        processing={flow.processing}
        onCancel={onCancel}
      />
    </form>
  );
}
