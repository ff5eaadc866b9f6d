// GET /api/investor/appropriateness: whether the investor must take the knowledge test before investing,
// its questions, and the threshold above which an investment needs the risk warning.
import { useQuery } from '@tanstack/react-query';
import { INVESTMENT_API } from '@domain/endpoints/investments.ts';
import { apiQuery } from '@/lib/api.ts';

export const appropriatenessQuery = () => apiQuery(INVESTMENT_API.appropriateness);

export function useAppropriateness(enabled = true) {
  return useQuery({ ...appropriatenessQuery(), enabled });
}
