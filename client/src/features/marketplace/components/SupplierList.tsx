// Suppliers with what they earned: rating from buyers, on-time rate, lowest price; "New supplier"
// before a first delivery (nothing made up).
import type { Supplier } from '@domain/order-tracking.ts';
import { supplierRatingText } from '@domain/order-tracking.ts';
import { formatUsdCents } from '@/lib/format.ts';

export function SupplierList({ suppliers }: { suppliers: Supplier[] }) {
  if (!suppliers.length) return <p className="text-sm text-muted-foreground">No suppliers available</p>;
  return (
    <ul className="divide-y" aria-label="Top suppliers">
      {suppliers.map((s) => (
        <li key={s.id} className="flex flex-wrap items-baseline justify-between gap-2 py-2 text-sm">
          <div>
            <p className="font-medium">{s.name}</p>
            <p className="text-muted-foreground">
              {supplierRatingText(s.rating, s.delivered)}
              {s.onTimeRate !== null && ` · ${s.onTimeRate}% on time`}
              {s.country && ` · ${s.country}`}
            </p>
          </div>
          {s.pricePerKg && <p className="tabular-nums">from {formatUsdCents(s.pricePerKg)} / kg</p>}
        </li>
      ))}
    </ul>
  );
}
