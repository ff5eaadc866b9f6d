import { expectNoSeriousAxeViolations, setThemeBeforeLoad } from './axe.ts';
import { expect, test } from './fixtures.ts';

const PAGES = ['/', '/how-it-works', '/breakdown'];
for (const theme of ['light', 'dark'] as const) {
  for (const path of PAGES) {
    test(`${path} in ${theme} theme has no serious or critical axe violations`, async ({ page }) => {
      await setThemeBeforeLoad(page, theme);
      await page.goto(path);
      await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${theme}\\b`));
      await expect(page.locator('h1').first()).toBeVisible();
      // The landing page is scanned with its live cards, not the loading skeletons.
      if (path === '/') await expect(page.getByRole('article').first()).toBeVisible();
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);

      await expectNoSeriousAxeViolations(page, `${path} (${theme} theme)`);
    });
  }
}
