// Campaign wire shapes (spec §3): what the list and detail calls return.
import { z } from 'zod';
import { CAMPAIGN_STATUSES, REGIONS, RISK_LEVELS } from './campaigns.ts';

/** Decimal string as it leaves a numeric column. */
const decimalString = z.string().regex(/^-?\d+(\.\d+)?$/);

/** One campaign as the list and detail calls return it; numeric values are strings (spec §3). */
export const campaignSchema = z.object({
  id: z.string().uuid(),
  traderId: z.string().uuid(),
  title: z.string(),
  description: z.string(),
  tradeRoute: z.string(),
  status: z.enum(CAMPAIGN_STATUSES),
  targetAmount: decimalString,
  raisedAmount: decimalString,
  quantity: decimalString,
  buyPrice: decimalString,
  sellPrice: decimalString,
  minimumInvestment: decimalString,
  riskLevel: z.enum(RISK_LEVELS),
  region: z.enum(REGIONS),
  deadline: z.string().datetime(),
  expectedProfit: decimalString.nullable(),
  actualProfit: decimalString.nullable(),
  createdAt: z.string().datetime(),
  updatedAt: z.string().datetime(),
});
export type Campaign = z.infer<typeof campaignSchema>;

export const campaignListSchema = z.array(campaignSchema);
