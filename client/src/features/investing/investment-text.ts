// The investment modal's words: spec §8's toasts verbatim. (What it says about an amount is
// domain/investment-form.ts's, the server's words; what it says about the card is the payments
// feature's.)
import type { Investment } from '@domain/investments.ts';
import { formatUsdCents } from '@/lib/format.ts';

export const INVESTMENT_TOASTS = {
  paymentFailed: (providerMessage: string) => ({
    title: 'Payment Failed',
    description: providerMessage,
    variant: 'destructive' as const,
  }),
  investmentFailed: {
    title: 'Investment Failed',
    description: 'There was an error processing your investment. Please try again.',
  },
  investmentSuccessful: (investment: Pick<Investment, 'amount' | 'campaignTitle'>) => ({
    title: 'Investment Successful!',
    description: `You invested ${formatUsdCents(investment.amount)} in ${investment.campaignTitle}.`,
  }),
};
