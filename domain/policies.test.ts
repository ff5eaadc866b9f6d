import type { ReviewStatus } from './diligence.ts';
import { describe, expect, it } from 'vitest';
import { campaignFigures, fundingState } from './campaign-figures.ts';
import { CAMPAIGN_STATUSES, type CampaignStatus } from './campaigns.ts';
import { ERRORS } from './errors.ts';
import {
  areTermsLocked,
  canCreateCampaign,
  canOfferOn,
  canSeeCampaignSales,
  canSeeHiddenListing,
  canWriteMessages,
  isOrderBuyer,
  isSupplier,
  orderListScope,
  rfqListScope,
  canInvest,
  canViewCampaign,
  investRefusal,
  mayMoveMoney,
  verificationBlocker,
  roleAccessDeniedMessage,
  type InvestingUser,
} from './policies.ts';

const NOW = new Date('2027-01-10T12:00:00Z');
const campaign = (
  overrides: Partial<{
    status: CampaignStatus;
    raisedAmount: string;
    deadline: string;
    reviewStatus: ReviewStatus;
  }> = {},
) => ({
  status: 'active' as CampaignStatus,
  targetAmount: '100000.00',
  raisedAmount: '25000.00',
  deadline: '2027-01-11T23:59:59.999Z',
  traderId: 'trader-1',
  reviewStatus: 'approved' as ReviewStatus,
  ...overrides,
});
const investor: InvestingUser = {
  role: 'investor',
  accountStatus: 'active',
  kycStatus: 'approved',
  emailVerified: true,
};

describe('fundingState', () => {
  it('is open for an active campaign before its deadline and below its target', () => {
    expect(fundingState(campaign(), NOW)).toBe('open');
  });

  it('is funded at the target, and for every status past funding', () => {
    expect(fundingState(campaign({ raisedAmount: '100000.00' }), NOW)).toBe('funded');
    for (const status of ['funded', 'trading', 'completed'] as const)
      expect(fundingState(campaign({ status }), NOW)).toBe('funded');
  });

  it('is closed once the deadline passed without the target', () => {
    expect(fundingState(campaign({ deadline: '2027-01-10T12:00:00Z' }), NOW)).toBe('closed');
    expect(fundingState(campaign({ deadline: '2027-01-01T00:00:00Z' }), NOW)).toBe('closed');
  });

  it('is cancelled for a cancelled campaign, whatever it raised', () => {
    expect(fundingState(campaign({ status: 'cancelled', raisedAmount: '100000.00' }), NOW)).toBe('cancelled');
  });

  it('gives days left only while funding is open (a closed campaign has none, not "0 days")', () => {
    const figures = (c: ReturnType<typeof campaign>) =>
      campaignFigures({ ...c, quantity: '100', buyPrice: '1.40', sellPrice: '5.60' }, NOW);
    expect(figures(campaign()).daysLeft).toBe(2);
    expect(figures(campaign({ deadline: '2027-01-09T00:00:00Z' }))).toMatchObject({
      daysLeft: 0,
      fundingState: 'closed',
    });
  });
});

describe('investRefusal / canInvest', () => {
  it('lets an active, verified investor invest in an open campaign', () => {
    expect(investRefusal(investor, campaign(), NOW)).toBeNull();
    expect(canInvest(investor, campaign(), NOW)).toBe(true);
  });

  it('names why not, the campaign first (a visitor learns it is closed before signing in)', () => {
    expect(investRefusal(null, campaign({ raisedAmount: '100000' }), NOW)).toBe('funded');
    expect(investRefusal(null, campaign({ deadline: '2027-01-01T00:00:00Z' }), NOW)).toBe('closed');
    expect(investRefusal(investor, campaign({ status: 'cancelled' }), NOW)).toBe('closed');
    expect(investRefusal(null, campaign(), NOW)).toBe('sign-in');
    expect(investRefusal({ ...investor, role: 'trader' }, campaign(), NOW)).toBe('not-investor');
    expect(investRefusal({ ...investor, accountStatus: 'suspended' }, campaign(), NOW)).toBe('suspended');
    expect(investRefusal({ ...investor, emailVerified: false }, campaign(), NOW)).toBe('verify-email');
    expect(investRefusal({ ...investor, kycStatus: 'under_review' }, campaign(), NOW)).toBe('kyc');
    expect(investRefusal({ ...investor, kycStatus: 'rejected' }, campaign(), NOW)).toBe('kyc');
    expect(investRefusal(investor, { ...campaign(), traderActive: false }, NOW)).toBe('paused');
    expect(canInvest({ ...investor, role: 'admin' }, campaign(), NOW)).toBe(false);
  });
});

