// Shared by the campaign pages, the trader workspace and the investment modal.
import { CANCELLED_FOR_INVESTORS, campaignStatusLabel, type CampaignStatus } from '@domain/campaigns.ts';
import { Badge, type BadgeTone } from '@/components/ui/badge.tsx';

const STATUS_TONES: Record<CampaignStatus, BadgeTone> = {
  active: 'green',
  funded: 'blue',
  trading: 'violet',
  completed: 'neutral',
  cancelled: 'amber',
};

/**
 * Status with the spec §4 label (cancelled reads Draft); `forInvestors` adds what a cancellation
 * meant for them beside it.
 */
export function CampaignStatusBadge({
  status,
  forInvestors = false,
}: {
  status: CampaignStatus;
  forInvestors?: boolean;
}) {
  const badge = <Badge tone={STATUS_TONES[status] ?? 'green'}>{campaignStatusLabel(status)}</Badge>;
  if (!forInvestors || status !== 'cancelled') return badge;
  return (
    <span className="inline-flex items-center gap-2">
      {badge}
      <span className="text-sm text-muted-foreground">{CANCELLED_FOR_INVESTORS}</span>
    </span>
  );
}
