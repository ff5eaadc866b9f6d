// Investor protection before investing (docs/investor-protection.md): the knowledge test and loss
// simulation (fixed contract), the 403 before it, the 428 until the KIIS of the current terms version
// and, above the higher of $1,000 or 5% of net worth, the risk warning are acknowledged, what is
// recorded with the investment, and the test's two years (an injected clock).
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { APPROPRIATENESS_QUESTIONS } from '../../../../domain/investor-protection.ts';
import type { App } from '../../../app.ts';
import {
  appropriatenessAssessments,
  investmentAcknowledgements,
  investments,
  payments,
} from '../../../db/schema/index.ts';
import { buildTestApp, createCampaign, testClock } from '../../../../test/app.ts';
import { approveCampaign } from '../../../../test/diligence.ts';
import {
  appropriatenessBody,
  investIn,
  passAppropriateness,
  PASSING_ANSWERS,
} from '../../../../test/investing.ts';
import { signedInAs, type Actor } from '../../../../test/actor.ts';

const clock = testClock();
let app: App;
const YEAR_MS = 365 * 86_400_000;

beforeAll(async () => {
  app = await buildTestApp({ clock });
});

const newInvestor = () => signedInAs(app, 'investor', {}, { appropriateness: false });
/** A campaign open for three years (the clock moves two years on in this file). */
const openCampaign = () =>
  createCampaign(app.db, { targetAmount: '1000000.00', deadline: new Date(Date.now() + 3 * YEAR_MS) });
const intentBody = (
  investor: Actor,
  campaign: { id: string },
  amount: string,
  acknowledgements?: object,
) => ({
  amount,
  campaignId: campaign.id,
  investorId: investor.user.id,
  ...(acknowledgements && { acknowledgements }),
});
const assessmentsOf = (userId: string) =>
  app.db.select().from(appropriatenessAssessments).where(eq(appropriatenessAssessments.userId, userId));

describe('GET /api/investor/appropriateness', () => {
  it('asks a new investor to take the test: the questions with their options, never the answers', async () => {
    const investor = await newInvestor();
    const res = await investor.get('/api/investor/appropriateness');
    expect(res.statusCode, res.body).toBe(200);
    const view = res.json();
    expect(view).toMatchObject({
      status: 'required',
      sophisticated: false,
      passed: null,
      riskWarningAbove: null,
    });
    expect(view.questions).toHaveLength(APPROPRIATENESS_QUESTIONS.length);
    expect(view.questions[0]).toEqual({
      id: 'capital-loss',
      text: expect.stringContaining('the money you invested'),
      options: expect.arrayContaining([{ id: 'partial-or-all', text: 'I can lose part or all of it' }]),
    });
    expect(res.body).not.toContain('correct');
    expect(res.body).not.toContain('warning');
  });

  it('is for investors: 401 signed out, 403 for other roles', async () => {
    expect((await app.inject({ url: '/api/investor/appropriateness' })).statusCode).toBe(401);
    const trader = await signedInAs(app, 'trader');
    expect((await trader.get('/api/investor/appropriateness')).statusCode).toBe(403);
    expect((await trader.post('/api/investor/appropriateness', appropriatenessBody())).statusCode).toBe(403);
  });
});

