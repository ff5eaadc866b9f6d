import { expect, expectRealPage, SPEC_ROUTES, test } from './fixtures.ts';

for (const path of SPEC_ROUTES) {
  test(`route ${path} renders a page with an h1`, async ({ page }) => {
    const res = await page.goto(path);
    expect(res?.status()).toBe(200);
    await expectRealPage(page);
  });
}
