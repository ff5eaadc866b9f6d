// The due-diligence review beside a campaign's status in the trader's lists (issue 19): nothing once
// approved; "Awaiting review", or "Sent back" with the reviewer's reason and a link to the campaign's
// page, where the documents are filed and the campaign resubmitted.
import { Link } from 'wouter';
import type { Campaign } from '@domain/campaign-schemas.ts';
import { REVIEW_STATUS_LABELS } from '@domain/diligence.ts';
import { Badge } from '@/components/ui/badge.tsx';

export function ReviewStatus({ campaign }: { campaign: Campaign }) {
  const { review } = campaign;
  if (review.status === 'approved') return null;
  return (
    <div className="mt-1 grid justify-items-start gap-1 text-xs">
      <Badge tone={review.status === 'rejected' ? 'red' : 'amber'}>
        {REVIEW_STATUS_LABELS[review.status]}
      </Badge>
      {review.reason && <span className="max-w-56 text-muted-foreground">{review.reason}</span>}
      <Link href={`/campaigns/${campaign.id}`} className="text-primary underline-offset-4 hover:underline">
        {review.status === 'rejected' ? 'Fix and resubmit' : 'Documents for review'}
        <span className="sr-only"> of {campaign.title}</span>
      </Link>
    </div>
  );
}
