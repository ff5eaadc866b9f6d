// The authorization matrix's requests for campaign updates and questions (server/features/updates):
// the owner's active campaign holds a backers-only update with a file and a question another user
// asked, written straight to the database before the call (a setup, not the action watched).
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import {
  campaignQuestions,
  campaignUpdateFiles,
  campaignUpdates,
  savedSearches,
} from '../../server/db/schema/index.ts';
import { storeBuffer } from '../../server/uploads/storage.ts';
import { createUser } from '../app.ts';
import { FILES, multipart } from '../kyc.ts';
import type { Answer, Builder, RouteContext } from './requests.ts';

async function backersUpdate(ctx: RouteContext) {
  const [update] = await ctx.app.db
    .insert(campaignUpdates)
    .values({
      campaignId: ctx.campaign.id,
      authorId: ctx.campaign.traderId,
      title: 'For backers',
      body: 'The cargo is insured.',
      audience: 'backers',
    })
    .returning();
  return update!;
}

async function question(ctx: RouteContext) {
  const asker = await createUser(ctx.app.db);
  const [row] = await ctx.app.db
    .insert(campaignQuestions)
    .values({
      campaignId: ctx.campaign.id,
      askerId: asker.id,
      body: 'Who insures it?',
      createdAt: new Date(),
    })
    .returning({ id: campaignQuestions.id });
  return row!.id;
}

function pdfUpload() {
  const { body, contentType } = multipart([
    { name: 'files', filename: 'report.pdf', contentType: 'application/pdf', content: FILES.pdf() },
  ]);
  return { body: body.toString('utf8'), headers: { 'content-type': contentType } };
}

export const UPDATE_REQUESTS = {
  'POST /api/campaigns/:id/updates': (ctx) => ({
    url: `/api/campaigns/${ctx.campaign.id}/updates`,
    body: { title: 'Loaded', body: 'The cargo is on board.', audience: 'backers' },
    happened: (res) => expect(res.json()).toEqual({ id: expect.any(String) }),
  }),
  // 'shown': the backers-only update is in the answer (the owner, admins; backers: API tests).
  'GET /api/campaigns/:id/updates': async (ctx) => {
    const update = await backersUpdate(ctx);
    return {
      url: `/api/campaigns/${ctx.campaign.id}/updates`,
      shows: (res: Answer) =>
        res.json<{ items: Array<{ id: string }> }>().items.some((u) => u.id === update.id),
    };
  },
  'POST /api/campaigns/:id/updates/:updateId/files': async (ctx) => {
    const update = await backersUpdate(ctx);
    return {
      url: `/api/campaigns/${ctx.campaign.id}/updates/${update.id}/files`,
      ...pdfUpload(),
      happened: (res) =>
        expect(res.json()).toMatchObject({ id: update.id, attachments: [{ fileName: 'report.pdf' }] }),
    };
  },
  'GET /api/campaigns/:id/updates/:updateId/files/:fileId': async (ctx) => {
    const update = await backersUpdate(ctx);
    const [file] = await ctx.app.db
      .insert(campaignUpdateFiles)
      .values({
        updateId: update.id,
        fileId: await storeBuffer(ctx.app.db, ctx.campaign.traderId, 'application/pdf', FILES.pdf()),
        fileName: 'report.pdf',
        contentType: 'application/pdf',
        size: FILES.pdf().length,
      })
      .returning({ id: campaignUpdateFiles.id });
    return {
      url: `/api/campaigns/${ctx.campaign.id}/updates/${update.id}/files/${file!.id}`,
      happened: (res) => expect(res.headers['content-type']).toBe('application/pdf'),
    };
  },
  'GET /api/portfolio/updates': () => ({
    url: '/api/portfolio/updates',
    happened: (res) => expect(res.json()).toEqual({ items: [] }),
  }),
  'POST /api/campaigns/:id/questions': (ctx) => ({
    url: `/api/campaigns/${ctx.campaign.id}/questions`,
    body: { body: 'When does it sail?' },
    happened: (res) => expect(res.json()).toEqual({ id: expect.any(String) }),
  }),
  'GET /api/campaigns/:id/questions': async (ctx) => {
    const id = await question(ctx);
    return {
      url: `/api/campaigns/${ctx.campaign.id}/questions`,
      happened: (res) =>
        expect(res.json<{ items: Array<{ id: string }> }>().items.map((q) => q.id)).toEqual([id]),
    };
  },
  'POST /api/campaigns/:id/questions/:questionId/answer': async (ctx) => {
    const id = await question(ctx);
    return {
      url: `/api/campaigns/${ctx.campaign.id}/questions/${id}/answer`,
      body: { body: 'Marine cargo insurance.' },
      happened: (res) => expect(res.json()).toMatchObject({ id }),
    };
  },
  'POST /api/admin/questions/:id/hide': async (ctx) => {
    const id = await question(ctx);
    return {
      url: `/api/admin/questions/${id}/hide`,
      body: { part: 'question', reason: 'Abusive language' },
      happened: (res) => expect(res.json()).toEqual({ id, part: 'question' }),
    };
  },
  // Followed campaigns and saved searches: investors only; a saved search is its investor's own.
  'POST /api/campaigns/:id/follow': (ctx) => ({
    url: `/api/campaigns/${ctx.campaign.id}/follow`,
    happened: (res) => expect(res.json()).toEqual({ campaignId: ctx.campaign.id, following: true }),
  }),
  'POST /api/campaigns/:id/unfollow': (ctx) => ({
    url: `/api/campaigns/${ctx.campaign.id}/unfollow`,
    happened: (res) => expect(res.json()).toEqual({ campaignId: ctx.campaign.id, following: false }),
  }),
  'GET /api/follows': () => ({
    url: '/api/follows',
    happened: (res) => expect(res.json()).toEqual({ items: [] }),
  }),
  'POST /api/saved-searches': () => ({
    url: '/api/saved-searches',
    body: { query: 'region=europe&risk=low' },
    happened: (res) => expect(res.json()).toMatchObject({ query: 'risk=low&region=europe' }),
  }),
  'GET /api/saved-searches': () => ({
    url: '/api/saved-searches',
    happened: (res) => expect(res.json()).toEqual({ items: [] }),
  }),
  'POST /api/saved-searches/:id/remove': Object.assign(
    async (ctx: RouteContext) => {
      const [search] = await ctx.app.db
        .insert(savedSearches)
        .values({ userId: ctx.owner.user.id, query: `q=${randomUUID()}`, createdAt: new Date() })
        .returning({ id: savedSearches.id });
      return {
        url: `/api/saved-searches/${search!.id}/remove`,
        happened: (res: Answer) => expect(res.json()).toEqual({ id: search!.id }),
      };
    },
    { owner: 'investor' as const },
  ),
} satisfies Record<string, Builder>;
