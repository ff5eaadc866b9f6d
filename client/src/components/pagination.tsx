import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { MouseEvent, ReactNode } from 'react';
import { Link } from 'wouter';
import { paginationItems } from '@domain/campaign-browse.ts';
import { buttonVariants } from '@/components/ui/button.tsx';
import { cn } from '@/lib/cn.ts';

/**
 * Previous, page numbers and Next as real links (a page can be opened in a new tab or shared), with
 * "Page X of Y". Not shown when everything fits on one page.
 */
export function Pagination({
  page,
  count,
  hrefFor,
  onNavigate,
}: {
  page: number;
  count: number;
  hrefFor: (page: number) => string;
  /** After a page link is followed (e.g. to bring the list's top into view). */
  onNavigate?: () => void;
}) {
  if (count <= 1) return null;
  const link = (target: number, children: ReactNode, label: string) => (
    <Link
      href={hrefFor(target)}
      aria-label={label}
      className={cn(buttonVariants({ variant: 'outline', size: 'sm' }), 'min-w-9')}
      onClick={(e: MouseEvent) => {
        if (!e.defaultPrevented) onNavigate?.();
      }}
    >
      {children}
    </Link>
  );
  const disabled = (children: ReactNode) => (
    <span
      aria-disabled="true"
      className={cn(buttonVariants({ variant: 'outline', size: 'sm' }), 'pointer-events-none opacity-50')}
    >
      {children}
    </span>
  );
  const previous = (
    <>
      <ChevronLeft className="h-4 w-4" aria-hidden /> Previous
    </>
  );
  const next = (
    <>
      Next <ChevronRight className="h-4 w-4" aria-hidden />
    </>
  );
  return (
    <nav aria-label="Pagination" className="flex flex-col items-center gap-3">
      <ul className="flex flex-wrap items-center justify-center gap-1.5">
        <li>{page > 1 ? link(page - 1, previous, 'Previous page') : disabled(previous)}</li>
        {paginationItems(page, count).map((item, i) =>
          item === 'gap' ? (
            <li key={`gap-${i}`} aria-hidden className="hidden px-1 text-muted-foreground sm:block">
              …
            </li>
          ) : (
            <li key={item} className={cn(item !== page && 'hidden sm:block')}>
              {item === page ? (
                <span
                  aria-current="page"
                  aria-label={`Page ${item}`}
                  className={cn(buttonVariants({ size: 'sm' }), 'min-w-9')}
                >
                  {item}
                </span>
              ) : (
                link(item, item, `Page ${item}`)
              )}
            </li>
          ),
        )}
        <li>{page < count ? link(page + 1, next, 'Next page') : disabled(next)}</li>
      </ul>
      <p className="text-sm text-muted-foreground">
        Page {page} of {count}
      </p>
    </nav>
  );
}
