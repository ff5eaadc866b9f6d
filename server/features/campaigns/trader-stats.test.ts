// GET /api/trader/stats/:traderId: the trader dashboard's figures on known data, and who may see them.
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { buildTestApp, createCampaign, createUser } from '../../../test/app.ts';
import { AuthClient } from '../../../test/auth.ts';

let app: App;
let api: AuthClient;
let traderId: string;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  app = await buildTestApp();
  api = new AuthClient(app);
  const make = async (name: string, role: 'trader' | 'investor' | 'admin') => {
    const user = await createUser(app.db, {
      role,
      ...(role === 'trader' && { companyName: 'Acme H2', registrationNumber: `R-${name}` }),
    });
    tokens[name] = await api.session(user.id);
    return user.id;
  };
  traderId = await make('trader', 'trader');
  await make('other', 'trader');
  await make('investor', 'investor');
  await make('admin', 'admin');
  const base = { traderId, targetAmount: '100000', buyPrice: '1.40', sellPrice: '5.60' }; // ROI 300%
  await createCampaign(app.db, { ...base, status: 'active', raisedAmount: '25000.50' });
  await createCampaign(app.db, { ...base, status: 'active', raisedAmount: '0', sellPrice: '4.20' }); // 200%
  await createCampaign(app.db, { ...base, status: 'funded', raisedAmount: '100000' });
  await createCampaign(app.db, {
    ...base,
    status: 'completed',
    raisedAmount: '100000',
    actualProfit: '41999.99',
  });
  await createCampaign(app.db, {
    ...base,
    status: 'completed',
    raisedAmount: '100000',
    actualProfit: '30000.01',
  });
  // A cancelled campaign was refunded: it counts as ended without success, and in no money total.
  await createCampaign(app.db, { ...base, status: 'cancelled', raisedAmount: '0', sellPrice: '14.00' });
});

const stats = (id: string, token?: string) => api.get(`/api/trader/stats/${id}`, { token });

describe('GET /api/trader/stats/:traderId', () => {
  it('adds up the trader’s campaigns', async () => {
    const res = await stats(traderId, tokens.trader);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      totalCampaigns: 6,
      activeCampaigns: 2,
      totalFunded: '325000.50', // 25,000.50 + 100,000 × 3
      totalProfits: '72000.00', // 41,999.99 + 30,000.01
      successRate: '75.0', // 3 reached their target of the 4 whose funding ended
      averageRoi: '280.0', // (300 × 4 + 200) / 5, the draft left out
    });
  });

  it('answers zeros and no rates for a trader without campaigns', async () => {
    const fresh = await createUser(app.db, { role: 'trader', companyName: 'New', registrationNumber: 'N1' });
    const token = await api.session(fresh.id);
    expect((await stats(fresh.id, token)).json()).toEqual({
      totalCampaigns: 0,
      activeCampaigns: 0,
      totalFunded: '0.00',
      totalProfits: '0.00',
      successRate: null,
      averageRoi: null,
    });
  });

  it('lets an admin see any trader’s stats', async () => {
    expect((await stats(traderId, tokens.admin)).json()).toMatchObject({ totalCampaigns: 6 });
  });

  it('refuses another trader and an investor (403), and a visitor (401)', async () => {
    expect((await stats(traderId, tokens.other)).statusCode).toBe(403);
    expect((await stats(traderId, tokens.investor)).statusCode).toBe(403);
    expect((await stats(traderId)).statusCode).toBe(401);
  });

  it('answers 404 Trader not found to an admin asking for no trader', async () => {
    for (const id of ['3f0c1b8e-8a51-4a6c-9e3d-2b7f4c1d9e00', 'nope']) {
      const res = await stats(id, tokens.admin);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Trader not found' });
    }
  });
});
