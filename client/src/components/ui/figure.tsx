import type { ReactNode } from 'react';

/** One labelled figure of a `<dl>` (cards, summaries, rows): a small muted label over the value. */
export function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="font-semibold tabular-nums">{children}</dd>
    </div>
  );
}
