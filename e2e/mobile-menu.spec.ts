import { expect, test } from './fixtures.ts';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test('the mobile menu opens from its toggle and closes on Escape', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  const panel = page.getByRole('navigation', { name: 'Mobile' });
  const toggle = page.getByRole('button', { name: 'Open menu' });

  await toggle.click();
  await expect(panel).toBeVisible();
  await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
  await expect(panel.getByRole('link')).toHaveText(['Browse Campaigns', 'How It Works']);

  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');

  // The toggle also closes it.
  await toggle.click();
  await expect(panel).toBeVisible();
  await page.getByRole('button', { name: 'Close menu' }).click();
  await expect(panel).toBeHidden();
});

test('choosing a link in the mobile menu navigates and closes the menu', async ({ page }) => {
  await page.goto('/');
  const panel = page.getByRole('navigation', { name: 'Mobile' });
  await page.getByRole('button', { name: 'Open menu' }).click();
  await panel.getByRole('link', { name: 'How It Works' }).click();
  await expect(page).toHaveURL('/how-it-works');
  await expect(panel).toBeHidden();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(panel.getByRole('link', { name: 'How It Works' })).toHaveAttribute('aria-current', 'page');
  await panel.getByRole('link', { name: 'Browse Campaigns' }).click();
  await expect(page).toHaveURL('/campaigns');
  await expect(panel).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'All Campaigns' })).toBeVisible();
});
