import { useEffect } from 'react';

/** The tab's title when a page names nothing (and the landing page's, as in index.html). */
export const SITE_TITLE = 'HydroBridge — invest in green hydrogen trades';

/** "What this page shows · HydroBridge"; the landing page keeps the site's own title. */
export function documentTitle(what: string | null | undefined): string {
  return what ? `${what} · HydroBridge` : SITE_TITLE;
}

/**
 * Titles the browser tab for what the page shows. The route table sets each route's title; a page
 * about one thing (a campaign) calls it again with that thing's name once it has loaded (`undefined`
 * until then; `null` is the site's own title).
 */
export function useDocumentTitle(what: string | null | undefined) {
  useEffect(() => {
    // Not known yet (still loading): the route's title stays.
    if (what === undefined) return;
    document.title = documentTitle(what);
  }, [what]);
}
