// A settlement's status as a badge, the same for the trader and the admin console.
import { SETTLEMENT_STATUS_LABELS, type SettlementStatus } from '@domain/money-out.ts';
import { Badge, type BadgeTone } from '@/components/ui/badge.tsx';

const TONES: Record<SettlementStatus, BadgeTone> = {
  pending_review: 'amber',
  approved: 'amber',
  rejected: 'neutral',
  defaulted: 'red',
  paid: 'green',
};

export function SettlementStatusBadge({ status }: { status: SettlementStatus }) {
  return <Badge tone={TONES[status]}>{SETTLEMENT_STATUS_LABELS[status]}</Badge>;
}
