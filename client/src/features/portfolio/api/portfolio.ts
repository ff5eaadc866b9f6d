// The investor's portfolio and yearly statement, and the escrow dispute raised from the portfolio.
// Typed by the endpoints the routes declare (domain/endpoints/): no response type is written here.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PORTFOLIO_API } from '@domain/endpoints/campaigns.ts';
import { ESCROW_API } from '@domain/endpoints/admin.ts';
import { toast } from '@/components/ui/toast-store.ts';
import { apiQuery, callApi } from '@/lib/api.ts';

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