describe('POST /api/investor/appropriateness', () => {
  it('stores a passed test and its simulation: maxLoss is 10% of income + liquid assets − commitments', async () => {
    const investor = await newInvestor();
    const res = await investor.post(
      '/api/investor/appropriateness',
      appropriatenessBody({ income: '48000.50', liquidAssets: '12000.00', commitments: '20000.00' }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ passed: true, maxLoss: '4000.05' });
    const view = (await investor.get('/api/investor/appropriateness')).json();
    expect(view).toMatchObject({
      status: 'done',
      passed: true,
      netWorth: '40000.50',
      maxLoss: '4000.05',
      // 5% of 40,000.50 is 2,000.03 (rounded): above $1,000, so the warning starts above it.
      riskWarningAbove: '2000.03',
    });
  });

  it('a net worth below zero bears no loss: maxLoss 0', async () => {
    const investor = await newInvestor();
    const res = await investor.post(
      '/api/investor/appropriateness',
      appropriatenessBody({ income: '10000.00', liquidAssets: '0', commitments: '25000.00' }),
    );
    expect(res.json()).toEqual({ passed: true, maxLoss: '0.00' });
  });

  it('a failed test needs the warnings acknowledged: 400 naming `acknowledged` with the warnings of the wrong answers, nothing stored', async () => {
    const investor = await newInvestor();
    const answers = { ...PASSING_ANSWERS, 'deposit-guarantee': 'covered-100k', illiquidity: 'any-time' };
    const refused = await investor.post('/api/investor/appropriateness', appropriatenessBody({ answers }));
    expect(refused.statusCode, refused.body).toBe(400);
    const body = refused.json();
    expect(body.fields).toEqual({ acknowledged: expect.stringContaining('warnings') });
    expect(body.warnings.map((w: { questionId: string }) => w.questionId)).toEqual([
      'illiquidity',
      'deposit-guarantee',
    ]);
    expect(body.warnings[1].warning).toContain('not a bank deposit');
    expect(await assessmentsOf(investor.user.id)).toEqual([]);

    const unacknowledged = await investor.post(
      '/api/investor/appropriateness',
      appropriatenessBody({ answers, acknowledged: false }),
    );
    expect(unacknowledged.statusCode).toBe(400);

    const acknowledged = await investor.post(
      '/api/investor/appropriateness',
      appropriatenessBody({ answers, acknowledged: true }),
    );
    expect(acknowledged.statusCode, acknowledged.body).toBe(200);
    expect(acknowledged.json()).toEqual({ passed: false, maxLoss: '10000.00' });
    const [stored] = await assessmentsOf(investor.user.id);
    expect(stored).toMatchObject({
      passed: false,
      acknowledged: true,
      wrong: ['illiquidity', 'deposit-guarantee'],
    });
    // A failed test does not block: the investor may invest (after the KIIS).
    expect((await investor.get('/api/investor/appropriateness')).json()).toMatchObject({
      status: 'done',
      passed: false,
    });
  });

  it('refuses incomplete or malformed answers and amounts with 400 naming the field, storing nothing', async () => {
    const investor = await newInvestor();
    const { 'capital-loss': _missing, ...partial } = PASSING_ANSWERS;
    const cases: Array<[object, string]> = [
      [appropriatenessBody({ answers: partial }), 'answers.capital-loss'],
      [appropriatenessBody({ answers: { ...PASSING_ANSWERS, returns: 'guaranteed' } }), 'answers.returns'],
      [appropriatenessBody({ answers: { ...PASSING_ANSWERS, extra: 'x' } }), 'answers.extra'],
      [appropriatenessBody({ income: 60000 }), 'income'],
      [appropriatenessBody({ liquidAssets: '-5' }), 'liquidAssets'],
      [appropriatenessBody({ commitments: '1.234' }), 'commitments'],
      [{ ...appropriatenessBody(), score: 100 }, 'request'],
    ];
    for (const [body, field] of cases) {
      const res = await investor.post('/api/investor/appropriateness', body as Record<string, unknown>);
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      if (field !== 'request') expect(Object.keys(res.json().fields)).toContain(field);
    }
    expect(await assessmentsOf(investor.user.id)).toEqual([]);
  });
});

