// Which account fields a role has, and the option labels of the account forms (spec §3, §4).
import type { AccountStatus, BUYER_INDUSTRIES, KycStatus, Role } from '@domain/users.ts';
import type { BadgeTone } from '@/components/ui/badge.tsx';

export type BuyerIndustry = (typeof BUYER_INDUSTRIES)[number];
export type CompanyField = 'companyName' | 'registrationNumber' | 'buyerIndustry';

/** Traders give company and registration number, buyers company and industry, others none. */
export function companyFieldsOf(role: Role | null | undefined): CompanyField[] {
  if (role === 'trader') return ['companyName', 'registrationNumber'];
  if (role === 'buyer') return ['companyName', 'buyerIndustry'];
  return [];
}

/**
 * Spec §4: choosing a role clears company name and registration number unless the role is trader
 * or buyer, and clears the industry unless the role is buyer.
 */
export function fieldsClearedByRole(role: Role | null | undefined): CompanyField[] {
  const cleared: CompanyField[] = [];
  if (role !== 'trader' && role !== 'buyer') cleared.push('companyName', 'registrationNumber');
  if (role !== 'buyer') cleared.push('buyerIndustry');
  return cleared;
}

export const BUYER_INDUSTRY_LABELS: Record<BuyerIndustry, string> = {
  steel: 'Steel',
  chemicals: 'Chemicals',
  fertilizer: 'Fertilizer',
  refining: 'Refining',
  transportation: 'Transportation',
  power: 'Power',
  other: 'Other',
};

export const ACCOUNT_STATUS_LABELS: Record<AccountStatus, string> = {
  active: 'Active',
  suspended: 'Suspended',
};

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });
/** "DE" → "Germany"; the code itself when the browser does not know it. */
export function countryName(code: string): string {
  return regionNames.of(code) ?? code;
}

export const ROLE_BLURBS: Record<Role, string> = {
  investor: 'Fund hydrogen trades',
  trader: 'Run trade campaigns',
  buyer: 'Buy hydrogen in bulk',
  admin: 'Oversee compliance',
};

/** The role colour of spec §2 (badge tones). */
export const ROLE_TONES: Record<Role, BadgeTone> = {
  investor: 'blue',
  trader: 'green',
  buyer: 'amber',
  admin: 'violet',
};

export const KYC_TONES: Record<KycStatus, BadgeTone> = {
  pending: 'amber',
  under_review: 'blue',
  approved: 'green',
  rejected: 'red',
};
