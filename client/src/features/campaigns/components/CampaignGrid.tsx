import type { ReactNode } from 'react';
import type { Campaign } from '@domain/campaign-schemas.ts';
import { Card } from '@/components/ui/card.tsx';
import { useInvestAction } from '../use-invest-action.ts';
import { CampaignCard } from './CampaignCard.tsx';

export const NO_CAMPAIGNS = 'No campaigns available at the moment';

/** Campaign cards with the loading, error and empty states every list of them shares. */
export function CampaignGrid({
  campaigns,
  isPending,
  error,
  emptyText = NO_CAMPAIGNS,
  emptyAction,
  skeletons = 3,
}: {
  campaigns: Campaign[] | undefined;
  isPending: boolean;
  error: Error | null;
  emptyText?: string;
  /** Shown under the empty text, e.g. a Clear filters button. */
  emptyAction?: ReactNode;
  /** Placeholder cards while the first page loads. */
  skeletons?: number;
}) {
  const invest = useInvestAction();
  if (isPending) {
    return (
      <div
        className="grid gap-6 md:grid-cols-2 lg:grid-cols-3"
        aria-busy="true"
        aria-label="Loading campaigns"
      >
        {Array.from({ length: skeletons }, (_, i) => (
          <Card key={i} tone="muted" className="h-[26rem] animate-pulse" />
        ))}
      </div>
    );
  }
  if (error) {
    return (
      <Card role="alert" className="p-6">
        <h3 className="font-semibold">Error Loading Campaigns</h3>
        <p className="text-sm text-muted-foreground">Please try again later</p>
        <p className="mt-2 text-xs break-words text-muted-foreground">{error.message}</p>
      </Card>
    );
  }
  if (!campaigns?.length) {
    return (
      <Card className="flex flex-col items-center gap-4 p-10 text-center">
        <p className="text-muted-foreground">{emptyText}</p>
        {emptyAction}
      </Card>
    );
  }
  return (
    <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
      {campaigns.map((c) => (
        <CampaignCard key={c.id} campaign={c} onInvest={invest} />
      ))}
    </div>
  );
}
