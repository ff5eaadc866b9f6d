// Following a campaign (its page), saving a /campaigns search (the list page) and the investor's
// followed campaigns and saved searches (/portfolio). Shown to investors only.
import { Bell, BellOff, BookmarkPlus } from 'lucide-react';
import { Link, useSearch } from 'wouter';
import { savedSearchLabel } from '@domain/follows.ts';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { useAuth } from '@/features/accounts/index.ts';
import { formatDate } from '@/lib/format.ts';
import {
  useFollows,
  useRemoveSearch,
  useSavedSearches,
  useSaveSearch,
  useToggleFollow,
} from '../api/follows.ts';

export function FollowButton({ campaignId, title }: { campaignId: string; title: string }) {
  const { user } = useAuth();
  const investor = user?.role === 'investor';
  const follows = useFollows(investor);
  const toggle = useToggleFollow();
  if (!investor || !follows.data) return null;
  const following = follows.data.items.some((f) => f.campaignId === campaignId);
  return (
    <Button
      type="button"
      variant="outline"
      size="sm"
      aria-pressed={following}
      aria-label={following ? `Following ${title}` : `Follow ${title}`}
      disabled={toggle.isPending}
      onClick={() => toggle.mutate({ campaignId, follow: !following })}
    >
      {following ? (
        <BellOff className="mr-1.5 h-4 w-4" aria-hidden />
      ) : (
        <Bell className="mr-1.5 h-4 w-4" aria-hidden />
      )}
      {following ? 'Following' : 'Follow'}
    </Button>
  );
}

export function SaveSearchButton() {
  const { user } = useAuth();
  const search = useSearch();
  const save = useSaveSearch();
  if (user?.role !== 'investor') return null;
  return (
    <Button
      type="button"
      variant="outline"
      size="sm"
      disabled={save.isPending}
      onClick={() => save.mutate(search)}
    >
      <BookmarkPlus className="mr-1.5 h-4 w-4" aria-hidden />
      Save this search
    </Button>
  );
}

export function FollowingCard() {
  const follows = useFollows(true);
  const searches = useSavedSearches(true);
  const toggle = useToggleFollow();
  const remove = useRemoveSearch();
  return (
    <section aria-labelledby="following-heading">
      <Card>
        <CardHeader>
          <CardTitle id="following-heading">Following</CardTitle>
          <CardDescription>
            Campaigns you follow and searches you saved: we email you about them.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6 md:grid-cols-2">
          <div>
            <h4 className="mb-2 text-sm font-semibold">Campaigns</h4>
            {follows.isPending ? (
              <p className="text-sm text-muted-foreground">Loading…</p>
            ) : !follows.data?.items.length ? (
              <p className="text-sm text-muted-foreground">
                You follow no campaigns. Use Follow on a campaign page to hear of its updates and its
                deadline.
              </p>
            ) : (
              <ul className="space-y-2">
                {follows.data.items.map((f) => (
                  <li
                    key={f.campaignId}
                    className="flex flex-wrap items-center justify-between gap-2 text-sm"
                  >
                    <span className="min-w-0">
                      <Link
                        href={`/campaigns/${f.campaignId}`}
                        className="font-medium text-primary hover:underline"
                      >
                        {f.title}
                      </Link>
                      <span className="block text-muted-foreground">
                        Funding closes {formatDate(f.deadline)}
                      </span>
                    </span>
                    <Button
                      type="button"
                      variant="ghost"
                      size="sm"
                      aria-label={`Unfollow ${f.title}`}
                      onClick={() => toggle.mutate({ campaignId: f.campaignId, follow: false })}
                    >
                      Unfollow
                    </Button>
                  </li>
                ))}
              </ul>
            )}
          </div>
          <div>
            <h4 className="mb-2 text-sm font-semibold">Saved searches</h4>
            {searches.isPending ? (
              <p className="text-sm text-muted-foreground">Loading…</p>
            ) : !searches.data?.items.length ? (
              <p className="text-sm text-muted-foreground">
                No saved searches. Use Save this search on All Campaigns to hear of new campaigns that match.
              </p>
            ) : (
              <ul className="space-y-2">
                {searches.data.items.map((s) => (
                  <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 text-sm">
                    <Link
                      href={`/campaigns${s.query ? `?${s.query}` : ''}`}
                      className="min-w-0 font-medium break-words text-primary hover:underline"
                    >
                      {savedSearchLabel(s.query)}
                    </Link>
                    <Button
                      type="button"
                      variant="ghost"
                      size="sm"
                      aria-label={`Remove the saved search ${savedSearchLabel(s.query)}`}
                      onClick={() => remove.mutate(s.id)}
                    >
                      Remove
                    </Button>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </CardContent>
      </Card>
    </section>
  );
}
