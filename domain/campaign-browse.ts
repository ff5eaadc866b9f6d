// The public browse page's view, kept in the URL (?q=&risk=&region=&status=&sort=&page=) so a link or
// a reload shows the same list. Read leniently: a value that is not valid falls back to its default
// instead of failing. Written back with the defaults left out, in one fixed order.
import {
  CAMPAIGN_SORTS,
  CAMPAIGN_STATUS_GROUPS,
  REGIONS,
  RISK_LEVELS,
  type CampaignSort,
  type CampaignStatus,
  type Region,
  type RiskLevel,
} from './campaigns.ts';

/** Cards per page: 4 rows of 3 on wide screens, 6 of 2 on tablets. */
export const BROWSE_PAGE_SIZE = 12;
/** The list call refuses longer search text. */
export const SEARCH_MAX_LENGTH = 100;
const MAX_PAGE = 10_000;

/** What anyone can browse: drafts (cancelled) are never listed publicly. */
export const PUBLIC_CAMPAIGN_STATUSES = CAMPAIGN_STATUS_GROUPS.public;
export type PublicCampaignStatus = (typeof PUBLIC_CAMPAIGN_STATUSES)[number] & CampaignStatus;

export interface BrowseView {
  /** Search text, trimmed; '' for none. */
  q: string;
  risk: RiskLevel | 'all';
  region: Region | 'all';
  /** Empty: every public status. Always in PUBLIC_CAMPAIGN_STATUSES order, no repeats. */
  statuses: PublicCampaignStatus[];
  sort: CampaignSort;
  /** 1-based. */
  page: number;
}

export const DEFAULT_BROWSE_VIEW: Readonly<BrowseView> = Object.freeze({
  q: '',
  risk: 'all',
  region: 'all',
  statuses: [],
  sort: 'newest',
  page: 1,
});

function oneOf<T extends string>(values: readonly T[], value: string | null, fallback: T): T {
  return value !== null && (values as readonly string[]).includes(value) ? (value as T) : fallback;
}

/** Search text as the list call accepts it: trimmed and at most SEARCH_MAX_LENGTH characters. */
export function normalizeSearch(text: string): string {
  return text.trim().slice(0, SEARCH_MAX_LENGTH).trim();
}

/** The view a query string describes; `search` with or without its leading '?'. */
export function parseBrowseView(search: string | URLSearchParams): BrowseView {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const wanted = new Set(
    params
      .getAll('status')
      .flatMap((s) => s.split(','))
      .map((s) => s.trim()),
  );
  const page = params.get('page') ?? '';
  return {
    q: normalizeSearch(params.get('q') ?? ''),
    risk: oneOf(['all', ...RISK_LEVELS], params.get('risk'), 'all'),
    region: oneOf(['all', ...REGIONS], params.get('region'), 'all'),
    statuses: PUBLIC_CAMPAIGN_STATUSES.filter((s) => wanted.has(s)),
    sort: oneOf(CAMPAIGN_SORTS, params.get('sort'), DEFAULT_BROWSE_VIEW.sort),
    page: /^\d{1,5}$/.test(page) ? Math.min(Math.max(Number(page), 1), MAX_PAGE) : 1,
  };
}

/** The query string of a view, without '?': only what differs from the defaults, in a fixed order. */
export function browseSearch(view: BrowseView): string {
  const params = new URLSearchParams();
  const q = normalizeSearch(view.q);
  if (q) params.set('q', q);
  if (view.risk !== 'all') params.set('risk', view.risk);
  if (view.region !== 'all') params.set('region', view.region);
  const statuses = PUBLIC_CAMPAIGN_STATUSES.filter((s) => view.statuses.includes(s));
  if (statuses.length) params.set('status', statuses.join(','));
  if (view.sort !== DEFAULT_BROWSE_VIEW.sort) params.set('sort', view.sort);
  if (view.page > 1) params.set('page', String(view.page));
  // URLSearchParams writes ',' as %2C; a list separator reads better left alone in a shared link.
  return params.toString().replaceAll('%2C', ',');
}

/** True when the view narrows the list (search or a filter); sort and page do not count. */
export function hasBrowseFilters(view: BrowseView): boolean {
  return view.q !== '' || view.risk !== 'all' || view.region !== 'all' || view.statuses.length > 0;
}

/** Pages needed for `total` items; at least 1, so an empty list still reads "Page 1 of 1". */
export function pageCount(total: number, pageSize: number = BROWSE_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/**
 * The page numbers to offer: all of them up to 7 pages; otherwise the first, the last, the current
 * one and its neighbours, with 'gap' where numbers are left out. Always 7 items or fewer.
 */
export function paginationItems(page: number, count: number): Array<number | 'gap'> {
  if (count <= 7) return Array.from({ length: count }, (_, i) => i + 1);
  const current = Math.min(Math.max(page, 1), count);
  // Near either end, show five numbers on that side so the row keeps the same length.
  const start = current <= 4 ? 2 : current >= count - 3 ? count - 4 : current - 1;
  const end = current <= 4 ? 5 : current >= count - 3 ? count - 1 : current + 1;
  const middle = Array.from({ length: end - start + 1 }, (_, i) => start + i);
  return [
    1,
    ...(start > 2 ? ['gap' as const] : []),
    ...middle,
    ...(end < count - 1 ? ['gap' as const] : []),
    count,
  ];
}
