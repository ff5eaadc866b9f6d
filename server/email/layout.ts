// How every email is laid out (docs/email.md): the pieces templates are written with (lines, our
// links, the greeting and signature of each layout) and the plain-text and HTML rendering of a body.
import { escapeHtml } from '../html.ts';

/** A piece of a line: text, or one of our own links (shown as its address). */
export type Inline = string | { href: string };
/** One line of the email; '' is the gap between paragraphs. */
export type Line = Inline | readonly Inline[];

export interface Body {
  subject: string;
  /** The greeting's name: `Hello Ada,`; null: `Hello,`; undefined: no greeting at all. */
  hello?: string | null;
  lines: readonly Line[];
  /** The line under the body, after a gap (none when undefined). */
  signature?: string;
}

/** What templates may link to. */
export interface Site {
  /** Origin of the links (PUBLIC_URL), no trailing slash. */
  publicUrl: string;
}

export interface Template<D> {
  /** What the email is for (the preview page lists it). */
  about: string;
  /** Data the preview page renders it with. */
  sample: D;
  body(data: D, site: Site): Body;
}

export const define = <D>(t: Template<D>) => t;
export const link = (href: string) => ({ href });

/** The account features' layout: greeting, the lines, the name of the platform. */
export const account = (name: string | null | undefined, subject: string, lines: Line[]): Body => ({
  subject,
  hello: name || null,
  lines,
  signature: 'HydroBridge',
});

/** The marketplace's layout: greeting by display name, the lines, a dash and the name. */
export const market = (name: string, subject: string, lines: Line[]): Body => ({
  subject,
  hello: name,
  lines,
  signature: '— HydroBridge',
});

/** The lifecycle notices' closing lines (every investor email about a campaign). */
export const investorFooter = (site: Site): Line[] => [
  '',
  ['Your portfolio: ', link(`${site.publicUrl}/portfolio`)],
  ['Turn these emails off in your settings: ', link(`${site.publicUrl}/settings`)],
];

export interface Named {
  /** The recipient's first name or username; empty: a plain "Hello,". */
  name: string | null;
}

export interface CampaignNotice extends Named {
  title: string;
  /** The investor's total in the campaign (decimal string). */
  amount: string;
}

const pieces = (line: Line): readonly Inline[] => (Array.isArray(line) ? line : [line as Inline]);

export function lineText(line: Line): string {
  return pieces(line)
    .map((p) => (typeof p === 'string' ? p : p.href))
    .join('');
}

function lineHtml(line: Line): string {
  return pieces(line)
    .map((p) =>
      typeof p === 'string'
        ? escapeHtml(p)
        : `<a href="${escapeHtml(p.href)}" style="color:#0f766e">${escapeHtml(p.href)}</a>`,
    )
    .join('');
}

/** Paragraphs are the runs of lines between empty ones; a line break stays a line break. */
export function htmlDocument(subject: string, lines: readonly Line[]): string {
  const paragraphs: string[] = [];
  let run: string[] = [];
  const flush = () => {
    if (run.length) paragraphs.push(`<p style="margin:0 0 16px">${run.join('<br>\n')}</p>`);
    run = [];
  };
  for (const line of lines) {
    if (line === '') flush();
    else run.push(lineHtml(line));
  }
  flush();
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width">',
    `<title>${escapeHtml(subject)}</title></head>`,
    '<body style="margin:0;padding:24px;background:#f8fafc;color:#0f172a;font:16px/1.5 system-ui,-apple-system,Segoe UI,Roboto,sans-serif">',
    '<div style="max-width:560px;margin:0 auto;background:#ffffff;padding:24px;border-radius:8px">',
    ...paragraphs,
    '</div>',
    '</body>',
    '</html>',
  ].join('\n');
}
