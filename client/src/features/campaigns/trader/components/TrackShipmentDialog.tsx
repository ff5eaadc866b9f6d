// Track Shipment (issue 11): the cargo's milestones, the trader's next move (start trading, record a
// milestone, complete with the actual profit) and the campaign's investors with their CSV.
import { CampaignStatusBadge } from '@/components/campaign-status-badge.tsx';
import { DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog.tsx';
import { InvestorList } from '@/features/lifecycle/components/InvestorList.tsx';
import { LifecycleActions } from '@/features/lifecycle/components/LifecycleActions.tsx';
import { ShipmentTimeline } from '@/features/lifecycle/components/ShipmentTimeline.tsx';
import { LoadedCampaignDialog } from './CampaignDialog.tsx';

export function TrackShipmentDialog({
  campaignId,
  onClose,
}: {
  campaignId: string | null;
  onClose: () => void;
}) {
  return (
    <LoadedCampaignDialog
      campaignId={campaignId}
      onClose={onClose}
      width="wide"
      title="Track Shipment"
      loadingText="Loading the shipment…"
      failedText="The campaign could not be loaded. Please try again."
    >
      {(campaign) => (
        <>
          <DialogHeader>
            <DialogTitle>Track Shipment</DialogTitle>
            <DialogDescription>
              {campaign.title} · {campaign.tradeRoute}
            </DialogDescription>
          </DialogHeader>
          <div>
            <CampaignStatusBadge status={campaign.status} />
          </div>
          <ShipmentTimeline campaignId={campaign.id} />
          <LifecycleActions campaign={campaign} />
          <InvestorList campaignId={campaign.id} title={campaign.title} />
        </>
      )}
    </LoadedCampaignDialog>
  );
}
