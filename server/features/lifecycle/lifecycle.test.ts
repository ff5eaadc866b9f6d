// The campaign lifecycle on both databases: every transition allowed and refused per role, owner and
// status; completion and refund ledgers; the deadline sweep under an injected clock; two sweeps
// racing; completion racing a late payment; the single-investment money-out primitives.
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { verifyLedger } from '../../checks/ledger.ts';
import {
  campaignMilestones,
  campaigns,
  emailOutbox,
  escrowRecords,
  investments,
  ledgerEntries,
  ledgerTransactions,
  sandboxPaymentIntents,
} from '../../db/schema/index.ts';
import { toFixed, ZERO } from '../../../domain/money.ts';
import { inTransaction } from '../../db/transaction.ts';
import { ProviderUnavailableError, type PaymentProvider } from '../../payments/provider.ts';
import type { SandboxProvider } from '../../payments/sandbox.ts';
import { buildTestApp, createCampaign, testClock } from '../../../test/app.ts';
import { card, investIn, openIntent, signedInAs, type Actor } from '../../../test/investing.ts';
import { refundInvestment, releaseInvestment } from './money-out.ts';
import { sweepDeadlines, transitionCampaign } from './service.ts';
import { sweepPayments } from '../investments/service.ts';

const DAY = 86_400_000;
const clock = testClock();
let app: App;
let sandbox: SandboxProvider;
let trader: Actor;
let otherTrader: Actor;
let admin: Actor;
let investors: Actor[];

beforeAll(async () => {
  app = await buildTestApp({ clock });
  sandbox = app.payments as SandboxProvider;
  [trader, otherTrader, admin] = await Promise.all([
    signedInAs(app, 'trader'),
    signedInAs(app, 'trader'),
    signedInAs(app, 'admin'),
  ]);
  investors = [];
  for (let i = 0; i < 3; i++) investors.push(await signedInAs(app, 'investor'));
});

/** An active campaign of `trader` with the given investments (amounts) through the real flow. */
async function campaignWith(amounts: string[], overrides: Partial<typeof campaigns.$inferInsert> = {}) {
  const campaign = await createCampaign(app.db, {
    traderId: trader.user.id,
    targetAmount: '3000.00',
    deadline: new Date(clock().getTime() + 10 * DAY),
    ...overrides,
  });
  for (const [i, amount] of amounts.entries()) {
    const { record } = await investIn(app, investors[i % investors.length]!, campaign, amount);
    // The sandbox's confirmation records it already: the record call answers the same investment.
    expect(record?.json(), record?.body).toMatchObject({ status: 'confirmed' });
  }
  return campaign;
}

const move = (actor: Actor, id: string, body: Record<string, unknown>) =>
  actor.post(`/api/campaigns/${id}/transitions`, body);
const statusOf = async (id: string) =>
  (await app.db.select().from(campaigns).where(eq(campaigns.id, id)))[0]!.status;
const investmentsOf = (campaignId: string) =>
  app.db
    .select({ i: investments, e: escrowRecords })
    .from(investments)
    .leftJoin(escrowRecords, eq(escrowRecords.investmentId, investments.id))
    .where(eq(investments.campaignId, campaignId))
    .orderBy(investments.amount);
const postingsOf = (investmentId: string, kind: string) =>
  app.db
    .select()
    .from(ledgerTransactions)
    .where(and(eq(ledgerTransactions.investmentId, investmentId), eq(ledgerTransactions.kind, kind)));
async function expectSoundLedger() {
  expect(await verifyLedger(app.db)).toEqual([]);
}