describe('investing before and after the test', () => {
  it('refuses an intent and a balance investment with 403 APPROPRIATENESS_REQUIRED before the test, creating nothing', async () => {
    const investor = await newInvestor();
    const campaign = await openCampaign();
    const body = intentBody(investor, campaign, '500.00', { kiisVersion: 1 });
    for (const url of ['/api/create-payment-intent', '/api/investments/from-balance']) {
      const res = await investor.post(url, body);
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toEqual({
        code: 'APPROPRIATENESS_REQUIRED',
        error: expect.stringContaining('knowledge test'),
      });
    }
    expect(await app.db.select().from(payments).where(eq(payments.payerId, investor.user.id))).toEqual([]);
  });

  it('asks for the KIIS of the current terms version (428), then opens the intent and records what was acknowledged', async () => {
    const investor = await newInvestor();
    await passAppropriateness(investor);
    const campaign = await openCampaign();
    const asked = await investor.post('/api/create-payment-intent', intentBody(investor, campaign, '500.00'));
    expect(asked.statusCode, asked.body).toBe(428);
    expect(asked.json()).toEqual({
      code: 'ACKNOWLEDGEMENT_REQUIRED',
      error: expect.stringContaining('key investment information sheet'),
      required: ['kiis'],
      kiisVersion: campaign.termsVersion,
    });
    const wrongVersion = await investor.post(
      '/api/create-payment-intent',
      intentBody(investor, campaign, '500.00', { kiisVersion: campaign.termsVersion + 1 }),
    );
    expect(wrongVersion.statusCode).toBe(428);
    const opened = await investor.post(
      '/api/create-payment-intent',
      intentBody(investor, campaign, '500.00', { kiisVersion: campaign.termsVersion }),
    );
    expect(opened.statusCode, opened.body).toBe(200);
    const [row] = await app.db
      .select({ ack: investmentAcknowledgements })
      .from(investments)
      .innerJoin(investmentAcknowledgements, eq(investmentAcknowledgements.investmentId, investments.id))
      .where(eq(investments.investorId, investor.user.id));
    expect(row!.ack).toMatchObject({
      kiisVersion: campaign.termsVersion,
      riskWarning: false,
      riskWarningAbove: '5000.00',
      sophisticated: false,
      assessmentId: expect.any(String),
    });
  });

  it('refuses malformed acknowledgements with 400 naming the field', async () => {
    const investor = await signedInAs(app, 'investor');
    const campaign = await openCampaign();
    for (const acknowledgements of [
      { kiisVersion: '1' },
      { kiisVersion: 0 },
      { kiisVersion: 1, riskWarning: 'yes' },
      { kiis: true },
    ]) {
      const res = await investor.post(
        '/api/create-payment-intent',
        intentBody(investor, campaign, '500.00', acknowledgements),
      );
      expect(res.statusCode, res.body).toBe(400);
      expect(Object.keys(res.json().fields ?? {}).join()).toMatch(/acknowledgements/);
    }
  });

  describe('the risk warning: above the higher of $1,000 or 5% of net worth', () => {
    const edges = [
      // net worth 100,000: 5% is 5,000, above $1,000
      {
        simulation: { income: '60000.00', liquidAssets: '50000.00', commitments: '10000.00' },
        at: '5000.00',
        above: '5000.01',
      },
      // net worth 10,000: 5% is 500, so $1,000 counts
      {
        simulation: { income: '10000.00', liquidAssets: '0', commitments: '0' },
        at: '1000.00',
        above: '1000.01',
      },
      // net worth 20,000: 5% is exactly $1,000
      {
        simulation: { income: '15000.00', liquidAssets: '5000.00', commitments: '0' },
        at: '1000.00',
        above: '1000.01',
      },
      // a negative net worth: $1,000
      {
        simulation: { income: '0', liquidAssets: '0', commitments: '5000.00' },
        at: '1000.00',
        above: '1000.01',
      },
    ];
    it.each(edges)(
      'net worth from $simulation.income + $simulation.liquidAssets − $simulation.commitments: none at $at, asked at $above',
      async ({ simulation, at, above }) => {
        const investor = await newInvestor();
        await passAppropriateness(investor, simulation);
        const campaign = await openCampaign();
        const kiis = { kiisVersion: campaign.termsVersion };
        const atEdge = await investor.post(
          '/api/create-payment-intent',
          intentBody(investor, campaign, at, kiis),
        );
        expect(atEdge.statusCode, atEdge.body).toBe(200);
        const beyond = await investor.post(
          '/api/create-payment-intent',
          intentBody(investor, campaign, above, kiis),
        );
        expect(beyond.statusCode, beyond.body).toBe(428);
        expect(beyond.json()).toMatchObject({
          required: ['riskWarning'],
          kiisVersion: campaign.termsVersion,
        });
        expect(beyond.json().error).toContain('You could lose all of it');
        const neither = await investor.post(
          '/api/create-payment-intent',
          intentBody(investor, campaign, above),
        );
        expect(neither.json().required).toEqual(['kiis', 'riskWarning']);
        const confirmed = await investor.post(
          '/api/create-payment-intent',
          intentBody(investor, campaign, above, { ...kiis, riskWarning: true }),
        );
        expect(confirmed.statusCode, confirmed.body).toBe(200);
        const acks = await app.db
          .select({ amount: investments.amount, riskWarning: investmentAcknowledgements.riskWarning })
          .from(investments)
          .innerJoin(investmentAcknowledgements, eq(investmentAcknowledgements.investmentId, investments.id))
          .where(eq(investments.investorId, investor.user.id));
        expect(acks).toEqual(
          expect.arrayContaining([
            { amount: at, riskWarning: false },
            { amount: above, riskWarning: true },
          ]),
        );
      },
    );

    it('applies to investing from the balance too', async () => {
      const investor = await signedInAs(app, 'investor');
      const campaign = await openCampaign();
      const res = await investor.post(
        '/api/investments/from-balance',
        intentBody(investor, campaign, '5000.01', { kiisVersion: campaign.termsVersion }),
      );
      expect(res.statusCode, res.body).toBe(428);
      expect(res.json().required).toEqual(['riskWarning']);
    });
  });

  it('a KIIS of a changed campaign must be acknowledged again: the old version is refused (428 with the new one)', async () => {
    const trader = await signedInAs(app, 'trader');
    const created = await trader.post('/api/campaigns', {
      title: 'Paradip → Hamburg',
      tradeRoute: 'Paradip, India → Hamburg, Germany',
      targetAmount: '500000',
      quantity: '150',
      buyPrice: '1.50',
      sellPrice: '4.80',
      deadline: new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10),
      shippingCost: '80000',
      riskFactors: 'The buyer may delay acceptance.',
    });
    expect(created.statusCode, created.body).toBe(201);
    const campaign = created.json<{ id: string }>();
    // Its trader reads the sheet while the campaign waits for its review.
    const before = (await trader.get(`/api/campaigns/${campaign.id}/kiis`)).json();
    expect(before).toMatchObject({ version: 1, riskFactors: 'The buyer may delay acceptance.' });
    // Same costs again: nothing changed, the version stays.
    expect(
      (await trader.patch(`/api/campaigns/${campaign.id}`, { shippingCost: '80000.00' })).statusCode,
    ).toBe(200);
    expect((await trader.get(`/api/campaigns/${campaign.id}/kiis`)).json().version).toBe(1);
    const edited = await trader.patch(`/api/campaigns/${campaign.id}`, { insuranceCost: '12000' });
    expect(edited.statusCode, edited.body).toBe(200);
    await approveCampaign(app, trader, campaign);
    const after = (await app.inject({ url: `/api/campaigns/${campaign.id}/kiis` })).json();
    expect(after.version).toBe(2);
    expect(after.costs).toContainEqual({ label: 'Insurance', amount: '12000.00' });

    const investor = await signedInAs(app, 'investor');
    const stale = await investor.post(
      '/api/create-payment-intent',
      intentBody(investor, campaign, '500.00', { kiisVersion: 1 }),
    );
    expect(stale.statusCode).toBe(428);
    expect(stale.json()).toMatchObject({ required: ['kiis'], kiisVersion: 2 });
    const fresh = await investor.post(
      '/api/create-payment-intent',
      intentBody(investor, campaign, '500.00', { kiisVersion: 2 }),
    );
    expect(fresh.statusCode, fresh.body).toBe(200);
  });

  it('the test holds two years: after that it is required again (GET and the 403), until re-taken', async () => {
    const investor = await newInvestor();
    await passAppropriateness(investor);
    const campaign = await openCampaign();
    expect((await investIn(app, investor, campaign, '500.00')).record!.json()).toMatchObject({
      status: 'confirmed',
    });
    clock.advance(2 * YEAR_MS - 86_400_000); // a day short of two years (one leap day in between at most)
    expect((await investor.get('/api/investor/appropriateness')).json().status).toBe('done');
    clock.advance(2 * 86_400_000);
    expect((await investor.get('/api/investor/appropriateness')).json()).toMatchObject({
      status: 'required',
      passed: null,
    });
    const refused = await investor.post(
      '/api/create-payment-intent',
      intentBody(investor, campaign, '500.00', { kiisVersion: 1 }),
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('APPROPRIATENESS_REQUIRED');
    await passAppropriateness(investor);
    const again = await investIn(app, investor, campaign, '500.00');
    expect(again.record!.json()).toMatchObject({ status: 'confirmed' });
  });
});
