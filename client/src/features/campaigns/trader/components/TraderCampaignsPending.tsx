// The trader's campaign pages before their list is there: the page frame with the loading line, or
// with the failure and the server's reason.
import { Page } from '@/components/layouts/page.tsx';
import { serverMessageOf } from '@/lib/api.ts';

export function TraderCampaignsPending({
  title,
  lead,
  error,
  loadingText,
}: {
  title: string;
  lead: string;
  error: Error | null;
  loadingText: string;
}) {
  return (
    <Page title={title} lead={lead}>
      {error ? (
        <p role="alert" className="font-medium text-destructive">
          Failed to load your campaigns: {serverMessageOf(error) || 'Please try again later'}
        </p>
      ) : (
        <p aria-busy="true" className="text-muted-foreground">
          {loadingText}
        </p>
      )}
    </Page>
  );
}
