// Pure permission rules, used by server checks and by the UI to hide what a user cannot do.
import type { Role } from './users.ts';

/** Spec §6: each user holds exactly one role; the switcher offers only that one. */
export function availableRoles(user: { role: Role }): Role[] {
  return [user.role];
}

export function canSwitchTo(user: { role: Role }, role: Role): boolean {
  return availableRoles(user).includes(role);
}

export const ROLE_ACCESS_DENIED_TITLE = 'Role Access Denied';

export function roleAccessDeniedMessage(role: string): string {
  return `You don't have access to the ${role} role. Contact support to add additional roles.`;
}
