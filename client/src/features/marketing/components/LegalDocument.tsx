// Shared frame of the legal pages (/terms, /privacy, /compliance): one h1 from Page, a "Last updated"
// line, a table of contents (collapsible on phones, sticky beside the text on desktop) and h2 sections.
import { ChevronDown } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Page } from '@/components/layouts/page.tsx';
import { SUPPORT_EMAIL } from '@/lib/support.ts';

/** One date for every legal document: they are reviewed together. */
const LAST_UPDATED = { iso: '2026-11-25', text: '25 November 2026' };

export interface LegalSection {
  /** Anchor id, e.g. "fees": the section is reachable at #fees. */
  id: string;
  title: string;
  body: ReactNode;
}

function Contents({ sections }: { sections: LegalSection[] }) {
  return (
    <ol className="space-y-1.5 text-sm">
      {sections.map((s, i) => (
        <li key={s.id}>
          <a
            href={`#${s.id}`}
            className="flex gap-2 rounded-sm text-muted-foreground hover:text-foreground hover:underline"
          >
            <span className="w-5 shrink-0 text-right tabular-nums">{i + 1}.</span>
            <span>{s.title}</span>
          </a>
        </li>
      ))}
    </ol>
  );
}

export function LegalDocument({
  title,
  lead,
  sections,
}: {
  title: string;
  lead: ReactNode;
  sections: LegalSection[];
}) {
  return (
    <Page title={title} lead={lead}>
      <p className="-mt-4 text-sm text-muted-foreground">
        Last updated: <time dateTime={LAST_UPDATED.iso}>{LAST_UPDATED.text}</time>
      </p>
      <div className="mt-8 grid gap-8 lg:grid-cols-[16rem_minmax(0,1fr)] lg:gap-12">
        <div className="lg:sticky lg:top-24 lg:self-start">
          {/* Phones: a closed disclosure, so the text starts on the first screen. */}
          <details className="group rounded-lg border bg-card p-4 lg:hidden">
            <summary className="flex cursor-pointer list-none items-center justify-between text-sm font-semibold [&::-webkit-details-marker]:hidden">
              On this page
              <ChevronDown className="h-4 w-4 transition-transform group-open:rotate-180" aria-hidden />
            </summary>
            <nav aria-label="On this page" className="mt-3">
              <Contents sections={sections} />
            </nav>
          </details>
          <nav aria-label="On this page" className="hidden lg:block">
            <p className="mb-3 text-sm font-semibold">On this page</p>
            <Contents sections={sections} />
          </nav>
        </div>
        <div className="max-w-3xl space-y-10">
          {sections.map((s, i) => (
            <section key={s.id} id={s.id} aria-labelledby={`${s.id}-title`} className="scroll-mt-24">
              <h2 id={`${s.id}-title`} className="text-xl font-semibold tracking-tight">
                <span className="mr-2 text-muted-foreground tabular-nums">{i + 1}.</span>
                {s.title}
              </h2>
              <div className="mt-3 space-y-3 leading-7">{s.body}</div>
            </section>
          ))}
          <p className="border-t pt-6 text-sm text-muted-foreground">
            Questions about this document? Write to{' '}
            <TextLink href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</TextLink>.
          </p>
        </div>
      </div>
    </Page>
  );
}

/** A bulleted list inside a legal section. */
export function LegalList({ children }: { children: ReactNode }) {
  return <ul className="list-disc space-y-1.5 pl-5 marker:text-muted-foreground">{children}</ul>;
}

/** A titled sub-part of a section (h3 under the section's h2). */
export function LegalSubsection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="space-y-2 pt-2">
      <h3 className="font-semibold">{title}</h3>
      {children}
    </div>
  );
}

const TEXT_LINK = 'font-medium text-primary underline underline-offset-4 hover:decoration-2';

/** An inline link styled for running text: in-app paths navigate without a reload. */
export function TextLink({ href, children }: { href: string; children: ReactNode }) {
  return href.startsWith('/') ? (
    <Link href={href} className={TEXT_LINK}>
      {children}
    </Link>
  ) : (
    <a href={href} className={TEXT_LINK}>
      {children}
    </a>
  );
}
