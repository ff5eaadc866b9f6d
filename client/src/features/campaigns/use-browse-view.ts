import { browseSearch, parseBrowseView } from '@domain/campaign-browse.ts';
import { useUrlView, type UrlNavigation } from '@/hooks/use-url-view.ts';

export type BrowseNavigation = UrlNavigation;

/** The browse page's view, read from the URL; `update` writes a new one (see useUrlView). */
export function useBrowseView() {
  return useUrlView(parseBrowseView, browseSearch);
}
