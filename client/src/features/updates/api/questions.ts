// A campaign's questions with their answers, asking one, the trader's answer and an admin's hiding.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { UPDATES_API } from '@domain/endpoints/updates.ts';
import type { AnswerCreate, HideRequest, QuestionCreate } from '@domain/updates.ts';
import { toast } from '@/components/ui/toast-store.ts';
import { apiQuery, callApi } from '@/lib/api.ts';

export const questionsQuery = (id: string) => apiQuery(UPDATES_API.questions, { params: { id } });
export const useQuestions = (id: string) => useQuery(questionsQuery(id));

function useRefresh(campaignId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: questionsQuery(campaignId).queryKey });
}

export function useAskQuestion(campaignId: string) {
  const refresh = useRefresh(campaignId);
  return useMutation({
    mutationFn: (body: QuestionCreate) => callApi(UPDATES_API.ask, { params: { id: campaignId }, body }),
    onSuccess: async () => {
      await refresh();
      toast({ title: 'Question posted', description: 'We email you when the trader answers.' });
    },
  });
}

export function useAnswerQuestion(campaignId: string) {
  const refresh = useRefresh(campaignId);
  return useMutation({
    mutationFn: ({ questionId, body }: AnswerCreate & { questionId: string }) =>
      callApi(UPDATES_API.answer, { params: { id: campaignId, questionId }, body: { body } }),
    onSuccess: async () => {
      await refresh();
      toast({ title: 'Answer posted', description: 'The asker gets an email.' });
    },
  });
}

export function useHidePost(campaignId: string) {
  const refresh = useRefresh(campaignId);
  return useMutation({
    mutationFn: ({ questionId, ...body }: HideRequest & { questionId: string }) =>
      callApi(UPDATES_API.hide, { params: { id: questionId }, body }),
    onSuccess: async (_, { part }) => {
      await refresh();
      toast({
        title: part === 'question' ? 'Question hidden' : 'Answer hidden',
        description: 'Recorded in the audit log.',
      });
    },
  });
}
