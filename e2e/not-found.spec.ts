import { expect, NOT_FOUND, test } from './fixtures.ts';

for (const path of ['/no-such-page', '/campaigns/no/such/page']) {
  test(`unknown path ${path} shows the Page Not Found card`, async ({ page }) => {
    const res = await page.goto(path);
    expect(res?.status()).toBe(200); // the server hands every non-API path to the client router
    await expect(page.getByRole('heading', { level: 1, name: NOT_FOUND })).toBeVisible();
    await page.getByRole('link', { name: 'Back to the home page' }).click();
    await expect(page).toHaveURL('/');
  });
}

test('an unknown /api path answers a JSON 404', async ({ request }) => {
  const res = await request.get('/api/no-such-endpoint');
  expect(res.status()).toBe(404);
  expect(res.headers()['content-type']).toMatch(/^application\/json/);
  const body = (await res.json()) as { error?: unknown };
  expect(typeof body.error).toBe('string');
});
