// The campaign card's timeline (issue 10 item 9): created → funding deadline, how much of that window
// has passed, and where funding stands — for open and funded campaigns alike.
import { CalendarClock } from 'lucide-react';
import type { Campaign } from '@domain/campaign-schemas.ts';
import { fundingWindow, type CampaignFigures } from '@domain/campaign-figures.ts';
import { cn } from '@/lib/cn.ts';
import { formatDate } from '@/lib/format.ts';
import { fundingStateText } from '../campaign-text.ts';

export function FundingTimeline({ campaign, figures }: { campaign: Campaign; figures: CampaignFigures }) {
  const w = fundingWindow(campaign);
  return (
    <div className="space-y-1.5">
      <ol aria-label={`Timeline of ${campaign.title}`} className="flex justify-between gap-3 text-xs">
        <li>
          <span className="block text-muted-foreground">Created</span>
          <time dateTime={w.openedAt} className="font-medium">
            {formatDate(w.openedAt)}
          </time>
        </li>
        <li className="text-right">
          <span className="block text-muted-foreground">Funding deadline</span>
          <time dateTime={w.closesAt} className="font-medium">
            {formatDate(w.closesAt)}
          </time>
        </li>
      </ol>
      <div aria-hidden className="h-1 overflow-hidden rounded-full bg-muted">
        <div
          className={cn('h-full rounded-full', w.fundingState === 'open' ? 'bg-primary/50' : 'bg-primary')}
          style={{ width: `${w.elapsedPercent}%` }}
        />
      </div>
      <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
        <CalendarClock className="h-4 w-4 shrink-0" aria-hidden />
        {fundingStateText(figures)}
      </p>
    </div>
  );
}
