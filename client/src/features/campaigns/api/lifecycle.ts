// The lifecycle reads (issue 11): milestones, the investor list, portfolio, statements and
// notification settings, and the escrow dispute. Typed by the endpoints the routes declare
// (domain/endpoints/): no response type is written here. The trader's writes (transitions,
// milestones, documents) have a file each.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CAMPAIGN_API, PORTFOLIO_API } from '@domain/endpoints/campaigns.ts';
import { ESCROW_API } from '@domain/endpoints/admin.ts';
import { SETTINGS_API } from '@domain/endpoints/settings.ts';
import type { NotificationPrefs } from '@domain/notifications.ts';
import { toast } from '@/components/ui/toast-store.ts';
import { apiQuery, callApi } from '@/lib/api.ts';

export const milestonesQuery = (campaignId: string) =>
  apiQuery(CAMPAIGN_API.milestones, { params: { id: campaignId } });

export function useMilestones(campaignId: string | undefined) {
  return useQuery({ ...milestonesQuery(campaignId ?? ''), enabled: !!campaignId });
}

export function useCampaignInvestors(campaignId: string | undefined) {
  return useQuery({
    ...apiQuery(CAMPAIGN_API.investors, { params: { id: campaignId ?? '' } }),
    enabled: !!campaignId,
  });
}

export const portfolioQuery = () => apiQuery(PORTFOLIO_API.portfolio);

export function usePortfolio() {
  return useQuery(portfolioQuery());
}

/** What the investor is told once a dispute is open: that it is, and what happens next. */
const DISPUTE_OPENED_TOAST = {
  title: 'Dispute opened',
  description:
    'An admin will review it and either release the money to the trade or refund it to you. It stays in escrow until then.',
};

/** The investor disputes the escrow record of one of their investments (held money only). */
export function useDisputeEscrow() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ escrowId, reason }: { escrowId: string; reason: string }) =>
      callApi(ESCROW_API.dispute, { params: { id: escrowId }, body: { reason } }),
    onSuccess: () => {
      toast(DISPUTE_OPENED_TOAST);
      return client.invalidateQueries({ queryKey: portfolioQuery().queryKey });
    },
  });
}

export function useStatement(year: number) {
  return useQuery(apiQuery(PORTFOLIO_API.statement, { query: { year } }));
}

const notificationsQuery = () => apiQuery(SETTINGS_API.notifications);
export function useNotificationPrefs() {
  return useQuery(notificationsQuery());
}

export function useSaveNotificationPrefs() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (prefs: NotificationPrefs) => callApi(SETTINGS_API.saveNotifications, { body: prefs }),
    onSuccess: (prefs) => {
      client.setQueryData(notificationsQuery().queryKey, prefs);
      toast({ title: 'Notification settings saved' });
    },
  });
}