describe('POST /api/campaigns/:id/transitions', () => {
  it('lets the owner start trading a funded campaign, and refuses everyone else naming both statuses', async () => {
    const campaign = await campaignWith(['1000.00', '1000.00', '1000.00']);
    expect(await statusOf(campaign.id)).toBe('funded');

    const other = await move(otherTrader, campaign.id, { to: 'trading' });
    expect(other.statusCode).toBe(403);
    expect(other.json().error).toBe('You cannot move this campaign from funded to trading');
    expect((await move(investors[0]!, campaign.id, { to: 'trading' })).statusCode).toBe(403);
    expect((await move(admin, campaign.id, { to: 'trading' })).json()).toEqual({
      error: 'You cannot move this campaign from funded to trading',
    });
    const early = await move(trader, campaign.id, { to: 'completed', actualProfit: '10.00' });
    expect([early.statusCode, early.json().error]).toEqual([
      409,
      'This campaign is funded: it cannot move to completed',
    ]);
    expect((await move(trader, campaign.id, { to: 'funded' })).statusCode).toBe(400);
    expect(await statusOf(campaign.id)).toBe('funded');

    const ok = await move(trader, campaign.id, { to: 'trading' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ id: campaign.id, status: 'trading' });
    const again = await move(trader, campaign.id, { to: 'trading' });
    expect([again.statusCode, again.json().error]).toEqual([
      409,
      'This campaign is trading: it cannot move to trading',
    ]);
  });

  it('lets the owner withdraw an active campaign only while nobody has invested', async () => {
    const empty = await campaignWith([]);
    const withdrawn = await move(trader, empty.id, { to: 'cancelled', reason: 'Supplier fell through' });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json().status).toBe('cancelled');

    const backed = await campaignWith(['500.00']);
    const refused = await move(trader, backed.id, { to: 'cancelled', reason: 'Changed my mind' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toContain('active');
    expect(refused.json().error).toContain('cancelled');
    expect(await statusOf(backed.id)).toBe('active');
    expect((await move(otherTrader, backed.id, { to: 'cancelled', reason: 'x' })).statusCode).toBe(403);
    // A draft is someone else's secret: to another trader it does not exist.
    expect((await move(otherTrader, empty.id, { to: 'cancelled', reason: 'x' })).statusCode).toBe(404);
    expect((await move(trader, backed.id, { to: 'cancelled' })).statusCode).toBe(400);
  });

  it('lets an admin cancel a trading campaign with a reason: every investment refunded through the provider', async () => {
    const campaign = await campaignWith(['1500.00', '1000.00', '500.00']);
    expect((await move(trader, campaign.id, { to: 'trading' })).statusCode).toBe(200);
    const res = await move(admin, campaign.id, { to: 'cancelled', reason: 'Sanctions on the carrier' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'cancelled', raisedAmount: '3000.00' });
    // The provider refunds after COMMIT, before the answer is sent.
    const rows = await investmentsOf(campaign.id);
    expect(rows.map((r) => [r.i.status, r.e?.status])).toEqual([
      ['refunded', 'refunded'],
      ['refunded', 'refunded'],
      ['refunded', 'refunded'],
    ]);
    for (const { i } of rows) {
      expect(await postingsOf(i.id, 'refund')).toHaveLength(1);
      const [intent] = await app.db
        .select()
        .from(sandboxPaymentIntents)
        .where(eq(sandboxPaymentIntents.id, i.stripePaymentId!));
      expect(intent!.amountRefunded).toBe(i.amount);
    }
    const [after] = await app.db.select().from(campaigns).where(eq(campaigns.id, campaign.id));
    expect([after!.raisedAmount, after!.investorCount, after!.cancelReason]).toEqual([
      '0.00',
      0,
      'Sanctions on the carrier',
    ]);
    const completed = await move(admin, campaign.id, { to: 'cancelled', reason: 'again' });
    expect(completed.statusCode).toBe(409);
    await expectSoundLedger();
  });
});

describe('completion', () => {
  it('pays each investor principal + share of the net profit, less the 5% fee, in balanced postings', async () => {
    const campaign = await campaignWith(['1500.00', '1000.00', '500.00']);
    await move(trader, campaign.id, { to: 'trading' });
    const res = await move(trader, campaign.id, { to: 'completed', actualProfit: '600.00' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'completed', actualProfit: '600.00' });

    const rows = await investmentsOf(campaign.id);
    // Fee 30.00; net 570.00 split 1/6, 1/3, 1/2.
    expect(rows.map((r) => [r.i.amount, r.i.status, r.i.profitShare, r.e?.status])).toEqual([
      ['500.00', 'paid_out', '95.00', 'released'],
      ['1000.00', 'paid_out', '190.00', 'released'],
      ['1500.00', 'paid_out', '285.00', 'released'],
    ]);
    const fees = await app.db.select().from(ledgerEntries).where(eq(ledgerEntries.account, 'platform:fees'));
    const campaignFees = fees.filter((f) => f.amount !== '0');
    expect(campaignFees.length).toBeGreaterThanOrEqual(3);
    for (const { i } of rows) expect(await postingsOf(i.id, 'payout')).toHaveLength(1);
    const [delivered] = await app.db
      .select()
      .from(campaignMilestones)
      .where(eq(campaignMilestones.campaignId, campaign.id));
    expect(delivered!.kind).toBe('delivered');
    // Investors hear of it (the outbox in development).
    const mails = await app.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.to, investors[0]!.user.email!));
    expect(mails.some((m) => m.subject.includes('completed'))).toBe(true);
    // Final: nothing moves any more.
    expect((await move(trader, campaign.id, { to: 'completed', actualProfit: '1.00' })).statusCode).toBe(409);
    expect((await move(admin, campaign.id, { to: 'cancelled', reason: 'late' })).statusCode).toBe(409);
    await expectSoundLedger();
  });

  it('shares a loss without a fee, and refuses a loss larger than the principal', async () => {
    const campaign = await campaignWith(['2000.00', '1000.00']);
    await move(trader, campaign.id, { to: 'trading' });
    const tooBig = await move(trader, campaign.id, { to: 'completed', actualProfit: '-3000.01' });
    expect(tooBig.statusCode).toBe(400);
    expect(await statusOf(campaign.id)).toBe('trading');
    const res = await move(trader, campaign.id, { to: 'completed', actualProfit: '-300.00' });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await investmentsOf(campaign.id);
    expect(rows.map((r) => r.i.profitShare)).toEqual(['-100.00', '-200.00']);
    await expectSoundLedger();
  });

  it('pays out an investment whose escrow an admin released early, and refuses while one is disputed', async () => {
    const campaign = await campaignWith(['1000.00', '1000.00', '1000.00']);
    await move(trader, campaign.id, { to: 'trading' });
    const [first, second] = await investmentsOf(campaign.id);
    await inTransaction(app.db, (tx) => releaseInvestment(tx, first!.i.id, { now: clock() }));
    expect(await inTransaction(app.db, (tx) => releaseInvestment(tx, first!.i.id, { now: clock() }))).toBe(
      false,
    );
    await expectSoundLedger();
    await app.db.update(escrowRecords).set({ status: 'disputed' }).where(eq(escrowRecords.id, second!.e!.id));
    const disputed = await move(trader, campaign.id, { to: 'completed', actualProfit: '300.00' });
    expect(disputed.statusCode).toBe(409);
    await app.db.update(escrowRecords).set({ status: 'held' }).where(eq(escrowRecords.id, second!.e!.id));
    const res = await move(trader, campaign.id, { to: 'completed', actualProfit: '300.00' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await investmentsOf(campaign.id)).every((r) => r.i.status === 'paid_out')).toBe(true);
    await expectSoundLedger();
  });

  it('refunds a payment that arrives while the campaign completes, and pays out the others once', async () => {
    const campaign = await campaignWith(['1000.00', '1000.00']);
    // A third investor's reservation, paid at the provider but not yet recorded.
    const late = await openIntent(investors[2]!, campaign, '1000.00');
    await sandbox.confirm(
      late.paymentIntentId,
      { clientSecret: late.clientSecret, card: card() },
      {
        payerId: investors[2]!.user.id,
      },
    );
    const recorded = await investors[2]!.post('/api/investments', {
      paymentIntentId: late.paymentIntentId,
      campaignId: campaign.id,
      investorId: investors[2]!.user.id,
    });
    expect(recorded.json(), recorded.body).toMatchObject({ status: 'confirmed' });
    expect(await statusOf(campaign.id)).toBe('funded');
    await move(trader, campaign.id, { to: 'trading' });

    // Another payment for the campaign, reserved before it filled (a stale tab), paid now: it races the
    // completion. Whichever locks the campaign first, it cannot be placed and is refunded.
    const [intentRow] = await app.db
      .insert(investments)
      .values({
        investorId: investors[0]!.user.id,
        campaignId: campaign.id,
        amount: '100.00',
        provider: 'sandbox',
        reservedUntil: new Date(clock().getTime() + 60_000),
      })
      .returning();
    const intent = await sandbox.createIntent({
      amount: '100.00',
      metadata: { investmentId: intentRow!.id, campaignId: campaign.id, investorId: investors[0]!.user.id },
      idempotencyKey: `intent-${intentRow!.id}`,
    });
    await app.db
      .update(investments)
      .set({ stripePaymentId: intent.id })
      .where(eq(investments.id, intentRow!.id));
    await sandbox.confirm(
      intent.id,
      { clientSecret: intent.clientSecret, card: card() },
      {
        payerId: investors[0]!.user.id,
      },
    );
    const [completed, lateRecord] = await Promise.all([
      move(trader, campaign.id, { to: 'completed', actualProfit: '150.00' }),
      investors[0]!.post('/api/investments', {
        paymentIntentId: intent.id,
        campaignId: campaign.id,
        investorId: investors[0]!.user.id,
      }),
    ]);
    expect(completed.statusCode, completed.body).toBe(200);
    expect([lateRecord.statusCode, lateRecord.json().error]).toEqual([
      409,
      'The campaign filled up before your payment could be recorded, so your payment has been refunded in full.',
    ]);
    const rows = await investmentsOf(campaign.id);
    expect(rows.map((r) => r.i.status).sort()).toEqual(['paid_out', 'paid_out', 'paid_out', 'refunded']);
    await expectSoundLedger();
  });
});

