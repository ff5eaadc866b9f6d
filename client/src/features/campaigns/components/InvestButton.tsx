import type { Campaign } from '@domain/campaign-schemas.ts';
import { campaignFigures, type FundingState } from '@domain/campaign-figures.ts';
import { Button, type ButtonProps } from '@/components/ui/button.tsx';

const LABELS: Record<FundingState, string> = {
  open: 'Invest Now',
  funded: 'Fully Funded',
  closed: 'Funding Closed',
  cancelled: 'Funding Closed',
};

/**
 * Invest Now (spec §2) while funding is open; at 100% funding it reads Fully Funded, and after the
 * deadline Funding Closed, disabled and doing nothing. Card and campaign page.
 */
export function InvestButton({
  campaign,
  onInvest,
  size,
}: {
  campaign: Campaign;
  onInvest: (campaign: Campaign) => void;
  size?: ButtonProps['size'];
}) {
  const { fundingState } = campaignFigures(campaign);
  const open = fundingState === 'open';
  return (
    <Button
      size={size}
      className="w-full"
      disabled={!open}
      aria-disabled={!open}
      onClick={() => {
        if (open) onInvest(campaign);
      }}
    >
      {LABELS[fundingState]}
    </Button>
  );
}
