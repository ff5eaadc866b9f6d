// A social sign-in comes back to `/?authError=<message>` or `/dashboard?welcome=1`: say what happened
// once, then drop the parameter so a reload or a shared link does not say it again. Loaded only when
// one of those parameters is present.
import type { PublicUser } from '@domain/auth.ts';
import { toast } from '@/components/ui/toast-store.ts';
import { AUTH_TOASTS } from './auth-messages.ts';

export const SOCIAL_OUTCOME_PARAMS = ['authError', 'welcome'] as const;

export function announceSocialSignIn(user: PublicUser | null): void {
  const url = new URL(window.location.href);
  const authError = url.searchParams.get('authError');
  if (authError !== null) toast(AUTH_TOASTS.signInFailed(authError));
  else if (url.searchParams.has('welcome') && user) toast(AUTH_TOASTS.signedIn(user.role));
  for (const param of SOCIAL_OUTCOME_PARAMS) url.searchParams.delete(param);
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
}
