import { expect, test } from './fixtures.ts';

test('signed-out navigation shows only Browse Campaigns and How It Works', async ({ page }) => {
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(page.getByRole('banner').getByRole('button', { name: 'Login' })).toBeVisible();
  await expect(nav.getByRole('link')).toHaveText(['Browse Campaigns', 'How It Works']);
  await expect(nav.locator('[aria-current]')).toHaveCount(0);
});

test('nav links navigate and mark the active route with aria-current="page"', async ({ page }) => {
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  const browse = nav.getByRole('link', { name: 'Browse Campaigns' });
  const howItWorks = nav.getByRole('link', { name: 'How It Works' });

  await browse.click();
  await expect(page).toHaveURL('/campaigns');
  await expect(page.getByRole('heading', { level: 1, name: 'All Campaigns' })).toBeVisible();
  await expect(browse).toHaveAttribute('aria-current', 'page');
  await expect(howItWorks).not.toHaveAttribute('aria-current');

  await howItWorks.click();
  await expect(page).toHaveURL('/how-it-works');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(howItWorks).toHaveAttribute('aria-current', 'page');
  await expect(browse).not.toHaveAttribute('aria-current');

  // The brand goes home, where no nav item is active.
  await page.getByRole('banner').getByRole('link', { name: 'HydroBridge' }).click();
  await expect(page).toHaveURL('/');
  await expect(nav.locator('[aria-current]')).toHaveCount(0);
});
