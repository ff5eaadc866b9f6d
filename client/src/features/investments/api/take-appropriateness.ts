// POST /api/investor/appropriateness: the answers and the loss simulation; the view is refetched after.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api.ts';
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
      apiJson<{ passed: boolean; maxLoss: string }>('POST', '/api/investor/appropriateness', input),
    onSuccess: () => client.invalidateQueries({ queryKey: appropriatenessQuery().queryKey }),
  });
}
