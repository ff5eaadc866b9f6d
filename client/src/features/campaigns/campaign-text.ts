// Small phrases the campaign card and page share.
import { formatNumber } from '@/lib/format.ts';

/** "1 investor", "38 investors". */
export const investorsText = (count: number) =>
  `${formatNumber(count)} ${count === 1 ? 'investor' : 'investors'}`;

/** "1 campaign", "13 campaigns". */
export const campaignsText = (count: number) =>
  `${formatNumber(count)} ${count === 1 ? 'campaign' : 'campaigns'}`;

/** "1 day left", "45 days left". */
export const daysLeftText = (days: number) => `${formatNumber(days)} ${days === 1 ? 'day' : 'days'} left`;