describe('the deadline sweep', () => {
  it('cancels an expired unfunded campaign, refunds every investment and drops open reservations', async () => {
    const campaign = await campaignWith(['500.00', '700.00'], {
      deadline: new Date(clock().getTime() + 2 * DAY),
    });
    const funded = await campaignWith(['1000.00', '1000.00', '1000.00'], {
      deadline: new Date(clock().getTime() + 2 * DAY),
    });
    const reservation = await openIntent(investors[2]!, campaign, '300.00');
    expect((await sweepDeadlines(app.db, sandbox, clock())).cancelled).toBe(0);
    clock.advance(3 * DAY);
    const report = await sweepDeadlines(app.db, sandbox, clock());
    expect(report.cancelled).toBeGreaterThanOrEqual(1);
    expect(await statusOf(campaign.id)).toBe('cancelled');
    expect(await statusOf(funded.id)).toBe('funded');
    const rows = await investmentsOf(campaign.id);
    expect(rows.map((r) => [r.i.amount, r.i.status, r.e?.status ?? null])).toEqual([
      ['300.00', 'expired', null],
      ['500.00', 'refunded', 'refunded'],
      ['700.00', 'refunded', 'refunded'],
    ]);
    const [intent] = await app.db
      .select()
      .from(sandboxPaymentIntents)
      .where(eq(sandboxPaymentIntents.id, reservation.paymentIntentId));
    expect(intent!.status).toBe('canceled');
    const [cancelled] = await app.db.select().from(campaigns).where(eq(campaigns.id, campaign.id));
    expect(cancelled!.cancelReason).toContain('deadline');
    // Idempotent.
    expect(await sweepDeadlines(app.db, sandbox, clock())).toEqual({ cancelled: 0, refunds: 0 });
    await expectSoundLedger();
  });

  it('refunds each investment exactly once when two sweeps race over the same campaigns', async () => {
    const many = [];
    for (let k = 0; k < 4; k++)
      many.push(
        await campaignWith(['400.00', '300.00', '200.00'], {
          deadline: new Date(clock().getTime() + DAY),
        }),
      );
    clock.advance(2 * DAY);
    // Two instances on one database: the sweeps and the payments sweeps all at once.
    const reports = await Promise.all([
      sweepDeadlines(app.db, sandbox, clock()),
      sweepDeadlines(app.db, sandbox, clock()),
      sweepPayments(app.db, sandbox, clock()),
    ]);
    expect(reports[0].cancelled + reports[1].cancelled).toBe(4);
    expect(reports[0].refunds + reports[1].refunds).toBe(12);
    for (const campaign of many) {
      for (const { i } of await investmentsOf(campaign.id)) {
        expect(i.status).toBe('refunded');
        expect(await postingsOf(i.id, 'refund')).toHaveLength(1);
        const [intent] = await app.db
          .select()
          .from(sandboxPaymentIntents)
          .where(eq(sandboxPaymentIntents.id, i.stripePaymentId!));
        expect(intent!.amountRefunded).toBe(i.amount);
      }
    }
    await expectSoundLedger();
  });
});

