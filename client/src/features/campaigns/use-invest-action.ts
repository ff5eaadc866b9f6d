import type { Campaign } from '@domain/campaign-schemas.ts';
import { useInvestment } from '@/features/investing/investment-context.tsx';

/**
 * Invest Now on a card or the campaign page: the investment modal for an investor, the sign-in dialog
 * for a visitor (then the modal), and the reason for anyone else (investment-context.tsx).
 */
export function useInvestAction(): (campaign: Campaign) => void {
  return useInvestment().invest;
}
