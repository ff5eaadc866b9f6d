import { Check, Circle } from 'lucide-react';
import type { TimelineEntry } from '@domain/timeline.ts';
import { formatDate } from '@/lib/format.ts';
import { cn } from '@/lib/cn.ts';

/** A vertical list of dated steps: done steps filled, later ones hollow. Campaign funding, shipment
 * milestones and buyer orders all draw their progress with it. */
export function Timeline({ entries, label }: { entries: TimelineEntry[]; label: string }) {
  return (
    <ol aria-label={label} className="space-y-3">
      {entries.map((entry) => (
        <li key={entry.label} className="flex items-start gap-3">
          <span
            className={cn(
              'mt-0.5 flex h-5 w-5 shrink-0 items-center justify-center rounded-full border',
              entry.done
                ? 'border-primary bg-primary text-primary-foreground'
                : 'border-border text-muted-foreground',
            )}
            aria-hidden
          >
            {entry.done ? <Check className="h-3 w-3" /> : <Circle className="h-2 w-2" />}
          </span>
          <div className="text-sm">
            <p className={cn('font-medium', !entry.done && 'text-muted-foreground')}>{entry.label}</p>
            {entry.at && (
              <p className="text-muted-foreground">
                <time dateTime={entry.at}>{formatDate(entry.at)}</time>
              </p>
            )}
            {entry.note && <p className="text-muted-foreground">{entry.note}</p>}
          </div>
        </li>
      ))}
    </ol>
  );
}
