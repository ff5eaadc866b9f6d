// One certificate as its trader and the checking admin read it: lot, issuing body, ids, plant, period,
// volume (and what deliveries cancelled), carbon figures, status and the issuing body's document.
import { CERTIFICATE_STATUS_LABELS, type Certificate } from '@domain/origin.ts';
import { Badge } from '@/components/ui/badge.tsx';
import { formatNumber } from '@/lib/format.ts';
import { CarbonIntensity } from './CarbonIntensity.tsx';

const STATUS_TONE = { pending: 'amber', approved: 'green', rejected: 'red' } as const;

export function CertificateFacts({ certificate: c }: { certificate: Certificate }) {
  return (
    <div className="grid gap-2 text-sm">
      <p className="flex flex-wrap items-center gap-2">
        <span className="font-semibold">{c.lotName}</span>
        <Badge tone={STATUS_TONE[c.status]}>{CERTIFICATE_STATUS_LABELS[c.status]}</Badge>
      </p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        <dt className="text-muted-foreground">Supplier</dt>
        <dd>{c.supplierName}</dd>
        <dt className="text-muted-foreground">Issuing body</dt>
        <dd>{c.issuingBody}</dd>
        <dt className="text-muted-foreground">Certificate ids</dt>
        <dd className="break-all">
          {c.idRangeStart} to {c.idRangeEnd}
        </dd>
        <dt className="text-muted-foreground">Plant</dt>
        <dd>
          {c.plant} ({c.plantCountry}), {c.productionStart} to {c.productionEnd}
        </dd>
        <dt className="text-muted-foreground">Volume</dt>
        <dd className="tabular-nums">
          {formatNumber(c.volumeKg)} kg H₂ ({formatNumber(c.cancelledKg)} kg cancelled for buyers)
        </dd>
        <dt className="text-muted-foreground">Production</dt>
        <dd className="tabular-nums">
          {c.productionIntensity} kg CO₂e/kg H₂, shipped {formatNumber(c.shippingDistanceKm)} km
        </dd>
        <dt className="text-muted-foreground">Delivered</dt>
        <dd>
          <CarbonIntensity value={c.carbonIntensity} />
        </dd>
      </dl>
      {c.status === 'rejected' && c.rejectionReason && (
        <p className="text-destructive">Rejected: {c.rejectionReason}</p>
      )}
      <p>
        <a className="underline" href={c.documentUrl} target="_blank" rel="noreferrer">
          Open the issuing body&apos;s document
        </a>
      </p>
    </div>
  );
}
