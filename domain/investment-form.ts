// The investment modal's rules (spec §2, §5, §9): the amounts an investor may enter in a campaign,
// why an amount cannot be sent, and the projected-profit preview. Pure and free of the schema library,
// so the form decides with the same figures the cards show and the server checks.
import type { Campaign } from './campaign-schemas.ts';
import { errorMessage } from './errors.ts';
import {
  campaignShare,
  dec,
  expectedRoiPercent,
  MIN_INVESTMENT,
  projectedProfit,
  remainingAmount,
  toFixed,
  usdText,
} from './money.ts';

export interface InvestmentBounds {
  /**
   * The larger of the platform floor ($100, spec §5) and the campaign's own minimum. The exact last
   * slice of a campaign may be smaller (else a campaign $50 short could never fill), as the server rules.
   */
  minimum: string;
  /**
   * What the campaign still needs (target − raised) as last read. The server also subtracts live
   * reservations of other investors, so it may accept less than this.
   */
  remaining: string;
  /** Less than the minimum is open: only exactly the remaining amount fits. */
  lastSliceOnly: boolean;
}

export function investmentBounds(
  c: Pick<Campaign, 'minimumInvestment' | 'raisedAmount' | 'targetAmount'>,
): InvestmentBounds {
  const minimum = dec(c.minimumInvestment).gt(MIN_INVESTMENT) ? c.minimumInvestment : MIN_INVESTMENT;
  const remaining = remainingAmount(c.raisedAmount, c.targetAmount);
  return {
    minimum: toFixed(minimum),
    remaining: toFixed(remaining),
    lastSliceOnly: remaining.gt(0) && remaining.lt(minimum),
  };
}

/** What the amount field starts with: the minimum, or the whole last slice when less than that is open. */
export function suggestedAmount(bounds: InvestmentBounds): string {
  return bounds.lastSliceOnly ? bounds.remaining : bounds.minimum;
}

/** Why an amount as typed cannot be sent; the form's submit stays disabled while there is one. */
export type InvestmentAmountProblem =
  'required' | 'not-a-number' | 'too-precise' | 'below-minimum' | 'above-remaining';

const DECIMAL = /^\d+(\.\d+)?$/;
const CENTS = /^\d+(\.\d{1,2})?$/;

export function investmentAmountProblem(
  amount: string,
  bounds: InvestmentBounds,
): InvestmentAmountProblem | null {
  const text = amount.trim();
  if (text === '') return 'required';
  if (!DECIMAL.test(text)) return 'not-a-number';
  if (!CENTS.test(text)) return 'too-precise';
  // In the server's order: what is open first, then the minimum, which the exact last slice may undercut.
  if (dec(text).gt(bounds.remaining)) return 'above-remaining';
  if (dec(text).lt(bounds.minimum) && !dec(text).eq(bounds.remaining)) return 'below-minimum';
  return null;
}

/** What the form says about a problem: the catalogue's message of the server's refusal of the same amount. */
export function investmentAmountMessage(problem: InvestmentAmountProblem, bounds: InvestmentBounds): string {
  switch (problem) {
    case 'required':
      return 'Amount is required';
    case 'not-a-number':
      return 'Amount must be a number';
    case 'too-precise':
      return 'Amount can have at most 2 decimal places';
    case 'above-remaining':
      return errorMessage('ABOVE_OPEN_AMOUNT', { open: usdText(bounds.remaining) });
    case 'below-minimum':
      return bounds.lastSliceOnly
        ? errorMessage('BELOW_MINIMUM_LAST_SLICE', {
            minimum: usdText(bounds.minimum),
            open: usdText(bounds.remaining),
          })
        : errorMessage('BELOW_MINIMUM', { minimum: usdText(bounds.minimum) });
  }
}

/** An amount without a problem as the intent call takes it: a decimal string with cents ("500" → "500.00"). */
export function investmentAmountForWire(amount: string): string {
  const text = amount.trim();
  if (!CENTS.test(text)) throw new RangeError(`"${amount}" is not an amount in cents`);
  return toFixed(text);
}

export interface InvestmentPreview {
  /** amount × (sell − buy) / buy, in dollars with cents (spec §9). */
  projectedProfit: string;
  /** The campaign's expected ROI in percent, 1 decimal. */
  expectedRoiPercent: string;
  /** The share of the campaign this amount buys, in percent (see sharePercent). */
  sharePercent: string;
}

/**
 * Spec §2: the projected profit shows once the amount is $100 or more (the platform floor, even where
 * the campaign's own minimum is higher: the preview helps choose an amount). Null below that, or while
 * the amount is not a sum in cents.
 */
export function investmentPreview(
  amount: string,
  c: Pick<Campaign, 'buyPrice' | 'sellPrice' | 'targetAmount'>,
): InvestmentPreview | null {
  const text = amount.trim();
  if (!CENTS.test(text) || dec(text).lt(MIN_INVESTMENT)) return null;
  return {
    projectedProfit: toFixed(projectedProfit(text, c.buyPrice, c.sellPrice)),
    expectedRoiPercent: toFixed(expectedRoiPercent(c.buyPrice, c.sellPrice), 1),
    sharePercent: sharePercent(campaignShare(text, c.targetAmount).toFixed(6)),
  };
}

/**
 * A share (amount / target with 6 decimals, spec §9) as a percent of the campaign with 2 decimals:
 * "0.006667" → "0.67". A share too small to show as 0.01% reads "<0.01" rather than a misleading 0.
 */
export function sharePercent(shares: string): string {
  const percent = dec(shares).times(100);
  if (percent.gt(0) && percent.lt('0.005')) return '<0.01';
  return toFixed(percent, 2);
}

/** Why the HydroBridge balance cannot pay `amount` (the form says so at its submit); null when it can. */
export function balancePaymentIssue(amount: string, balance: string): string | null {
  if (!/^\d+(\.\d{1,2})?$/.test(amount.trim())) return null;
  return dec(amount).gt(balance)
    ? `Your balance is ${usdText(balance)}: invest up to that from it, or pay by card`
    : null;
}
