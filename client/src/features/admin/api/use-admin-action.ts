// Every admin write: refreshes every admin read after it (one prefix) and whatever else it changed,
// and tells the admin what happened — or, on a refusal, the server's reason in a toast.
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/toast-store.ts';
import { serverMessageOf } from '@/lib/api.ts';
import { ADMIN_PREFIX } from './admin.ts';

export function useAdminAction<I, O>(
  fn: (input: I) => Promise<O>,
  done: (output: O) => { title: string; description?: string },
  alsoRefresh?: (client: QueryClient) => Promise<unknown>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async (output) => {
      toast(done(output));
      await Promise.all([
        queryClient.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith(ADMIN_PREFIX) }),
        alsoRefresh?.(queryClient),
      ]);
    },
    onError: (error) => {
      console.error('Admin action failed', error);
      toast({
        title: 'Action Failed',
        description: serverMessageOf(error) || 'Nothing was changed. Please try again.',
        variant: 'destructive',
      });
    },
  });
}
