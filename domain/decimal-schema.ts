// Decimal form and API fields: decimal text in (never a JSON number: a float such as 0.1 + 0.2 would
// already be wrong before we see it), a plain decimal string out, checked against the precision of
// the numeric column that stores it. Kept apart from money.ts so pages that only
// show figures do not load the schema library.
import { z } from 'zod';
import { dec } from './money.ts';

export interface DecimalFieldOptions {
  /** Largest value the column holds, e.g. 999_999.99 for numeric(8,2). */
  max: string;
  /** Smallest accepted value; without it the value must be greater than 0. */
  min?: string;
  minMessage?: string;
}

/** A positive amount with at most 2 decimals, e.g. "1.40" or 250; errors name the field by `label`. */
export function decimalField(label: string, { max, min, minMessage }: DecimalFieldOptions) {
  const maxText = Number(max).toLocaleString('en-US', { maximumFractionDigits: 2 });
  return z
    .string({
      error: (issue) =>
        issue.input === undefined
          ? `${label} is required`
          : `${label} must be a decimal string, e.g. "1500.00" (not a JSON number)`,
    })
    .transform((v) => v.trim())
    .pipe(
      z
        .string()
        .min(1, { message: `${label} is required`, abort: true })
        // abort: the refinements below parse the value, so they must not run on text that is no number.
        .regex(/^\d+(\.\d+)?$/, { message: `${label} must be a number`, abort: true })
        .regex(/^\d+(\.\d{1,2})?$/, { message: `${label} can have at most 2 decimal places`, abort: true })
        .refine(
          (v) => (min === undefined ? dec(v).gt(0) : dec(v).gte(min)),
          minMessage ?? `${label} must be greater than 0`,
        )
        .refine((v) => dec(v).lte(max), `${label} must be at most ${maxText}`),
    );
}

/** Largest values of the numeric columns (spec §3 precisions). */
export const NUMERIC_MAX = {
  /** numeric(15,2): money. */
  money: '9999999999999.99',
  /** numeric(10,2): tonnes. */
  quantity: '99999999.99',
  /** numeric(8,2): $/kg. */
  price: '999999.99',
} as const;
