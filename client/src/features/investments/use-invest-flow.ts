// The investment flow of spec §4: (1) create a payment intent, (2) confirm the card with the provider,
// (3) record the investment, (4) refresh, toast, close (the record hook refreshes and toasts).
//
// The intent outlives a failed card: the modal stays open and the next card pays the same intent (the
// server keeps it payable and its amount reserved). A new intent is made only when the amount changed
// or the server refused the old one; an unpaid intent left behind (new amount, modal closed) is
// cancelled, so its slice of the campaign is free again at once. A paid intent whose record call failed on the way (network, 5xx)
// is recorded on the next try without paying again; the server answers a replay with the same
// investment.
import { useEffect, useRef, useState } from 'react';
import { investmentAmountForWire } from '@domain/investment-form.ts';
import { toast } from '@/components/ui/toast-store.ts';
import { invalidateCampaignData } from '@/features/campaigns/api/campaigns.ts';
import { ApiError, serverMessageOf } from '@/lib/api.ts';
import { useQueryClient } from '@tanstack/react-query';
import { releasePaymentIntent } from './api/cancel-payment-intent.ts';
import { useCreatePaymentIntent } from './api/create-payment-intent.ts';
import { useRecordInvestment } from './api/record-investment.ts';
import { CardError, type CardPayment, type PaymentIntentHandle } from './card-payment.ts';
import { INVESTMENT_TOASTS } from './investment-text.ts';

interface Intent extends PaymentIntentHandle {
  /** The amount it reserves, as sent. */
  amount: string;
  paid: boolean;
}

/** What the modal shows after a failed attempt: the card's refusal, or the server's reason. */
export interface InvestProblem {
  kind: 'card' | 'investment';
  message: string;
  /** The server named the amount (below the minimum, above the open amount): shown at that field. */
  amountMessage?: string;
}

/** An answer that ends the intent's life: it was refused, expired, refunded or does not fit any more. */
const endsIntent = (error: unknown) => error instanceof ApiError && error.status < 500;

export function useInvestFlow({
  campaignId,
  investorId,
  onInvested,
}: {
  campaignId: string;
  investorId: string;
  onInvested: () => void;
}) {
  const client = useQueryClient();
  const createIntent = useCreatePaymentIntent();
  const record = useRecordInvestment();
  const [intent, setIntent] = useState<Intent | null>(null);
  const [processing, setProcessing] = useState(false);
  const [problem, setProblem] = useState<InvestProblem | null>(null);

  const inFlight = useRef(false);
  // The latest intent, for the cleanup below (state in an unmount cleanup would be the first render's).
  const latest = useRef<Intent | null>(null);
  useEffect(() => {
    latest.current = intent;
  }, [intent]);
  useEffect(
    () => () => {
      const left = latest.current;
      if (left && !left.paid) releasePaymentIntent(left.paymentIntentId);
    },
    [],
  );

  async function invest(amountText: string, card: CardPayment) {
    if (inFlight.current) return;
    inFlight.current = true;
    const amount = investmentAmountForWire(amountText);
    let current = intent?.amount === amount || intent?.paid ? intent : null;
    try {
      // Checked before the form turns busy (its card fields are disabled then): focus can go to the
      // field to fix.
      if (!current?.paid && !(await card.check())) return;
      setProcessing(true);
      setProblem(null);
      if (!current) {
        if (intent && !intent.paid) releasePaymentIntent(intent.paymentIntentId);
        const created = await createIntent.mutateAsync({ amount, campaignId, investorId });
        current = { ...created, amount, paid: false };
        setIntent(current);
      }
      if (!current.paid) {
        await card.confirm(current);
        current = { ...current, paid: true };
        setIntent(current);
      }
      await record.mutateAsync({ paymentIntentId: current.paymentIntentId, campaignId, investorId });
      onInvested();
    } catch (error) {
      if (error instanceof CardError) {
        toast(INVESTMENT_TOASTS.paymentFailed(error.message));
        setProblem({ kind: 'card', message: error.message });
        return;
      }
      console.error('Investment failed', error);
      toast(INVESTMENT_TOASTS.investmentFailed);
      const reason = serverMessageOf(error);
      setProblem({
        kind: 'investment',
        message: reason ?? INVESTMENT_TOASTS.investmentFailed.description,
        amountMessage: error instanceof ApiError ? error.fields.amount : undefined,
      });
      if (endsIntent(error)) {
        setIntent(null);
        // A refusal about room in the campaign means the figures on screen are out of date.
        if (error instanceof ApiError && error.status === 409) void invalidateCampaignData(client);
      }
    } finally {
      inFlight.current = false;
      setProcessing(false);
    }
  }

  return {
    invest,
    processing,
    problem,
    /** The payment went through but is not recorded yet: the amount is fixed, the card is not asked again. */
    paidAmount: intent?.paid ? intent.amount : null,
    clearProblem: () => setProblem(null),
  };
}
