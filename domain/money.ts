// Money and trade formulas (spec §9). Every input and output is a decimal string or a Big, never a
// JS float: the same functions run in the browser and on the server, so both show the same figures.
import Big from 'big.js';

export type Decimal = Big;
/**
 * Money and quantities enter as decimal strings (as they leave a numeric column or the wire) or as
 * Big values, never as JS numbers: a float such as 0.1 + 0.2 must not be able to reach a sum.
 */
export type DecimalInput = string | Big;

/** Platform fee: 5% of gross profit (spec §9). */
export const PLATFORM_FEE_RATE = '0.05';
/** Kilograms in a metric tonne: quantities are tonnes, prices are $/kg. */
export const KG_PER_TONNE = 1000;
/** Platform floor for one investment (spec §5). */
export const MIN_INVESTMENT = '100';

/** Parses a decimal value; an empty or missing value counts as zero (raisedAmount "may arrive empty"). */
export function dec(value: DecimalInput | null | undefined): Big {
  if (value === null || value === undefined || value === '') return new Big(0);
  return new Big(value);
}

/** Zero, for sums: `rows.reduce((sum, r) => sum.plus(r.amount), ZERO)`. */
export const ZERO: Big = new Big(0);

/** Fixed-point string with `places` decimals, rounded half-up: the wire format of money. */
export function toFixed(value: DecimalInput, places = 2): string {
  return dec(value).round(places, Big.roundHalfUp).toFixed(places);
}

/** Margin per kg = sell − buy ($/kg). */
export function marginPerKg(buyPrice: DecimalInput, sellPrice: DecimalInput): Big {
  return dec(sellPrice).minus(dec(buyPrice));
}

/** Expected ROI in percent = (sell − buy) / buy × 100. Zero when the buy price is not positive. */
export function expectedRoiPercent(buyPrice: DecimalInput, sellPrice: DecimalInput): Big {
  const buy = dec(buyPrice);
  if (buy.lte(0)) return new Big(0);
  return marginPerKg(buy, sellPrice).div(buy).times(100);
}

/** Projected profit of an investment = amount × (sell − buy) / buy. */
export function projectedProfit(amount: DecimalInput, buyPrice: DecimalInput, sellPrice: DecimalInput): Big {
  return dec(amount).times(expectedRoiPercent(buyPrice, sellPrice)).div(100);
}

/** Estimated campaign profit = quantity (t) × 1000 × (sell − buy). */
export function estimatedCampaignProfit(
  quantityTonnes: DecimalInput,
  buyPrice: DecimalInput,
  sellPrice: DecimalInput,
): Big {
  return dec(quantityTonnes).times(KG_PER_TONNE).times(marginPerKg(buyPrice, sellPrice));
}

/** Campaign share of an investment = amount / target (6 decimals, as numeric(10,6)). */
export function campaignShare(amount: DecimalInput, targetAmount: DecimalInput): Big {
  const target = dec(targetAmount);
  if (target.lte(0)) return new Big(0);
  return dec(amount).div(target).round(6, Big.roundDown);
}

/** Funding progress in percent = raised / target × 100 (not capped; 0 when the target is 0). */
export function fundingProgressPercent(raisedAmount: DecimalInput | null, targetAmount: DecimalInput): Big {
  const target = dec(targetAmount);
  if (target.lte(0)) return new Big(0);
  return dec(raisedAmount).div(target).times(100);
}

/** Fully funded at 100% or more. */
export function isFullyFunded(raisedAmount: DecimalInput | null, targetAmount: DecimalInput): boolean {
  const target = dec(targetAmount);
  return target.gt(0) && dec(raisedAmount).gte(target);
}

/** What is still to raise, never negative. */
export function remainingAmount(raisedAmount: DecimalInput | null, targetAmount: DecimalInput): Big {
  const rest = dec(targetAmount).minus(dec(raisedAmount));
  return rest.lt(0) ? new Big(0) : rest;
}

/** "$12,500.00": an exact amount in words for messages (the server's and the client's alike). */
export function usdText(value: DecimalInput): string {
  const [whole, cents] = toFixed(value).split('.') as [string, string];
  const sign = whole.startsWith('-') ? '-' : '';
  return `${sign}$${whole.replace('-', '').replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${cents}`;
}

/** `count` as a percent of `total` with `places` decimals ("66.7"); counts are whole numbers, so exact. */
export function percentOf(count: number, total: number, places = 1): string {
  if (!Number.isSafeInteger(count) || !Number.isSafeInteger(total) || total <= 0)
    throw new RangeError('percentOf takes whole counts and a positive total');
  return toFixed(new Big(count).div(total).times(100), places);
}

/** True for an amount above zero. */
export function isPositive(value: DecimalInput): boolean {
  return dec(value).gt(0);
}

/** True for an amount below zero (a loss). */
export function isNegative(value: DecimalInput): boolean {
  return dec(value).lt(0);
}

/** True when `value` is more than `limit`. */
export function exceeds(value: DecimalInput, limit: DecimalInput): boolean {
  return dec(value).gt(dec(limit));
}

/** Platform fee on a gross profit; no fee on a loss. */
export function platformFee(grossProfit: DecimalInput, rate: DecimalInput = PLATFORM_FEE_RATE): Big {
  const profit = dec(grossProfit);
  return profit.lte(0) ? new Big(0) : profit.times(dec(rate)).round(2, Big.roundHalfUp);
}

// ---- the buyer marketplace (listings are priced per kg, sold in tonnes or kg) -------------------

export type QuantityUnit = 'tonnes' | 'kg';

/** A quantity in kilograms: tonnes × 1000, kilograms as they are. */
export function quantityInKg(quantity: DecimalInput, unit: QuantityUnit): Big {
  return unit === 'tonnes' ? dec(quantity).times(KG_PER_TONNE) : dec(quantity);
}

/** An order's total = quantity in kg × price per kg, exact (quantities and prices have 2 decimals). */
export function orderTotal(quantity: DecimalInput, unit: QuantityUnit, pricePerKg: DecimalInput): Big {
  return quantityInKg(quantity, unit).times(dec(pricePerKg));
}
