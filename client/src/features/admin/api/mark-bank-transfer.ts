// POST /api/admin/campaigns/:id/settlement/bank-transfer: the trader's bank transfer of a due (or
// defaulted) settlement arrived — booked as paid and distributed to the investors at once.
import { CAMPAIGN_API } from '@domain/endpoints/campaigns.ts';
import { callApi } from '@/lib/api.ts';
import { invalidateCampaignData } from '@/features/campaigns/index.ts';
import { useAdminAction } from './use-admin-action.ts';

export const markBankTransferReceived = ({ campaignId }: { campaignId: string }) =>
  callApi(CAMPAIGN_API.markBankTransfer, { params: { id: campaignId } });

export const useMarkBankTransfer = () =>
  useAdminAction(
    markBankTransferReceived,
    (campaign) => ({
      title: 'Bank transfer recorded',
      description: `The settlement of ${campaign.title} is paid and distributed to its investors.`,
    }),
    invalidateCampaignData,
  );
