// Edit: the campaign form pre-filled from the loaded campaign, with its release schedule; only changed
// fields are sent. The schedule locks with the financial terms (termsLocked on the detail call).
import { useMemo, useState } from 'react';
import { CAMPAIGN_MESSAGES, type CampaignDetail } from '@domain/campaign-schemas.ts';
import { areTermsLocked, FINANCIAL_TERMS, isCampaignEditable } from '@domain/policies.ts';
import { DISCLOSURE_KEYS } from '@domain/returns.ts';
import { campaignFormValues, campaignPatchOf, type CampaignFormValues } from '@domain/trader-campaigns.ts';
import { DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog.tsx';
import { toast } from '@/components/ui/toast-store.ts';
import { useUpdateCampaign } from '../../api/campaigns.ts';
import { LoadedCampaignDialog } from './CampaignDialog.tsx';
import { CampaignForm } from './CampaignForm.tsx';
import { editResolver } from './campaign-form-validation.ts';
import { focusScheduleProblem, ReleaseScheduleFields } from './ReleaseScheduleFields.tsx';
import {
  draftOf,
  hasProblems,
  sameSchedule,
  scheduleProblems,
  schedulePayload,
} from './release-schedule-form.ts';

const SCHEDULE_LOCKED =
  'The release schedule is locked with the financial terms: investors have committed money to this campaign.';

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
  const termsLocked = campaign.termsLocked || areTermsLocked(campaign);
  const initialSchedule = useMemo(() => draftOf(campaign.releases), [campaign.releases]);
  const [schedule, setSchedule] = useState(initialSchedule);
  const [submitted, setSubmitted] = useState(false);

  const save = async (values: CampaignFormValues) => {
    const patch = campaignPatchOf(initial, values);
    if (!termsLocked) {
      setSubmitted(true);
      if (hasProblems(scheduleProblems(schedule))) {
        focusScheduleProblem('edit-campaign', schedule);
        return;
      }
      const next = schedulePayload(schedule);
      if (!sameSchedule(next, schedulePayload(initialSchedule))) patch.releaseSchedule = next;
    }
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
        createdAt={campaign.createdAt}
        defaultValues={initial}
        resolver={resolver}
        submitLabel="Save Changes"
        pendingLabel="Saving…"
        pending={update.isPending}
        onSubmit={save}
        onCancel={onClose}
        locked={
          termsLocked
            ? { fields: [...FINANCIAL_TERMS, ...DISCLOSURE_KEYS], reason: CAMPAIGN_MESSAGES.termsLocked }
            : undefined
        }
        extraSection={(typed) => (
          <ReleaseScheduleFields
            idPrefix="edit-campaign"
            value={schedule}
            onChange={setSchedule}
            targetAmount={termsLocked ? campaign.raisedAmount : typed.targetAmount}
            showAllErrors={submitted}
            locked={termsLocked ? SCHEDULE_LOCKED : undefined}
          />
        )}
      />
    </>
  );
}
