// The demo data is written through the real investment flow: the ledger holds, and the campaigns
// show the spec's sample figures.
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import { verifyLedger } from '../../checks/ledger.ts';
import { callsAs } from '../../../test/investing.ts';
import { eq } from 'drizzle-orm';
import { escrowRecords, investments } from '../schema/index.ts';

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
  });
});
