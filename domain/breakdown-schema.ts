// Validation of the /breakdown calculator's inputs (kept apart from the formulas so pages that only
// show figures do not load the schema library).
import { z } from 'zod';
import type { BreakdownInput } from './breakdown.ts';
import { dec } from './money.ts';

const positiveDecimal = (label: string, max: number) =>
  z
    .string()
    .trim()
    // abort: the refinements below parse the value, so they must not run on text that is no number.
    .regex(/^\d+(\.\d{1,2})?$/, { message: `${label} must be a number with at most 2 decimals`, abort: true })
    .refine((v) => dec(v).gt(0), `${label} must be greater than 0`)
    .refine((v) => dec(v).lte(max), `${label} must be at most ${max.toLocaleString('en-US')}`);

export const breakdownInputSchema = z.object({
  quantityTonnes: positiveDecimal('Quantity', 99_999_999),
  buyPrice: positiveDecimal('Buy price', 999_999),
  sellPrice: positiveDecimal('Sell price', 999_999),
}) satisfies z.ZodType<BreakdownInput>;
