// The account toasts of spec §8, verbatim. Hooks show them; components never spell them out.
import { ROLE_ACCESS_DENIED_TITLE, roleAccessDeniedMessage } from '@domain/policies.ts';
import type { Role } from '@domain/users.ts';
import type { ToastInput } from '@/components/ui/toast-store.ts';
import { countOf } from '@domain/plural.ts';

/** Spec §8: investors invest, traders trade, every other role buys. */
export function kycVerb(role: Role): string {
  if (role === 'investor') return 'investing';
  if (role === 'trader') return 'trading';
  return 'buying';
}

export const SIGN_IN_FAILED_FALLBACK = 'Please check your credentials and try again';
export const SIGN_UP_FAILED_FALLBACK = 'Please check your information and try again';

export const AUTH_TOASTS = {
  signedIn: (role: Role): ToastInput => ({
    title: 'Welcome back!',
    description: `You are logged in as ${role}`,
  }),
  signInFailed: (serverText?: string): ToastInput => ({
    title: 'Sign In Failed',
    description: serverText || SIGN_IN_FAILED_FALLBACK,
    variant: 'destructive',
  }),
  signedUp: (role: Role): ToastInput => ({
    title: 'Account Created Successfully!',
    description: `Welcome to the product! Complete your KYC verification to start ${kycVerb(role)}`,
  }),
  signUpFailed: (serverText?: string): ToastInput => ({
    title: 'Sign Up Failed',
    description: serverText || SIGN_UP_FAILED_FALLBACK,
    variant: 'destructive',
  }),
  signedOut: (): ToastInput => ({
    title: 'Signed Out',
    description: 'You have been successfully signed out',
  }),
  signOutFailed: (): ToastInput => ({
    title: 'Sign Out Error',
    description: 'There was a problem signing you out',
    variant: 'destructive',
  }),
  roleSwitched: (role: Role): ToastInput => ({
    title: 'Role Switched',
    description: `You are now working as ${role}`,
  }),
  roleSwitchFailed: (serverText?: string): ToastInput => ({
    title: 'Role Switch Failed',
    description: serverText || 'Failed to switch roles',
    variant: 'destructive',
  }),
  roleAccessDenied: (role: Role): ToastInput => ({
    title: ROLE_ACCESS_DENIED_TITLE,
    description: roleAccessDeniedMessage(role),
    variant: 'destructive',
  }),
};

/** After a password change or 'sign out of all other sessions'. */
export function endedSessionsText(count: number): string {
  if (count === 0) return 'No other sessions were signed in.';
  return `${countOf(count, 'other session was', 'other sessions were')} signed out.`;
}