describe('money-out primitives', () => {
  it('refunds ONE escrow record through the provider; the campaign keeps the rest', async () => {
    const campaign = await campaignWith(['1000.00', '1000.00', '1000.00']);
    const [one] = await investmentsOf(campaign.id);
    const started = await inTransaction(app.db, async (tx) => {
      await tx.select().from(campaigns).where(eq(campaigns.id, campaign.id)).for('update');
      return refundInvestment(tx, sandbox, one!.i.id, {
        now: clock(),
        reason: 'dispute resolved for the investor',
      });
    });
    expect(started).toBe(true);
    const [after] = (await investmentsOf(campaign.id)).filter((r) => r.i.id === one!.i.id);
    expect([after!.i.status, after!.e?.status]).toEqual(['refunded', 'refunded']);
    const [refund] = await postingsOf(one!.i.id, 'refund');
    expect(refund!.memo).toContain('dispute resolved for the investor');
    const [row] = await app.db.select().from(campaigns).where(eq(campaigns.id, campaign.id));
    expect([row!.raisedAmount, row!.status]).toEqual(['2000.00', 'funded']);
    // A repeat changes nothing; money that left escrow cannot be refunded.
    expect(
      await inTransaction(app.db, (tx) =>
        refundInvestment(tx, sandbox, one!.i.id, { now: clock(), reason: 'x' }),
      ),
    ).toBe(false);
    await expectSoundLedger();
  });
});

