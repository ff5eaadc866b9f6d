// Followed campaigns and saved searches (issue 22 item 4; docs/updates.md): an investor follows a
// campaign (its public updates and a reminder before its funding deadline) and saves a /campaigns
// search (its filters); a campaign that goes live matching a saved search is announced once per search.
import { z } from 'zod';
import { CAMPAIGN_STATUSES, REGION_LABELS, RISK_LABELS, campaignStatusLabel } from './campaigns.ts';
import { browseSearch, parseBrowseView } from './campaign-browse.ts';
import { campaignListQuerySchema } from './campaign-schemas.ts';

/** Saved searches per investor. */
export const MAX_SAVED_SEARCHES = 10;
/** Followers are reminded once when a campaign's funding deadline is this close. */
export const DEADLINE_REMINDER_HOURS = 48;

export const followStateSchema = z.object({ campaignId: z.string().uuid(), following: z.boolean() });
export type FollowState = z.infer<typeof followStateSchema>;

export const followedCampaignSchema = z.object({
  campaignId: z.string().uuid(),
  title: z.string(),
  status: z.enum(CAMPAIGN_STATUSES),
  deadline: z.string().datetime(),
  followedAt: z.string().datetime(),
});
export const followListSchema = z.object({ items: z.array(followedCampaignSchema) });
export type FollowedCampaign = z.infer<typeof followedCampaignSchema>;

/**
 * `POST /api/saved-searches` `{query}`: the /campaigns query string (with or without '?'), checked
 * by the list call's own schema; saved as its filters only (search text, risk, region, statuses).
 */
export const savedSearchCreateSchema = z.strictObject({
  query: z.string({ error: 'query is required' }).max(500, 'query must be at most 500 characters'),
});
export type SavedSearchCreate = z.infer<typeof savedSearchCreateSchema>;

export const savedSearchSchema = z.object({
  id: z.string().uuid(),
  /** The filters as a /campaigns query string ('' : every new campaign). */
  query: z.string(),
  createdAt: z.string().datetime(),
});
export const savedSearchListSchema = z.object({ items: z.array(savedSearchSchema) });
export type SavedSearch = z.infer<typeof savedSearchSchema>;
export const removedSchema = z.object({ id: z.string().uuid() });

/** The list call's reading of a query string (the fields a saved search keeps). */
function listParams(query: string) {
  const params = new URLSearchParams(query.startsWith('?') ? query.slice(1) : query);
  return {
    ...(params.has('q') && { q: params.get('q')! }),
    ...(params.has('risk') && { risk: params.get('risk')! }),
    ...(params.has('region') && { region: params.get('region')! }),
    ...(params.has('status') && { status: params.getAll('status').join(',') }),
  };
}

/**
 * The saved form of a /campaigns query string: its filters in the browse page's one order (sort and
 * page dropped), or the list schema's first complaint.
 */
export function savedSearchQuery(query: string): { query: string } | { error: string; field: string } {
  const parsed = campaignListQuerySchema.safeParse(listParams(query));
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return { error: issue.message, field: String(issue.path[0] ?? 'query') };
  }
  const view = parseBrowseView(new URLSearchParams(listParams(query)));
  return { query: browseSearch({ ...view, sort: 'newest', page: 1 }) };
}

/** The list call's filters of a saved query string. */
export function savedSearchFilters(query: string) {
  return campaignListQuerySchema.parse(listParams(query));
}

/** A saved search in words, e.g. "“ammonia”, low risk, Europe" ('' → "Every new campaign"). */
export function savedSearchLabel(query: string): string {
  const view = parseBrowseView(query);
  const parts = [
    view.q && `“${view.q}”`,
    view.risk !== 'all' && RISK_LABELS[view.risk].toLowerCase(),
    view.region !== 'all' && REGION_LABELS[view.region],
    view.statuses.length > 0 && view.statuses.map((s) => campaignStatusLabel(s).toLowerCase()).join(' or '),
  ].filter(Boolean);
  return parts.length ? parts.join(', ') : 'Every new campaign';
}
