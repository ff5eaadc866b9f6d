// GET /api/auth/session: the current user or null, checked once on load (spec §4). It answers 200 for
// visitors too; any failure means signed out and is only logged (spec §8).
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { PublicUser } from '@domain/auth.ts';
import type { AnswerOf } from '@domain/endpoint.ts';
import { AUTH_API } from '@domain/endpoints/auth.ts';

export async function getSession(): Promise<PublicUser | null> {
  try {
    // Not callApi: a failed answer is a visitor, without the error callApi would throw and log.
    const res = await fetch(AUTH_API.session.path, { credentials: 'include' });
    return res.ok ? ((await res.json()) as AnswerOf<typeof AUTH_API.session>).user : null;
  } catch (error) {
    console.error('Auth check failed', error);
    return null;
  }
}

export const sessionQuery = () =>
  queryOptions({ queryKey: ['/api/auth/session'] as const, queryFn: getSession });

export function useSession() {
  return useQuery(sessionQuery());
}

/** Sign-in, sign-up, role switch and profile edits answer the user: it replaces the cached one. */
export function setSessionUser(queryClient: QueryClient, user: PublicUser | null): void {
  queryClient.setQueryData(sessionQuery().queryKey, user);
}
