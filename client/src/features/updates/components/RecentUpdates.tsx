// /portfolio: the newest updates of the campaigns the investor backs, each under its campaign's name.
import { Link } from 'wouter';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { useRecentUpdates } from '../api/updates.ts';
import { UpdateEntry } from './CampaignUpdates.tsx';
import { ReadState } from './ReadState.tsx';

export function RecentUpdates() {
  const updates = useRecentUpdates();
  return (
    <section aria-labelledby="recent-updates-heading">
      <Card>
        <CardHeader>
          <CardTitle id="recent-updates-heading">Updates from your campaigns</CardTitle>
          <CardDescription>What the traders of the campaigns you back posted, newest first.</CardDescription>
        </CardHeader>
        <CardContent>
          {updates.isPending || updates.error ? (
            <ReadState read={updates} what="updates" />
          ) : updates.data.items.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              No updates yet. When a trader of a campaign you back posts one, it appears here and in your
              inbox.
            </p>
          ) : (
            <ul className="space-y-4">
              {updates.data.items.map((update) => (
                <li key={update.id} className="space-y-1 border-t pt-4 first:border-t-0 first:pt-0">
                  <Link
                    href={`/campaigns/${update.campaignId}`}
                    className="text-sm font-medium text-primary underline-offset-4 hover:underline"
                  >
                    {update.campaignTitle}
                  </Link>
                  <UpdateEntry update={update} heading="h4" />
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </section>
  );
}
