import { useLayoutEffect, useRef, useState, type ComponentProps, type ReactNode } from 'react';
import { cn } from '@/lib/cn.ts';

/**
 * The one table of the app (docs/pages.md). It gives every table:
 * - its name, from a `<caption>` (screen readers only unless `captionClassName` shows it);
 * - a box of its own that scrolls sideways when the columns do not fit (a phone), so the page never
 *   does. While it scrolls, the box is a named region in the tab order (tabIndex 0), so that the
 *   keyboard can scroll it too (WCAG 2.1.1, axe's scrollable-region-focusable). While everything fits
 *   it is a plain box: no extra tab stop and no extra landmark on a wide screen.
 * Header and data cells are `Th` and `Td`; `numeric` right-aligns a column with tabular figures.
 */
export function Table({
  caption,
  label,
  captionClassName,
  wrapperClassName,
  className,
  children,
  ...props
}: ComponentProps<'table'> & {
  caption: ReactNode;
  /** The scrolling box's name; the caption's text when omitted. */
  label?: string;
  /** Classes of the caption; it is for screen readers only when omitted. */
  captionClassName?: string;
  /** Classes of the scrolling box (a height limit, margins). */
  wrapperClassName?: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const scrolls = useScrolls(box);
  const name = label ?? (typeof caption === 'string' ? caption : undefined);
  return (
    <div
      ref={box}
      className={cn(
        'max-w-full overflow-x-auto rounded-sm focus-visible:outline-2 focus-visible:outline-ring',
        wrapperClassName,
      )}
      {...(scrolls ? { role: 'region', tabIndex: 0, 'aria-label': name } : {})}
    >
      <table className={cn('w-full', className)} {...props}>
        <caption className={captionClassName ?? 'sr-only'}>{caption}</caption>
        {children}
      </table>
    </div>
  );
}

/** A header cell: a column's (`scope="col"`, the default) or a row's (`scope="row"`). */
export function Th({
  numeric,
  scope = 'col',
  className,
  ...props
}: ComponentProps<'th'> & { numeric?: boolean }) {
  return <th scope={scope} className={cn(numeric && 'text-right', className)} {...props} />;
}

/** A data cell; `numeric` right-aligns it with tabular figures. */
export function Td({ numeric, className, ...props }: ComponentProps<'td'> & { numeric?: boolean }) {
  return <td className={cn(numeric && 'text-right tabular-nums', className)} {...props} />;
}

/** True while the box's content is wider (or, in a box of limited height, taller) than the box. */
function useScrolls(box: React.RefObject<HTMLDivElement | null>): boolean {
  const [scrolls, setScrolls] = useState(false);
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const measure = () =>
      setScrolls(el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    return () => observer.disconnect();
  }, [box]);
  return scrolls;
}
