import { useEffect, useState, type FormEvent } from 'react';
import { normalizeSearch, PUBLIC_CAMPAIGN_STATUSES, type BrowseView } from '@domain/campaign-browse.ts';
import {
  CAMPAIGN_SORT_LABELS,
  CAMPAIGN_SORTS,
  campaignStatusLabel,
  type CampaignSort,
} from '@domain/campaigns.ts';
import { Label, NativeSelect } from '@/components/ui/input.tsx';
import type { BrowseNavigation } from '../use-browse-view.ts';
import { CampaignFilterFields } from './CampaignFilterFields.tsx';

const SEARCH_DEBOUNCE_MS = 300;

/**
 * Search, risk, region, sort and status controls of the browse page. They show the view in the URL
 * and change it through `onChange`; typing is applied after a pause and replaces the history entry,
 * so Back does not step through every keystroke.
 */
export function BrowseFilters({
  view,
  onChange,
}: {
  view: BrowseView;
  onChange: (patch: Partial<BrowseView>, options?: BrowseNavigation) => void;
}) {
  const [draft, setDraft] = useState(view.q);
  // When the URL's search changes from outside (Back, Forward, Clear filters), show it in the box;
  // not when it is only this box's own text arriving (that would drop a trailing space mid-typing).
  const [shownQ, setShownQ] = useState(view.q);
  if (view.q !== shownQ) {
    setShownQ(view.q);
    if (normalizeSearch(draft) !== view.q) setDraft(view.q);
  }

  useEffect(() => {
    const q = normalizeSearch(draft);
    if (q === view.q) return;
    const timer = setTimeout(() => onChange({ q }, { replace: true }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft, view.q, onChange]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const q = normalizeSearch(draft);
    if (q !== view.q) onChange({ q }, { replace: true });
  };

  const toggleStatus = (status: (typeof PUBLIC_CAMPAIGN_STATUSES)[number], on: boolean) =>
    onChange({ statuses: on ? [...view.statuses, status] : view.statuses.filter((s) => s !== status) });

  return (
    <form role="search" aria-label="Campaigns" onSubmit={submit} className="space-y-4">
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-[minmax(0,1fr)_11rem_11rem_12rem]">
        <CampaignFilterFields
          idPrefix="browse"
          labels="visible"
          searchClassName="col-span-2 sm:col-span-3 lg:col-span-1"
          values={{ q: draft, risk: view.risk, region: view.region }}
          onChange={({ q, ...filters }) => (q === undefined ? onChange(filters) : setDraft(q))}
        />
        <div className="col-span-2 grid gap-1.5 sm:col-span-1">
          <Label htmlFor="browse-sort">Sort by</Label>
          <NativeSelect
            id="browse-sort"
            value={view.sort}
            onChange={(e) => onChange({ sort: e.target.value as CampaignSort })}
          >
            {CAMPAIGN_SORTS.map((s) => (
              <option key={s} value={s}>
                {CAMPAIGN_SORT_LABELS[s]}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>
      <fieldset className="flex flex-wrap items-center gap-2">
        <legend className="float-left mr-1 text-sm font-medium">Status</legend>
        {PUBLIC_CAMPAIGN_STATUSES.map((status) => (
          <label
            key={status}
            className="inline-flex cursor-pointer items-center gap-2 rounded-full border border-input px-3 py-1.5 text-sm transition-colors hover:bg-muted has-checked:border-primary has-checked:bg-accent has-checked:text-accent-foreground"
          >
            <input
              type="checkbox"
              className="h-4 w-4 cursor-pointer accent-primary"
              checked={view.statuses.includes(status)}
              onChange={(e) => toggleStatus(status, e.target.checked)}
            />
            {campaignStatusLabel(status)}
          </label>
        ))}
      </fieldset>
    </form>
  );
}
