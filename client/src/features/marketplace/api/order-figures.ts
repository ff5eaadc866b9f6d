// Figures the server computes over many orders: the buyer dashboard's summary and a campaign's
// marketplace sales (for its trader's completion form). Order changes refresh both (./orders.ts).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ORDER_API } from '@domain/endpoints/marketplace.ts';
import { apiQuery } from '@/lib/api.ts';

export const buyerSummaryQuery = () => queryOptions({ ...apiQuery(ORDER_API.summary), staleTime: 30_000 });

export function useBuyerSummary() {
  return useQuery(buyerSummaryQuery());
}

export const campaignSalesQuery = (campaignId: string) =>
  queryOptions({ ...apiQuery(ORDER_API.campaignSales, { params: { id: campaignId } }), staleTime: 30_000 });

export function useCampaignSales(campaignId: string) {
  return useQuery(campaignSalesQuery(campaignId));
}

/** A campaign's sales key (the summary's starts with /api/orders, refreshed with the order pages). */
export const isOrderFiguresKey = (key: string) => /^\/api\/campaigns\/[^/]+\/sales$/.test(key);
