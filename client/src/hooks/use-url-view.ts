import { useCallback, useMemo } from 'react';
import { useLocation, useSearch } from 'wouter';

export interface UrlNavigation {
  /** Replace the current history entry instead of adding one (typing, page corrections). */
  replace?: boolean;
}

/**
 * A list page's view kept in the URL (a link or a reload shows the same list; Back and Forward step
 * through changes): `parse` reads it leniently, `write` gives its query string without defaults. Any
 * change starts again at page 1, unless the change names the page itself.
 */
export function useUrlView<V extends { page: number }>(
  parse: (search: string) => V,
  write: (view: V) => string,
) {
  const search = useSearch();
  const [path, navigate] = useLocation();
  const view = useMemo(() => parse(search), [parse, search]);
  const hrefFor = useCallback(
    (patch: Partial<V>) => {
      const query = write({ ...view, page: 1, ...patch });
      return query ? `${path}?${query}` : path;
    },
    [view, path, write],
  );
  const update = useCallback(
    (patch: Partial<V>, options: UrlNavigation = {}) => navigate(hrefFor(patch), options),
    [hrefFor, navigate],
  );
  return { view, update, hrefFor };
}
