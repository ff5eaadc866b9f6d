// One listing as buyers see it (spec §3 market listing): supplier with its earned rating, location,
// availability, quantity, price per kg, minimum order, at most two certifications, and Order Now.
import {
  AVAILABILITY_LABELS,
  CERTIFICATION_LABELS,
  CERTIFICATION_PREVIEW,
  type Listing,
} from '@domain/listings.ts';
import { supplierRatingText } from '@domain/order-tracking.ts';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent, CardHeader } from '@/components/ui/card.tsx';
import { CarbonIntensity } from '@/features/origin/index.ts';
import { formatUsdCents } from '@/lib/format.ts';

export function CertificationBadges({
  certifications,
  max,
}: {
  certifications: Listing['certifications'];
  max?: number;
}) {
  const shown = max === undefined ? certifications : certifications.slice(0, max);
  // Those past `max` are counted ("+1"), named on hover and to screen readers, never dropped silently.
  const hidden = certifications.slice(shown.length).map((c) => CERTIFICATION_LABELS[c]);
  if (!shown.length) return null;
  return (
    <div className="flex flex-wrap items-center gap-1">
      <ul className="flex flex-wrap gap-1" aria-label="Certifications">
        {shown.map((c) => (
          <li key={c}>
            <Badge tone="green">{CERTIFICATION_LABELS[c]}</Badge>
          </li>
        ))}
      </ul>
      {hidden.length > 0 && (
        <Badge tone="neutral" title={hidden.join(', ')}>
          <span aria-hidden>+{hidden.length}</span>
          <span className="sr-only">and {hidden.join(', ')}</span>
        </Badge>
      )}
    </div>
  );
}

export function ListingCard({
  listing,
  onOrder,
  compact = false,
}: {
  listing: Listing;
  onOrder?: (listing: Listing) => void;
  compact?: boolean;
}) {
  return (
    <li>
      <Card className="h-full">
        <CardHeader className="pb-2">
          <h3 className="font-semibold">{listing.supplierName}</h3>
          <p className="text-sm text-muted-foreground">
            {supplierRatingText(listing.supplierRating, listing.supplierDelivered)} · {listing.location}
          </p>
        </CardHeader>
        <CardContent className="grid gap-3 text-sm">
          <dl className="grid grid-cols-2 gap-x-3 gap-y-1">
            <dt className="text-muted-foreground">Price</dt>
            <dd className="font-semibold tabular-nums">{formatUsdCents(listing.pricePerKg)} / kg</dd>
            <dt className="text-muted-foreground">Available</dt>
            <dd className="tabular-nums">
              {listing.available} {listing.unit}
            </dd>
            {!compact && (
              <>
                <dt className="text-muted-foreground">Minimum order</dt>
                <dd className="tabular-nums">
                  {listing.minOrder} {listing.unit}
                </dd>
              </>
            )}
            <dt className="text-muted-foreground">Availability</dt>
            <dd>{AVAILABILITY_LABELS[listing.availability]}</dd>
            <dt className="text-muted-foreground">Carbon intensity</dt>
            <dd>
              <CarbonIntensity value={listing.carbonIntensity} />
            </dd>
          </dl>
          <CertificationBadges certifications={listing.certifications} max={CERTIFICATION_PREVIEW} />
          {listing.campaignTitle && !compact && (
            <p className="text-muted-foreground">Cargo of the campaign “{listing.campaignTitle}”</p>
          )}
          {onOrder && (
            <Button
              onClick={() => onOrder(listing)}
              aria-label={`Order Now from ${listing.supplierName}, ${listing.location}`}
            >
              Order Now
            </Button>
          )}
        </CardContent>
      </Card>
    </li>
  );
}
