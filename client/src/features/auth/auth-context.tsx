// Auth state (spec §4): loading → authenticated | unauthenticated, checked once on load through
// GET /api/auth/session ({ user } or { user: null }). Any failure means signed out and is only logged.
import { useQuery } from '@tanstack/react-query';
import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import type { CurrentUser } from '@domain/users.ts';

export type AuthStatus = 'loading' | 'authenticated' | 'unauthenticated';
export type AuthDialogTab = 'signin' | 'signup';

interface AuthContextValue {
  status: AuthStatus;
  user: CurrentUser | null;
  dialog: { open: boolean; tab: AuthDialogTab };
  /** True once the dialog was first opened: its code loads then. */
  dialogRequested: boolean;
  openAuthDialog: (tab: AuthDialogTab) => void;
  closeAuthDialog: () => void;
}

const AuthContext = createContext<AuthContextValue | null>(null);

export const SESSION_QUERY_KEY = ['/api/auth/session'] as const;

async function fetchSessionUser(): Promise<CurrentUser | null> {
  try {
    const res = await fetch(SESSION_QUERY_KEY.join('/'), { credentials: 'include' });
    return res.ok ? ((await res.json()) as { user: CurrentUser | null }).user : null;
  } catch (error) {
    console.error('Auth check failed', error);
    return null;
  }
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const me = useQuery({ queryKey: SESSION_QUERY_KEY, queryFn: fetchSessionUser });
  const [dialog, setDialog] = useState<{ open: boolean; tab: AuthDialogTab }>({ open: false, tab: 'signin' });
  const [dialogRequested, setDialogRequested] = useState(false);

  const value = useMemo<AuthContextValue>(() => {
    const user = me.data ?? null;
    return {
      status: me.isPending ? 'loading' : user ? 'authenticated' : 'unauthenticated',
      user,
      dialog,
      dialogRequested,
      openAuthDialog: (tab) => {
        setDialogRequested(true);
        setDialog({ open: true, tab });
      },
      closeAuthDialog: () => setDialog((d) => ({ ...d, open: false })),
    };
  }, [me.data, me.isPending, dialog, dialogRequested]);

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth() {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth outside AuthProvider');
  return ctx;
}
