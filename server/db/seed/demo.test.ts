// The demo data is written through the real investment flow: the ledger holds, and the campaigns
// show the spec's sample figures.
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import { verifyLedger } from '../../checks/ledger.ts';
import { callsAs } from '../../../test/investing.ts';
import { eq } from 'drizzle-orm';
import {
  campaigns as campaignsTable,
  escrowRecords,
  investments,
  orders,
  rfqs,
  users,
} from '../schema/index.ts';

describe('demo seed', () => {
  it('funds the demo campaigns with real investments: the ledger verifies and the figures add up', async () => {
    const app = await buildTestApp({ seed: true });
    expect(await verifyLedger(app.db)).toEqual([]);
    const list = await callsAs(app, null).get('/api/campaigns?limit=100&sort=funded');
    const campaigns = list.json<
      Array<{
        title: string;
        raisedAmount: string;
        targetAmount: string;
        investorCount: number;
        status: string;
      }>
    >();
    expect(campaigns).toHaveLength(6);
    const kandla = campaigns.find((c) => c.title === 'Kandla → Rotterdam green ammonia cargo')!;
    expect(kandla).toMatchObject({ investorCount: 7, status: 'active' });
    const paradip = campaigns.find((c) => c.title === 'Paradip → Hamburg pilot shipment')!;
    expect(paradip.raisedAmount).toBe(paradip.targetAmount);
    expect(paradip.status).toBe('funded');

    // The delivered cargo was settled through the lifecycle: every investor paid out, escrow released.
    const completed = campaigns.find((c) => c.status === 'completed')!;
    const rows = await app.db
      .select({ status: investments.status, escrow: escrowRecords.status, profit: investments.profitShare })
      .from(investments)
      .innerJoin(escrowRecords, eq(escrowRecords.investmentId, investments.id))
      .where(eq(investments.campaignId, (completed as unknown as { id: string }).id));
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows)
      expect([r.status, r.escrow, r.profit !== null]).toEqual(['paid_out', 'released', true]);
    const trading = campaigns.find((c) => c.status === 'trading') as unknown as { id: string };
    const milestones = await callsAs(app, null).get(`/api/campaigns/${trading.id}/milestones`);
    expect(milestones.json<Array<{ kind: string }>>().map((m) => m.kind)).toEqual([
      'loaded',
      'departed',
      'arrived',
    ]);
    // The cargo that missed its deadline was cancelled by the deadline sweep: every backer refunded.
    const [expired] = await app.db
      .select()
      .from(campaignsTable)
      .where(eq(campaignsTable.title, 'Visakhapatnam → Marseille ammonia cargo'));
    expect([expired!.status, expired!.raisedAmount, expired!.investorCount]).toEqual([
      'cancelled',
      '0.00',
      0,
    ]);
    const refunds = await app.db
      .select({ status: investments.status, escrow: escrowRecords.status, at: investments.updatedAt })
      .from(investments)
      .innerJoin(escrowRecords, eq(escrowRecords.investmentId, investments.id))
      .where(eq(investments.campaignId, expired!.id));
    expect(refunds).toHaveLength(4);
    for (const r of refunds) {
      expect([r.status, r.escrow]).toEqual(['refunded', 'refunded']);
      // Refunded soon after the deadline, as the server's sweep would have.
      expect(r.at.getTime() - expired!.deadline.getTime()).toBeLessThan(2 * 3_600_000);
    }
    // The marketplace: the demo trader's listings, the demo buyer's orders in every status, earned figures.
    const listings = await callsAs(app, null).get('/api/listings');
    expect(listings.headers['x-total-count']).toBe('3');
    const [supplier] = (await callsAs(app, null).get('/api/suppliers')).json<
      Array<{ name: string; rating: string; delivered: number; onTimeRate: string }>
    >();
    expect(supplier).toMatchObject({
      name: 'Bharat Green Fuels Pvt Ltd',
      rating: '4.5',
      delivered: 3,
      onTimeRate: '100.0',
    });
    const [buyer] = await app.db.select().from(users).where(eq(users.username, 'buyer'));
    const statuses = (await app.db.select().from(orders).where(eq(orders.buyerId, buyer!.id))).map(
      (o) => o.status,
    );
    expect(new Set(statuses)).toEqual(new Set(['pending', 'confirmed', 'shipped', 'delivered', 'cancelled']));
    expect((await app.db.select().from(rfqs)).map((r) => r.status)).toEqual(['open']);
  });
});
