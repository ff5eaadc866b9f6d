// POST /api/investor/appropriateness: the answers and the loss simulation; the view is refetched after.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { INVESTMENT_API } from '@domain/endpoints/investments.ts';
import { callApi } from '@/lib/api.ts';
import { appropriatenessQuery } from './get-appropriateness.ts';

export interface AppropriatenessAnswers {
  answers: Record<string, string>;
  income: string;
  liquidAssets: string;
  commitments: string;
  acknowledged?: boolean;
}

export function useTakeAppropriateness() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: AppropriatenessAnswers) =>
      callApi(INVESTMENT_API.takeAppropriateness, { body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: appropriatenessQuery().queryKey }),
  });
}