describe('portfolio, statements and the investor list', () => {
  it('shows the payout with its steps, a statement that reconciles to the ledger, and the trader the backers', async () => {
    const investor = await signedInAs(app, 'investor');
    const campaign = await createCampaign(app.db, {
      traderId: trader.user.id,
      targetAmount: '2000.00',
      deadline: new Date(clock().getTime() + 10 * DAY),
    });
    await investIn(app, investor, campaign, '1000.00');
    await investIn(app, investors[0]!, campaign, '1000.00');
    await move(trader, campaign.id, { to: 'trading' });
    const milestone = await trader.post(`/api/campaigns/${campaign.id}/milestones`, {
      kind: 'departed',
      note: 'Sailed from Kandla',
      documentRef: 'BL-77',
    });
    expect(milestone.statusCode, milestone.body).toBe(201);
    const twice = await trader.post(`/api/campaigns/${campaign.id}/milestones`, { kind: 'departed' });
    expect([twice.statusCode, twice.json().error]).toEqual([
      409,
      'Departed is already recorded for this campaign',
    ]);
    expect(
      (await otherTrader.post(`/api/campaigns/${campaign.id}/milestones`, { kind: 'loaded' })).statusCode,
    ).toBe(403);
    const completedAt = clock().toISOString();
    await move(trader, campaign.id, { to: 'completed', actualProfit: '200.00' });

    const portfolio = await investor.get('/api/portfolio');
    expect(portfolio.statusCode, portfolio.body).toBe(200);
    const [mine] = portfolio.json().investments;
    expect(mine).toMatchObject({
      campaignId: campaign.id,
      status: 'paid_out',
      escrowStatus: 'released',
      profitShare: '95.00',
      payout: '1095.00',
    });
    expect(mine.milestones.map((m: { kind: string }) => m.kind)).toEqual(['departed', 'delivered']);

    const statement = await investor.get(`/api/statements?year=${clock().getUTCFullYear()}`);
    expect(statement.statusCode, statement.body).toBe(200);
    const s = statement.json();
    // Each movement is dated when it happened by the app's clock (the payout: at completion).
    const rows = s.months.flatMap((m: { rows: Array<{ type: string; date: string }> }) => m.rows);
    expect(rows.find((r: { type: string }) => r.type === 'Payout')?.date).toBe(completedAt);
    expect(s.summary).toEqual({ invested: '1000.00', returned: '1095.00', profit: '95.00', fees: '5.00' });
    expect(s.closing).toBe('0.00');
    expect((await investor.get('/api/statements?year=abc')).statusCode).toBe(400);
    expect((await investor.get(`/api/portfolio?investorId=${investors[0]!.user.id}`)).statusCode).toBe(403);

    const list = await trader.get(`/api/campaigns/${campaign.id}/investors`);
    expect(list.statusCode).toBe(200);
    expect(list.json().map((r: { payout: string }) => r.payout)).toEqual(['1095.00', '1095.00']);
    expect((await otherTrader.get(`/api/campaigns/${campaign.id}/investors`)).statusCode).toBe(403);
  });

  it('sends no refund email to an investor who turned refunds off', async () => {
    const quiet = await signedInAs(app, 'investor');
    const put = await app.inject({
      method: 'PUT',
      url: '/api/settings/notifications',
      headers: { 'content-type': 'application/json', cookie: `hb_session=${quiet.token}` },
      payload: JSON.stringify({ campaign_funded: true, campaign_refunded: false, campaign_completed: true }),
    });
    expect(put.statusCode, put.body).toBe(200);
    expect((await quiet.get('/api/settings/notifications')).json()).toMatchObject({
      campaign_refunded: false,
    });
    const campaign = await createCampaign(app.db, { traderId: trader.user.id, targetAmount: '5000.00' });
    await investIn(app, quiet, campaign, '1000.00');
    await investIn(app, investors[1]!, campaign, '1000.00');
    await move(admin, campaign.id, { to: 'cancelled', reason: 'Port closed' });
    const mails = (to: string) => app.db.select().from(emailOutbox).where(eq(emailOutbox.to, to));
    expect((await mails(quiet.user.email!)).some((m) => m.subject.includes('refunded'))).toBe(false);
    expect((await mails(investors[1]!.user.email!)).some((m) => m.subject.includes(campaign.title))).toBe(
      true,
    );
  });
});

