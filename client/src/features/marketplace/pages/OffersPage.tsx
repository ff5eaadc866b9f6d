// /buyer/offers: every listing with filters, sort and server-side pages, all kept in the URL as on
// /campaigns; ordering opens the order modal. Below, the buyer's quote requests and their offers.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { pageCount } from '@domain/campaign-browse.ts';
import {
  DEFAULT_OFFERS_VIEW,
  hasOffersFilters,
  LISTING_PAGE_SIZE,
  offersSearch,
  parseOffersView,
  type Listing,
} from '@domain/listings.ts';
import type { PublicUser } from '@domain/auth.ts';
import { Page } from '@/components/layouts/page.tsx';
import { Button } from '@/components/ui/button.tsx';
import { RoleOnly } from '@/features/accounts/index.ts';
import { Pagination } from '@/components/ui/pagination.tsx';
import { useUrlView } from '@/hooks/use-url-view.ts';
import { cn } from '@/lib/cn.ts';
import { listingPageQuery } from '../api/listings.ts';
import { ListingCard } from '../components/ListingCard.tsx';
import { OffersFilters } from '../components/OffersFilters.tsx';
import { OrderDialog, type OrderTarget } from '../components/OrderDialog.tsx';
import { QuoteRequests } from '../components/QuoteRequests.tsx';
import { countOf } from '@domain/plural.ts';

const TITLE = 'Hydrogen Offers';

function Offers({ user }: { user: PublicUser }) {
  const { view, update, hrefFor } = useUrlView(parseOffersView, offersSearch);
  const list = useQuery({
    ...listingPageQuery(offersSearch(view), LISTING_PAGE_SIZE.default),
    placeholderData: keepPreviousData,
  });
  const [target, setTarget] = useState<OrderTarget | null>(null);
  const pages = pageCount(list.data?.total ?? 0, LISTING_PAGE_SIZE.default);
  const settled = list.isSuccess && !list.isPlaceholderData;
  useEffect(() => {
    if (settled && view.page > pages) update({ page: pages }, { replace: true });
  }, [settled, view.page, pages, update]);
  const filtered = hasOffersFilters(view);
  const clear = () => update({ ...DEFAULT_OFFERS_VIEW, sort: view.sort });
  const order = (listing: Listing) => setTarget({ kind: 'listing', listing });

  return (
    <Page
      title={TITLE}
      lead="Listings from green hydrogen suppliers, priced per kg. Your payment is held in escrow until delivery."
    >
      <OffersFilters view={view} onChange={update} />
      <div className="mt-6 mb-4 flex min-h-9 flex-wrap items-center justify-between gap-2">
        <p role="status" className="text-sm font-medium">
          {list.data && countOf(list.data.total, 'listing')}
        </p>
        {filtered && (
          <Button variant="ghost" size="sm" onClick={clear}>
            Clear filters
          </Button>
        )}
      </div>
      <div
        aria-busy={list.isPlaceholderData || undefined}
        className={cn(list.isPlaceholderData && 'opacity-60')}
      >
        {list.isPending ? (
          <p aria-busy="true" className="text-sm text-muted-foreground">
            Loading listings…
          </p>
        ) : list.error ? (
          <p role="alert" className="text-sm text-destructive">
            Failed to load listings. {list.error.message}
          </p>
        ) : list.data.listings.length ? (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Listings">
            {list.data.listings.map((l) => (
              <ListingCard key={l.id} listing={l} onOrder={order} />
            ))}
          </ul>
        ) : (
          <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">
            No hydrogen listings available
          </p>
        )}
      </div>
      <div className="mt-8">
        <Pagination page={Math.min(view.page, pages)} count={pages} hrefFor={(page) => hrefFor({ page })} />
      </div>
      <QuoteRequests user={user} onAccept={setTarget} />
      <OrderDialog target={target} user={user} onClose={() => setTarget(null)} />
    </Page>
  );
}

export default function OffersPage() {
  return (
    <RoleOnly role="buyer" title={TITLE} signedOutLead="Sign in as a buyer to browse and order hydrogen.">
      {(user) => <Offers user={user} />}
    </RoleOnly>
  );
}
