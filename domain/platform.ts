// Public platform figures shown on the landing page's stat tiles.
import { z } from 'zod';

const decimalString = z.string().regex(/^-?\d+(\.\d+)?$/);

export const platformStatsSchema = z.object({
  /** Campaigns that reached their target (funded, in progress or completed). */
  tradesFunded: z.number().int().nonnegative(),
  /** Money raised across all campaigns, USD. */
  totalRaised: decimalString,
  /** Mean expected ROI (percent) of the campaigns open for funding. */
  averageRoiPercent: decimalString,
  /** Active investor accounts with money in a campaign (a confirmed or paid-out investment). */
  investors: z.number().int().nonnegative(),
  /**
   * Settlements in default among those that came due (paid, or in default), in percent with one
   * decimal; null before any came due. Published so an investor weighs the trade risk on real figures.
   */
  defaultRatePercent: decimalString.nullable(),
  settlementsDue: z.number().int().nonnegative(),
});
export type PlatformStats = z.infer<typeof platformStatsSchema>;
