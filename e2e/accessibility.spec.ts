import AxeBuilder from '@axe-core/playwright';
import { expect, test, THEME_STORAGE_KEY } from './fixtures.ts';

const PAGES = ['/', '/how-it-works', '/breakdown'];
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

for (const theme of ['light', 'dark'] as const) {
  for (const path of PAGES) {
    test(`${path} in ${theme} theme has no serious or critical axe violations`, async ({ page }) => {
      await page.addInitScript(({ key, value }) => localStorage.setItem(key, value), {
        key: THEME_STORAGE_KEY,
        value: theme,
      });
      await page.goto(path);
      await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${theme}\\b`));
      await expect(page.locator('h1').first()).toBeVisible();
      // The landing page is scanned with its live cards, not the loading skeletons.
      if (path === '/') await expect(page.getByRole('article').first()).toBeVisible();
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);

      const { violations } = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21aa'])
        .analyze();
      const blocking = violations.filter((v) => BLOCKING.has(v.impact ?? ''));
      expect(
        blocking.map((v) => `${v.impact}: ${v.id}`),
        `serious or critical axe violations on ${path} (${theme} theme):\n\n${describe(blocking)}\n`,
      ).toEqual([]);
    });
  }
}
