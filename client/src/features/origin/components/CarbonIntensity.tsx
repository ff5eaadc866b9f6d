// The carbon figure of a campaign, a listing or a shipment (docs/carbon.md): kg CO₂e per kg of H₂
// delivered, "not certified yet" when unknown, and the "RFNBO" badge only strictly below the EU
// threshold (domain/carbon.ts decides; nothing is computed here).
import { isRfnbo, RFNBO_THRESHOLD } from '@domain/carbon.ts';
import { Badge } from '@/components/ui/badge.tsx';

export function RfnboBadge({ value }: { value: string | null | undefined }) {
  if (!isRfnbo(value)) return null;
  return (
    <Badge
      tone="green"
      title={`Below ${RFNBO_THRESHOLD} kg CO₂e per kg H₂: at least 70% below the fossil comparator`}
    >
      RFNBO
    </Badge>
  );
}

/** "3.248 kg CO₂e/kg H₂" with the badge; `label` shows the term before it (cards). */
export function CarbonIntensity({ value, label = false }: { value: string | null; label?: boolean }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5">
      {label && <span className="text-muted-foreground">Carbon intensity</span>}
      {value === null ? (
        <span className="text-muted-foreground">No certified figure yet</span>
      ) : (
        <span className="tabular-nums">{value} kg CO₂e/kg H₂</span>
      )}
      <RfnboBadge value={value} />
    </span>
  );
}
