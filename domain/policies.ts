// Pure permission rules, used by server checks and by the UI to hide what a user cannot do.
import { fundingState, type FundingTerms } from './campaign-figures.ts';
import { inStatusGroup, type CampaignStatus } from './campaigns.ts';
import { errorMessage } from './errors.ts';
import type { AccountStatus, KycStatus, Role } from './users.ts';

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

/** A campaign's financial terms: what investors committed their money on. */
export const FINANCIAL_TERMS = [
  'targetAmount',
  'quantity',
  'buyPrice',
  'sellPrice',
  'deadline',
  'minimumInvestment',
] as const;
export type FinancialTerm = (typeof FINANCIAL_TERMS)[number];

/**
 * DESIGN.md §3: once a campaign has a confirmed investment its financial terms are locked; title,
 * description and trade route stay editable. A campaign past funding (funded onwards, or cancelled)
 * keeps its terms too: they are what its backers were paid or refunded on.
 */
export function areTermsLocked(campaign: { status: CampaignStatus; investorCount: number }): boolean {
  return campaign.investorCount > 0 || !inStatusGroup(campaign.status, 'openForFunding');
}

/**
 * Who may see a campaign: everyone while it is public; once cancelled, its trader, admins and the
 * investors who backed it (they must see where their refund comes from).
 */
export function canViewCampaign(
  viewer: { id: string; role: Role } | null,
  campaign: { status: CampaignStatus; traderId: string },
  viewerBacksIt = false,
): boolean {
  if (inStatusGroup(campaign.status, 'public')) return true;
  return viewer?.role === 'admin' || viewer?.id === campaign.traderId || viewerBacksIt;
}

/**
 * DESIGN.md §3: investing needs Approved KYC. Off until the KYC review flow exists, like campaign
 * creation; the KYC issue switches both on here.
 */
export const INVESTING_NEEDS_KYC = false;

/** Why a user may not invest in a campaign now; null when they may. The UI shows the same reason. */
export type InvestRefusal =
  'sign-in' | 'not-investor' | 'suspended' | 'verify-email' | 'kyc' | 'funded' | 'closed';

export interface InvestingUser {
  role: Role;
  accountStatus: AccountStatus | string;
  kycStatus: KycStatus | string;
  emailVerified: boolean;
}

export function investRefusal(
  user: InvestingUser | null,
  campaign: FundingTerms,
  now: Date = new Date(),
): InvestRefusal | null {
  const state = fundingState(campaign, now);
  if (state === 'funded') return 'funded';
  if (state !== 'open') return 'closed';
  if (!user) return 'sign-in';
  if (user.role !== 'investor') return 'not-investor';
  if (user.accountStatus !== 'active') return 'suspended';
  if (!mayMoveMoney(user)) return 'verify-email';
  if (INVESTING_NEEDS_KYC && user.kycStatus !== 'approved') return 'kyc';
  return null;
}

export function canInvest(
  user: InvestingUser | null,
  campaign: FundingTerms,
  now: Date = new Date(),
): boolean {
  return investRefusal(user, campaign, now) === null;
}

/** Trader stats: the trader themself or an admin. */
export function canViewTraderStats(user: { id: string; role: Role }, traderId: string): boolean {
  return user.role === 'admin' || (user.role === 'trader' && user.id === traderId);
}
