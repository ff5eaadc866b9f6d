// POST /api/admin/campaigns/:id/releases/:releaseId: confirm a staged release against its evidence
// (paid to the trader at once) or send the evidence back with a reason the trader reads.
import { CAMPAIGN_API } from '@domain/endpoints/campaigns.ts';
import type { SettlementReview } from '@domain/money-out.ts';
import { trancheLabel } from '@domain/money-out-views.ts';
import { callApi } from '@/lib/api.ts';
import { formatUsdCents } from '@/lib/format.ts';
import { invalidateCampaignData } from '@/features/campaigns/index.ts';
import { useAdminAction } from './use-admin-action.ts';

type ReleaseDecision = SettlementReview & { campaignId: string; releaseId: string };

export const decideRelease = ({ campaignId, releaseId, ...review }: ReleaseDecision) =>
  callApi(CAMPAIGN_API.decideRelease, { params: { id: campaignId, releaseId }, body: review });

export const useDecideRelease = () =>
  useAdminAction(
    async (input: ReleaseDecision) => ({ input, campaign: await decideRelease(input) }),
    ({ input, campaign }) => {
      const release = campaign.releases.find((r) => r.id === input.releaseId);
      const trader = campaign.traderCompany ?? campaign.traderName;
      return input.decision === 'approve'
        ? {
            title: 'Release confirmed',
            description: `${release?.amount ? formatUsdCents(release.amount) : 'The tranche'} of ${campaign.title} is released to ${trader}.`,
          }
        : {
            title: 'Evidence sent back',
            description: `${trader} reads your reason and files the evidence of ${release ? trancheLabel(release) : 'the tranche'} again.`,
          };
    },
    invalidateCampaignData,
  );
