// How a social sign-in that did not end in a session tells the landing page why: the callback sends
// the browser to `/?authError=<CODE>&provider=<provider>[&role=<role>]` and the page shows the
// product's own message for that code. A link carries no text of its own: whatever else `authError`
// holds (someone's crafted link) shows the generic message.
import { AUTH_PROVIDER_LABELS, AUTH_PROVIDERS, type AuthProvider } from './auth.ts';
import { ERRORS, type ErrorCode } from './errors.ts';
import { roleAccessDeniedMessage } from './policies.ts';
import { ROLES, type Role } from './users.ts';

export const SOCIAL_OUTCOME_CODES = [
  'SOCIAL_FLOW_EXPIRED',
  'SOCIAL_UNAVAILABLE',
  'SOCIAL_CANCELLED',
  'SOCIAL_FAILED',
  'SOCIAL_EMAIL_MISSING',
  'SOCIAL_EMAIL_TAKEN_UNVERIFIED',
  'SOCIAL_SIGNUP_NEEDS_TERMS',
  'SOCIAL_SIGNUP_NEEDS_RISK',
  'SOCIAL_EMAIL_UNVERIFIED',
  'SOCIAL_SIGNUP_RACE',
  'SOCIAL_ADMIN_REFUSED',
  'ACCOUNT_SUSPENDED',
  'ROLE_ACCESS_DENIED',
] as const satisfies readonly ErrorCode[];
export type SocialOutcomeCode = (typeof SOCIAL_OUTCOME_CODES)[number];

export const SOCIAL_OUTCOME_FALLBACK = 'Social sign-in did not complete. Please try again.';

export function isSocialOutcomeCode(code: string): code is SocialOutcomeCode {
  return (SOCIAL_OUTCOME_CODES as readonly string[]).includes(code);
}

/** The landing-page address that reports `code` (the server's redirect). */
export function socialOutcomePath(code: SocialOutcomeCode, provider: AuthProvider, role?: Role): string {
  const query = new URLSearchParams({ authError: code, provider });
  if (role) query.set('role', role);
  return `/?${query.toString()}`;
}

/** The message the landing page shows for the query it got: only the product's own texts. */
export function socialOutcomeMessage(query: URLSearchParams): string {
  const code = query.get('authError') ?? '';
  if (!isSocialOutcomeCode(code)) return SOCIAL_OUTCOME_FALLBACK;
  const providerParam = query.get('provider') ?? '';
  if (!(AUTH_PROVIDERS as readonly string[]).includes(providerParam)) return SOCIAL_OUTCOME_FALLBACK;
  const provider = AUTH_PROVIDER_LABELS[providerParam as AuthProvider];
  if (code === 'ROLE_ACCESS_DENIED') {
    const role = query.get('role') ?? '';
    return (ROLES as readonly string[]).includes(role)
      ? roleAccessDeniedMessage(role as Role)
      : SOCIAL_OUTCOME_FALLBACK;
  }
  return ERRORS[code].message.replaceAll('{provider}', provider);
}
