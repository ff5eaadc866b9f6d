import type { Campaign } from '@domain/campaign-schemas.ts';
import { campaignFigures } from '@domain/campaign-figures.ts';
import { Button, type ButtonProps } from '@/components/ui/button.tsx';

/** Invest Now (spec §2); at 100% funding it reads Fully Funded and does nothing. Card and campaign page. */
export function InvestButton({
  campaign,
  onInvest,
  size,
}: {
  campaign: Campaign;
  onInvest: (campaign: Campaign) => void;
  size?: ButtonProps['size'];
}) {
  const { fullyFunded } = campaignFigures(campaign);
  return (
    <Button
      size={size}
      className="w-full"
      disabled={fullyFunded}
      aria-disabled={fullyFunded}
      onClick={() => {
        if (!fullyFunded) onInvest(campaign);
      }}
    >
      {fullyFunded ? 'Fully Funded' : 'Invest Now'}
    </Button>
  );
}
