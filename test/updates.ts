// Campaign updates and questions test kit (docs/updates.md): a campaign with backers, posting an
// update and attaching files as the browser's FormData does.
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { outgoingEmails } from '../server/db/schema/index.ts';
import type { App } from '../server/app.ts';
import { SESSION_COOKIE } from '../server/features/accounts/index.ts';
import { createCampaign } from './app.ts';
import { investIn } from './investing.ts';
import { signedInAs, type Actor } from './actor.ts';
import { FILES, multipart, type Part } from './kyc.ts';

/** An open campaign of a new trader, and one investor per amount who backed it through the card flow. */
export async function backedCampaign(app: App, amounts: string[] = ['500.00']) {
  const trader = await signedInAs(app, 'trader');
  const campaign = await createCampaign(app.db, { traderId: trader.user.id, targetAmount: '100000.00' });
  const backers: Actor[] = [];
  for (const amount of amounts) {
    const investor = await signedInAs(app, 'investor');
    const { record } = await investIn(app, investor, campaign, amount);
    expect(record?.statusCode, record?.body).toBeLessThan(300);
    backers.push(investor);
  }
  return { trader, campaign, backers };
}

/** POST /api/campaigns/:id/updates as the actor; the update's id (must be created: 201). */
export async function postUpdate(
  actor: Actor,
  campaign: { id: string },
  body: { title?: string; body?: string; audience?: string } = {},
): Promise<string> {
  const res = await actor.post(`/api/campaigns/${campaign.id}/updates`, {
    title: 'Loaded at Kandla',
    body: 'The cargo was loaded on 3 March.',
    audience: 'public',
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string }>().id;
}

/** POST …/updates/:updateId/files (multipart, files in `files`) as `token`'s user. */
export function postFiles(
  app: App,
  token: string | null,
  campaignId: string,
  updateId: string,
  files: Array<() => Buffer> = [FILES.pdf],
) {
  const parts: Part[] = files.map((file, i) => ({
    name: 'files',
    filename: `file-${i}.bin`,
    contentType: 'application/octet-stream',
    content: file(),
  }));
  const { body, contentType } = multipart(parts);
  return app.inject({
    method: 'POST',
    url: `/api/campaigns/${campaignId}/updates/${updateId}/files`,
    headers: { 'content-type': contentType, ...(token && { cookie: `${SESSION_COOKIE}=${token}` }) },
    payload: body,
  });
}

/**
 * Emails queued to the actor whose subject contains `text`: the outbox's rows, written in the
 * transaction of the event (the sender delivers them after COMMIT, in the background).
 */
export async function queuedTo(app: App, actor: Actor, text: string) {
  const rows = await app.db.select().from(outgoingEmails).where(eq(outgoingEmails.to, actor.user.email!));
  return rows.filter((m) => m.subject.includes(text));
}
