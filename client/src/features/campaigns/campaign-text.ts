// Small phrases the campaign card and page share.
import type { CampaignFigures } from '@domain/campaign-figures.ts';
import { CANCELLED_FOR_INVESTORS } from '@domain/campaigns.ts';
import { formatDate } from '@/lib/format.ts';
import { countOf } from '@domain/plural.ts';

/** "1 investor", "38 investors". */
export const investorsText = (count: number) => countOf(count, 'investor');

/** "1 campaign", "13 campaigns". */
export const campaignsText = (count: number) => countOf(count, 'campaign');

/** "1 day left", "45 days left". */
export const daysLeftText = (days: number) => `${countOf(days, 'day')} left`;

/**
 * Where funding stands, in words: "Funding closes 1 Mar 2027 · 3 days left" (with `deadline`), or
 * "3 days left" without it.
 */
export function fundingStatusText(f: CampaignFigures, deadline?: string): string {
  switch (f.fundingState) {
    case 'open':
      return deadline
        ? `Funding closes ${formatDate(deadline)} · ${daysLeftText(f.daysLeft)}`
        : daysLeftText(f.daysLeft);
    case 'funded':
      return deadline ? `${f.statusLabel} · target reached` : 'Target reached';
    case 'closed':
      return deadline ? `Funding closed ${formatDate(deadline)}` : 'Funding closed';
    case 'cancelled':
      return CANCELLED_FOR_INVESTORS;
  }
}

/** The card timeline's state line: "Funding open · 45 days left", "Funded · target reached", … */
export function fundingStateText(f: CampaignFigures): string {
  switch (f.fundingState) {
    case 'open':
      return `Funding open · ${daysLeftText(f.daysLeft)}`;
    case 'funded':
      return `${f.statusLabel} · target reached`;
    case 'closed':
      return 'Funding closed without reaching the target';
    case 'cancelled':
      return CANCELLED_FOR_INVESTORS;
  }
}
