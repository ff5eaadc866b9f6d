import type { Campaign } from '@domain/campaign-schemas.ts';
import { Card } from '@/components/ui/card.tsx';
import { useInvestAction } from '../use-invest-action.ts';
import { CampaignCard } from './CampaignCard.tsx';

/** Campaign cards with the loading, error and empty states every list of them shares. */
export function CampaignGrid({
  campaigns,
  isPending,
  error,
  emptyText = 'No campaigns available at the moment',
}: {
  campaigns: Campaign[] | undefined;
  isPending: boolean;
  error: Error | null;
  emptyText?: string;
}) {
  const invest = useInvestAction();
  if (isPending) {
    return (
      <div
        className="grid gap-6 md:grid-cols-2 lg:grid-cols-3"
        aria-busy="true"
        aria-label="Loading campaigns"
      >
        {[0, 1, 2].map((i) => (
          <Card key={i} className="h-[26rem] animate-pulse bg-muted/50" />
        ))}
      </div>
    );
  }
  if (error) {
    return (
      <Card role="alert" className="p-6">
        <h3 className="font-semibold">Error Loading Campaigns</h3>
        <p className="text-sm text-muted-foreground">Please try again later</p>
      </Card>
    );
  }
  if (!campaigns?.length) {
    return <Card className="p-10 text-center text-muted-foreground">{emptyText}</Card>;
  }
  return (
    <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
      {campaigns.map((c) => (
        <CampaignCard key={c.id} campaign={c} onInvest={invest} />
      ))}
    </div>
  );
}
