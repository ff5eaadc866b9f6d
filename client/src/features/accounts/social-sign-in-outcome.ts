// A social sign-in comes back to `/?authError=<CODE>&provider=…` or `/dashboard?welcome=1`: say what
// happened once, then drop the parameters so a reload or a shared link does not say it again. Only the
// product's own message for a known code is shown (domain/social-outcome.ts): text a link carries never
// is. Loaded only when one of those parameters is present.
import type { PublicUser } from '@domain/auth.ts';
import { toast } from '@/components/ui/toast-store.ts';
import { socialOutcomeMessage } from '@domain/social-outcome.ts';
import { AUTH_TOASTS } from './auth-messages.ts';

export const SOCIAL_OUTCOME_PARAMS = ['authError', 'provider', 'role', 'welcome', 'linkAccount'] as const;

const LINK_PROVIDERS: Record<string, string> = { google: 'Google', linkedin: 'LinkedIn' };

export function announceSocialSignIn(user: PublicUser | null): void {
  const url = new URL(window.location.href);
  const authError = url.searchParams.get('authError');
  const linkAccount = LINK_PROVIDERS[url.searchParams.get('linkAccount') ?? ''];
  if (authError !== null) toast(AUTH_TOASTS.signInFailed(socialOutcomeMessage(url.searchParams)));
  else if (linkAccount) {
    toast({
      title: `Link your ${linkAccount} account`,
      description: `An account with this email already exists. Sign in with its password once to link ${linkAccount} to it.`,
    });
  } else if (url.searchParams.has('welcome') && user) toast(AUTH_TOASTS.signedIn(user.role));
  for (const param of SOCIAL_OUTCOME_PARAMS) url.searchParams.delete(param);
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
}
