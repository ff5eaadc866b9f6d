// What the order dialog checks of a listing and of the quantity typed.
import { describe, expect, it } from 'vitest';
import { availableQuantity, isOrderQuantity, reservedQuantity } from './listings.ts';

describe('reservedQuantity', () => {
  it('is what orders hold: quantity less what is still available, to the cent', () => {
    expect(reservedQuantity({ quantity: '100.00', available: '37.55' })).toBe('62.45');
    expect(reservedQuantity({ quantity: '100.00', available: '100.00' })).toBe('0.00');
  });

  it('gives back the availability the wire shape said', () => {
    const listing = { quantity: '250.50', available: '0.10' };
    expect(availableQuantity({ ...listing, reserved: reservedQuantity(listing) }).toFixed(2)).toBe('0.10');
  });
});

describe('isOrderQuantity', () => {
  it('takes digits with at most two decimals, above zero', () => {
    expect(['1', '0.01', '12.5', '1000.25'].map(isOrderQuantity)).toEqual([true, true, true, true]);
  });

  it('refuses zero, negatives, three decimals, signs, spaces and words', () => {
    expect(['0', '0.00', '-1', '1.234', '+1', ' 1', '1e3', 'ten', ''].map(isOrderQuantity)).toEqual(
      Array(9).fill(false),
    );
  });
});
