import type { Campaign } from '@domain/campaign-schemas.ts';
import { isCampaignEditable } from '@domain/policies.ts';
import { hasShipmentToTrack } from '@domain/trader-campaigns.ts';
import { Button } from '@/components/ui/button.tsx';
import type { CampaignActions } from './use-campaign-dialogs.tsx';

/** View always; Edit unless completed (view-only); Track Shipment once funded. */
export function CampaignRowActions({
  campaign,
  actions,
  withTracking = true,
}: {
  campaign: Campaign;
  actions: CampaignActions;
  withTracking?: boolean;
}) {
  const named = <span className="sr-only"> {campaign.title}</span>;
  return (
    <div className="flex flex-nowrap justify-end gap-2">
      <Button size="sm" variant="outline" onClick={() => actions.view(campaign)}>
        View{named}
      </Button>
      {isCampaignEditable(campaign) && (
        <Button size="sm" variant="outline" onClick={() => actions.edit(campaign)}>
          Edit{named}
        </Button>
      )}
      {withTracking && hasShipmentToTrack(campaign) && (
        <Button size="sm" onClick={() => actions.track(campaign)}>
          Track Shipment{named}
        </Button>
      )}
    </div>
  );
}
