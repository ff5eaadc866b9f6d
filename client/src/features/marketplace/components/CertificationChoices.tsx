// The certification checkboxes of a listing (what it has) and of a quote request (what it wants).
import { CERTIFICATION_LABELS, CERTIFICATIONS, type Certification } from '@domain/listings.ts';
import { cn } from '@/lib/cn.ts';

export function CertificationChoices({
  legend,
  value,
  onChange,
  className,
}: {
  legend: string;
  value: Certification[];
  onChange: (value: Certification[]) => void;
  className?: string;
}) {
  return (
    <fieldset className={cn('flex flex-wrap items-center gap-3', className)}>
      <legend className="float-left mr-2 text-sm font-medium">{legend}</legend>
      {CERTIFICATIONS.map((c) => (
        <label key={c} className="flex items-center gap-1 text-sm">
          <input
            type="checkbox"
            checked={value.includes(c)}
            onChange={(e) => onChange(e.target.checked ? [...value, c] : value.filter((x) => x !== c))}
          />
          {CERTIFICATION_LABELS[c]}
        </label>
      ))}
    </fieldset>
  );
}
