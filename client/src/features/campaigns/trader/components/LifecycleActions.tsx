// The trader's moves of a campaign after funding (issue 11, issue 18): start trading (the first
// tranche released to their bank account), the release schedule with each tranche's status and
// evidence, shipment milestones (with evidence where a tranche waits on one), and the settlement —
// declare the result, follow the admin's review, pay it in.
import type { CampaignDetail } from '@domain/campaign-schemas.ts';
import { useMilestones } from '../../api/milestones.ts';
import { RecordMilestone } from './RecordMilestone.tsx';
import { ReleaseSchedule } from './ReleaseSchedule.tsx';
import { SettlementPanel } from './SettlementPanel.tsx';
import { StartTrading } from './StartTrading.tsx';

export function LifecycleActions({ campaign }: { campaign: CampaignDetail }) {
  const { data: milestones = [] } = useMilestones(campaign.id);
  if (campaign.status === 'funded')
    return (
      <div className="grid gap-6">
        <StartTrading campaign={campaign} />
        <ReleaseSchedule campaign={campaign} />
      </div>
    );
  if (campaign.status === 'trading')
    return (
      <div className="grid gap-6">
        <ReleaseSchedule campaign={campaign} canRefile />
        <RecordMilestone campaign={campaign} milestones={milestones} />
        <SettlementPanel campaign={campaign} milestones={milestones} />
      </div>
    );
  if (campaign.status === 'completed' && campaign.settlement)
    return (
      <div className="grid gap-6">
        <SettlementPanel campaign={campaign} milestones={milestones} />
        <ReleaseSchedule campaign={campaign} />
      </div>
    );
  return null;
}
