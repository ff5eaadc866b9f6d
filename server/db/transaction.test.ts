// inTransaction: one transaction per call (joined by nested calls), hooks only after a commit.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp, createCampaign } from '../../test/app.ts';
import { invalidateCampaignLists, listCampaigns } from '../features/campaigns/index.ts';
import { campaignListQuerySchema } from '../../domain/campaign-schemas.ts';
import { campaigns } from './schema/index.ts';
import { afterCommit, inTransaction } from './transaction.ts';

describe('inTransaction', () => {
  it('runs after-commit hooks once the writes are visible, in order, and never after a rollback', async () => {
    const app = await buildTestApp();
    const campaign = await createCampaign(app.db);
    const seen: string[] = [];

    await inTransaction(app.db, async (tx) => {
      await tx
        .update(campaigns)
        .set({ title: 'Committed title' })
        .where(sql`${campaigns.id} = ${campaign.id}`);
      tx.afterCommit(async () => {
        // Read outside the transaction: the hook sees what was committed.
        const [row] = await app.db.select({ title: campaigns.title }).from(campaigns);
        seen.push(`first: ${row!.title}`);
      });
      await afterCommit(tx, () => seen.push('second'));
      expect(seen).toEqual([]);
    });
    expect(seen).toEqual(['first: Committed title', 'second']);

    await expect(
      inTransaction(app.db, async (tx) => {
        await tx.update(campaigns).set({ title: 'Rolled back' });
        tx.afterCommit(() => seen.push('after rollback'));
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(seen).toEqual(['first: Committed title', 'second']);
    const [row] = await app.db.select({ title: campaigns.title }).from(campaigns);
    expect(row!.title).toBe('Committed title');
  });

  it('joins the caller’s transaction: an inner failure rolls back the outer writes too', async () => {
    const app = await buildTestApp();
    const campaign = await createCampaign(app.db, { title: 'Before' });
    await expect(
      inTransaction(app.db, async (outer) => {
        await outer.update(campaigns).set({ title: 'Outer write' });
        await inTransaction(outer, async (inner) => {
          expect(inner).toBe(outer);
          throw new Error('inner refused');
        });
      }),
    ).rejects.toThrow('inner refused');
    const [row] = await app.db.select({ title: campaigns.title }).from(campaigns);
    expect(row!.title).toBe(campaign.title);
  });

  it('clears the public list cache when a campaign write in a transaction commits', async () => {
    const app = await buildTestApp();
    const campaign = await createCampaign(app.db, { title: 'Cached title' });
    const query = campaignListQuerySchema.parse({});
    const titles = async () =>
      (JSON.parse((await listCampaigns(app.db, query, null)).json) as Array<{ title: string }>).map(
        (c) => c.title,
      );
    expect(await titles()).toEqual(['Cached title']); // now cached

    await inTransaction(app.db, async (tx) => {
      await tx
        .update(campaigns)
        .set({ title: 'Fresh title' })
        .where(sql`${campaigns.id} = ${campaign.id}`);
      await invalidateCampaignLists(tx);
    });
    expect(await titles()).toEqual(['Fresh title']);
  });
});
