// Why a payment form's submit waits: one reason at a time, the most pressing first.
import { describe, expect, it } from 'vitest';
import { PAYMENT_WAITS, paymentSubmitReason } from './payment-text.ts';

describe('paymentSubmitReason', () => {
  const minimum = 'The minimum investment for this campaign is $1,000.00';
  it('says a payment runs, then what the form says, then that the card form is not ready', () => {
    expect(paymentSubmitReason({ processing: true, formProblem: minimum, provider: 'loading' })).toBe(
      PAYMENT_WAITS.processing,
    );
    expect(paymentSubmitReason({ processing: false, formProblem: minimum, provider: 'loading' })).toBe(
      minimum,
    );
    expect(paymentSubmitReason({ processing: false, formProblem: null, provider: 'loading' })).toBe(
      PAYMENT_WAITS.loading,
    );
    expect(paymentSubmitReason({ processing: false, formProblem: null, provider: 'failed' })).toBe(
      PAYMENT_WAITS.failed,
    );
  });

  it('is null when the submit may be pressed', () => {
    expect(paymentSubmitReason({ processing: false, formProblem: null, provider: 'ready' })).toBeNull();
  });
});
