// Followed campaigns and saved searches of the signed-in investor: the lists, following and
// unfollowing a campaign, saving and removing a /campaigns search.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FOLLOWS_API } from '@domain/endpoints/follows.ts';
import { toast } from '@/components/ui/toast-store.ts';
import { ApiError, apiQuery, callApi } from '@/lib/api.ts';

export const followsQuery = () => apiQuery(FOLLOWS_API.follows);
export const useFollows = (enabled: boolean) => useQuery({ ...followsQuery(), enabled });
export const savedSearchesQuery = () => apiQuery(FOLLOWS_API.searches);
export const useSavedSearches = (enabled: boolean) => useQuery({ ...savedSearchesQuery(), enabled });

const failed = (title: string) => (error: unknown) =>
  toast({
    title,
    description: error instanceof ApiError ? (error.serverMessage ?? error.message) : 'Please try again.',
    variant: 'destructive',
  });

export function useToggleFollow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ campaignId, follow }: { campaignId: string; follow: boolean }) =>
      callApi(follow ? FOLLOWS_API.follow : FOLLOWS_API.unfollow, { params: { id: campaignId } }),
    onSuccess: async (state) => {
      await queryClient.invalidateQueries({ queryKey: followsQuery().queryKey });
      toast(
        state.following
          ? {
              title: 'Following this campaign',
              description: 'We email you its public updates and a reminder 48 hours before funding closes.',
            }
          : { title: 'No longer following', description: 'You get no more emails about this campaign.' },
      );
    },
    onError: failed('Nothing changed'),
  });
}

export function useSaveSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (query: string) => callApi(FOLLOWS_API.saveSearch, { body: { query } }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: savedSearchesQuery().queryKey });
      toast({
        title: 'Search saved',
        description: 'We email you when a new campaign matching it opens. Manage it on your portfolio.',
      });
    },
    onError: failed('The search was not saved'),
  });
}

export function useRemoveSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(FOLLOWS_API.removeSearch, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedSearchesQuery().queryKey }),
    onError: failed('The search was not removed'),
  });
}