describe('areTermsLocked', () => {
  it('locks the terms at the first live hold on a card, once money is raised, or once funding is over', () => {
    expect(areTermsLocked({ status: 'active', raisedAmount: '0' })).toBe(false);
    expect(areTermsLocked({ status: 'active', raisedAmount: '0' }, true)).toBe(true);
    expect(areTermsLocked({ status: 'active', raisedAmount: '100.00' })).toBe(true);
    for (const status of CAMPAIGN_STATUSES.filter((s) => s !== 'active'))
      expect(areTermsLocked({ status, raisedAmount: '0' }), status).toBe(true);
  });
});

describe('canViewCampaign', () => {
  it('shows public campaigns to everyone', () => {
    for (const status of ['active', 'funded', 'trading', 'completed'] as const)
      expect(canViewCampaign(null, campaign({ status }))).toBe(true);
  });

  it('shows a cancelled campaign to its trader, admins and its backers only', () => {
    const cancelled = campaign({ status: 'cancelled' });
    expect(canViewCampaign(null, cancelled)).toBe(false);
    expect(canViewCampaign({ id: 'someone', role: 'investor' }, cancelled)).toBe(false);
    expect(canViewCampaign({ id: 'someone', role: 'investor' }, cancelled, true)).toBe(true);
    expect(canViewCampaign({ id: 'trader-1', role: 'trader' }, cancelled)).toBe(true);
    expect(canViewCampaign({ id: 'admin-1', role: 'admin' }, cancelled)).toBe(true);
  });

  it('shows a campaign before its review is approved only to its trader and admins', () => {
    for (const reviewStatus of ['pending', 'rejected'] as const) {
      const unreviewed = campaign({ reviewStatus });
      expect(canViewCampaign(null, unreviewed)).toBe(false);
      expect(canViewCampaign({ id: 'someone', role: 'investor' }, unreviewed)).toBe(false);
      expect(canViewCampaign({ id: 'trader-2', role: 'trader' }, unreviewed)).toBe(false);
      expect(canViewCampaign({ id: 'trader-1', role: 'trader' }, unreviewed)).toBe(true);
      expect(canViewCampaign({ id: 'admin-1', role: 'admin' }, unreviewed)).toBe(true);
    }
  });
});

const trader = { role: 'trader' as const, kycStatus: 'approved', emailVerified: true };

describe('moving money needs a verified email address, then approved KYC', () => {
  it('an unverified user is blocked with the catalogue reason, then a user without approved KYC', () => {
    expect(verificationBlocker({ emailVerified: false, kycStatus: 'approved' })).toBe('EMAIL_NOT_VERIFIED');
    expect(ERRORS[verificationBlocker({ emailVerified: false, kycStatus: 'pending' })!].message).toMatch(
      /^Verify your email address first: /,
    );
    for (const kycStatus of ['pending', 'under_review', 'rejected'] as const) {
      expect(verificationBlocker({ emailVerified: true, kycStatus })).toBe('KYC_NOT_APPROVED');
      expect(mayMoveMoney({ emailVerified: true, kycStatus })).toBe(false);
    }
    expect(ERRORS.KYC_NOT_APPROVED.message).toMatch(/Verification page/);
    expect(verificationBlocker({ emailVerified: true, kycStatus: 'approved' })).toBeNull();
    expect(mayMoveMoney({ emailVerified: true, kycStatus: 'approved' })).toBe(true);
  });

  it('creating a campaign: an approved, verified trader may; unverified, unapproved or another role may not', () => {
    expect(canCreateCampaign(trader)).toBe(true);
    expect(canCreateCampaign({ ...trader, kycStatus: 'pending' })).toBe(false);
    expect(canCreateCampaign({ ...trader, kycStatus: 'rejected' })).toBe(false);
    expect(canCreateCampaign({ ...trader, emailVerified: false })).toBe(false);
    for (const role of ['investor', 'buyer', 'admin'] as const) {
      expect(canCreateCampaign({ ...trader, role })).toBe(false);
    }
  });
});

