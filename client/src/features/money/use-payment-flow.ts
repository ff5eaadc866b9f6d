// The one payment flow, whatever is paid (spec §4's investment flow, the same for an order and a
// settlement): (1) the purpose creates an intent, (2) the card form pays it with the provider, (3) the
// purpose records the paid intent, (4) the caller refreshes, says so and closes (onRecorded).
//
// - The intent outlives a refused card: the next card pays the same intent. A new one is made only
//   when the amount changed or the server refused the old one; an unpaid intent left behind (a new
//   amount, the form closed) is given up, so what it holds is free again at once.
// - Paid but not recorded: once the card step succeeded, the payment is remembered in sessionStorage
//   until its record call answers. A failed record call (network, 5xx) is tried again without asking
//   for the card (the amount is then fixed); a form closed meanwhile asks in the background, and a
//   reload or a page left mid-call leaves it to the next page load (PaymentRecovery). Either way the
//   payer is told what became of the money.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ApiError, serverMessageOf } from '@/lib/api.ts';
import { CardError, type CardPayment } from './card-payment.ts';
import type { CreatedIntent, PaymentPurpose, PaymentPurposeName, PaymentRef } from './payment-purpose.ts';
import { isFinalAnswer, settleRememberedPayment, tellOutcome } from './payment-recovery.ts';
import { forgetPayment, rememberPayment, type PendingPayment } from './pending-payments.ts';

/** Why the last attempt did not end in a record. */
export interface PaymentProblem {
  /**
   * card: the provider refused the card (another card may pay the same intent); refused: the server's
   * last word (the intent is over: a new attempt makes a new one); failed: no answer (network, 5xx).
   */
  kind: 'card' | 'refused' | 'failed';
  /** The provider's or the server's words, when there are some. */
  message: string | undefined;
  /** Messages the server gave per field (e.g. `amount`). */
  fields: Record<string, string>;
  status: number | undefined;
}

export interface PaymentRequest<Input> {
  /** What the purpose's createIntent takes. */
  input: Input;
  /** The amount as sent (a decimal string in dollars): a different amount needs a new intent. */
  amount: string;
  /** What it pays for, as the payer knows it (told back if the record call has to be asked again). */
  title: string;
  card: CardPayment;
}

interface HeldIntent<Ref extends PaymentRef> extends CreatedIntent<Ref> {
  amount: string;
  title: string;
  paid: boolean;
}

function problemOf(error: unknown): PaymentProblem {
  if (error instanceof CardError)
    return { kind: 'card', message: error.message, fields: {}, status: undefined };
  const api = error instanceof ApiError ? error : undefined;
  return {
    kind: isFinalAnswer(error) ? 'refused' : 'failed',
    message: serverMessageOf(error),
    fields: api?.fields ?? {},
    status: api?.status,
  };
}

const pendingEntry = (
  intent: HeldIntent<PaymentRef>,
  purpose: PaymentPurposeName,
  payerId: string,
): PendingPayment => ({
  purpose,
  paymentIntentId: intent.paymentIntentId,
  amount: intent.amount,
  title: intent.title,
  ref: intent.ref,
  payerId,
  at: new Date().toISOString(),
});

export function usePaymentFlow<Input, Ref extends PaymentRef, Recorded>(
  purpose: PaymentPurpose<Input, Ref, Recorded>,
  options: {
    payerId: string;
    /** The paid intent is recorded (also called when the form closed meanwhile). */
    onRecorded: (recorded: Recorded) => void;
    /** An attempt failed; the problem is also returned for the form to show. */
    onProblem?: (problem: PaymentProblem) => void;
  },
) {
  const client = useQueryClient();
  const [held, setHeld] = useState<HeldIntent<Ref> | null>(null);
  const [processing, setProcessing] = useState(false);
  const [problem, setProblem] = useState<PaymentProblem | null>(null);
  // The same intent for the calls in flight and the cleanup (state there would be a render's copy).
  const intent = useRef<HeldIntent<Ref> | null>(null);
  const inFlight = useRef(false);
  const mounted = useRef(false);
  const latest = useRef({ purpose, client, ...options });
  useEffect(() => {
    latest.current = { purpose, client, ...options };
  });

  const hold = (next: HeldIntent<Ref> | null) => {
    intent.current = next;
    setHeld(next);
  };

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      const left = intent.current;
      // A call in flight finishes on its own, and then looks at this (the end of pay).
      if (!left || inFlight.current) return;
      const { purpose, client, payerId } = latest.current;
      if (!left.paid) purpose.giveUp(left);
      else void settleRememberedPayment(pendingEntry(left, purpose.name, payerId), purpose, client);
    };
  }, []);

  async function pay({ input, amount, title, card }: PaymentRequest<Input>) {
    if (inFlight.current) return;
    inFlight.current = true;
    let current = intent.current;
    try {
      // Checked before the form turns busy (its card fields are disabled then): focus can go to the
      // field to fix. A paid intent needs no card.
      if (!current?.paid && !(await card.check())) return;
      setProcessing(true);
      setProblem(null);
      if (current && !current.paid && current.amount !== amount) {
        purpose.giveUp(current);
        current = null;
        hold(null);
      }
      if (!current) {
        current = { ...(await purpose.createIntent(input)), amount, title, paid: false };
        hold(current);
      }
      if (!current.paid) {
        await card.confirm(current);
        current = { ...current, paid: true };
        hold(current);
        rememberPayment(pendingEntry(current, purpose.name, options.payerId));
      }
      const recorded = await purpose.record(current, client);
      forgetPayment(current.paymentIntentId);
      hold(null);
      latest.current.onRecorded(recorded);
    } catch (error) {
      const found = problemOf(error);
      if (found.kind !== 'card') console.error('Payment failed', error);
      if (found.kind === 'refused') {
        // The server's answer says what became of the money: shown now, nothing left to ask later.
        if (current?.paid) forgetPayment(current.paymentIntentId);
        hold(null);
      }
      if (mounted.current) {
        setProblem(found);
        latest.current.onProblem?.(found);
      } else if (current?.paid) {
        // The form is gone: the payer hears what became of the money in a toast.
        tellOutcome(pendingEntry(current, purpose.name, options.payerId), { error });
      }
    } finally {
      inFlight.current = false;
      setProcessing(false);
      const left = intent.current;
      if (!mounted.current && left && !left.paid) purpose.giveUp(left);
    }
  }

  return {
    pay,
    processing,
    problem,
    /** The payment went through but is not recorded yet: the amount is fixed, the card is not asked again. */
    paidAmount: held?.paid ? held.amount : null,
    clearProblem: () => setProblem(null),
  };
}
