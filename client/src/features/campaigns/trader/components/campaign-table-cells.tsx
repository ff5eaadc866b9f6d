// Cells shared by the trader's two campaign tables (dashboard tabs and My Campaigns).
import type { ReactNode } from 'react';
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

export function Td({ children, className }: { children: ReactNode; className?: string }) {
  return <td className={cn('px-4 py-3 tabular-nums', className)}>{children}</td>;
}
