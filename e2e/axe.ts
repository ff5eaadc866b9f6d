// The one axe scan of the browser suite: fails on serious or critical WCAG 2.1 AA violations, naming
// each failing element. Every spec that scans uses it.
import AxeBuilder from '@axe-core/playwright';
import { expect, THEME_STORAGE_KEY, type Page } from './fixtures.ts';

const BLOCKING = new Set(['serious', 'critical']);

type Violation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

/** One readable block per violation: rule, impact, help link, then each failing element. */
function describe(violations: Violation[]): string {
  return violations
    .map((v) => {
      const nodes = v.nodes
        .map(
          (n) =>
            `    - ${n.target.join(' ')}  ${n.html.slice(0, 160)}\n      ${n.failureSummary?.replaceAll('\n', '\n      ') ?? ''}`,
        )
        .join('\n');
      return `[${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})\n${nodes}`;
    })
    .join('\n\n');
}

/** Sets the theme before the app loads (call before page.goto). */
export async function setThemeBeforeLoad(page: Page, theme: 'light' | 'dark') {
  await page.addInitScript(({ key, value }) => localStorage.setItem(key, value), {
    key: THEME_STORAGE_KEY,
    value: theme,
  });
}

/** `include`: scan only what this selector matches (e.g. an open dialog). */
export async function expectNoSeriousAxeViolations(
  page: Page,
  what: string,
  { include }: { include?: string } = {},
) {
  const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']);
  if (include) builder.include(include);
  const { violations } = await builder.analyze();
  const blocking = violations.filter((v) => BLOCKING.has(v.impact ?? ''));
  expect(
    blocking.map((v) => `${v.impact}: ${v.id}`),
    `serious or critical axe violations on ${what}:\n\n${describe(blocking)}\n`,
  ).toEqual([]);
}
