// GET /api/verify/:code: a cancellation statement's facts, for anyone (signed out too).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CancellationFacts } from '@domain/origin.ts';
import { getJson, keyToUrl } from '@/lib/api.ts';

export const verificationQuery = (code: string) =>
  queryOptions<CancellationFacts>({
    queryKey: ['/api/verify', code],
    queryFn: ({ queryKey, signal }) => getJson<CancellationFacts>(keyToUrl(queryKey), { signal }),
  });

export const useVerification = (code: string) => useQuery(verificationQuery(code));
