// The one pager of the app: previous / next through a list paged on the server (the total from the
// list's X-Total-Count header or its body), as real links when each page has an address (the campaign
// browse, the offers) or as buttons when the page lives in the component's state (admin tables, orders).
import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { MouseEvent, ReactNode } from 'react';
import { Link } from 'wouter';
import { paginationItems } from '@domain/campaign-browse.ts';
import { cn } from '@/lib/cn.ts';
import { Button, buttonVariants } from './button.tsx';

/** Pages held in state: "Page X of Y (N in all)" with Previous and Next buttons. */
interface ButtonPaging {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  /** What is paged, for assistive technology ("Users"). */
  label: string;
}

/** Pages with an address: Previous, the page numbers and Next as links, then "Page X of Y". */
interface LinkPaging {
  page: number;
  count: number;
  hrefFor: (page: number) => string;
  /** After a page link is followed (e.g. to bring the list's top into view). */
  onNavigate?: () => void;
}

/** Not shown when everything fits on one page. */
export function Pagination(props: ButtonPaging | LinkPaging) {
  return 'hrefFor' in props ? <LinkPagination {...props} /> : <ButtonPagination {...props} />;
}

function ButtonPagination({ page, pageSize, total, onPage, label }: ButtonPaging) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages === 1) return null;
  return (
    <nav aria-label={`${label} pages`} className="flex items-center justify-end gap-3 text-sm">
      <span className="text-muted-foreground">
        Page {page} of {pages} ({total} in all)
      </span>
      <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </nav>
  );
}

function LinkPagination({ page, count, hrefFor, onNavigate }: LinkPaging) {
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
