// Looking at a screen of the browser suite the way a reviewer would: in light and dark (the page runs
// the "system" theme, so the colour scheme flips live without a reload that would close a dialog), at
// 1280 px and 390 px with no horizontal scroll (neither the page nor an open dialog), an axe scan in
// each theme, and — with SCREENSHOTS_DIR set — a PNG of each to look at.
import fs from 'node:fs';
import path from 'node:path';
import type { Locator } from '@playwright/test';
import { expectNoSeriousAxeViolations } from './axe.ts';
import { expect, THEME_STORAGE_KEY, type Page } from './fixtures.ts';

/** Before the page loads: the theme follows the (emulated) device preference. */
export async function followSystemTheme(page: Page) {
  await page.addInitScript((key) => localStorage.setItem(key, 'system'), THEME_STORAGE_KEY);
}

const WIDTHS = [1280, 390] as const;

/** What scrolls sideways right now: the page, or an open dialog (with what sticks out of it). */
function overflowOf(page: Page) {
  return page.evaluate(() => {
    const wide = (el: Element) => el.scrollWidth - el.clientWidth > 1;
    const out: string[] = [];
    if (wide(document.documentElement)) out.push(`the page (${document.documentElement.scrollWidth}px)`);
    for (const d of document.querySelectorAll('[role="dialog"]')) {
      if (!wide(d)) continue;
      // Name what sticks out past the dialog's content box, so a failure says where to look (Chromium
      // counts a child reaching into the end padding as overflow: the padding box would name nothing).
      const padding = parseFloat(getComputedStyle(d).paddingRight) || 0;
      const edge = d.getBoundingClientRect().left + d.clientLeft + d.clientWidth - padding;
      // The close button sits in the padding on purpose (absolute): not a culprit, nor is its icon.
      const placed = (el: Element) => {
        for (let e: Element | null = el; e && e !== d; e = e.parentElement) {
          if (['absolute', 'fixed'].includes(getComputedStyle(e).position)) return true;
        }
        return false;
      };
      const culprits = [...d.querySelectorAll('*')]
        .filter((el) => !placed(el) && el.getBoundingClientRect().right > edge + 1)
        .slice(-3)
        .map((el) => {
          const r = el.getBoundingClientRect();
          const text = (el.textContent ?? '').trim().slice(0, 40);
          return `<${el.tagName.toLowerCase()} class="${el.getAttribute('class') ?? ''}"> ${Math.round(r.width)}px "${text}"`;
        });
      out.push(`a dialog (${d.scrollWidth}px in ${d.clientWidth}px): ${culprits.join('; ')}`);
    }
    return out;
  });
}

async function expectNoHorizontalScroll(page: Page, what: string) {
  // The layout as it settles after the viewport changed (a loaded machine may measure mid-reflow).
  await expect
    .poll(() => overflowOf(page), { message: `horizontal scroll on ${what}`, timeout: 3_000 })
    .toEqual([]);
}

/**
 * Scans `what` in both themes (axe on `scope`, the open dialog when there is one), checks both widths
 * for horizontal scroll, and saves screenshots of `focus` (scrolled into view) when asked to.
 */
export async function lookAt(
  page: Page,
  what: string,
  { scope, focus }: { scope?: string; focus?: Locator } = {},
) {
  const dir = process.env.SCREENSHOTS_DIR;
  if (dir) fs.mkdirSync(dir, { recursive: true });
  const size = page.viewportSize() ?? { width: 1280, height: 720 };
  // The screen as it rests: no control under the mouse left hovered by the last click.
  await page.mouse.move(0, 0);
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${theme}\\b`));
    // Colours ease into the new theme (transition-colors): scan the colours it ends on.
    await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => null))));
    await expectNoSeriousAxeViolations(page, `${what} (${theme})`, scope ? { include: scope } : {});
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await expectNoHorizontalScroll(page, `${what} at ${width}px (${theme})`);
      if (!dir) continue;
      await focus?.scrollIntoViewIfNeeded();
      const name = `${what.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}-${theme}-${width}.png`;
      await page.screenshot({ path: path.join(dir, name), fullPage: !focus });
    }
  }
  await page.setViewportSize(size);
  await page.emulateMedia({ colorScheme: 'light' });
}
