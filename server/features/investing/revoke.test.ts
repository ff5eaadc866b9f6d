// The reflection period on both databases (issue 19 item 5, domain/diligence.ts, docs/money.md): a retail
// investor revokes within 4 × 24 h of confirmation (at the edge, by the injected clock) and gets every
// cent back through the provider; the amount is open again (funded → active; past the deadline, the
// sweep cancels); trading waits for the last period; refusals for anyone else's investment, a
// sophisticated investor, a finished one and after the period; concurrent revokes refund once, and a
// revoke racing start-trading never lets money reach the trader while it may be revoked.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFLECTION_PERIOD_MS } from '../../../domain/diligence.ts';
import type { Portfolio } from '../../../domain/portfolio.ts';
import type { App } from '../../app.ts';
import { investmentRevocations, ledgerTransactions } from '../../db/schema/index.ts';
import type { SandboxProvider } from '../money/index.ts';
import { sweepDeadlines } from '../campaigns/index.ts';
import { buildTestApp, testClock } from '../../../test/app.ts';
import { signedInAs, type Actor } from '../../../test/actor.ts';
import { campaignOf } from '../../../test/money.ts';
import { campaignThroughApi, expectSoundLedger, mailsTo, move } from '../../../test/money-campaigns.ts';

const clock = testClock();
const HOUR = 3_600_000;
let app: App;
let sandbox: SandboxProvider;

beforeAll(async () => {
  app = await buildTestApp({ clock });
  sandbox = app.payments as SandboxProvider;
});

afterAll(async () => {
  // Every refund booked once, matched at the provider (verify-ledger's reconciliation included).
  await expectSoundLedger(app);
});

const revoke = (investor: Actor, id: string) => investor.post(`/api/investments/${id}/revoke`);

