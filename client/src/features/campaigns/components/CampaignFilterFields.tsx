// The search box and the risk and region selects, shared by the landing page and the browse page.
// Kept light (no schema library): the landing page, in the first chunk, draws it.
import { Search } from 'lucide-react';
import { SEARCH_MAX_LENGTH } from '@domain/campaign-browse.ts';
import {
  REGION_LABELS,
  REGIONS,
  RISK_LABELS,
  RISK_LEVELS,
  type Region,
  type RiskLevel,
} from '@domain/campaigns.ts';
import { Input, Label, NativeSelect } from '@/components/ui/input.tsx';
import { cn } from '@/lib/cn.ts';

export interface CampaignFilterValues {
  /** The search box's text as typed. */
  q: string;
  risk: RiskLevel | 'all';
  region: Region | 'all';
}

/**
 * Three fields for the caller's grid. With `labels="hidden"` the labels are for screen readers only,
 * so the search placeholder and the risk label say a little more.
 */
export function CampaignFilterFields({
  idPrefix,
  labels,
  values,
  onChange,
  searchClassName,
}: {
  idPrefix: string;
  labels: 'visible' | 'hidden';
  values: CampaignFilterValues;
  onChange: (patch: Partial<CampaignFilterValues>) => void;
  /** Grid placement of the search field. */
  searchClassName?: string;
}) {
  const hidden = labels === 'hidden';
  const labelClass = hidden ? 'sr-only' : undefined;
  return (
    <>
      <div className={cn('grid gap-1.5', searchClassName)}>
        <Label htmlFor={`${idPrefix}-search`} className={labelClass}>
          Search campaigns
        </Label>
        <div className="relative">
          <Search
            className="pointer-events-none absolute top-3 left-3 h-4 w-4 text-muted-foreground"
            aria-hidden
          />
          <Input
            id={`${idPrefix}-search`}
            type="search"
            placeholder={hidden ? 'Search by title, route or port' : 'Title, route or port'}
            className="pl-9"
            maxLength={SEARCH_MAX_LENGTH}
            value={values.q}
            onChange={(e) => onChange({ q: e.target.value })}
          />
        </div>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${idPrefix}-risk`} className={labelClass}>
          {hidden ? 'Risk level' : 'Risk'}
        </Label>
        <NativeSelect
          id={`${idPrefix}-risk`}
          value={values.risk}
          onChange={(e) => onChange({ risk: e.target.value as RiskLevel | 'all' })}
        >
          <option value="all">All risk levels</option>
          {RISK_LEVELS.map((r) => (
            <option key={r} value={r}>
              {RISK_LABELS[r]}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${idPrefix}-region`} className={labelClass}>
          Region
        </Label>
        <NativeSelect
          id={`${idPrefix}-region`}
          value={values.region}
          onChange={(e) => onChange({ region: e.target.value as Region | 'all' })}
        >
          <option value="all">All regions</option>
          {REGIONS.map((r) => (
            <option key={r} value={r}>
              {REGION_LABELS[r]}
            </option>
          ))}
        </NativeSelect>
      </div>
    </>
  );
}