describe('a provider that fails while refunding', () => {
  it('leaves the cancelled campaign refunding, and the payments sweep finishes every refund once', async () => {
    const campaign = await campaignWith(['1000.00', '500.00']);
    const failing: PaymentProvider = {
      name: 'sandbox',
      createIntent: (input) => sandbox.createIntent(input),
      retrieveIntent: (id) => sandbox.retrieveIntent(id),
      cancelIntent: () => Promise.reject(new ProviderUnavailableError('connection reset')),
      refund: () => Promise.reject(new ProviderUnavailableError('connection reset')),
    };
    const cancelled = await transitionCampaign(
      app.db,
      failing,
      admin.user,
      campaign.id,
      { to: 'cancelled', reason: 'Port strike' },
      clock(),
    );
    expect(cancelled.status).toBe('cancelled');
    expect((await investmentsOf(campaign.id)).map((r) => [r.i.status, r.e?.status])).toEqual([
      ['refunding', 'held'],
      ['refunding', 'held'],
    ]);
    // The escrow still holds the money in flight: the ledger is sound meanwhile.
    await expectSoundLedger();
    await sweepPayments(app.db, sandbox, clock());
    for (const { i, e } of await investmentsOf(campaign.id)) {
      expect([i.status, e?.status]).toEqual(['refunded', 'refunded']);
      expect(await postingsOf(i.id, 'refund')).toHaveLength(1);
    }
    await expectSoundLedger();
  });

  it('books the refunds the provider made before an outage, calls it no more, and keeps the campaign square', async () => {
    // investors[0] backs twice (1000 and a 250): while one is in flight they still back the campaign.
    const campaign = await campaignWith(['1000.00', '500.00', '250.00', '250.00']);
    // The provider refunds the first payment it is asked for, then is unreachable.
    const calls: string[] = [];
    const flaky: PaymentProvider = {
      name: 'sandbox',
      createIntent: (input) => sandbox.createIntent(input),
      retrieveIntent: (id) => sandbox.retrieveIntent(id),
      cancelIntent: (id) => sandbox.cancelIntent(id),
      refund: (id) => {
        calls.push(id);
        return calls.length === 2
          ? Promise.reject(new ProviderUnavailableError('connection reset'))
          : sandbox.refund(id);
      },
    };
    await transitionCampaign(
      app.db,
      flaky,
      admin.user,
      campaign.id,
      { to: 'cancelled', reason: 'Port strike' },
      clock(),
    );
    // The outage ended the calls: two asked for, not four.
    expect(calls).toHaveLength(2);
    const after = await investmentsOf(campaign.id);
    for (const { i, e } of after)
      expect([i.status, e?.status]).toEqual(
        i.stripePaymentId === calls[0] ? ['refunded', 'refunded'] : ['refunding', 'held'],
      );
    // Raised and backers follow what is still in escrow.
    const held = after.filter((r) => r.i.status === 'refunding');
    const [mid] = await app.db.select().from(campaigns).where(eq(campaigns.id, campaign.id));
    expect([mid!.raisedAmount, mid!.investorCount]).toEqual([
      toFixed(held.reduce((sum, r) => sum.plus(r.i.amount), ZERO)),
      new Set(held.map((r) => r.i.investorId)).size,
    ]);
    await expectSoundLedger();
    await sweepPayments(app.db, sandbox, clock());
    const [end] = await app.db.select().from(campaigns).where(eq(campaigns.id, campaign.id));
    expect([end!.raisedAmount, end!.investorCount]).toEqual(['0.00', 0]);
    for (const { i } of await investmentsOf(campaign.id))
      expect(await postingsOf(i.id, 'refund')).toHaveLength(1);
    await expectSoundLedger();
  });
});
