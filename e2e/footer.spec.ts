import { expect, expectRealPage, FOOTER_HREFS, test } from './fixtures.ts';

test('the footer carries every spec link, the support mailto, 150-300T and © 2025', async ({ page }) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  const internal = footer.locator('a[href^="/"]');
  await expect(internal).toHaveCount(FOOTER_HREFS.length);
  const hrefs = await internal.evaluateAll((links) => links.map((a) => a.getAttribute('href')));
  expect(hrefs.toSorted()).toEqual(FOOTER_HREFS.toSorted());

  const mailto = footer.locator('a[href^="mailto:"]');
  await expect(mailto).toHaveCount(1);
  await expect(mailto).toHaveAttribute('href', /^mailto:[^@\s]+@[^@\s]+\.[^@\s]+$/);

  await expect(footer).toContainText('150-300T');
  await expect(footer).toContainText('© 2025');
});

test('every internal footer link resolves to a real page', async ({ page }) => {
  await page.goto('/terms');
  const footer = page.getByRole('contentinfo');
  for (const href of FOOTER_HREFS) {
    await footer.locator(`a[href="${href}"]`).click();
    await expect(page).toHaveURL(href);
    await expectRealPage(page);
  }
});
