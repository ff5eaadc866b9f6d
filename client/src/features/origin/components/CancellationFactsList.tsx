// The facts of a cancellation statement, as the buyer's printable statement and the public
// verification page both show them (nothing private: no order id, email or price).
import type { CancellationFacts } from '@domain/origin.ts';
import { formatDateTime, formatNumber } from '@/lib/format.ts';
import { CarbonIntensity } from './CarbonIntensity.tsx';

function Row({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <>
      <dt className="text-muted-foreground">{term}</dt>
      <dd className="sm:col-span-2">{children}</dd>
    </>
  );
}

export function CancellationFactsList({ facts }: { facts: CancellationFacts }) {
  const c = facts.carbon;
  return (
    <div className="grid gap-6">
      <section aria-labelledby="cancellation-heading">
        <h2 id="cancellation-heading" className="mb-2 text-lg font-semibold">
          Cancellation
        </h2>
        <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-3">
          <Row term="Statement">{facts.statementNumber}</Row>
          <Row term="Cancelled on">{formatDateTime(facts.cancelledAt)}</Row>
          <Row term="Cancelled in the name of">{facts.beneficiary}</Row>
          <Row term="Hydrogen volume">{formatNumber(facts.volumeKg)} kg H₂</Row>
          <Row term="Supplier">{facts.supplierName}</Row>
          <Row term="Delivered from">{facts.deliveredTo}</Row>
        </dl>
      </section>
      <section aria-labelledby="certificate-heading">
        <h2 id="certificate-heading" className="mb-2 text-lg font-semibold">
          Guarantee of Origin
        </h2>
        <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-3">
          <Row term="Issuing body">{facts.issuingBody}</Row>
          <Row term="Certificate ids">
            {facts.idRangeStart} to {facts.idRangeEnd}
          </Row>
          <Row term="Production plant">
            {facts.plant} ({facts.plantCountry})
          </Row>
          <Row term="Production period">
            {facts.productionStart} to {facts.productionEnd}
          </Row>
        </dl>
      </section>
      <section aria-labelledby="carbon-heading">
        <h2 id="carbon-heading" className="mb-2 text-lg font-semibold">
          Carbon intensity of the delivered hydrogen
        </h2>
        <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-3">
          <Row term="Production">{c.production} kg CO₂e/kg H₂</Row>
          <Row term="Conversion to ammonia">{c.conversion} kg CO₂e/kg H₂</Row>
          <Row term={`Shipping (${formatNumber(facts.shippingDistanceKm)} km)`}>
            {c.shipping} kg CO₂e/kg H₂
          </Row>
          <Row term="Cracking back to hydrogen">{c.cracking} kg CO₂e/kg H₂</Row>
          <Row term="Delivered">
            <strong>
              <CarbonIntensity value={c.total} />
            </strong>
          </Row>
          <Row term="Saving against fossil fuel">{c.savingPercent}% (comparator 94 g CO₂e/MJ)</Row>
        </dl>
      </section>
    </div>
  );
}
