// The trader's three campaign modals (View, Edit, Track Shipment), shared by the dashboard and the
// campaigns table: one of them open at a time.
import { useState } from 'react';
import type { Campaign } from '@domain/campaign-schemas.ts';
import { CampaignDetailsDialog } from './CampaignDetailsDialog.tsx';
import { CampaignEditDialog } from './CampaignEditDialog.tsx';
import { TrackShipmentDialog } from './TrackShipmentDialog.tsx';

type Open = { kind: 'view' | 'edit' | 'track'; campaign: Campaign } | null;

export interface CampaignActions {
  view: (campaign: Campaign) => void;
  edit: (campaign: Campaign) => void;
  track: (campaign: Campaign) => void;
}

export function useCampaignDialogs() {
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  const actions: CampaignActions = {
    view: (campaign) => setOpen({ kind: 'view', campaign }),
    edit: (campaign) => setOpen({ kind: 'edit', campaign }),
    track: (campaign) => setOpen({ kind: 'track', campaign }),
  };
  const dialogs = (
    <>
      <CampaignDetailsDialog campaignId={open?.kind === 'view' ? open.campaign.id : null} onClose={close} />
      <CampaignEditDialog campaignId={open?.kind === 'edit' ? open.campaign.id : null} onClose={close} />
      <TrackShipmentDialog campaignId={open?.kind === 'track' ? open.campaign.id : null} onClose={close} />
    </>
  );
  return { actions, dialogs };
}
