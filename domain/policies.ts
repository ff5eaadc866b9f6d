// Pure permission rules, used by server checks and by the UI to hide what a user cannot do.
import { errorMessage } from './errors.ts';
import type { KycStatus, Role } from './users.ts';

/** Spec §6: each user holds exactly one role; the switcher offers only that one. */
export function availableRoles(user: { role: Role }): Role[] {
  return [user.role];
}

export function canSwitchTo(user: { role: Role }, role: Role): boolean {
  return availableRoles(user).includes(role);
}

export const ROLE_ACCESS_DENIED_TITLE = 'Role Access Denied';

export function roleAccessDeniedMessage(role: string): string {
  return errorMessage('ROLE_ACCESS_DENIED', { role });
}

/**
 * What stands between a user and moving money (investing, creating campaigns, ordering), as the
 * catalogue code of the refusal; null when nothing does. An unverified user may browse, fill in the
 * profile and upload KYC documents: money waits until the email address is proven theirs (DESIGN.md §3).
 */
export function moneyBlocker(user: { emailVerified: boolean }): 'EMAIL_NOT_VERIFIED' | null {
  return user.emailVerified ? null : 'EMAIL_NOT_VERIFIED';
}

export function mayMoveMoney(user: { emailVerified: boolean }): boolean {
  return moneyBlocker(user) === null;
}

/**
 * DESIGN.md §3: creating a campaign needs Approved KYC. Off until the KYC review flow exists (a
 * trader could not get approved otherwise); the KYC issue switches it on here, in one place.
 */
export const CAMPAIGN_CREATION_NEEDS_KYC = false;

export function canCreateCampaign(user: {
  role: Role;
  kycStatus: KycStatus | string;
  emailVerified: boolean;
}): boolean {
  return (
    user.role === 'trader' &&
    mayMoveMoney(user) &&
    (!CAMPAIGN_CREATION_NEEDS_KYC || user.kycStatus === 'approved')
  );
}

export function ownsCampaign(user: { id: string; role: Role }, campaign: { traderId: string }): boolean {
  return user.role === 'trader' && campaign.traderId === user.id;
}

/** Spec §6: completed campaigns cannot be edited. */
export function isCampaignEditable(campaign: { status: string }): boolean {
  return campaign.status !== 'completed';
}

/** Trader stats: the trader themself or an admin. */
export function canViewTraderStats(user: { id: string; role: Role }, traderId: string): boolean {
  return user.role === 'admin' || (user.role === 'trader' && user.id === traderId);
}
