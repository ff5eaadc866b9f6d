// The cash account (docs/money.md): an investor's HydroBridge balance, the bank account payouts go to
// (verified as it is added), withdrawals and payouts. Apart from money-out.ts so that only the pages
// that handle a bank account load the IBAN library.
import { electronicFormatIBAN, isValidIBAN } from 'ibantools';
import { z } from 'zod';
import { decimalField, NUMERIC_MAX } from './decimal-schema.ts';
import { PAYOUT_PURPOSES, PAYOUT_STATUSES } from './payouts.ts';
import { errorMessage } from './errors.ts';
import { dec, usdText } from './money.ts';
import { textField } from './text.ts';

/** `POST /api/bank-account`: the account payouts go to. */
export const bankAccountCreateSchema = z.strictObject({
  holderName: textField('Account holder')
    .transform((v) => v.trim())
    .pipe(
      z
        .string()
        .min(1, 'Account holder is required')
        .max(140, 'Account holder must be at most 140 characters'),
    ),
  iban: z
    .string({ error: 'IBAN is required' })
    .max(64, 'IBAN is too long')
    .transform((v) => electronicFormatIBAN(v) ?? '')
    .refine(
      (v) => isValidIBAN(v),
      'This IBAN is not valid: check the country code, the digits and the length',
    ),
});
export type BankAccountCreate = z.output<typeof bankAccountCreateSchema>;

export const bankAccountSchema = z.object({
  id: z.string().uuid(),
  holderName: z.string(),
  /** Only the country and the last four characters leave the server ("DE•• •••• 3000"). */
  ibanMasked: z.string(),
  country: z.string(),
  createdAt: z.string().datetime(),
});
export type BankAccount = z.infer<typeof bankAccountSchema>;

/** "DE89370400440532013000" → "DE•• •••• •••• •••• •••• 3000". */
export function maskIban(iban: string): string {
  const groups = Math.ceil((iban.length - 4) / 4);
  return [iban.slice(0, 2) + '••', ...Array.from({ length: groups - 1 }, () => '••••'), iban.slice(-4)].join(
    ' ',
  );
}

/** Names compared as people write them: case, accents, punctuation and spacing do not matter. */
export function sameName(a: string, b: string): boolean {
  const norm = (s: string) =>
    s
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim();
  return norm(a) !== '' && norm(a) === norm(b);
}

/**
 * The verified identity a bank account must be held by: the company for traders and buyers (KYB), the
 * person for investors (KYC). Money goes only to the account of who was verified.
 */
export function expectedHolder(user: {
  role: string;
  firstName: string | null;
  lastName: string | null;
  companyName: string | null;
}): string {
  if (user.role === 'trader' || user.role === 'buyer') return user.companyName ?? '';
  return [user.firstName, user.lastName].filter(Boolean).join(' ');
}

/**
 * The bank account form: the API's fields, and the server's rule said before sending — money goes only
 * to the account of the verified identity (`holder`, from expectedHolder; none yet: any name).
 */
export function bankAccountFormSchema(holder: string) {
  return bankAccountCreateSchema.extend({
    holderName: bankAccountCreateSchema.shape.holderName.refine(
      (name) => !holder || sameName(name, holder),
      errorMessage('BANK_HOLDER_MISMATCH', { holder }),
    ),
  });
}

export const withdrawalSchema = z.strictObject({
  amount: decimalField('Amount', { max: NUMERIC_MAX.money }),
});

export const payoutSchema = z.object({
  id: z.string().uuid(),
  purpose: z.enum(PAYOUT_PURPOSES),
  amount: z.string(),
  status: z.enum(PAYOUT_STATUSES),
  failureReason: z.string().nullable(),
  campaignId: z.string().uuid().nullable(),
  createdAt: z.string().datetime(),
  settledAt: z.string().datetime().nullable(),
});
export type Payout = z.infer<typeof payoutSchema>;

/** `GET /api/cash-account`: the investor's (or trader's) balance, what is on its way out, the bank account. */
export const cashAccountSchema = z.object({
  balance: z.string(),
  pendingPayouts: z.string(),
  bankAccount: bankAccountSchema.nullable(),
  payouts: z.array(payoutSchema),
});
export type CashAccount = z.infer<typeof cashAccountSchema>;

/** Why a withdrawal of `amount` cannot be asked for now; undefined when it can (the server checks again). */
export function withdrawalIssue(amount: string, account: Pick<CashAccount, 'balance' | 'bankAccount'>) {
  const parsed = withdrawalSchema.safeParse({ amount });
  if (!parsed.success) return parsed.error.issues[0]?.message;
  if (!account.bankAccount) return 'Add a verified bank account first';
  if (dec(parsed.data.amount).gt(account.balance))
    return `Your balance is ${usdText(account.balance)}: you can withdraw up to that`;
  return undefined;
}
