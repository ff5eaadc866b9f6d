// Cells shared by the trader's two campaign tables (dashboard tabs and My Campaigns).
import type { ReactNode } from 'react';
import { Td as TableCell } from '@/components/ui/table.tsx';
import { cn } from '@/lib/cn.ts';

/** The row header: the campaign's title over its trade route. */
export function CampaignTitleCell({ title, route }: { title: string; route: string }) {
  return (
    <th scope="row" className="max-w-72 min-w-56 px-4 py-3 text-left font-normal">
      <span className="block font-semibold">{title}</span>
      <span className="block text-muted-foreground">{route}</span>
    </th>
  );
}

/** A data cell of these tables; `numeric` right-aligns it. */
export function Td({
  children,
  className,
  numeric,
}: {
  children: ReactNode;
  className?: string;
  numeric?: boolean;
}) {
  return (
    <TableCell numeric={numeric} className={cn('px-4 py-3 tabular-nums', className)}>
      {children}
    </TableCell>
  );
}
