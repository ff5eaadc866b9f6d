// GET /api/auth/2fa/pending: the methods of a sign-in waiting for its second step (after a social
// sign-in of an account with one). None (expired or absent): the user is told to sign in again.
import type { TwoFactorChallenge, TwoFactorMethod } from '@domain/two-factor.ts';
import { toast } from '@/components/ui/toast-store.ts';
import { getJson, serverMessageOf } from '@/lib/api.ts';
import { AUTH_TOASTS } from '../auth-messages.ts';

export async function pendingSecondStep(): Promise<TwoFactorMethod[] | null> {
  try {
    return (await getJson<TwoFactorChallenge>('/api/auth/2fa/pending')).methods;
  } catch (error) {
    toast(AUTH_TOASTS.signInFailed(serverMessageOf(error)));
    return null;
  }
}
