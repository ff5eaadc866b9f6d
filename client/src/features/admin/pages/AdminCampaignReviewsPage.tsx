// /admin/reviews: the due-diligence queue (issue 19) — every open campaign awaiting review, the longest
// waiting first, with the documents its trader filed; each opens the review dialog.
import { useState } from 'react';
import { DILIGENCE_DOCUMENT_KINDS } from '@domain/diligence.ts';
import { Page } from '@/components/layouts/page.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent } from '@/components/ui/card.tsx';
import { formatDate, formatUsd } from '@/lib/format.ts';
import { useReviewQueue } from '../api/campaign-reviews.ts';
import { AdminOnly } from '../components/AdminOnly.tsx';
import { CampaignReviewDialog } from '../components/CampaignReviewDialog.tsx';
import { Table, Td, Th } from '@/components/ui/table.tsx';

const TITLE = 'Campaign reviews';

export default function AdminCampaignReviewsPage() {
  return (
    <AdminOnly title={TITLE}>
      <Page
        title={TITLE}
        lead="New campaigns wait here until you have checked their contracts and financials. Investors see a campaign only once it is approved."
      >
        <Card>
          <CardContent className="pt-6">
            <ReviewQueue />
          </CardContent>
        </Card>
      </Page>
    </AdminOnly>
  );
}

function ReviewQueue() {
  const queue = useReviewQueue();
  const [open, setOpen] = useState<string | null>(null);
  if (queue.isPending) return <p className="text-sm text-muted-foreground">Loading…</p>;
  if (queue.error)
    return <p className="text-sm text-destructive">The queue could not be loaded. Reload the page.</p>;
  if (queue.data.length === 0)
    return <p className="text-sm text-muted-foreground">No campaign is waiting for review.</p>;
  return (
    <>
      <Table caption="Campaigns awaiting review" className="text-sm">
        <thead className="text-left text-muted-foreground">
          <tr>
            <Th className="py-2 pr-3 font-medium">Campaign</Th>
            <Th className="py-2 pr-3 font-medium">Trader</Th>
            <Th className="py-2 pr-3 font-medium">Target</Th>
            <Th className="py-2 pr-3 font-medium">Documents</Th>
            <Th className="py-2 pr-3 font-medium">Waiting since</Th>
            <Th className="py-2 font-medium">
              <span className="sr-only">Action</span>
            </Th>
          </tr>
        </thead>
        <tbody>
          {queue.data.map((c) => (
            <tr key={c.id} className="border-t">
              <Td className="py-2 pr-3">
                <span className="font-medium">{c.title}</span>
                {c.previousRejections > 0 && (
                  <Badge tone="amber" className="ml-2">
                    Resubmitted
                  </Badge>
                )}
                <div className="text-xs text-muted-foreground">{c.tradeRoute}</div>
              </Td>
              <Td className="py-2 pr-3">
                {c.traderName}
                {c.traderCompany && <div className="text-xs text-muted-foreground">{c.traderCompany}</div>}
              </Td>
              <Td className="py-2 pr-3 tabular-nums">{formatUsd(c.targetAmount)}</Td>
              <Td className="py-2 pr-3">
                {c.documentKinds.length} of {DILIGENCE_DOCUMENT_KINDS.length}
              </Td>
              <Td className="py-2 pr-3">{formatDate(c.submittedAt)}</Td>
              <Td numeric className="py-2">
                <Button size="sm" variant="outline" onClick={() => setOpen(c.id)}>
                  Review <span className="sr-only">{c.title}</span>
                </Button>
              </Td>
            </tr>
          ))}
        </tbody>
      </Table>
      <CampaignReviewDialog campaignId={open} onClose={() => setOpen(null)} />
    </>
  );
}
