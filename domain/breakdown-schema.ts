// Validation of the /breakdown calculator's inputs (kept apart from the formulas so pages that only
// show figures do not load the schema library).
import { z } from 'zod';
import type { BreakdownInput } from './breakdown.ts';
import { decimalField, NUMERIC_MAX } from './decimal-schema.ts';

export const breakdownInputSchema = z.object({
  quantityTonnes: decimalField('Quantity', { max: NUMERIC_MAX.quantity }),
  buyPrice: decimalField('Buy price', { max: NUMERIC_MAX.price }),
  sellPrice: decimalField('Sell price', { max: NUMERIC_MAX.price }),
}) satisfies z.ZodType<BreakdownInput, unknown>;
