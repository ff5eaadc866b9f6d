// POST /api/admin/campaigns/:id/settlement (fixed contract): approve a declared result — due from the
// trader within 14 days — or reject it with a reason the trader reads.
import type { CampaignDetail } from '@domain/campaign-schemas.ts';
import type { SettlementReview } from '@domain/money-out.ts';
import { apiJson } from '@/lib/api.ts';
import { formatDate, formatUsdCents } from '@/lib/format.ts';
import { invalidateCampaignData } from '@/features/campaigns/index.ts';
import { ADMIN_PREFIX } from './admin.ts';
import { useAdminAction } from './use-admin-action.ts';

export const decideSettlement = ({ campaignId, ...review }: SettlementReview & { campaignId: string }) =>
  apiJson<CampaignDetail>('POST', `${ADMIN_PREFIX}/campaigns/${campaignId}/settlement`, review);

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
