import type { ReactNode } from 'react';
import { useLocation } from 'wouter';
import { Page } from '@/components/layouts/page.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import NotFoundPage from './NotFoundPage.tsx';
import { UPCOMING_PAGES, type UpcomingPage as Upcoming } from './upcoming.ts';

/** A page whose feature is not built yet: its heading and an honest note of what will be there. */
export function UpcomingView({ page, children }: { page: Upcoming; children?: ReactNode }) {
  return (
    <Page title={page.title} lead={page.lead}>
      <Card className="max-w-2xl">
        <CardHeader>
          <CardTitle>Coming in a next release</CardTitle>
        </CardHeader>
        <CardContent>
          <ul className="list-disc space-y-1 pl-5 text-sm text-muted-foreground">
            {page.points.map((point) => (
              <li key={point}>{point}</li>
            ))}
          </ul>
          {children}
        </CardContent>
      </Card>
    </Page>
  );
}

export default function UpcomingPage() {
  const [location] = useLocation();
  const page = UPCOMING_PAGES[location];
  return page ? <UpcomingView page={page} /> : <NotFoundPage />;
}
