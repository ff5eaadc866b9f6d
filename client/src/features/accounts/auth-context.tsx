// Auth state (spec §4): loading → authenticated | unauthenticated, checked once on load through
// GET /api/auth/session. Sign-in, sign-up and role switches write the user they get back into the
// same query, so every consumer of useAuth() follows. The dialog's open state lives here too.
import {
  createContext,
  useCallback,
  useContext,
  useDeferredValue,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import type { PublicUser } from '@domain/auth.ts';
import type { TwoFactorMethod } from '@domain/two-factor.ts';
import { useSession } from './api/get-session.ts';

export type AuthStatus = 'loading' | 'authenticated' | 'unauthenticated';
export type AuthDialogTab = 'signin' | 'signup';
/** The dialog's state; `secondStep` opens Sign In at its second step (a social sign-in waiting for it). */
export interface AuthDialogState {
  open: boolean;
  tab: AuthDialogTab;
  secondStep?: TwoFactorMethod[];
}

interface AuthContextValue {
  status: AuthStatus;
  user: PublicUser | null;
  dialog: AuthDialogState;
  /** True once the dialog was first opened: its code loads then. */
  dialogRequested: boolean;
  openAuthDialog: (tab: AuthDialogTab) => void;
  closeAuthDialog: () => void;
}

const AuthContext = createContext<AuthContextValue | null>(null);

/** After a social sign-in the URL says how it went (see social-sign-in-outcome.ts). */
function useSocialSignInOutcome(user: PublicUser | null, status: AuthStatus) {
  useEffect(() => {
    if (status === 'loading') return;
    const search = new URLSearchParams(window.location.search);
    if (!search.has('authError') && !search.has('welcome') && !search.has('linkAccount')) return;
    void import('./social-sign-in-outcome.ts').then((m) => m.announceSocialSignIn(user));
  }, [status, user]);
}

/**
 * A social sign-in of an account with a second factor comes back to `/?twoFactor=1`: the dialog opens
 * at its second step with the methods of the waiting sign-in (GET /api/auth/2fa/pending). The parameter
 * is dropped so a reload does not ask again; an expired sign-in says so.
 */
function useSocialSecondStep(status: AuthStatus, open: (methods: TwoFactorMethod[]) => void) {
  useEffect(() => {
    if (status !== 'unauthenticated') return;
    const url = new URL(window.location.href);
    if (!url.searchParams.has('twoFactor')) return;
    url.searchParams.delete('twoFactor');
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
    void import('./api/pending-second-step.ts')
      .then((m) => m.pendingSecondStep())
      .then((methods) => {
        if (methods) open(methods);
      });
  }, [status, open]);
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const session = useSession();
  const [dialog, setDialog] = useState<AuthDialogState>({ open: false, tab: 'signin' });
  const [dialogRequested, setDialogRequested] = useState(false);
  const liveUser = session.data ?? null;
  const liveStatus: AuthStatus = session.isPending
    ? 'loading'
    : liveUser
      ? 'authenticated'
      : 'unauthenticated';
  // The whole app re-renders when who is signed in changes: deferred, React does it in interruptible
  // slices instead of one long task (the session answer arrives while the first page is still busy).
  const { user, status } = useDeferredValue(
    useMemo(() => ({ user: liveUser, status: liveStatus }), [liveUser, liveStatus]),
  );
  useSocialSignInOutcome(user, status);
  const openSecondStep = useCallback((secondStep: TwoFactorMethod[]) => {
    setDialogRequested(true);
    setDialog({ open: true, tab: 'signin', secondStep });
  }, []);
  useSocialSecondStep(status, openSecondStep);

  const value = useMemo<AuthContextValue>(
    () => ({
      status,
      user,
      dialog,
      dialogRequested,
      openAuthDialog: (tab) => {
        setDialogRequested(true);
        setDialog({ open: true, tab });
      },
      closeAuthDialog: () => setDialog((d) => ({ ...d, open: false, secondStep: undefined })),
    }),
    [status, user, dialog, dialogRequested],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth() {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth outside AuthProvider');
  return ctx;
}
