// The wire shapes of honest returns (docs/investor-protection.md): a campaign's disclosure (the
// trader's risk factors and declared costs) in its answer and its forms, and the trader's track record.
// Apart from returns.ts so that pages computing returns do not load the schema library.
import { z } from 'zod';
import { decimalField, NUMERIC_MAX } from './decimal-schema.ts';

/** The campaign's disclosure: the trader's risk factors and declared costs (part of its terms). */
export const disclosureSchema = z.object({
  riskFactors: z.string(),
  conversionCost: z.string(),
  shippingCost: z.string(),
  insuranceCost: z.string(),
  feesCost: z.string(),
});

const costField = (label: string) => decimalField(label, { max: NUMERIC_MAX.money, min: '0' });
/** The create and edit form's disclosure fields (each optional: 0 and an empty text by default). */
export const disclosureFields = {
  riskFactors: z
    .string({ error: 'Risk factors must be text' })
    .trim()
    .max(3000, 'Risk factors must be at most 3,000 characters'),
  conversionCost: costField('Conversion cost'),
  shippingCost: costField('Shipping cost'),
  insuranceCost: costField('Insurance cost'),
  feesCost: costField('Fees'),
} as const;
// ---- the trader's track record ------------------------------------------------------------------

export const trackRecordEntrySchema = z.object({
  campaignId: z.string().uuid(),
  title: z.string(),
  completedAt: z.string().datetime(),
  expectedNetReturnPercent: z.string(),
  realisedNetReturnPercent: z.string(),
  /** The settlement went unpaid past its due date at some point. */
  defaulted: z.boolean(),
});
export const trackRecordSchema = z.object({
  traderId: z.string().uuid(),
  completed: z.array(trackRecordEntrySchema),
  /** Campaigns in default now (settlement unpaid past its due date). */
  inDefault: z.number().int(),
});
export type TrackRecord = z.infer<typeof trackRecordSchema>;
