// Edit: the campaign form pre-filled from the loaded campaign; only changed fields are sent.
import { useMemo } from 'react';
import { CAMPAIGN_MESSAGES, type CampaignDetail } from '@domain/campaign-schemas.ts';
import { areTermsLocked, FINANCIAL_TERMS, isCampaignEditable } from '@domain/policies.ts';
import { campaignFormValues, campaignPatchOf, type CampaignFormValues } from '@domain/trader-campaigns.ts';
import { DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog.tsx';
import { toast } from '@/components/ui/toast-store.ts';
import { useUpdateCampaign } from '../../api/campaigns.ts';
import { LoadedCampaignDialog } from './CampaignDialog.tsx';
import { CampaignForm } from './CampaignForm.tsx';
import { editResolver } from './campaign-form-validation.ts';

export function CampaignEditDialog({
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
      width="wider"
      title="Edit campaign"
      loadingText="Loading campaign…"
      failedText="Failed to load campaign for editing"
    >
      {(campaign) =>
        isCampaignEditable(campaign) ? (
          <EditForm campaign={campaign} onClose={onClose} />
        ) : (
          <DialogHeader>
            <DialogTitle>Edit campaign</DialogTitle>
            <DialogDescription>{CAMPAIGN_MESSAGES.completedLocked}.</DialogDescription>
          </DialogHeader>
        )
      }
    </LoadedCampaignDialog>
  );
}

function EditForm({ campaign, onClose }: { campaign: CampaignDetail; onClose: () => void }) {
  const update = useUpdateCampaign(campaign.id);
  const initial = useMemo(() => campaignFormValues(campaign), [campaign]);
  const resolver = useMemo(
    () => editResolver(initial, campaign.raisedAmount),
    [initial, campaign.raisedAmount],
  );

  const save = async (values: CampaignFormValues) => {
    const patch = campaignPatchOf(initial, values);
    if (Object.keys(patch).length === 0) {
      toast({ title: 'No changes', description: 'Nothing was changed, so there was nothing to save.' });
      onClose();
      return;
    }
    await update.mutateAsync(patch);
    onClose();
  };

  return (
    <>
      <DialogHeader>
        <DialogTitle>Edit campaign</DialogTitle>
        <DialogDescription>{campaign.title}</DialogDescription>
      </DialogHeader>
      <CampaignForm
        idPrefix="edit-campaign"
        mode="edit"
        defaultValues={initial}
        resolver={resolver}
        submitLabel="Save Changes"
        pendingLabel="Saving…"
        pending={update.isPending}
        onSubmit={save}
        onCancel={onClose}
        locked={
          areTermsLocked(campaign)
            ? { fields: FINANCIAL_TERMS, reason: CAMPAIGN_MESSAGES.termsLocked }
            : undefined
        }
      />
    </>
  );
}