async function investmentOf(investor: Actor, campaign: { id: string }) {
  const res = await investor.get(`/api/investments?investorId=${investor.user.id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res
    .json<
      Array<{
        id: string;
        campaignId: string;
        amount: string;
        status: string;
        escrowStatus: string;
        stripePaymentId: string;
        confirmedAt: string;
      }>
    >()
    .find((i) => i.campaignId === campaign.id)!;
}

async function portfolioOf(investor: Actor) {
  const res = await investor.get('/api/portfolio');
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Portfolio>();
}

/** A campaign funded by retail investors (their reflection periods open now). */
const retailCampaign = (amounts: string[]) => campaignThroughApi(app, amounts, { retail: true });

describe('POST /api/investments/:id/revoke', () => {
  it('refunds a retail investment in full through the provider, re-opens the amount and tells the trader', async () => {
    const { trader, campaign, investors } = await retailCampaign(['600.00', '400.00']);
    expect((await campaignOf(trader, campaign)).status).toBe('funded');
    const [first, second] = investors as [Actor, Actor];
    const investment = await investmentOf(first, campaign);
    // The portfolio offers it, until the end of the period.
    const offered = (await portfolioOf(first)).investments.find((i) => i.id === investment.id)!;
    expect(offered.revocableUntil).toBe(
      new Date(new Date(investment.confirmedAt).getTime() + REFLECTION_PERIOD_MS).toISOString(),
    );

    clock.advance(3 * 24 * HOUR);
    const res = await revoke(first, investment.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      investmentId: investment.id,
      status: 'refunded',
      amount: '600.00',
      revokedAt: clock().toISOString(),
    });
    const after = await investmentOf(first, campaign);
    expect([after.status, after.escrowStatus]).toEqual(['refunded', 'refunded']);
    const intent = await sandbox.retrieveIntent(after.stripePaymentId);
    expect([intent!.status, intent!.amountCaptured, intent!.amountRefunded]).toEqual([
      'succeeded',
      '600.00',
      '600.00',
    ]);
    // The amount is open again: funded → active, raised and backers down.
    expect(await campaignOf(trader, campaign)).toMatchObject({
      status: 'active',
      raisedAmount: '400.00',
      investorCount: 1,
    });
    const portfolio = (await portfolioOf(first)).investments.find((i) => i.id === investment.id)!;
    expect(portfolio).toMatchObject({
      status: 'refunded',
      revocableUntil: null,
      revokedAt: clock().toISOString(),
    });
    // The other investor keeps theirs; the trader hears of it.
    expect((await investmentOf(second, campaign)).status).toBe('confirmed');
    const mails = await mailsTo(app, trader, 'was revoked');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('raised $400.00 of $1,000.00');
    // Revoked once: again is refused and nothing moves.
    const again = await revoke(first, investment.id);
    expect([again.statusCode, again.json().error]).toEqual([
      409,
      'This investment is refunded: only an investment held in escrow can be revoked',
    ]);
  });

  it('allows it up to the last millisecond of 4 × 24 h after confirmation, and refuses from then on', async () => {
    const { trader, campaign, investors } = await retailCampaign(['500.00', '500.00']);
    const [early, late] = investors as [Actor, Actor];
    const a = await investmentOf(early, campaign);
    const b = await investmentOf(late, campaign);
    const ends = new Date(new Date(a.confirmedAt).getTime() + REFLECTION_PERIOD_MS);
    clock.advance(ends.getTime() - clock().getTime() - 1);
    const lastMoment = await revoke(early, a.id);
    expect(lastMoment.statusCode, lastMoment.body).toBe(200);
    clock.advance(1);
    const over = await revoke(late, b.id);
    expect([over.statusCode, over.json().error]).toEqual([
      409,
      expect.stringMatching(
        /^The reflection period ended on \d{1,2} \w{3} \d{4}, \d\d:\d\d UTC: this investment can no longer be revoked$/,
      ),
    ]);
    expect((await investmentOf(late, campaign)).status).toBe('confirmed');
    expect((await portfolioOf(late)).investments.find((i) => i.id === b.id)!.revocableUntil).toBeNull();
    expect((await campaignOf(trader, campaign)).raisedAmount).toBe('500.00');
  });

  it("refuses someone else's investment (404), a sophisticated investor (403), other roles and a bad id", async () => {
    const { campaign, investors } = await retailCampaign(['1000.00']);
    const mine = await investmentOf(investors[0]!, campaign);
    const stranger = await signedInAs(app, 'investor');
    const other = await revoke(stranger, mine.id);
    expect([other.statusCode, other.json().error]).toEqual([404, 'Investment not found']);
    expect((await revoke(await signedInAs(app, 'trader'), mine.id)).statusCode).toBe(403);
    // A malformed id names nothing: the same 404 as an unknown one (domain/ids.ts).
    const malformed = await revoke(stranger, 'not-an-id');
    expect([malformed.statusCode, malformed.json().error]).toEqual([404, 'Investment not found']);
    const unknown = await revoke(stranger, '00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);

    const pro = await campaignThroughApi(app, ['1000.00']); // sophisticated investors
    const theirs = await investmentOf(pro.investors[0]!, pro.campaign);
    const refused = await revoke(pro.investors[0]!, theirs.id);
    expect([refused.statusCode, refused.json().error]).toEqual([
      403,
      'Sophisticated investors have no reflection period: this investment cannot be revoked. Contact support about a problem with it.',
    ]);
    expect((await portfolioOf(pro.investors[0]!)).investments[0]!.revocableUntil).toBeNull();
    expect((await investmentOf(investors[0]!, campaign)).status).toBe('confirmed');
  });

  it('refunds once when the investor revokes twice at the same moment', async () => {
    const { trader, campaign, investors } = await retailCampaign(['700.00', '300.00']);
    const investment = await investmentOf(investors[0]!, campaign);
    const answers = await Promise.all([
      revoke(investors[0]!, investment.id),
      revoke(investors[0]!, investment.id),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const intent = await sandbox.retrieveIntent(investment.stripePaymentId);
    expect(intent!.amountRefunded).toBe('700.00');
    const refunds = await app.db
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.investmentId, investment.id));
    expect(refunds.filter((t) => t.kind === 'refund')).toHaveLength(1);
    expect(
      await app.db
        .select()
        .from(investmentRevocations)
        .where(eq(investmentRevocations.investmentId, investment.id)),
    ).toHaveLength(1);
    expect((await campaignOf(trader, campaign)).raisedAmount).toBe('300.00');
  });
});

describe('trading waits for the reflection period', () => {
  it('refuses to start trading (nothing to the trader) until the last period ends, and says when', async () => {
    const { trader, campaign, investors } = await retailCampaign(['600.00', '400.00']);
    const last = await investmentOf(investors[1]!, campaign);
    const ends = new Date(new Date(last.confirmedAt).getTime() + REFLECTION_PERIOD_MS);
    const detail = await campaignOf(trader, campaign);
    expect(detail.reflectionEndsAt).toBe(ends.toISOString());
    const refused = await move(trader, campaign, { to: 'trading' });
    expect([refused.statusCode, refused.json().error]).toEqual([
      409,
      expect.stringMatching(
        /^Trading can start on .+ UTC: investors may still revoke their investments until then$/,
      ),
    ]);
    const unchanged = await campaignOf(trader, campaign);
    expect(unchanged.status).toBe('funded');
    expect(unchanged.releases.map((r) => r.status)).toEqual(['scheduled']);

    clock.advance(ends.getTime() - clock().getTime());
    expect((await campaignOf(trader, campaign)).reflectionEndsAt).toBeNull();
    const started = await move(trader, campaign, { to: 'trading' });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json().status).toBe('trading');
    // Once the money went to the trade it is no longer revocable (and the period is over anyway).
    expect((await revoke(investors[0]!, (await investmentOf(investors[0]!, campaign)).id)).statusCode).toBe(
      409,
    );
  });

  it('never pays the trader money an investor may still revoke when a revoke races start-trading', async () => {
    for (let round = 0; round < 3; round++) {
      const { trader, campaign, investors } = await retailCampaign(['500.00', '500.00']);
      const investment = await investmentOf(investors[0]!, campaign);
      const [revoked, trading] = await Promise.all([
        revoke(investors[0]!, investment.id),
        move(trader, campaign, { to: 'trading' }),
      ]);
      expect(revoked.statusCode, revoked.body).toBe(200);
      expect(trading.statusCode, trading.body).toBe(409);
      const detail = await campaignOf(trader, campaign);
      expect(detail).toMatchObject({ status: 'active', raisedAmount: '500.00' });
      expect(detail.releases.every((r) => r.status === 'scheduled')).toBe(true);
    }
  });

  it('re-opens a funded campaign past its deadline, which the deadline sweep then cancels and refunds', async () => {
    // Funded two days before its deadline; one investor revokes an hour after the deadline.
    const deadline = new Date(clock().getTime() + 48 * HOUR).toISOString();
    const { trader, campaign, investors } = await campaignThroughApi(app, ['800.00', '200.00'], {
      retail: true,
      body: { deadline },
    });
    expect((await campaignOf(trader, campaign)).status).toBe('funded');
    clock.advance(49 * HOUR);
    const investment = await investmentOf(investors[1]!, campaign);
    const res = await revoke(investors[1]!, investment.id);
    expect(res.statusCode, res.body).toBe(200);
    // Short of its target and past its deadline: active, so it takes no investment and is swept.
    expect(await campaignOf(trader, campaign)).toMatchObject({ status: 'active', raisedAmount: '800.00' });
    const report = await sweepDeadlines(app.money);
    expect(report.failed).toEqual([]);
    expect(await campaignOf(trader, campaign)).toMatchObject({ status: 'cancelled', raisedAmount: '0.00' });
    const other = await investmentOf(investors[0]!, campaign);
    expect([other.status, other.escrowStatus]).toEqual(['refunded', 'refunded']);
  });
});