describe('roleAccessDeniedMessage', () => {
  it('is the spec sentence', () => {
    expect(roleAccessDeniedMessage('buyer')).toBe(
      "You don't have access to the buyer role. Contact support to add additional roles.",
    );
  });
});

describe('marketplace permissions', () => {
  const gate = { accountStatus: 'active', emailVerified: true, kycStatus: 'approved' } as const;
  const buyer = { id: 'b1', role: 'buyer', ...gate } as const;
  const trader = { id: 't1', role: 'trader', ...gate } as const;
  const unverifiedTrader = { ...trader, kycStatus: 'pending' } as const;
  const admin = { id: 'a1', role: 'admin', ...gate } as const;
  const investor = { id: 'i1', role: 'investor', ...gate } as const;
  const openToAll = { buyerId: 'b1', traderId: null };
  const toOther = { buyerId: 'b1', traderId: 't2' };

  it('lists quote requests by scope: own, supplier (past the gate), all, none', () => {
    expect(rfqListScope(buyer)).toBe('own');
    expect(rfqListScope(trader)).toBe('supplier');
    expect(rfqListScope(unverifiedTrader)).toBe('none');
    expect(rfqListScope(admin)).toBe('all');
    expect(rfqListScope(investor)).toBe('none');
  });

  it('lets only a supplier who may see the request make an offer', () => {
    expect(canOfferOn(trader, openToAll)).toBe(true);
    expect(canOfferOn(trader, { buyerId: 'b1', traderId: 't1' })).toBe(true);
    expect(canOfferOn(trader, toOther)).toBe(false);
    expect(canOfferOn(unverifiedTrader, openToAll)).toBe(false);
    expect(canOfferOn(admin, openToAll)).toBe(false);
    expect(canOfferOn(buyer, openToAll)).toBe(false);
  });

  it('admins read threads but do not write in them', () => {
    expect(canWriteMessages(buyer)).toBe(true);
    expect(canWriteMessages(trader)).toBe(true);
    expect(canWriteMessages(admin)).toBe(false);
  });

  it("an order's buyer is the buyer who placed it", () => {
    expect(isOrderBuyer(buyer, { buyerId: 'b1' })).toBe(true);
    expect(isOrderBuyer(buyer, { buyerId: 'b2' })).toBe(false);
    expect(isOrderBuyer({ id: 'b1', role: 'trader' }, { buyerId: 'b1' })).toBe(false);
  });

  it('orders are listed by side', () => {
    expect(orderListScope(buyer)).toBe('buyer');
    expect(orderListScope(trader)).toBe('supplier');
    expect(orderListScope(admin)).toBe('all');
  });

  it('a hidden listing is seen by its supplier and admins only; sales by the trader and admins', () => {
    expect(canSeeHiddenListing(trader, { traderId: 't1' })).toBe(true);
    expect(canSeeHiddenListing(admin, { traderId: 't1' })).toBe(true);
    expect(canSeeHiddenListing(buyer, { traderId: 't1' })).toBe(false);
    expect(canSeeHiddenListing(null, { traderId: 't1' })).toBe(false);
    expect(canSeeCampaignSales(trader, { traderId: 't1' })).toBe(true);
    expect(canSeeCampaignSales(admin, { traderId: 't1' })).toBe(true);
    expect(canSeeCampaignSales({ id: 't2', role: 'trader' }, { traderId: 't1' })).toBe(false);
    expect(isSupplier(trader)).toBe(true);
    expect(isSupplier(buyer)).toBe(false);
  });
});
