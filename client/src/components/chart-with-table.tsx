// A chart and the same data as a table (docs/pages.md): the chart is a picture for sighted readers
// (hidden from screen readers), the table carries the data for everyone. Used by the investor's
// allocation, the trader's analytics and the buyer's procurement analytics.
import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card.tsx';
import { Table, Td, Th } from '@/components/ui/table.tsx';
import { cn } from '@/lib/cn.ts';

export interface ChartData {
  /** The table's name. */
  caption: string;
  /** Column headings; the first column holds each row's name, the others its figures. */
  head?: string[];
  /** Formatted cells, one array per row: the row's name first. */
  rows: string[][];
}

/** A chart (`children`) over its data as a table; `collapsed` puts the table under "Show the data as a table". */
export function ChartWithTable({
  chartId,
  table,
  collapsed = false,
  className,
  children,
}: {
  /** `data-chart` of the picture, for the browser tests. */
  chartId?: string;
  table: ChartData;
  collapsed?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn('grid gap-3', className)}>
      <div aria-hidden="true" data-chart={chartId}>
        {children}
      </div>
      {collapsed ? (
        <details className="text-sm">
          <summary className="cursor-pointer font-medium text-primary">Show the data as a table</summary>
          <div className="mt-3">
            <DataTable {...table} />
          </div>
        </details>
      ) : (
        <DataTable {...table} />
      )}
    </div>
  );
}

/** A chart with its heading and description in a card of its own section, and its data as a table. */
export function ChartCard({
  id,
  title,
  description,
  className,
  empty,
  ...chart
}: {
  id: string;
  title: string;
  description: string;
  className?: string;
  /** Shown in place of the chart and the table when there is nothing to draw. */
  empty?: string;
  table: ChartData;
  collapsed?: boolean;
  children: ReactNode;
}) {
  return (
    <Card className={className}>
      <section aria-labelledby={`${id}-heading`}>
        <CardHeader>
          <h2 id={`${id}-heading`} className="text-lg font-semibold">
            {title}
          </h2>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardContent>
          {empty ? (
            <p className="text-sm text-muted-foreground">{empty}</p>
          ) : (
            <ChartWithTable chartId={id} {...chart} />
          )}
        </CardContent>
      </section>
    </Card>
  );
}

function DataTable({ caption, head, rows }: ChartData) {
  return (
    <Table caption={caption} className="text-left text-sm">
      {head && (
        <thead className="text-xs text-muted-foreground uppercase">
          <tr>
            {head.map((h, i) => (
              <Th key={h} numeric={i > 0} className="px-2 py-1">
                {h}
              </Th>
            ))}
          </tr>
        </thead>
      )}
      <tbody>
        {rows.map(([first, ...rest], r) => (
          <tr key={r} className="border-t">
            <Th scope="row" className="px-2 py-1 font-normal">
              {first}
            </Th>
            {rest.map((cell, i) => (
              <Td key={i} numeric className="px-2 py-1">
                {cell}
              </Td>
            ))}
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
