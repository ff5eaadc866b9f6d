// POST /api/campaigns/:id/transitions (fixed contract): start trading (the first tranche of the
// release schedule goes to the trader's bank account), declare the result (a settlement for an admin
// to review; the campaign stays in progress), or cancel. Every campaign view is stale after it.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CAMPAIGN_API } from '@domain/endpoints/campaigns.ts';
import type { TransitionRequest } from '@domain/lifecycle.ts';
import { toast } from '@/components/ui/toast-store.ts';
import { callApi } from '@/lib/api.ts';
import { invalidateCampaignData } from './campaigns.ts';

export const transitionCampaign = (campaignId: string, body: TransitionRequest) =>
  callApi(CAMPAIGN_API.transition, { params: { id: campaignId }, body });

export const TRANSITION_TOASTS: Record<TransitionRequest['to'], { title: string; description: string }> = {
  trading: {
    title: 'Trading started',
    description:
      'The first release is on its way to your bank account. Investors can now follow the shipment.',
  },
  completed: {
    title: 'Result declared',
    description:
      'An admin reviews it against the sales invoice. Once it is approved, you pay the settlement and the investors are paid out.',
  },
  cancelled: { title: 'Campaign cancelled', description: 'Every investment is being refunded.' },
};

export function useTransition(campaignId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TransitionRequest) => transitionCampaign(campaignId, body),
    onSuccess: (_campaign, body) => {
      toast(TRANSITION_TOASTS[body.to]);
      return invalidateCampaignData(client);
    },
  });
}
