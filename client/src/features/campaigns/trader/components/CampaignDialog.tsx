// The frame of the trader's campaign modals: open while it has a campaign to show, closed by Escape,
// the X or the caller. The modals that load the campaign fresh share one loading and one failure state.
import type { ReactNode } from 'react';
import type { CampaignDetail } from '@domain/campaign-schemas.ts';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  type DialogWidth,
} from '@/components/ui/dialog.tsx';
import { useCampaign } from '../../api/campaigns.ts';

/** Open while `subject` is set (a campaign or its id); the content is drawn from it. */
export function CampaignDialog<T>({
  subject,
  onClose,
  width,
  children,
}: {
  subject: T | null;
  onClose: () => void;
  width?: DialogWidth;
  children: (subject: T) => ReactNode;
}) {
  return (
    <Dialog open={!!subject} onOpenChange={(open) => !open && onClose()}>
      <DialogContent width={width}>{subject ? children(subject) : null}</DialogContent>
    </Dialog>
  );
}

/** A campaign modal that loads the campaign by id first; while loading or on failure, the title and one line. */
export function LoadedCampaignDialog({
  campaignId,
  onClose,
  width,
  title,
  loadingText,
  failedText,
  children,
}: {
  campaignId: string | null;
  onClose: () => void;
  width?: DialogWidth;
  title: string;
  loadingText: string;
  failedText: string;
  children: (campaign: CampaignDetail) => ReactNode;
}) {
  return (
    <CampaignDialog subject={campaignId} onClose={onClose} width={width}>
      {(id) => (
        <LoadCampaign campaignId={id} title={title} loadingText={loadingText} failedText={failedText}>
          {children}
        </LoadCampaign>
      )}
    </CampaignDialog>
  );
}

function LoadCampaign({
  campaignId,
  title,
  loadingText,
  failedText,
  children,
}: {
  campaignId: string;
  title: string;
  loadingText: string;
  failedText: string;
  children: (campaign: CampaignDetail) => ReactNode;
}) {
  const { data: campaign, isPending, error } = useCampaign(campaignId);
  if (isPending || error || !campaign) {
    return (
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        {isPending ? (
          <DialogDescription>{loadingText}</DialogDescription>
        ) : (
          <DialogDescription role="alert" className="font-medium text-destructive">
            {failedText}
          </DialogDescription>
        )}
      </DialogHeader>
    );
  }
  return children(campaign);
}
