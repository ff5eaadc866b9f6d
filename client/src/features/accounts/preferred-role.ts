// The last role used (spec §3 browser storage), remembered at sign-in/up and forgotten at sign-out.
import { PREFERRED_ROLE_STORAGE_KEY, SIGNUP_ROLES, type Role, type SignupRole } from '@domain/users.ts';

export function storePreferredRole(role: Role): void {
  try {
    localStorage.setItem(PREFERRED_ROLE_STORAGE_KEY, role);
  } catch {
    // Storage may be blocked; nothing depends on it.
  }
}

export function clearPreferredRole(): void {
  try {
    localStorage.removeItem(PREFERRED_ROLE_STORAGE_KEY);
  } catch {
    // As above.
  }
}

/** The stored role when it is one a visitor may pick in the dialog. */
export function readPreferredSignupRole(): SignupRole | null {
  try {
    const stored = localStorage.getItem(PREFERRED_ROLE_STORAGE_KEY);
    return SIGNUP_ROLES.find((r) => r === stored) ?? null;
  } catch {
    return null;
  }
}
