// Tabs (WAI-ARIA tabs pattern, automatic activation): arrow keys, Home and End move between tabs; the
// panel is labelled by the selected tab. The caller renders the panel with tabPanelProps.
import type { KeyboardEvent, ReactNode } from 'react';
import { cn } from '@/lib/cn.ts';

const tabId = (idPrefix: string, tab: string) => `${idPrefix}-tab-${tab}`;
const panelId = (idPrefix: string) => `${idPrefix}-panel`;

export function TabList<T extends string>({
  idPrefix,
  label,
  tabs,
  value,
  onValueChange,
  renderTab,
  className,
}: {
  idPrefix: string;
  /** The tab list's accessible name. */
  label: string;
  tabs: readonly T[];
  value: T;
  onValueChange: (tab: T) => void;
  renderTab: (tab: T) => ReactNode;
  className?: string;
}) {
  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>) => {
    const i = tabs.indexOf(value);
    const next =
      e.key === 'ArrowRight'
        ? tabs[(i + 1) % tabs.length]
        : e.key === 'ArrowLeft'
          ? tabs[(i - 1 + tabs.length) % tabs.length]
          : e.key === 'Home'
            ? tabs[0]
            : e.key === 'End'
              ? tabs[tabs.length - 1]
              : undefined;
    if (next === undefined) return;
    e.preventDefault();
    onValueChange(next);
    document.getElementById(tabId(idPrefix, next))?.focus();
  };
  return (
    <div
      role="tablist"
      aria-label={label}
      // Our own words: a label never breaks inside a word; on a narrow phone the list scrolls instead.
      className={cn('flex w-full gap-1 overflow-x-auto rounded-lg bg-muted p-1', className)}
    >
      {tabs.map((tab) => {
        const selected = tab === value;
        return (
          <button
            key={tab}
            id={tabId(idPrefix, tab)}
            role="tab"
            type="button"
            aria-selected={selected}
            aria-controls={panelId(idPrefix)}
            tabIndex={selected ? 0 : -1}
            onClick={() => onValueChange(tab)}
            onKeyDown={onKeyDown}
            className={cn(
              'flex-1 rounded-md px-2 py-1.5 text-sm font-medium whitespace-nowrap transition-colors [overflow-wrap:normal]',
              selected
                ? 'bg-background text-foreground shadow-sm'
                : 'text-muted-foreground hover:text-foreground',
            )}
          >
            {renderTab(tab)}
          </button>
        );
      })}
    </div>
  );
}

/** Props of the panel of the selected tab. */
export function tabPanelProps(idPrefix: string, value: string) {
  return { id: panelId(idPrefix), role: 'tabpanel', 'aria-labelledby': tabId(idPrefix, value) } as const;
}
