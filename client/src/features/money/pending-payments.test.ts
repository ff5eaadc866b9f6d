// The memory of payments that went through but are not recorded yet: one entry per intent, per payer,
// forgotten when answered or a day old, and nothing read back that this code did not write.
import { describe, expect, it } from 'vitest';
import {
  forgetPayment,
  pendingPaymentsOf,
  rememberPayment,
  type PendingPayment,
} from './pending-payments.ts';
import { anyPendingPayments, PENDING_PAYMENTS_KEY, type SessionStore } from './session-store.ts';

function memoryStore(): SessionStore & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

const now = new Date('2026-11-26T12:00:00.000Z');
const pending = (over: Partial<PendingPayment> = {}): PendingPayment => ({
  purpose: 'investment',
  paymentIntentId: 'pi_sb_1',
  amount: '2500.00',
  title: 'Kandla → Rotterdam green ammonia cargo',
  ref: { campaignId: 'c1', investorId: 'u1' },
  payerId: 'u1',
  at: now.toISOString(),
  ...over,
});

describe('pending payments', () => {
  it('remembers a paid intent for its payer only, once per intent, until it is forgotten', () => {
    const store = memoryStore();
    expect(anyPendingPayments(store)).toBe(false);
    rememberPayment(pending(), store);
    rememberPayment(pending({ amount: '3000.00' }), store);
    rememberPayment(pending({ paymentIntentId: 'pi_sb_2', purpose: 'order', ref: { orderId: 'o1' } }), store);
    rememberPayment(pending({ paymentIntentId: 'pi_sb_3', payerId: 'u2' }), store);
    expect(anyPendingPayments(store)).toBe(true);
    expect(pendingPaymentsOf('u1', now, store).map((e) => [e.paymentIntentId, e.amount])).toEqual([
      ['pi_sb_1', '3000.00'],
      ['pi_sb_2', '2500.00'],
    ]);
    forgetPayment('pi_sb_1', store);
    forgetPayment('pi_sb_2', store);
    expect(pendingPaymentsOf('u1', now, store)).toEqual([]);
    forgetPayment('pi_sb_3', store);
    // Nothing left: the key is gone, so the next page load loads no recovery code.
    expect(store.items.has(PENDING_PAYMENTS_KEY)).toBe(false);
  });

  it('drops a payment a day old: by then the server has recorded or refunded it on its own', () => {
    const store = memoryStore();
    rememberPayment(pending({ at: new Date(now.getTime() - 25 * 3_600_000).toISOString() }), store);
    rememberPayment(
      pending({ paymentIntentId: 'pi_sb_2', at: new Date(now.getTime() - 3_600_000).toISOString() }),
      store,
    );
    expect(pendingPaymentsOf('u1', now, store).map((e) => e.paymentIntentId)).toEqual(['pi_sb_2']);
    expect(JSON.parse(store.items.get(PENDING_PAYMENTS_KEY)!)).toHaveLength(1);
  });

  it('reads back only entries of its own shape (the storage is the user’s to change)', () => {
    const store = memoryStore();
    store.setItem(
      PENDING_PAYMENTS_KEY,
      JSON.stringify([
        pending(),
        { ...pending({ paymentIntentId: 'pi_sb_2' }), purpose: 'gift' },
        { ...pending({ paymentIntentId: 'not an intent' }) },
        { ...pending({ paymentIntentId: 'pi_sb_4' }), ref: { campaignId: 7 } },
        { ...pending({ paymentIntentId: 'pi_sb_5' }), amount: '-5' },
        null,
      ]),
    );
    expect(pendingPaymentsOf('u1', now, store).map((e) => e.paymentIntentId)).toEqual(['pi_sb_1']);
    store.setItem(PENDING_PAYMENTS_KEY, '{not json');
    expect(pendingPaymentsOf('u1', now, store)).toEqual([]);
  });

  it('goes on without storage when the browser refuses it', () => {
    const refusing: SessionStore = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(() => rememberPayment(pending(), refusing)).not.toThrow();
    expect(pendingPaymentsOf('u1', now, refusing)).toEqual([]);
    expect(anyPendingPayments(refusing)).toBe(false);
    expect(() => forgetPayment('pi_sb_1', null)).not.toThrow();
  });
});
