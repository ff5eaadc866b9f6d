// Shared steps of the campaign list specs (landing, browse). Other specs may add campaigns to the same
// server at any time, so these check the seeded campaigns that must (or must not) be listed, never
// how many cards there are in all.
import type { APIRequestContext } from '@playwright/test';
import { campaignCard, expect, type Page } from './fixtures.ts';

export const NO_CAMPAIGNS = 'No campaigns available at the moment';

/** The list has finished loading: no skeletons, and no previous page still shown while the next loads. */
export async function expectListSettled(page: Page) {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

/** Each of `shown` has its card on screen and none of `hidden` has. */
export async function expectCampaigns(page: Page, shown: readonly string[], hidden: readonly string[] = []) {
  await expectListSettled(page);
  for (const title of hidden) await expect(campaignCard(page, title)).toHaveCount(0);
  for (const title of shown) await expect(campaignCard(page, title)).toBeVisible();
}

/** The card titles on screen, in order. */
export const cardTitles = (page: Page) => page.getByRole('article').getByRole('heading', { level: 3 });

/** A seeded campaign's id, found through the public list call. */
export async function campaignIdByTitle(request: APIRequestContext, title: string): Promise<string> {
  const res = await request.get(`/api/campaigns?q=${encodeURIComponent(title)}&limit=100`);
  expect(res.ok(), await res.text()).toBe(true);
  const match = ((await res.json()) as Array<{ id: string; title: string }>).find((c) => c.title === title);
  expect(match, `campaign "${title}" in GET /api/campaigns`).toBeDefined();
  return match!.id;
}
