// The cargo's shipment milestones as the one Timeline: the same steps for the trader, the campaign
// page and the investor's portfolio.
import { shipmentTimeline, type Milestone } from '@domain/lifecycle.ts';
import { Timeline } from '@/components/timeline.tsx';
import { useMilestones } from '../api/milestones.ts';

export function MilestoneTimeline({
  milestones,
  label = 'Shipment milestones',
}: {
  milestones: ReadonlyArray<Pick<Milestone, 'kind' | 'at' | 'note' | 'documentRef'>>;
  label?: string;
}) {
  return <Timeline entries={shipmentTimeline(milestones)} label={label} />;
}

/** Loads the campaign's milestones and draws them. */
export function ShipmentTimeline({ campaignId }: { campaignId: string }) {
  const { data, isPending, error } = useMilestones(campaignId);
  if (isPending) return <p className="text-sm text-muted-foreground">Loading the shipment…</p>;
  if (error || !data)
    return (
      <p role="alert" className="text-sm text-destructive">
        The shipment milestones could not be loaded.
      </p>
    );
  return <MilestoneTimeline milestones={data} />;
}
