import { RISK_LABELS, type RiskLevel } from '@domain/campaigns.ts';
import { Badge, type BadgeTone } from '@/components/ui/badge.tsx';

const RISK_TONES: Record<RiskLevel, BadgeTone> = { low: 'green', medium: 'amber', high: 'red' };

/** Low / Medium / High risk, coloured green, amber, red. */
export function RiskBadge({ risk, className }: { risk: RiskLevel; className?: string }) {
  return (
    <Badge tone={RISK_TONES[risk]} className={className}>
      {RISK_LABELS[risk]}
    </Badge>
  );
}
