// Card payments (DESIGN.md §4): which provider the server uses, the sandbox's card form and its
// test-card outcomes (Stripe's test-card semantics), and the exact conversion between our decimal
// dollars and the provider's integer cents.
import Big from 'big.js';
import { z } from 'zod';
import { dec, type DecimalInput } from './money.ts';

export const PAYMENT_PROVIDERS = ['sandbox', 'stripe'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

/** `GET /api/payments/config`: how the investment modal takes the card. */
export const paymentsConfigSchema = z.discriminatedUnion('provider', [
  z.object({ provider: z.literal('sandbox') }),
  z.object({ provider: z.literal('stripe'), publishableKey: z.string() }),
]);
export type PaymentsConfig = z.infer<typeof paymentsConfigSchema>;

/** The card Stripe's test mode and our sandbox both accept. */
export const SANDBOX_SUCCESS_CARD = '4242424242424242';

/** Stripe's test-card meanings, with the messages the provider answers (DESIGN.md §4). */
export const CARD_MESSAGES = {
  declined: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
  invalidNumber: 'Your card number is invalid.',
  expired: 'Your card has expired.',
  invalidExpiry: "Your card's expiration date is invalid.",
  invalidCvc: "Your card's security code is invalid.",
} as const;

/** Test cards with a fixed failure (any other valid number succeeds). */
export const SANDBOX_FAILING_CARDS: Record<string, keyof typeof CARD_MESSAGES> = {
  '4000000000000002': 'declined',
  '4000000000009995': 'insufficientFunds',
};

/** Digits of a card number as typed ("4242 4242 …" → "4242…"). */
export function cardDigits(number: string): string {
  return number.replace(/[\s-]/g, '');
}

/** The Luhn checksum every card number carries. */
export function luhnValid(number: string): boolean {
  const digits = cardDigits(number);
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** A card expires at the end of its expiry month. */
export function cardExpired(expMonth: number, expYear: number, now: Date = new Date()): boolean {
  const year = expYear < 100 ? 2000 + expYear : expYear;
  return year < now.getUTCFullYear() || (year === now.getUTCFullYear() && expMonth < now.getUTCMonth() + 1);
}

/**
 * "MM / YY" as typed in the card form → month and four-digit year; undefined when it is not a date.
 * Accepts "12/30", "12 / 30", "1230" and "12/2030".
 */
export function parseCardExpiry(text: string): { expMonth: number; expYear: number } | undefined {
  const match = /^\s*(\d{1,2})\s*\/?\s*(\d{2}|\d{4})\s*$/.exec(text);
  if (!match) return undefined;
  const expMonth = Number(match[1]);
  const year = Number(match[2]);
  if (expMonth < 1 || expMonth > 12) return undefined;
  return { expMonth, expYear: year < 100 ? 2000 + year : year };
}

// ---- the card form as typed --------------------------------------------------------------------

/** The most digits a card number has (ISO/IEC 7812). */
export const CARD_NUMBER_MAX_DIGITS = 19;

/** "4242424242424242" (or as typed, with anything else in it) → "4242 4242 4242 4242", as printed on a card. */
export function formatCardNumber(text: string): string {
  return text
    .replace(/\D/g, '')
    .slice(0, CARD_NUMBER_MAX_DIGITS)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/**
 * An expiry as typed → "MM / YY", the separator written as soon as the month is complete: "1230" →
 * "12 / 30", "4" → "04 / " (no month starts with 4), "13" → "01 / 3", "1/" → "01 / ", and a pasted or
 * autofilled "12/2030" → "12 / 30". parseCardExpiry reads every result.
 */
export function formatCardExpiry(text: string): string {
  const fourDigitYear = /^\s*(\d{1,2})\s*\/\s*\d{2}(\d{2})\s*$/.exec(text);
  if (fourDigitYear) return formatCardExpiry(`${fourDigitYear[1]!.padStart(2, '0')}${fourDigitYear[2]}`);
  const monthThenSlash = /^\s*([1-9])\s*\/\s*$/.exec(text);
  let digits = monthThenSlash ? `0${monthThenSlash[1]}` : text.replace(/\D/g, '');
  if (/^[2-9]/.test(digits)) digits = `0${digits}`;
  else if (/^1[3-9]/.test(digits)) digits = `01${digits.slice(1)}`;
  digits = digits.slice(0, 4);
  return digits.length < 2 ? digits : `${digits.slice(0, 2)} / ${digits.slice(2)}`;
}

/** A card field's value after an edit, and where its caret goes. */
export interface CardFieldEdit {
  value: string;
  caret: number;
}

const countDigits = (text: string) => text.replace(/\D/g, '').length;

/**
 * Reformats a card field after an edit (`typed` is the field's raw value, `caret` the caret in it),
 * keeping the caret after the same digits as before. Deleting only a separator (a space, the " / ")
 * deletes the digit beside it too, else the formatting would put the separator straight back.
 */
function reformat(
  format: (text: string) => string,
  previous: string,
  typed: string,
  caret: number,
  direction: 'backward' | 'forward',
): CardFieldEdit {
  const deleting = typed.length < previous.length;
  let text = typed;
  let digitsBefore = countDigits(typed.slice(0, caret));
  if (deleting && typed.replace(/\D/g, '') === previous.replace(/\D/g, '')) {
    const digits = typed.replace(/\D/g, '');
    const drop = direction === 'forward' ? digitsBefore : digitsBefore - 1;
    if (drop >= 0 && drop < digits.length) {
      text = digits.slice(0, drop) + digits.slice(drop + 1);
      digitsBefore = drop;
    }
  }
  const value = format(text);
  if (caret >= typed.length) return { value, caret: value.length };
  return { value, caret: caretAfterDigits(value, digitsBefore, { skipSeparator: !deleting }) };
}

/**
 * The position just after the `digits`-th digit of `formatted` (0 before any); with skipSeparator,
 * past the separator that follows it, where the next digit will be typed.
 */
export function caretAfterDigits(
  formatted: string,
  digits: number,
  { skipSeparator = false }: { skipSeparator?: boolean } = {},
): number {
  let position = 0;
  let seen = 0;
  while (position < formatted.length && seen < digits) {
    if (/\d/.test(formatted[position]!)) seen++;
    position++;
  }
  if (skipSeparator) while (position < formatted.length && /\D/.test(formatted[position]!)) position++;
  return position;
}

/** The card number field after an edit: grouped by four, the caret kept after its digit. */
export function editCardNumber(
  previous: string,
  typed: string,
  caret: number,
  direction: 'backward' | 'forward' = 'backward',
): CardFieldEdit {
  return reformat(formatCardNumber, previous, typed, caret, direction);
}

/** The expiry field after an edit: "MM / YY", the separator written and deleted with the month. */
export function editCardExpiry(
  previous: string,
  typed: string,
  caret: number,
  direction: 'backward' | 'forward' = 'backward',
): CardFieldEdit {
  return reformat(formatCardExpiry, previous, typed, caret, direction);
}

/**
 * `POST /api/sandbox/payment-intents/:id/confirm` (a fixed contract, DESIGN.md §5). The card's own
 * checks (Luhn, expiry, test-card outcomes) are the sandbox's answers, not validation errors, so the
 * schema only bounds the shapes.
 */
export const sandboxConfirmSchema = z.strictObject({
  clientSecret: z
    .string()
    .max(255)
    .regex(
      /^pi_[A-Za-z0-9_]+_secret_[A-Za-z0-9_-]+$/,
      'clientSecret must be the client secret of the intent',
    ),
  card: z.strictObject({
    number: z
      .string()
      .max(40)
      .regex(/^[\d\s-]*$/, CARD_MESSAGES.invalidNumber),
    expMonth: z.number({ error: CARD_MESSAGES.invalidExpiry }).int().min(1).max(12),
    expYear: z.number({ error: CARD_MESSAGES.invalidExpiry }).int().min(0).max(9999),
    cvc: z.string().regex(/^\d{3,4}$/, CARD_MESSAGES.invalidCvc),
  }),
});
export type SandboxConfirm = z.infer<typeof sandboxConfirmSchema>;

/** A provider intent's status (Stripe's names): `requires_capture` is a hold on the card (manual capture). */
export const PAYMENT_INTENT_STATUSES = [
  'requires_payment_method',
  'requires_capture',
  'processing',
  'succeeded',
  'canceled',
] as const;
export type PaymentIntentStatus = (typeof PAYMENT_INTENT_STATUSES)[number];
/** A provider intent still waiting for the card: neither captured nor canceled (the sandbox expires these). */
export const AWAITING_CARD_INTENT_STATUSES = [
  'requires_payment_method',
  'requires_capture',
] as const satisfies readonly PaymentIntentStatus[];

/** A provider payout's status (the sandbox provider's payouts). */
export const PROVIDER_PAYOUT_STATUSES = ['in_transit', 'paid', 'failed'] as const;
export type ProviderPayoutStatus = (typeof PROVIDER_PAYOUT_STATUSES)[number];

/**
 * The fixed contract's answer. "succeeded" means the card step succeeded: the card now holds the amount
 * (a manual-capture hold, as with Stripe); the server captures it when it records the payment.
 */
export const sandboxConfirmResultSchema = z.object({
  id: z.string(),
  status: z.literal('succeeded'),
  amount: z.string(),
});
export type SandboxConfirmResult = z.infer<typeof sandboxConfirmResultSchema>;

// ---- minor units (Stripe amounts are integer cents) --------------------------------------------

/** "500.00" → 50000, exactly; refuses anything finer than a cent. */
export function toMinorUnits(amount: DecimalInput): number {
  const cents = dec(amount).times(100);
  if (!cents.eq(cents.round(0, Big.roundDown)))
    throw new RangeError(`${dec(amount).toFixed()} is not whole cents`);
  const value = Number(cents.toFixed(0));
  if (!Number.isSafeInteger(value)) throw new RangeError('amount too large');
  return value;
}

/** 50000 → "500.00". */
export function fromMinorUnits(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError('cents must be a whole number');
  return new Big(cents).div(100).toFixed(2);
}

// ---- the sandbox's bank accounts (payout destinations) -----------------------------------------

/**
 * IBANs the sandbox pays out to and then reports failed, as a bank refusing a transfer would (every
 * other valid IBAN is paid). Checksum-valid German test IBANs, after Stripe's test account numbers.
 */
export const SANDBOX_FAILING_IBANS: Record<string, { code: string; message: string }> = {
  DE62370400440532013001: { code: 'no_account', message: 'The bank account does not exist.' },
  DE35370400440532013002: { code: 'account_closed', message: 'The bank account has been closed.' },
};

/** A valid IBAN the sandbox pays out to (the demo data uses it). */
export const SANDBOX_PAYING_IBAN = 'DE89370400440532013000';
