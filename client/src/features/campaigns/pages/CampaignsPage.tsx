import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { BROWSE_PAGE_SIZE, hasBrowseFilters, pageCount } from '@domain/campaign-browse.ts';
import { Page } from '@/components/layouts/page.tsx';
import { Button } from '@/components/ui/button.tsx';
import { cn } from '@/lib/cn.ts';
import { campaignPageQuery } from '../api/campaigns.ts';
import { campaignsText } from '../campaign-text.ts';
import { BrowseFilters } from '../components/BrowseFilters.tsx';
import { CampaignGrid } from '../components/CampaignGrid.tsx';
import { Pagination } from '@/components/ui/pagination.tsx';
import { useBrowseView } from '../use-browse-view.ts';
import { SaveSearchButton } from '@/features/updates/index.ts';

/**
 * All Campaigns: search, filters, sort and pages, all in the URL (a link or a reload shows the same
 * list; Back and Forward step through filter changes). The page on screen stays while the next loads.
 */
export default function CampaignsPage() {
  const { view, update, hrefFor } = useBrowseView();
  const list = useQuery({
    ...campaignPageQuery({
      q: view.q || undefined,
      risk: view.risk,
      region: view.region,
      status: view.statuses.length ? view.statuses : undefined,
      sort: view.sort,
      limit: BROWSE_PAGE_SIZE,
      page: view.page,
    }),
    placeholderData: keepPreviousData,
  });
  const total = list.data?.total;
  const pages = pageCount(total ?? 0);
  const settled = list.isSuccess && !list.isPlaceholderData;

  // A page past the end (an old link, or campaigns closed since): show the last page instead.
  useEffect(() => {
    if (settled && view.page > pages) update({ page: pages }, { replace: true });
  }, [settled, view.page, pages, update]);

  const filtered = hasBrowseFilters(view);
  const clearFilters = useCallback(
    () => update({ q: '', risk: 'all', region: 'all', statuses: [] }),
    [update],
  );

  return (
    <Page
      title="All Campaigns"
      lead="Every green hydrogen trade on HydroBridge: open for funding, funded, at sea and completed."
    >
      <BrowseFilters view={view} onChange={update} />
      <div className="mt-6 mb-4 flex min-h-9 flex-wrap items-center justify-between gap-2">
        <p role="status" className="text-sm font-medium">
          {total !== undefined && campaignsText(total)}
        </p>
        <SaveSearchButton />
        {/* An empty list offers its own Clear filters button. */}
        {filtered && !!list.data?.campaigns.length && (
          <Button variant="ghost" size="sm" onClick={clearFilters}>
            Clear filters
          </Button>
        )}
      </div>
      <div
        aria-busy={list.isPlaceholderData || undefined}
        className={cn('transition-opacity', list.isPlaceholderData && 'opacity-60')}
      >
        <CampaignGrid
          campaigns={list.data?.campaigns}
          isPending={list.isPending}
          error={list.error}
          skeletons={6}
          emptyAction={
            filtered && (
              <Button variant="outline" onClick={clearFilters}>
                Clear filters
              </Button>
            )
          }
        />
      </div>
      <div className="mt-8">
        <Pagination
          page={Math.min(view.page, pages)}
          count={pages}
          hrefFor={(page) => hrefFor({ page })}
          onNavigate={() => window.scrollTo(0, 0)}
        />
      </div>
    </Page>
  );
}
