// Shared by the campaign pages, the trader workspace and the investment modal.
import { campaignStatusLabel, type CampaignStatus } from '@domain/campaigns.ts';
import { Badge, type BadgeTone } from '@/components/ui/badge.tsx';

const STATUS_TONES: Record<CampaignStatus, BadgeTone> = {
  active: 'green',
  funded: 'blue',
  trading: 'violet',
  completed: 'neutral',
  cancelled: 'amber',
};

/** Status with the spec §4 label (cancelled reads Draft). */
export function CampaignStatusBadge({ status }: { status: CampaignStatus }) {
  return <Badge tone={STATUS_TONES[status] ?? 'green'}>{campaignStatusLabel(status)}</Badge>;
}
