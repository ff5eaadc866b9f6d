// POST /api/admin/campaigns/:id/settlement (fixed contract): approve a declared result — due from the
// trader within 14 days — or reject it with a reason the trader reads.
import { CAMPAIGN_API } from '@domain/endpoints/campaigns.ts';
import type { SettlementReview } from '@domain/money-out.ts';
import { callApi } from '@/lib/api.ts';
import { formatDate, formatUsdCents } from '@/lib/format.ts';
import { invalidateCampaignData } from '@/features/campaigns/index.ts';
import { useAdminAction } from './use-admin-action.ts';

export const decideSettlement = ({ campaignId, ...review }: SettlementReview & { campaignId: string }) =>
  callApi(CAMPAIGN_API.decideSettlement, { params: { id: campaignId }, body: review });

export const useDecideSettlement = () =>
  useAdminAction(
    decideSettlement,
    (campaign) => {
      const trader = campaign.traderCompany ?? campaign.traderName;
      const s = campaign.settlement;
      return s?.status === 'rejected'
        ? {
            title: 'Settlement rejected',
            description: `${trader} reads your reason and declares the result of ${campaign.title} again.`,
          }
        : {
            title: 'Settlement approved',
            description: s?.dueAt
              ? `${trader} pays ${formatUsdCents(s.amountDue)} for ${campaign.title} by ${formatDate(s.dueAt)}.`
              : `${campaign.title} is settled.`,
          };
    },
    invalidateCampaignData,
  );
