// Pure permission rules, used by server checks and by the UI to hide what a user cannot do.
import { fundingState, type FundingTerms } from './campaign-figures.ts';
import { inStatusGroup, type CampaignStatus } from './campaigns.ts';
import type { ReviewStatus } from './diligence.ts';
import { errorMessage } from './errors.ts';
import { dec } from './money.ts';
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
 * What stands between a user and moving money (investing, creating campaigns, placing orders), as the
 * catalogue code of the refusal; null when nothing does. THE one rule of every money gate: first the
 * email address must be proven theirs, then their identity (KYC) approved by an admin (DESIGN.md §3).
 * Before that a user may browse, fill in the profile and upload KYC documents.
 */
export function verificationBlocker(user: {
  emailVerified: boolean;
  kycStatus: KycStatus | string;
}): 'EMAIL_NOT_VERIFIED' | 'KYC_NOT_APPROVED' | null {
  if (!user.emailVerified) return 'EMAIL_NOT_VERIFIED';
  if (user.kycStatus !== 'approved') return 'KYC_NOT_APPROVED';
  return null;
}

export function mayMoveMoney(user: { emailVerified: boolean; kycStatus: KycStatus | string }): boolean {
  return verificationBlocker(user) === null;
}

/** Who the money gate judges: the account's state and its two proofs. */
export interface GatedUser {
  role: Role;
  accountStatus: AccountStatus | string;
  emailVerified: boolean;
  kycStatus: KycStatus | string;
}

/**
 * THE actor type: who asks (every service and every `canX` predicate takes one). A rule that also
 * reads the money gate's state names the fields it needs: `Actor<'kycStatus' | 'emailVerified'>`, or
 * `Actor<keyof GatedUser>` for all of them. Signed out is `null` where a route allows it.
 */
export type Actor<Extra extends keyof GatedUser = never> = { id: string; role: Role } & Pick<
  GatedUser,
  Extra
>;

export type MoneyGateRefusal = 'ACCOUNT_SUSPENDED' | 'EMAIL_NOT_VERIFIED' | 'KYC_NOT_APPROVED';

/**
 * THE gate of every money path (quote requests, offers, their messages, orders, listings, investing,
 * withdrawals, bank accounts, settlement, campaigns): a suspended account first, then
 * `verificationBlocker`. Declared at the route (`requireRole(..., { verified: true })`, server/plugins
 * /auth.ts), so the authorization matrix sees which routes it guards. Admins move no money of their
 * own (they approve others'): the gate does not apply to them. An identity change in review puts KYC
 * back to `under_review`, so it closes the gate until approved (docs/verification.md).
 */
export function moneyGateRefusal(user: GatedUser): MoneyGateRefusal | null {
  if (user.role === 'admin') return null;
  if (user.accountStatus !== 'active') return 'ACCOUNT_SUSPENDED';
  return verificationBlocker(user);
}

/**
 * Quote requests (RFQs) a user may see. A buyer sees their own (whatever their state: they are
 * theirs); an admin every one; a supplier (trader) the ones sent to them or to every supplier, but
 * only once past the money gate: a buyer's request is a business lead and an invitation to be paid,
 * so an unverified or suspended trader sees none (they may still browse listings, which are public).
 */
export function canSeeRfq(
  viewer: { id: string } & GatedUser,
  rfq: { buyerId: string; traderId: string | null },
): boolean {
  if (viewer.role === 'admin') return true;
  if (viewer.role === 'buyer') return rfq.buyerId === viewer.id;
  if (viewer.role !== 'trader' || moneyGateRefusal(viewer)) return false;
  return rfq.traderId === null || rfq.traderId === viewer.id;
}

/** Whether a supplier may see any open quote request now (the list's filter, `canSeeRfq`'s rule). */
export function seesOpenRfqs(viewer: GatedUser): boolean {
  return viewer.role === 'admin' || (viewer.role === 'trader' && moneyGateRefusal(viewer) === null);
}

// ---- the marketplace (quote requests, offers, orders, listings, threads) ----------------------------

/** A supplier on the market: a trader (lists, offers, answers requests, is one side of a thread). */
export function isSupplier(user: { role: Role }): boolean {
  return user.role === 'trader';
}

/** Which quote requests a list shows the actor: a buyer their own, a supplier theirs and the open ones. */
export function rfqListScope(actor: Actor<keyof GatedUser>): 'own' | 'supplier' | 'all' | 'none' {
  if (actor.role === 'buyer') return 'own';
  if (isSupplier(actor)) return seesOpenRfqs(actor) ? 'supplier' : 'none';
  return actor.role === 'admin' ? 'all' : 'none';
}

