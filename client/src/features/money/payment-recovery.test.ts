// What the payer is told about a payment whose record call is asked again (after a reload, or a modal
// closed mid-call): recorded, refused by the server in its own words, or not known yet (kept to ask
// again); and asked once even when two callers ask at the same time.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { QueryClient } from '@tanstack/react-query';
import { currentToast } from '@/components/ui/toast-store.ts';
import { ApiError } from '@/lib/api.ts';
import { isFinalAnswer, settleRememberedPayment } from './payment-recovery.ts';
import { pendingPaymentsOf, rememberPayment, type PendingPayment } from './pending-payments.ts';

const client = {} as QueryClient;
const entry: PendingPayment = {
  purpose: 'investment',
  paymentIntentId: 'pi_sb_1',
  amount: '2500.00',
  title: 'Kandla → Rotterdam green ammonia cargo',
  ref: { campaignId: 'c1', investorId: 'u1' },
  payerId: 'u1',
  at: new Date().toISOString(),
};
const apiError = (status: number, error?: string) =>
  new ApiError(status, error ? JSON.stringify({ error }) : '', 'Status');

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  const items = new Map<string, string>();
  vi.stubGlobal('sessionStorage', {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  });
  rememberPayment(entry);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('settleRememberedPayment', () => {
  it('records it again (a replay answers the same investment), says so, and forgets it', async () => {
    const record = vi.fn().mockResolvedValue({ id: 'i1' });
    await settleRememberedPayment(entry, { record }, client);
    expect(record).toHaveBeenCalledWith(
      { paymentIntentId: 'pi_sb_1', ref: { campaignId: 'c1', investorId: 'u1' } },
      client,
    );
    expect(currentToast()).toMatchObject({
      title: 'Payment recorded',
      description: 'Your payment of $2,500.00 for Kandla → Rotterdam green ammonia cargo was recorded.',
    });
    expect(pendingPaymentsOf('u1')).toEqual([]);
  });

  it("shows the server's final answer as it is, and forgets the payment", async () => {
    const message = 'The campaign filled up: your card was not charged';
    await settleRememberedPayment(
      entry,
      { record: vi.fn().mockRejectedValue(apiError(409, message)) },
      client,
    );
    expect(currentToast()).toMatchObject({ title: 'Payment not recorded', description: message });
    expect(pendingPaymentsOf('u1')).toEqual([]);
  });

  it('keeps a payment with no answer yet (network, 5xx, signed out) and says it is being recorded', async () => {
    for (const error of [new TypeError('Failed to fetch'), apiError(503), apiError(401, 'Please sign in')]) {
      await settleRememberedPayment(entry, { record: vi.fn().mockRejectedValue(error) }, client);
      expect(currentToast()?.title).toBe('Payment being recorded');
      expect(currentToast()?.description).toContain('Your payment of $2,500.00');
      expect(pendingPaymentsOf('u1')).toHaveLength(1);
    }
  });

  it('asks once when two callers ask at the same time, and not at all once it is answered', async () => {
    let answer: (value: unknown) => void = () => undefined;
    const record = vi.fn(() => new Promise((resolve) => (answer = resolve)));
    const first = settleRememberedPayment(entry, { record }, client);
    const second = settleRememberedPayment(entry, { record }, client);
    answer({ id: 'i1' });
    await Promise.all([first, second]);
    await settleRememberedPayment(entry, { record }, client);
    expect(record).toHaveBeenCalledTimes(1);
  });
});

describe('isFinalAnswer', () => {
  it('takes a 4xx as the last word, except sign in, time out and too many requests', () => {
    expect([400, 403, 404, 409, 402].map((s) => isFinalAnswer(apiError(s)))).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
    expect([401, 408, 429, 500, 502].map((s) => isFinalAnswer(apiError(s)))).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
    expect(isFinalAnswer(new TypeError('Failed to fetch'))).toBe(false);
  });
});
