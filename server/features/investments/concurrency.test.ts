// Real concurrency on this run's database (PGlite serializes queries but not check-then-write races;
// PostgreSQL runs them on a pool of connections): investors racing for the last slices never over-fund
// a campaign, and the ledger stays sound.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { toFixed, ZERO } from '../../../domain/money.ts';
import { verifyLedger } from '../../checks/ledger.ts';
import { campaigns, investments } from '../../db/schema/index.ts';
import { buildTestApp, createCampaign } from '../../../test/app.ts';
import { investIn, signedInAs } from '../../../test/investing.ts';

describe('investors racing for one campaign', () => {
  it('50 investors for room for exactly 10: exactly 10 recorded, raised = target, never above', async () => {
    const app = await buildTestApp();
    const campaign = await createCampaign(app.db, { targetAmount: '10000', minimumInvestment: '1000' });
    const racers = await Promise.all(Array.from({ length: 50 }, () => signedInAs(app, 'investor')));
    const results = await Promise.all(racers.map((investor) => investIn(app, investor, campaign, '1000.00')));

    const recorded = results.filter((r) => r.record?.statusCode === 200 || r.record?.statusCode === 201);
    const refused = results.filter((r) => r.intent.statusCode === 409);
    expect(recorded).toHaveLength(10);
    expect(refused).toHaveLength(40);
    for (const r of refused)
      expect(r.intent.json().error).toMatch(/^(Nothing is open|This campaign is fully funded)/);

    const [row] = await app.db.select().from(campaigns).where(eq(campaigns.id, campaign.id));
    expect(row).toMatchObject({ raisedAmount: '10000.00', investorCount: 10, status: 'funded' });
    const confirmed = await app.db.select().from(investments).where(eq(investments.status, 'confirmed'));
    expect(confirmed).toHaveLength(10);
    expect(await verifyLedger(app.db)).toEqual([]);
  });

  it('mixed amounts racing for the rest of a campaign never fund it beyond its target', async () => {
    const app = await buildTestApp();
    const campaign = await createCampaign(app.db, { targetAmount: '5000' });
    const racers = await Promise.all(Array.from({ length: 20 }, () => signedInAs(app, 'investor')));
    const amounts = ['100.00', '250.00', '333.33', '500.00', '1200.00'];
    const results = await Promise.all(
      racers.map((investor, i) => investIn(app, investor, campaign, amounts[i % amounts.length])),
    );
    const recordedTotal = results
      .filter((r) => r.record?.statusCode === 200 || r.record?.statusCode === 201)
      .reduce((sum, r) => sum.plus(r.record!.json<{ amount: string }>().amount), ZERO);
    const [row] = await app.db.select().from(campaigns).where(eq(campaigns.id, campaign.id));
    expect(row!.raisedAmount).toBe(toFixed(recordedTotal));
    expect(recordedTotal.lte('5000')).toBe(true);
    expect(await verifyLedger(app.db)).toEqual([]);
  });
});
