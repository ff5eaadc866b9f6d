// GET /api/auth/2fa/pending: the methods of a sign-in waiting for its second step (after a social
// sign-in of an account with one). None (expired or absent): the user is told to sign in again.
import { TWO_FACTOR_API } from '@domain/endpoints/two-factor.ts';
import type { TwoFactorMethod } from '@domain/two-factor.ts';
import { toast } from '@/components/ui/toast-store.ts';
import { callApi, serverMessageOf } from '@/lib/api.ts';
import { AUTH_TOASTS } from '../auth-messages.ts';

export async function pendingSecondStep(): Promise<TwoFactorMethod[] | null> {
  try {
    return (await callApi(TWO_FACTOR_API.pending)).methods;
  } catch (error) {
    toast(AUTH_TOASTS.signInFailed(serverMessageOf(error)));
    return null;
  }
}
