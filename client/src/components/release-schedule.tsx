// A campaign's release schedule (docs/money.md): each tranche of the raised money, when it goes to the
// trader, whether it has, and on what evidence. Shown on the campaign page and to the trader.
import { RELEASE_STATUS_LABELS, RELEASE_TRIGGER_LABELS, type Release } from '@domain/money-out.ts';
import { Badge } from '@/components/ui/badge.tsx';
import { formatDate, formatPercent, formatUsdCents } from '@/lib/format.ts';

const TONES = { scheduled: 'neutral', awaiting_review: 'amber', released: 'green' } as const;

export function ReleaseSchedule({ releases, title }: { releases: readonly Release[]; title: string }) {
  return (
    <ol aria-label={`Release schedule of ${title}`} className="space-y-2 text-sm">
      {releases.map((r) => (
        <li
          key={r.id}
          className="flex flex-wrap items-center justify-between gap-2 border-b pb-2 last:border-0"
        >
          <span>
            <span className="font-medium tabular-nums">{formatPercent(r.percent, 0)}</span>{' '}
            {RELEASE_TRIGGER_LABELS[r.trigger].toLowerCase()}
            {r.document && <span className="text-muted-foreground"> · evidence: {r.document.fileName}</span>}
          </span>
          <span className="flex items-center gap-2">
            {r.amount && r.releasedAt && (
              <span className="text-muted-foreground tabular-nums">
                {formatUsdCents(r.amount)} on {formatDate(r.releasedAt)}
              </span>
            )}
            <Badge tone={TONES[r.status]}>{RELEASE_STATUS_LABELS[r.status]}</Badge>
          </span>
        </li>
      ))}
    </ol>
  );
}
