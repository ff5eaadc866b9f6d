// /buyer/offers filters: location text, availability, certification, price range ($/kg), minimum
// order, and the sort. Selects apply at once; the text fields apply with "Apply filters" (or Enter).
import { useState, type FormEvent } from 'react';
import {
  AVAILABILITIES,
  AVAILABILITY_LABELS,
  CERTIFICATION_LABELS,
  CERTIFICATIONS,
  LISTING_SORT_LABELS,
  LISTING_SORTS,
  type OffersView,
} from '@domain/listings.ts';
import { Button } from '@/components/ui/button.tsx';
import { Input, Label, NativeSelect } from '@/components/ui/input.tsx';

type TextKey = 'location' | 'minPrice' | 'maxPrice' | 'minOrder';
const TEXT_FIELDS: Array<[TextKey, string, string]> = [
  ['location', 'Location', 'e.g. Kandla'],
  ['minPrice', 'Min price ($/kg)', '0.00'],
  ['maxPrice', 'Max price ($/kg)', '0.00'],
  ['minOrder', 'I want to buy (min order ≤)', 'quantity'],
];

export function OffersFilters({
  view,
  onChange,
}: {
  view: OffersView;
  onChange: (patch: Partial<OffersView>) => void;
}) {
  const [draft, setDraft] = useState(() => pick(view));
  const [shown, setShown] = useState(() => pick(view));
  // Back, Forward or Clear filters changed the URL: show it in the fields.
  const current = pick(view);
  if (TEXT_FIELDS.some(([key]) => current[key] !== shown[key])) {
    setShown(current);
    setDraft(current);
  }
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onChange(draft);
  };
  return (
    <form role="search" aria-label="Hydrogen listings" onSubmit={submit} className="grid gap-3">
      <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
        {TEXT_FIELDS.map(([key, label, placeholder]) => (
          <div key={key} className="grid gap-1.5">
            <Label htmlFor={`offers-${key}`}>{label}</Label>
            <Input
              id={`offers-${key}`}
              value={draft[key]}
              placeholder={placeholder}
              inputMode={key === 'location' ? 'text' : 'decimal'}
              onChange={(e) => setDraft({ ...draft, [key]: e.target.value })}
            />
          </div>
        ))}
      </div>
      <div className="grid grid-cols-2 items-end gap-3 md:grid-cols-4">
        <div className="grid gap-1.5">
          <Label htmlFor="offers-availability">Availability</Label>
          <NativeSelect
            id="offers-availability"
            value={view.availability}
            onChange={(e) => onChange({ availability: e.target.value as OffersView['availability'] })}
          >
            <option value="all">Any</option>
            {AVAILABILITIES.map((a) => (
              <option key={a} value={a}>
                {AVAILABILITY_LABELS[a]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="offers-certification">Certification</Label>
          <NativeSelect
            id="offers-certification"
            value={view.certification}
            onChange={(e) => onChange({ certification: e.target.value as OffersView['certification'] })}
          >
            <option value="all">Any</option>
            {CERTIFICATIONS.map((c) => (
              <option key={c} value={c}>
                {CERTIFICATION_LABELS[c]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="offers-sort">Sort by</Label>
          <NativeSelect
            id="offers-sort"
            value={view.sort}
            onChange={(e) => onChange({ sort: e.target.value as OffersView['sort'] })}
          >
            {LISTING_SORTS.map((s) => (
              <option key={s} value={s}>
                {LISTING_SORT_LABELS[s]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <Button type="submit" variant="outline">
          Apply filters
        </Button>
      </div>
    </form>
  );
}

function pick(view: OffersView): Record<TextKey, string> {
  return {
    location: view.location,
    minPrice: view.minPrice,
    maxPrice: view.maxPrice,
    minOrder: view.minOrder,
  };
}
