// Track Shipment (issue 11, issue 18): the cargo's milestones, the trader's next move (start trading,
// record a milestone with its evidence, declare the result, pay the settlement), the release schedule
// and the campaign's investors with their CSV.
import { CampaignStatusBadge } from '@/components/campaign-status-badge.tsx';
import { DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog.tsx';
import { ShipmentTimeline } from '../../components/ShipmentTimeline.tsx';
import { InvestorList } from './InvestorList.tsx';
import { LifecycleActions } from './LifecycleActions.tsx';
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
