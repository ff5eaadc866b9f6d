import type { PublicUser } from '@domain/auth.ts';
import type { Campaign } from '@domain/campaign-schemas.ts';

/** An investor's Invest Now on one campaign, as the investment modal receives it. */
export interface InvestmentRequest {
  campaign: Campaign;
  investor: PublicUser;
  /** The button that asked: focus goes back to it when the modal closes. */
  returnFocus: HTMLElement | null;
}
