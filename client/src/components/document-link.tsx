// A campaign document (a milestone's evidence, the sales invoice) opened in a new tab from
// GET /api/campaigns/:id/documents/:documentId: for its trader, admins and the campaign's backers.
import { FileText } from 'lucide-react';
import type { CampaignDocument } from '@domain/money-out.ts';
import { cn } from '@/lib/cn.ts';

export const documentUrl = (campaignId: string, documentId: string) =>
  `/api/campaigns/${campaignId}/documents/${documentId}`;

export function DocumentLink({
  campaignId,
  document,
  label,
  className,
}: {
  campaignId: string;
  document: Pick<CampaignDocument, 'id' | 'fileName'>;
  /** What the link says before the file name, e.g. "Evidence". */
  label?: string;
  className?: string;
}) {
  return (
    <a
      href={documentUrl(campaignId, document.id)}
      target="_blank"
      rel="noopener noreferrer"
      className={cn(
        'inline-flex max-w-full items-center gap-1.5 font-medium break-all text-primary underline-offset-4 hover:underline',
        className,
      )}
    >
      <FileText className="h-4 w-4 shrink-0" aria-hidden />
      <span>
        {label && `${label}: `}
        {document.fileName}
        <span className="sr-only"> (opens in a new tab)</span>
      </span>
    </a>
  );
}
