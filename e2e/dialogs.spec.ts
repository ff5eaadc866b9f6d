// Dialogs in a real browser: closing one returns focus to what opened it (WCAG 2.4.3), and opening
// one locks page scroll without any Content Security Policy violation: the scroll-lock <style> Radix
// injects carries the page's nonce, and the policy allows no 'unsafe-inline' style.
import { DEMO, DEMO_PASSWORD } from './accounts.ts';
import { campaignIdByTitle } from './campaigns.ts';
import { expect, SEEDED, test, type Page } from './fixtures.ts';

/** Records CSP violations in the page (the event carries what console messages may leave out). */
async function recordCspViolations(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push(`${e.violatedDirective} ${e.blockedURI} ${e.sample}`),
    );
  });
}
const cspViolations = (page: Page) =>
  page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
const bodyOverflow = (page: Page) => page.evaluate(() => getComputedStyle(document.body).overflowY);

async function signInDemoTrader(page: Page) {
  const res = await page.request.post('/api/auth/signin', {
    data: { email: DEMO.trader.email, password: DEMO_PASSWORD },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

test.describe('focus returns to what opened a dialog', () => {
  test('the sign-in dialog, opened from Login, Get Started and Invest Now, closed with Escape or ×', async ({
    page,
    request,
  }) => {
    const dialog = page.getByRole('dialog');
    // Invest Now from the campaign's own page: other tests add campaigns, which may push the seeded
    // ones off the landing page.
    const campaign = `/campaigns/${await campaignIdByTitle(request, SEEDED.kandla.title)}`;
    const openers = [
      { at: '/', opener: page.getByRole('banner').getByRole('button', { name: 'Login' }) },
      { at: '/', opener: page.getByRole('main').getByRole('button', { name: 'Get Started' }) },
      { at: campaign, opener: page.getByRole('main').getByRole('button', { name: 'Invest Now' }) },
    ];
    for (const { at, opener } of openers) {
      await page.goto(at);
      for (const close of ['Escape', 'the close button'] as const) {
        await opener.click();
        await expect(dialog).toBeVisible();
        // Focus moved into the dialog …
        await expect(dialog.locator(':focus')).toHaveCount(1);
        if (close === 'Escape') await page.keyboard.press('Escape');
        else await dialog.getByRole('button', { name: 'Close' }).click();
        await expect(dialog).toHaveCount(0);
        // … and back to the button that opened it, not to the page body.
        await expect(opener, `${await opener.textContent()} after ${close}`).toBeFocused();
      }
    }
  });

  test('the sign-in dialog opened by keyboard returns focus to its button for the next Tab', async ({
    page,
  }) => {
    await page.goto('/');
    const login = page.getByRole('banner').getByRole('button', { name: 'Login' });
    await login.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(login).toBeFocused();
  });

  test("the trader's View, Edit and Track Shipment modals, opened from the table's buttons", async ({
    page,
  }) => {
    await signInDemoTrader(page);
    await page.goto('/trader/campaigns');
    const modal = page.getByRole('dialog');
    const row = (title: string) => page.getByRole('main').getByRole('row').filter({ hasText: title });
    const cases = [
      { title: SEEDED.kandla.title, button: 'View' },
      { title: SEEDED.kandla.title, button: 'Edit' },
      { title: SEEDED.paradip.title, button: 'Track Shipment' },
    ];
    for (const { title, button } of cases) {
      const opener = row(title).getByRole('button', { name: `${button} ${title}` });
      await opener.click();
      await expect(modal).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(modal).toHaveCount(0);
      await expect(opener, button).toBeFocused();
    }
  });
});

test.describe('no inline style without the nonce', () => {
  test('opening the dialogs locks page scroll, with no CSP violation', async ({ page }) => {
    await recordCspViolations(page);
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy|Permissions-Policy/i.test(message.text())) violations.push(message.text());
    });
    const answer = await page.goto('/');
    const styleSrc = /style-src ([^;]+)/.exec(answer!.headers()['content-security-policy']!)![1]!;
    expect(styleSrc).toMatch(/^'self' 'nonce-[A-Za-z0-9+/]{22}=='$/);
    expect(styleSrc).not.toContain('unsafe-inline');

    expect(await bodyOverflow(page)).not.toBe('hidden');
    await page.getByRole('banner').getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    // The scroll lock applies: its <style> was allowed, carrying the nonce of this page's answer.
    await expect.poll(() => bodyOverflow(page)).toBe('hidden');
    const lockNonces = await page.evaluate(() =>
      [...document.querySelectorAll('style')].map((s) => s.nonce).filter(Boolean),
    );
    expect(lockNonces).toContain(/'nonce-(.+)'/.exec(styleSrc)![1]);
    await page.keyboard.press('Escape');
    await expect.poll(() => bodyOverflow(page)).not.toBe('hidden');

    // The trader's modals and the account menu (a Radix menu locks scroll the same way).
    await signInDemoTrader(page);
    await page.goto('/trader/campaigns');
    const row = page.getByRole('main').getByRole('row').filter({ hasText: SEEDED.kandla.title });
    await row.getByRole('button', { name: `Edit ${SEEDED.kandla.title}` }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expect.poll(() => bodyOverflow(page)).toBe('hidden');
    await page.keyboard.press('Escape');
    await page
      .getByRole('banner')
      .getByRole('button', { name: /switch role/ })
      .click();
    await expect(page.getByRole('menu')).toBeVisible();
    await page.keyboard.press('Escape');

    expect(await cspViolations(page)).toEqual([]);
    expect(violations).toEqual([]);
  });

  test('a reload gets a new nonce, and the page still works under it', async ({ page }) => {
    await recordCspViolations(page);
    const first = await page.goto('/');
    const second = await page.reload();
    const nonce = (answer: typeof first) =>
      /'nonce-([^']+)'/.exec(answer!.headers()['content-security-policy']!)![1];
    expect(nonce(first)).not.toBe(nonce(second));
    await page.getByRole('banner').getByRole('button', { name: 'Login' }).click();
    await expect.poll(() => bodyOverflow(page)).toBe('hidden');
    expect(await cspViolations(page)).toEqual([]);
  });
});
