import { useCallback, useMemo } from 'react';
import { useLocation, useSearch } from 'wouter';
import { browseSearch, parseBrowseView, type BrowseView } from '@domain/campaign-browse.ts';

export interface BrowseNavigation {
  /** Replace the current history entry instead of adding one (search typing, page corrections). */
  replace?: boolean;
}

/**
 * The browse page's view, read from the URL; `update` writes a new one. Any change of search or
 * filters starts again at page 1, unless the change names the page itself.
 */
export function useBrowseView() {
  const search = useSearch();
  const [path, navigate] = useLocation();
  const view = useMemo(() => parseBrowseView(search), [search]);
  const hrefFor = useCallback(
    (patch: Partial<BrowseView>) => {
      const query = browseSearch({ ...view, page: 1, ...patch });
      return query ? `${path}?${query}` : path;
    },
    [view, path],
  );
  const update = useCallback(
    (patch: Partial<BrowseView>, options: BrowseNavigation = {}) => navigate(hrefFor(patch), options),
    [hrefFor, navigate],
  );
  return { view, update, hrefFor };
}
