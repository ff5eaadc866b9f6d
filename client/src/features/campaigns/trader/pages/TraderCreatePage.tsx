// Create campaign (spec §2, §5): the campaign form with the spec's defaults and the release schedule
// (100% when trading starts unless the trader stages it); success goes to the trader dashboard with a
// toast.
import { useState } from 'react';
import { useLocation } from 'wouter';
import type { PublicUser } from '@domain/auth.ts';
import { defaultDeadline } from '@domain/campaign-rules.ts';
import { CAMPAIGN_MESSAGES } from '@domain/campaign-schemas.ts';
import { MIN_INVESTMENT } from '@domain/money.ts';
import { canCreateCampaign } from '@domain/policies.ts';
import type { CampaignFormValues } from '@domain/trader-campaigns.ts';
import { Page } from '@/components/layouts/page.tsx';
import { gateMessage, VerificationLink } from '@/components/verification-gate.tsx';
import { Card, CardContent } from '@/components/ui/card.tsx';
import { useCreateCampaign } from '../../api/campaigns.ts';
import { CampaignForm } from '../components/CampaignForm.tsx';
import { createPayload, createResolver } from '../components/campaign-form-validation.ts';
import { focusScheduleProblem, ReleaseScheduleFields } from '../components/ReleaseScheduleFields.tsx';
import {
  DEFAULT_SCHEDULE,
  hasProblems,
  scheduleProblems,
  schedulePayload,
} from '../components/release-schedule-form.ts';
import { RoleOnly } from '@/features/accounts/index.ts';

const TITLE = 'Create Campaign';
const LEAD = 'Set up a hydrogen trade for investors to fund.';

/** Spec §5 defaults: text empty, target and quantity 0, $1.40 → $5.60, deadline 90 days out. */
function createDefaults(): CampaignFormValues {
  return {
    title: '',
    description: '',
    tradeRoute: '',
    targetAmount: '0',
    quantity: '0',
    buyPrice: '1.4',
    sellPrice: '5.6',
    minimumInvestment: MIN_INVESTMENT,
    deadline: defaultDeadline(),
    region: '',
    riskFactors: '',
    conversionCost: '0',
    shippingCost: '0',
    insuranceCost: '0',
    feesCost: '0',
  };
}

function CreateCampaign({ user }: { user: PublicUser }) {
  const [, navigate] = useLocation();
  const create = useCreateCampaign();
  const [defaults] = useState(createDefaults);
  const [schedule, setSchedule] = useState(DEFAULT_SCHEDULE);
  const [submitted, setSubmitted] = useState(false);

  if (!canCreateCampaign(user)) {
    // The server refuses for the same reason; an unverified trader also has the banner with Resend.
    return (
      <Page
        title={TITLE}
        lead={gateMessage(user, `${CAMPAIGN_MESSAGES.kycRequired}.`) ?? CAMPAIGN_MESSAGES.notTrader}
        actions={<VerificationLink user={user} />}
      />
    );
  }

  const save = async (values: CampaignFormValues) => {
    setSubmitted(true);
    // The schedule says what is wrong at its place; the submit goes there instead of sending.
    if (hasProblems(scheduleProblems(schedule))) {
      focusScheduleProblem('create-campaign', schedule);
      return;
    }
    await create.mutateAsync({
      ...createPayload(values),
      traderId: user.id,
      releaseSchedule: schedulePayload(schedule),
    });
    navigate('/trader/dashboard');
  };

  return (
    <Page title={TITLE} lead={LEAD}>
      <Card className="max-w-4xl">
        <CardContent className="pt-6">
          <CampaignForm
            idPrefix="create-campaign"
            mode="create"
            defaultValues={defaults}
            resolver={createResolver}
            submitLabel="Create Campaign"
            pendingLabel="Creating…"
            pending={create.isPending}
            onSubmit={save}
            onCancel={() => navigate('/trader/dashboard')}
            extraSection={(typed) => (
              <ReleaseScheduleFields
                idPrefix="create-campaign"
                value={schedule}
                onChange={setSchedule}
                targetAmount={typed.targetAmount}
                showAllErrors={submitted}
              />
            )}
          />
        </CardContent>
      </Card>
    </Page>
  );
}

export default function TraderCreatePage() {
  return (
    <RoleOnly role="trader" title={TITLE} signedOutLead="Sign in as a trader to create a campaign.">
      {(user) => <CreateCampaign user={user} />}
    </RoleOnly>
  );
}
