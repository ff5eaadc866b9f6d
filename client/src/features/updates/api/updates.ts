// A campaign's updates (GET, what the caller may read), the trader's post with its files (JSON, then
// the files as the browser's FormData), and the investor's recent updates on /portfolio.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AnswerOf } from '@domain/endpoint.ts';
import { UPDATES_API } from '@domain/endpoints/updates.ts';
import type { UpdateCreate } from '@domain/updates.ts';
import { toast } from '@/components/ui/toast-store.ts';
import { ApiError, apiQuery, apiUrl, callApi } from '@/lib/api.ts';

export const campaignUpdatesQuery = (id: string) => apiQuery(UPDATES_API.list, { params: { id } });
export const useCampaignUpdates = (id: string) => useQuery(campaignUpdatesQuery(id));

export const recentUpdatesQuery = () => apiQuery(UPDATES_API.recent);
export const useRecentUpdates = (enabled = true) => useQuery({ ...recentUpdatesQuery(), enabled });

type Attached = AnswerOf<typeof UPDATES_API.attach>;

/** Multipart: the files in the repeatable field `files`. */
async function attachFiles(campaignId: string, updateId: string, files: File[]): Promise<Attached> {
  const form = new FormData();
  for (const file of files) form.append('files', file);
  const url = apiUrl(UPDATES_API.attach, { params: { id: campaignId, updateId } });
  const res = await fetch(url, { method: 'POST', body: form, credentials: 'include' });
  if (!res.ok) throw new ApiError(res.status, await res.text(), res.statusText);
  return (await res.json()) as Attached;
}

export interface PostUpdateInput {
  campaignId: string;
  update: UpdateCreate;
  files: File[];
}

/** Posts the update, then attaches its files; a refused file leaves the update posted (the toast says so). */
export async function postUpdate({ campaignId, update, files }: PostUpdateInput) {
  const { id } = await callApi(UPDATES_API.post, { params: { id: campaignId }, body: update });
  if (!files.length) return { id, filesError: null };
  try {
    await attachFiles(campaignId, id, files);
    return { id, filesError: null };
  } catch (error) {
    return {
      id,
      filesError: error instanceof ApiError ? (error.serverMessage ?? error.message) : 'Please try again.',
    };
  }
}

export function usePostUpdate(campaignId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postUpdate,
    onSuccess: async ({ filesError }, { update }) => {
      await queryClient.invalidateQueries({ queryKey: campaignUpdatesQuery(campaignId).queryKey });
      toast(
        filesError
          ? {
              title: 'Update posted without its files',
              description: `The files were not attached: ${filesError}`,
              variant: 'destructive',
            }
          : {
              title: 'Update posted',
              description:
                update.audience === 'backers'
                  ? 'Your backers can read it now and get an email.'
                  : 'Everyone can read it now; your backers get an email.',
            },
      );
    },
  });
}
