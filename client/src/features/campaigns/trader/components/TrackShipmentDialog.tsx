// Track Shipment: the campaign's lifecycle so far, until shipment tracking proper exists.
import type { Campaign } from '@domain/campaign-schemas.ts';
import { campaignStatusTimeline } from '@domain/campaign-figures.ts';
import { DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog.tsx';
import { CampaignStatusBadge } from '@/components/campaign-status-badge.tsx';
import { Timeline } from '@/components/timeline.tsx';
import { CampaignDialog } from './CampaignDialog.tsx';

export function TrackShipmentDialog({
  campaign,
  onClose,
}: {
  campaign: Campaign | null;
  onClose: () => void;
}) {
  return (
    <CampaignDialog subject={campaign} onClose={onClose}>
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
          <Timeline entries={campaignStatusTimeline(campaign)} label="Shipment status" />
          <p className="text-sm text-muted-foreground">
            Vessel, port and delivery tracking comes in a later release; for now this shows the campaign's
            status steps.
          </p>
        </>
      )}
    </CampaignDialog>
  );
}
