import type { ReactNode } from 'react';
import { cn } from '@/lib/cn.ts';

/** Standard page frame: a heading, an optional lead paragraph and the content. */
export function Page({
  title,
  lead,
  actions,
  children,
  className,
}: {
  title: string;
  lead?: ReactNode;
  actions?: ReactNode;
  children?: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn('mx-auto max-w-7xl px-4 py-10 sm:px-6', className)}>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="max-w-3xl">
          <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
          {lead && <p className="mt-2 text-muted-foreground">{lead}</p>}
        </div>
        {actions}
      </div>
      {children && <div className="mt-8">{children}</div>}
    </div>
  );
}