/** Whether the actor may answer this quote request with an offer: a supplier who may see it. */
export function canOfferOn(
  actor: Actor<keyof GatedUser>,
  rfq: { buyerId: string; traderId: string | null },
): boolean {
  return isSupplier(actor) && canSeeRfq(actor, rfq);
}

/** Whether the actor may write in a quote or order thread they see: its buyer or supplier; admins read. */
export function canWriteMessages(actor: Actor): boolean {
  return actor.role !== 'admin';
}

/** Whether the actor is the order's buyer: who confirms receipt and rates it. */
export function isOrderBuyer(actor: Actor, order: { buyerId: string }): boolean {
  return actor.role === 'buyer' && order.buyerId === actor.id;
}

/** Which orders a list shows the actor: a buyer their own, a supplier their incoming, an admin all. */
export function orderListScope(actor: Actor): 'buyer' | 'supplier' | 'all' {
  if (actor.role === 'buyer') return 'buyer';
  return isSupplier(actor) ? 'supplier' : 'all';
}

/** Whether the actor sees a listing hidden from the market (withdrawn, or its supplier suspended). */
export function canSeeHiddenListing(actor: Actor | null, listing: { traderId: string }): boolean {
  return actor?.role === 'admin' || actor?.id === listing.traderId;
}

/** Whether the actor sees a campaign's marketplace sales: its trader and admins. */
export function canSeeCampaignSales(actor: Actor, campaign: { traderId: string }): boolean {
  return actor.role === 'admin' || ownsCampaign(actor, campaign);
}

export function canCreateCampaign(user: {
  role: Role;
  kycStatus: KycStatus | string;
  emailVerified: boolean;
}): boolean {
  return user.role === 'trader' && mayMoveMoney(user);
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
 * DESIGN.md §3, docs/money.md: a campaign's financial terms (and its release schedule) lock at the
 * first live hold on an investor's card, not at the first investment: the investor pays on the terms
 * they saw. Money raised keeps them locked; title, description and trade route stay editable. A
 * campaign past funding (funded onwards, or cancelled) keeps its terms too: they are what its backers
 * were paid or refunded on.
 */
export function areTermsLocked(
  campaign: { status: CampaignStatus; raisedAmount: string },
  hasLiveHold = false,
): boolean {
  return hasLiveHold || dec(campaign.raisedAmount).gt(0) || !inStatusGroup(campaign.status, 'openForFunding');
}

/**
 * Who may see a campaign: everyone while it is public and approved by the due-diligence review; before
 * approval (pending or sent back) and once cancelled, its trader, admins and the investors who backed
 * it (they must see where their refund comes from).
 */
export function canViewCampaign(
  viewer: { id: string; role: Role } | null,
  campaign: { status: CampaignStatus; traderId: string; reviewStatus: ReviewStatus },
  viewerBacksIt = false,
): boolean {
  if (inStatusGroup(campaign.status, 'public') && campaign.reviewStatus === 'approved') return true;
  return viewer?.role === 'admin' || viewer?.id === campaign.traderId || viewerBacksIt;
}

/** Why a user may not invest in a campaign now; null when they may. The UI shows the same reason. */
export type InvestRefusal =
  'sign-in' | 'not-investor' | 'suspended' | 'verify-email' | 'kyc' | 'funded' | 'closed' | 'paused';

export interface InvestingUser {
  role: Role;
  accountStatus: AccountStatus | string;
  kycStatus: KycStatus | string;
  emailVerified: boolean;
}

/**
 * `campaign.traderActive: false` when the campaign's trader is suspended: their campaigns take no new
 * investments until reactivated (only the server knows; the UI learns it from the refusal).
 */
export function investRefusal(
  user: InvestingUser | null,
  campaign: FundingTerms & { traderActive?: boolean },
  now: Date = new Date(),
): InvestRefusal | null {
  const state = fundingState(campaign, now);
  if (state === 'funded') return 'funded';
  if (state !== 'open') return 'closed';
  if (campaign.traderActive === false) return 'paused';
  if (!user) return 'sign-in';
  if (user.role !== 'investor') return 'not-investor';
  if (user.accountStatus !== 'active') return 'suspended';
  const blocked = verificationBlocker(user);
  if (blocked) return blocked === 'EMAIL_NOT_VERIFIED' ? 'verify-email' : 'kyc';
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
