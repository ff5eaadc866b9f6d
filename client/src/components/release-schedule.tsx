// A campaign's release schedule (docs/money.md): each tranche of the raised money, when it goes to the
// trader, whether it has, and on what evidence. Shown on the campaign page, in the trader's details
// modal and in their Track Shipment (where a tranche whose evidence an admin sent back carries the
// form to file it again).
import type { ReactNode } from 'react';
import type { Release } from '@domain/money-out.ts';
import {
  RELEASE_STATE_LABELS,
  releaseState,
  trancheAmounts,
  trancheLabel,
  type ReleaseState,
} from '@domain/money-out-views.ts';
import { Badge } from '@/components/ui/badge.tsx';
import { formatDate, formatUsdCents } from '@/lib/format.ts';
import { DocumentLink } from './document-link.tsx';

const TONES = {
  scheduled: 'neutral',
  sent_back: 'red',
  awaiting_review: 'amber',
  released: 'green',
} as const;

export function ReleaseSchedule({
  releases,
  title,
  raisedAmount,
  campaignId,
  renderExtra,
}: {
  releases: readonly Release[];
  title: string;
  /** With it, a tranche not released yet shows its planned amount (its share of what was raised). */
  raisedAmount?: string;
  /** With it (viewers who may open the campaign's documents), the evidence links to its file. */
  campaignId?: string;
  /** What goes under a tranche in the trader's workspace (the admin's note, the form to file again). */
  renderExtra?: (release: Release, state: ReleaseState) => ReactNode;
}) {
  const amounts = raisedAmount === undefined ? null : trancheAmounts(raisedAmount, releases);
  return (
    <ol aria-label={`Release schedule of ${title}`} className="space-y-2 text-sm">
      {releases.map((r, i) => {
        const state = releaseState(r);
        const amount = r.amount && r.status === 'released' ? r.amount : (amounts?.[i] ?? null);
        return (
          <li key={r.id} className="grid gap-1.5 border-b pb-2 last:border-0">
            <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
              <span className="font-medium">{trancheLabel(r)}</span>
              <span className="flex flex-wrap items-center gap-2">
                {amount && (
                  <span className="tabular-nums">
                    {formatUsdCents(amount)}
                    <span className="text-muted-foreground">
                      {r.releasedAt ? ` on ${formatDate(r.releasedAt)}` : ' planned'}
                    </span>
                  </span>
                )}
                <Badge tone={TONES[state]}>{RELEASE_STATE_LABELS[state]}</Badge>
              </span>
            </div>
            {r.document &&
              (campaignId ? (
                <DocumentLink campaignId={campaignId} document={r.document} label="Evidence" />
              ) : (
                <span className="text-muted-foreground">Evidence: {r.document.fileName}</span>
              ))}
            {renderExtra?.(r, state)}
          </li>
        );
      })}
    </ol>
  );
}
