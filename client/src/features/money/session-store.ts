// Where payments that went through but are not recorded yet wait (pending-payments.ts): this tab's
// sessionStorage. Apart from the rest so that the app's first page can look for one cheaply, loading
// the code that asks about them only when one waits.
export type SessionStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export const PENDING_PAYMENTS_KEY = 'hydrobridge.pendingPayments';

/** The browser's sessionStorage, or none where it is unavailable (storage disabled, a sandboxed frame). */
export function sessionStore(): SessionStore | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

/** Whether anything waits in this tab at all. */
export function anyPendingPayments(store = sessionStore()): boolean {
  try {
    return !!store?.getItem(PENDING_PAYMENTS_KEY);
  } catch {
    return false;
  }
}
