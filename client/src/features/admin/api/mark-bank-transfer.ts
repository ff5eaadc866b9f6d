// POST /api/admin/campaigns/:id/settlement/bank-transfer: the trader's bank transfer of a due (or
// defaulted) settlement arrived — booked as paid and distributed to the investors at once.
import type { CampaignDetail } from '@domain/campaign-schemas.ts';
import { apiJson } from '@/lib/api.ts';
import { invalidateCampaignData } from '@/features/campaigns/index.ts';
import { ADMIN_PREFIX } from './admin.ts';
import { useAdminAction } from './use-admin-action.ts';

export const markBankTransferReceived = ({ campaignId }: { campaignId: string }) =>
  apiJson<CampaignDetail>('POST', `${ADMIN_PREFIX}/campaigns/${campaignId}/settlement/bank-transfer`);

export const useMarkBankTransfer = () =>
  useAdminAction(
    markBankTransferReceived,
    (campaign) => ({
      title: 'Bank transfer recorded',
      description: `The settlement of ${campaign.title} is paid and distributed to its investors.`,
    }),
    invalidateCampaignData,
  );
