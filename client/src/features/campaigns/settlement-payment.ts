// Paying a settlement: the payment flow's three calls for this purpose (DESIGN.md §5 "Settlement").
// - create: the intent the admin's approval opened, read from the campaign's answer
//   (`settlement.paymentIntentId` / `clientSecret`, for its trader only); no new intent is made.
// - record: the card's hold reaches the server by itself (the sandbox confirmation, Stripe's webhook,
//   or the payments sweep), which captures it and distributes the settlement; recording is reading
//   the campaign until its settlement is paid. Not paid yet after a while: the flow keeps the payment
//   and asks again on the next page load, and the trader is told it is being recorded.
// - give up: nothing. The intent stays the settlement's, for the next card or a later visit.
// The app also hands the record call to the recovery of a payment interrupted by a reload.
import type { QueryClient } from '@tanstack/react-query';
import type { CampaignDetail } from '@domain/campaign-schemas.ts';
import { isSettlementDue } from '@domain/money-out-views.ts';
import { CAMPAIGN_API } from '@domain/endpoints/campaigns.ts';
import { ApiError, callApi } from '@/lib/api.ts';
import type { PaymentPurpose } from '@/features/money/index.ts';
import { campaignQuery, invalidateCampaignData } from './api/campaigns.ts';

type SettlementRef = { campaignId: string };

/** How often and how long the record call reads the campaign before leaving it to the next visit. */
export const SETTLEMENT_POLL = { intervalMs: 1_000, attempts: 20 } as const;

const readCampaign = (campaignId: string) => callApi(CAMPAIGN_API.detail, { params: { id: campaignId } });

/** The settlement is not payable by card (any more): a final answer, as the server would give it. */
function notPayable(campaign: CampaignDetail): ApiError {
  const status = campaign.settlement?.status ?? 'missing';
  const body = JSON.stringify({
    error:
      status === 'paid'
        ? 'This settlement is already paid.'
        : `This settlement is ${status.replace('_', ' ')}: nothing is due.`,
  });
  return new ApiError(409, body, 'Conflict');
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export const settlementPayment: PaymentPurpose<{ campaignId: string }, SettlementRef, CampaignDetail> = {
  name: 'settlement',
  async createIntent({ campaignId }) {
    const campaign = await readCampaign(campaignId);
    const s = campaign.settlement;
    if (!s || !isSettlementDue(s.status) || !s.paymentIntentId || !s.clientSecret) throw notPayable(campaign);
    return { paymentIntentId: s.paymentIntentId, clientSecret: s.clientSecret, ref: { campaignId } };
  },
  async record({ ref }, client: QueryClient) {
    for (let attempt = 1; ; attempt++) {
      const campaign = await readCampaign(ref.campaignId);
      if (campaign.settlement?.status === 'paid') {
        client.setQueryData(campaignQuery(ref.campaignId).queryKey, campaign);
        void invalidateCampaignData(client);
        return campaign;
      }
      if (!campaign.settlement || !isSettlementDue(campaign.settlement.status)) throw notPayable(campaign);
      if (attempt >= SETTLEMENT_POLL.attempts)
        throw new Error('The settlement payment is not recorded yet: HydroBridge records it on its own.');
      await wait(SETTLEMENT_POLL.intervalMs);
    }
  },
  giveUp() {},
};
