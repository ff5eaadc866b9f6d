// The lifecycle reads (issue 11): milestones, the investor list, portfolio, statements and
// notification settings, and the escrow dispute. Reads go through the default query function (the key
// is the URL). The trader's writes (transitions, milestones, documents) have a file each.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CampaignInvestor, Milestone } from '@domain/lifecycle.ts';
import type { BodyOf } from '@domain/api.ts';
import { NOTIFICATION_ENDPOINTS } from '@domain/notifications.ts';
import type { Portfolio, Statement } from '@domain/portfolio.ts';
import { toast } from '@/components/ui/toast-store.ts';
import { apiJson, apiQuery, callApi } from '@/lib/api.ts';

const milestonesKey = (campaignId: string) => `/api/campaigns/${campaignId}/milestones`;

export const milestonesQuery = (campaignId: string) =>
  queryOptions<Milestone[]>({ queryKey: [milestonesKey(campaignId)] });

export function useMilestones(campaignId: string | undefined) {
  return useQuery({ ...milestonesQuery(campaignId ?? ''), enabled: !!campaignId });
}

export function useCampaignInvestors(campaignId: string | undefined) {
  return useQuery<CampaignInvestor[]>({
    queryKey: [`/api/campaigns/${campaignId}/investors`],
    enabled: !!campaignId,
  });
}

export function usePortfolio() {
  return useQuery<Portfolio>({ queryKey: ['/api/portfolio'] });
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
      apiJson('POST', `/api/escrow/${escrowId}/dispute`, { reason }),
    onSuccess: () => {
      toast(DISPUTE_OPENED_TOAST);
      return client.invalidateQueries({ queryKey: ['/api/portfolio'] });
    },
  });
}

export function useStatement(year: number) {
  return useQuery<Statement>({ queryKey: [`/api/statements?year=${year}`] });
}

// Typed by the endpoints the routes declare (domain/notifications.ts): no response type written here.
const { read, save } = NOTIFICATION_ENDPOINTS;
export function useNotificationPrefs() {
  return useQuery(apiQuery(read));
}

export function useSaveNotificationPrefs() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (prefs: BodyOf<typeof save>) => callApi(save, prefs),
    onSuccess: (prefs) => {
      client.setQueryData(apiQuery(read).queryKey, prefs);
      toast({ title: 'Notification settings saved' });
    },
  });
}
