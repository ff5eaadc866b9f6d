// Money back from the trade (docs/money.md, DESIGN.md §5 "Settlement (turn 3)", issue 18 items 5–6)
// through the HTTP API on both databases: `{to:"completed", actualProfit}` only declares the result
// (needs Delivered; the waterfall must add up; a loss no larger than what went to the trade; figures
// no column can hold are a 400), an admin approves or rejects it (fixed shapes), the trader pays it in
// by card or an admin marks a bank transfer received, and only then ONE distribution posting pays each
// investor's cash account principal ± net share and the platform its 5% fee. Unpaid 14 days after
// approval: in default, investors told, still payable. The attacker's case, and the races: paid twice
// at once, two admins approving at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CampaignDetail } from '../../../domain/campaign-schemas.ts';
import type { App } from '../../app.ts';
import { eq } from 'drizzle-orm';
import { payments } from '../../db/schema/index.ts';
import type { SandboxProvider } from './providers/sandbox.ts';
import { sweepAll } from '../../sweeps.ts';
import { advancePayment } from './payments.ts';
import { buildTestApp, testClock } from '../../../test/app.ts';
import { card } from '../../../test/investing.ts';
import { callsAs, signedInAs, type Actor } from '../../../test/actor.ts';
import { campaignOf, deliver, fileDocument, startTrading } from '../../../test/money.ts';
import {
  auditOf,
  campaignThroughApi,
  cashAccount,
  decideSettlement,
  expectSoundLedger,
  mailsTo,
  move,
  payByCard,
  recordMilestone,
  STAGED,
} from '../../../test/money-campaigns.ts';

const DAY = 86_400_000;
const clock = testClock();
let app: App;
let admin: Actor;
let otherAdmin: Actor;

beforeAll(async () => {
  app = await buildTestApp({ clock });
  admin = await signedInAs(app, 'admin');
  otherAdmin = await signedInAs(app, 'admin');
});

afterAll(async () => {
  await expectSoundLedger(app);
});

/** A trading campaign, funded by one investor per amount, its cargo delivered (default schedule). */
async function delivered(amounts: string[]) {
  const funded = await campaignThroughApi(app, amounts);
  await startTrading(funded.trader, funded.campaign);
  await deliver(funded.trader, funded.campaign);
  return funded;
}

/** Each investor's investments in the campaign as they see them: [status, escrow, profit share]. */
async function investmentsOf(investor: Actor, campaign: { id: string }) {
  const res = await investor.get(`/api/investments?investorId=${investor.user.id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res
    .json<Array<{ campaignId: string; status: string; escrowStatus: string; profitShare: string | null }>>()
    .filter((i) => i.campaignId === campaign.id)
    .map((i) => [i.status, i.escrowStatus, i.profitShare]);
}

const balances = async (investors: Actor[]) =>
  Promise.all(investors.map(async (i) => (await cashAccount(i)).balance));

const bankTransfer = (actor: Actor, campaign: { id: string }) =>
  actor.post(`/api/admin/campaigns/${campaign.id}/settlement/bank-transfer`);

describe('declaring the result', () => {
  it('needs the Delivered milestone first', async () => {
    const { trader, campaign } = await campaignThroughApi(app, ['1000.00']);
    await startTrading(trader, campaign);
    expect((await recordMilestone(trader, campaign, { kind: 'loaded' })).statusCode).toBe(201);
    const early = await move(trader, campaign, { to: 'completed', actualProfit: '100.00' });
    expect([early.statusCode, early.json().error]).toEqual([
      409,
      'Record the Delivered milestone before declaring the result of the trade',
    ]);
    expect((await campaignOf(trader, campaign)).settlement).toBeNull();
  });

  it('only declares: the campaign stays trading with a settlement pending review, and nobody is paid', async () => {
    const { trader, campaign, investors } = await delivered(['600.00', '400.00']);
    const declared = await move(trader, campaign, { to: 'completed', actualProfit: '250.00' });
    expect(declared.statusCode, declared.body).toBe(200);
    expect(declared.json()).toMatchObject({ id: campaign.id, status: 'trading', actualProfit: null });
    const { settlement } = await campaignOf(trader, campaign);
    expect(settlement).toMatchObject({
      status: 'pending_review',
      // Disbursed 1,000.00 + the investors' share of the gross profit (250.00 × 1,000 / 1,000).
      amountDue: '1250.00',
      paymentIntentId: null,
      clientSecret: null,
      actualProfit: '250.00',
      principal: '1000.00',
      disbursed: '1000.00',
      grossProfit: '250.00',
      fee: '12.50',
      dueAt: null,
      paidAt: null,
    });
    expect(await balances(investors)).toEqual(['0.00', '0.00']);
    expect(await investmentsOf(investors[0]!, campaign)).toEqual([['confirmed', 'released', null]]);
    // Investors follow it too, without the payment's details.
    expect((await campaignOf(investors[0]!, campaign)).settlement).toMatchObject({
      status: 'pending_review',
      paymentIntentId: null,
      clientSecret: null,
    });
    const twice = await move(trader, campaign, { to: 'completed', actualProfit: '300.00' });
    expect([twice.statusCode, twice.json().error]).toEqual([
      409,
      'The result of this trade is already declared (pending review): wait for the admin review',
    ]);
  });

  it('refuses a waterfall that does not add up to the actual profit, and an invoice that is not one', async () => {
    const { trader, campaign } = await delivered(['1000.00']);
    const waterfall = {
      salesProceeds: '5000.00',
      purchaseCost: '3000.00',
      shippingCost: '1200.00',
      insuranceCost: '100.00',
      otherCosts: '400.00',
    };
    const wrong = await move(trader, campaign, { to: 'completed', actualProfit: '350.00', waterfall });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      error: 'Actual profit must be the sales proceeds less the costs (300.00)',
      fields: { actualProfit: 'Actual profit must be the sales proceeds less the costs (300.00)' },
    });
    const negative = await move(trader, campaign, {
      to: 'completed',
      actualProfit: '1500.00',
      waterfall: { ...waterfall, shippingCost: '-1200.00' },
    });
    expect([negative.statusCode, negative.json().error]).toEqual([400, 'Shipping cost cannot be negative']);
    const evidence = await fileDocument(app, trader, campaign, 'milestone', 'loaded');
    const notAnInvoice = await move(trader, campaign, {
      to: 'completed',
      actualProfit: '300.00',
      waterfall,
      invoiceDocumentId: evidence,
    });
    expect([notAnInvoice.statusCode, notAnInvoice.json().error]).toEqual([
      400,
      'The sales invoice must be a document of this campaign',
    ]);
    expect((await campaignOf(trader, campaign)).settlement).toBeNull();

    const invoice = await fileDocument(app, trader, campaign, 'sales_invoice');
    const ok = await move(trader, campaign, {
      to: 'completed',
      actualProfit: '300.00',
      waterfall,
      invoiceDocumentId: invoice,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await campaignOf(admin, campaign)).settlement).toMatchObject({
      status: 'pending_review',
      waterfall,
      invoice: { id: invoice, kind: 'sales_invoice' },
    });
  });

  it('refuses a loss larger than what went to the trade, naming that amount', async () => {
    const { trader, campaign, investors } = await campaignThroughApi(app, ['600.00', '400.00'], {
      schedule: STAGED,
    });
    await startTrading(trader, campaign);
    const billOfLading = await fileDocument(app, trader, campaign, 'milestone', 'loaded');
    await deliver(trader, campaign, { loaded: billOfLading });
    // 40% (400.00) went to the trade; the 60% tranche still waits for an admin.
    const tooBig = await move(trader, campaign, { to: 'completed', actualProfit: '-400.01' });
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().error).toBe(
      'Actual profit cannot be a loss larger than the $400.00 released to the trade',
    );
    expect(tooBig.json().error).not.toContain('{');
    expect((await campaignOf(trader, campaign)).settlement).toBeNull();

    const loss = await move(trader, campaign, { to: 'completed', actualProfit: '-100.00' });
    expect(loss.statusCode, loss.body).toBe(200);
    expect((await campaignOf(trader, campaign)).settlement).toMatchObject({
      amountDue: '300.00',
      disbursed: '400.00',
      grossProfit: '-100.00',
      fee: '0.00',
    });
    // Once the result is declared, the tranche still waiting is not released: the settlement counts
    // what had gone to the trade when it was declared.
    const staged = (await campaignOf(trader, campaign)).releases[1]!;
    const late = await admin.post(`/api/admin/campaigns/${campaign.id}/releases/${staged.id}`, {
      decision: 'approve',
    });
    expect([late.statusCode, late.json().error]).toEqual([
      409,
      'The result of this trade is declared: what is still in escrow goes back to the investors with the settlement',
    ]);
    expect((await campaignOf(trader, campaign)).releases[1]!.status).not.toBe('released');

    expect((await decideSettlement(admin, campaign, { decision: 'approve' })).statusCode).toBe(200);
    const { settlement } = await campaignOf(trader, campaign);
    expect((await payByCard(trader, settlement!)).statusCode).toBe(200);
    // Escrow's 600.00 and the 300.00 paid in: each investor bears the 100.00 loss pro rata, no fee.
    expect(await balances(investors)).toEqual(['540.00', '360.00']);
    expect(await investmentsOf(investors[1]!, campaign)).toEqual([['paid_out', 'released', '-40.00']]);
    await expectSoundLedger(app);
  });
});

describe('a loss of everything that went to the trade', () => {
  it('leaves nothing due: approved, it is distributed at once from what escrow still holds', async () => {
    const { trader, campaign, investors } = await campaignThroughApi(app, ['600.00', '400.00'], {
      schedule: STAGED,
    });
    await startTrading(trader, campaign);
    const billOfLading = await fileDocument(app, trader, campaign, 'milestone', 'loaded');
    await deliver(trader, campaign, { loaded: billOfLading });
    expect((await move(trader, campaign, { to: 'completed', actualProfit: '-400.00' })).statusCode).toBe(200);
    expect((await campaignOf(trader, campaign)).settlement).toMatchObject({ amountDue: '0.00', fee: '0.00' });
    const approved = await decideSettlement(admin, campaign, { decision: 'approve' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json<CampaignDetail>()).toMatchObject({
      status: 'completed',
      settlement: { status: 'paid', paymentIntentId: null, clientSecret: null },
    });
    // The 60% never released goes back: each investor keeps 60% of their money.
    expect(await balances(investors)).toEqual(['360.00', '240.00']);
    await expect
      .poll(async () => (await mailsTo(app, investors[0]!, 'completed')).map((m) => m.subject))
      .toEqual([`${campaign.title} completed: $360.00 paid to your balance`]);
    await expectSoundLedger(app);
  });
});

describe('the attacker’s case: a $1,000 campaign declaring a profit of trillions', () => {
  it('pays nobody until the trader pays the amount due in; a profit no payment can hold is a 400, not a 500', async () => {
    const { trader, campaign, investors } = await delivered(['600.00', '400.00']);
    for (const actualProfit of ['9999999999999.99', '10000000000000.00', '99999999999999999999']) {
      const res = await move(trader, campaign, { to: 'completed', actualProfit });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error).not.toContain('{');
      expect(res.json().error).toMatch(/^Actual profit/);
    }
    const declared = await move(trader, campaign, { to: 'completed', actualProfit: '9999999998999.99' });
    expect(declared.statusCode, declared.body).toBe(200);
    expect((await campaignOf(trader, campaign)).settlement).toMatchObject({
      status: 'pending_review',
      amountDue: '9999999999999.99',
    });
    expect(await balances(investors)).toEqual(['0.00', '0.00']);

    const approved = await decideSettlement(admin, campaign, { decision: 'approve' });
    expect(approved.statusCode, approved.body).toBe(200);
    // Approved is not paid: still nobody is paid, whatever the sweeps do meanwhile.
    await sweepAll(app.market);
    expect(await balances(investors)).toEqual(['0.00', '0.00']);
    expect(await investmentsOf(investors[0]!, campaign)).toEqual([['confirmed', 'released', null]]);
    expect((await campaignOf(trader, campaign)).status).toBe('trading');
    await expectSoundLedger(app);

    const { settlement } = await campaignOf(trader, campaign);
    expect(settlement!.amountDue).toBe('9999999999999.99');
    const paid = await payByCard(trader, settlement!);
    expect(paid.statusCode, paid.body).toBe(200);
    // Fee 499,999,999,950.00 (5%, half up); the net 9,499,999,999,049.99 split 60:40 to the cent.
    expect(await balances(investors)).toEqual(['5700000000029.99', '3800000000020.00']);
    expect((await campaignOf(trader, campaign)).status).toBe('completed');
    await expectSoundLedger(app);
  });
});

describe('the admin review (fixed contract)', () => {
  it('rejects with a reason (required), takes a new declaration, approves once; only admins decide', async () => {
    const { trader, campaign, investors } = await delivered(['500.00', '500.00']);
    expect((await move(trader, campaign, { to: 'completed', actualProfit: '200.00' })).statusCode).toBe(200);

    expect((await decideSettlement(trader, campaign, { decision: 'approve' })).statusCode).toBe(403);
    expect((await decideSettlement(investors[0]!, campaign, { decision: 'approve' })).statusCode).toBe(403);
    const noReason = await decideSettlement(admin, campaign, { decision: 'reject' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().fields).toHaveProperty('reason');
    const unknown = await decideSettlement(admin, campaign, { decision: 'maybe' });
    expect([unknown.statusCode, unknown.json().error]).toEqual([400, 'decision must be approve or reject']);

    const rejected = await decideSettlement(admin, campaign, {
      decision: 'reject',
      reason: 'The invoice shows 180.00 of profit, not 200.00',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json<CampaignDetail>()).toMatchObject({
      status: 'trading',
      settlement: { status: 'rejected', rejectReason: 'The invoice shows 180.00 of profit, not 200.00' },
    });
    // The trader reads why; investors see no settlement until one is declared again.
    expect((await campaignOf(trader, campaign)).settlement!.rejectReason).toBe(
      'The invoice shows 180.00 of profit, not 200.00',
    );
    expect((await campaignOf(investors[0]!, campaign)).settlement).toBeNull();
    const nothing = await decideSettlement(admin, campaign, { decision: 'approve' });
    expect([nothing.statusCode, nothing.json().error]).toEqual([
      404,
      'This campaign has no settlement to review',
    ]);

    expect((await move(trader, campaign, { to: 'completed', actualProfit: '180.00' })).statusCode).toBe(200);
    const approved = await decideSettlement(admin, campaign, { decision: 'approve' });
    expect(approved.statusCode, approved.body).toBe(200);
    const answer = approved.json<CampaignDetail>();
    expect(answer.settlement).toMatchObject({ status: 'approved', amountDue: '1180.00', rejectReason: null });
    expect(answer.settlement!.paymentIntentId).toMatch(/^pi_/);
    expect(answer.settlement!.clientSecret).toMatch(/_secret_/);
    expect(new Date(answer.settlement!.dueAt!).getTime() - clock().getTime()).toBe(14 * DAY);
    // The intent and its secret are for the trader who pays and admins, never for investors.
    expect((await campaignOf(trader, campaign)).settlement!.clientSecret).toBe(
      answer.settlement!.clientSecret,
    );
    expect((await campaignOf(investors[0]!, campaign)).settlement).toMatchObject({
      status: 'approved',
      paymentIntentId: null,
      clientSecret: null,
    });
    const again = await decideSettlement(admin, campaign, { decision: 'approve' });
    expect([again.statusCode, again.json().error]).toEqual([
      409,
      'This settlement is approved: only one awaiting review can be approved or rejected',
    ]);
    expect(await balances(investors)).toEqual(['0.00', '0.00']);
    expect((await auditOf(admin, campaign.id)).map((e) => [e.action, e.reason])).toEqual([
      ['campaign.approve', null], // the due-diligence review that opened it
      ['settlement.reject', 'The invoice shows 180.00 of profit, not 200.00'],
      ['settlement.approve', null],
    ]);
  });
});

describe('paying the settlement in', () => {
  it('by card: one distribution pays each investor principal + net share and the platform its fee; completed', async () => {
    const { trader, campaign, investors } = await delivered(['600.00', '400.00']);
    expect((await move(trader, campaign, { to: 'completed', actualProfit: '250.00' })).statusCode).toBe(200);
    expect((await decideSettlement(admin, campaign, { decision: 'approve' })).statusCode).toBe(200);
    const { settlement } = await campaignOf(trader, campaign);

    // Only the trader pays their intent; a declined card leaves it due.
    const stranger = await investors[0]!.post(
      `/api/sandbox/payment-intents/${settlement!.paymentIntentId}/confirm`,
      {
        clientSecret: settlement!.clientSecret,
        card: card(),
      },
    );
    expect(stranger.statusCode).toBe(404);
    const declined = await trader.post(
      `/api/sandbox/payment-intents/${settlement!.paymentIntentId}/confirm`,
      {
        clientSecret: settlement!.clientSecret,
        card: card('4000000000000002'),
      },
    );
    expect([declined.statusCode, declined.json().error]).toEqual([402, 'Your card was declined.']);
    expect((await campaignOf(trader, campaign)).settlement!.status).toBe('approved');
    expect(await balances(investors)).toEqual(['0.00', '0.00']);

    const publicList = () =>
      callsAs(app, null)
        .get(`/api/campaigns?traderId=${trader.user.id}`)
        .then((r) => r.json<Array<{ id: string; status: string }>>().map((c) => c.status));
    expect(await publicList()).toEqual(['trading']);

    const paid = await payByCard(trader, settlement!);
    expect(paid.json()).toEqual({ id: settlement!.paymentIntentId, status: 'succeeded', amount: '1250.00' });
    // Everyone's list shows it completed at once.
    expect(await publicList()).toEqual(['completed']);
    const after = await campaignOf(trader, campaign);
    expect(after).toMatchObject({ status: 'completed', actualProfit: '250.00' });
    expect(after.settlement).toMatchObject({ status: 'paid', paymentIntentId: null, clientSecret: null });
    expect(after.settlement!.paidAt).not.toBeNull();
    // Gross 250.00, fee 12.50, net 237.50 split 60:40.
    expect(await balances(investors)).toEqual(['742.50', '495.00']);
    expect(await investmentsOf(investors[0]!, campaign)).toEqual([['paid_out', 'released', '142.50']]);
    expect(await investmentsOf(investors[1]!, campaign)).toEqual([['paid_out', 'released', '95.00']]);
    const backers = await trader.get(`/api/campaigns/${campaign.id}/investors`);
    expect(
      backers
        .json()
        .map((b: { payout: string }) => b.payout)
        .sort(),
    ).toEqual(['495.00', '742.50']);
    await expect
      .poll(async () => (await mailsTo(app, investors[0]!, 'completed')).map((m) => m.subject))
      .toEqual([`${campaign.title} completed: $742.50 paid to your balance`]);

    // A replayed card step changes nothing; the campaign is final.
    expect((await payByCard(trader, settlement!)).statusCode).toBe(200);
    expect(await balances(investors)).toEqual(['742.50', '495.00']);
    expect((await move(trader, campaign, { to: 'completed', actualProfit: '1.00' })).statusCode).toBe(409);
    expect((await move(admin, campaign, { to: 'cancelled', reason: 'late' })).statusCode).toBe(409);
    await expectSoundLedger(app);
  });

  it('by a bank transfer an admin marks received: distributed, the card intent given up; only when due', async () => {
    const { trader, campaign, investors } = await delivered(['500.00', '500.00']);
    expect((await move(trader, campaign, { to: 'completed', actualProfit: '-200.00' })).statusCode).toBe(200);
    const early = await bankTransfer(admin, campaign);
    expect([early.statusCode, early.json().error]).toEqual([
      409,
      'This settlement is pending review: nothing is due',
    ]);
    expect((await decideSettlement(admin, campaign, { decision: 'approve' })).statusCode).toBe(200);
    const { settlement } = await campaignOf(trader, campaign);
    expect(settlement!.amountDue).toBe('800.00');

    expect((await bankTransfer(trader, campaign)).statusCode).toBe(403);
    const received = await bankTransfer(admin, campaign);
    expect(received.statusCode, received.body).toBe(200);
    expect(received.json<CampaignDetail>()).toMatchObject({
      status: 'completed',
      settlement: { status: 'paid' },
    });
    // A loss of 200.00 shared 50:50, no fee.
    expect(await balances(investors)).toEqual(['400.00', '400.00']);
    // The card intent can no longer be paid: the money came in once.
    const card = await payByCard(trader, settlement!);
    expect(card.statusCode).toBe(409);
    const twice = await bankTransfer(admin, campaign);
    expect([twice.statusCode, twice.json().error]).toEqual([409, 'This settlement is paid: nothing is due']);
    expect(await balances(investors)).toEqual(['400.00', '400.00']);
    expect((await auditOf(admin, campaign.id)).map((e) => e.action)).toEqual([
      'campaign.approve',
      'settlement.approve',
      'settlement.bank_transfer',
    ]);
    await expectSoundLedger(app);
  });

  it('distributes nothing twice when an admin marks a bank transfer while the trader pays by card', async () => {
    for (let round = 0; round < 3; round++) {
      const { trader, campaign, investors } = await delivered(['700.00', '300.00']);
      expect((await move(trader, campaign, { to: 'completed', actualProfit: '100.00' })).statusCode).toBe(
        200,
      );
      expect((await decideSettlement(admin, campaign, { decision: 'approve' })).statusCode).toBe(200);
      const { settlement } = await campaignOf(trader, campaign);
      const [byCard, byBank] = await Promise.all([
        payByCard(trader, settlement!),
        bankTransfer(admin, campaign),
      ]);
      // One of them paid it; the other was refused, released uncharged, or refunded.
      expect([byCard.statusCode, byBank.statusCode]).toContain(200);
      expect((await campaignOf(trader, campaign)).status).toBe('completed');
      // Gross 100.00, fee 5.00, net 95.00 split 70:30.
      expect(await balances(investors)).toEqual(['766.50', '328.50']);
      await expectSoundLedger(app);
    }
  });

  it('refunds a card hold captured just after a bank transfer paid the settlement: the money came in once', async () => {
    const { trader, campaign, investors } = await delivered(['500.00', '500.00']);
    expect((await move(trader, campaign, { to: 'completed', actualProfit: '100.00' })).statusCode).toBe(200);
    expect((await decideSettlement(admin, campaign, { decision: 'approve' })).statusCode).toBe(200);
    const { settlement } = await campaignOf(trader, campaign);
    // The card holds the amount at the provider; the server counts the hold and goes to capture it,
    // and just then (between the two) an admin marks the trader's bank transfer received.
    const sandbox = app.payments as SandboxProvider;
    await sandbox.confirm(
      settlement!.paymentIntentId!,
      { clientSecret: settlement!.clientSecret!, card: card() },
      { payerId: trader.user.id },
    );
    const [cardPayment] = await app.db
      .select()
      .from(payments)
      .where(eq(payments.intentId, settlement!.paymentIntentId!));
    let transfer: Awaited<ReturnType<typeof bankTransfer>> | undefined;
    const provider = Object.assign(Object.create(sandbox) as SandboxProvider, {
      captureIntent: async (id: string) => {
        transfer = await bankTransfer(admin, campaign);
        return sandbox.captureIntent(id);
      },
    });
    const { payment } = await advancePayment({ ...app.money, provider }, cardPayment!.id);
    expect(transfer?.statusCode, transfer?.body).toBe(200);
    // The card was charged by the provider, so it is refunded in full; investors are paid once.
    expect(payment.status).toBe('refunded');
    expect(await balances(investors)).toEqual(['547.50', '547.50']);
    expect((await campaignOf(trader, campaign)).settlement!.status).toBe('paid');
    await expectSoundLedger(app);
  });

  it('distributes once when the trader confirms the same card payment twice at once', async () => {
    const { trader, campaign, investors } = await delivered(['500.00', '500.00']);
    expect((await move(trader, campaign, { to: 'completed', actualProfit: '100.00' })).statusCode).toBe(200);
    expect((await decideSettlement(admin, campaign, { decision: 'approve' })).statusCode).toBe(200);
    const { settlement } = await campaignOf(trader, campaign);
    const answers = await Promise.all([payByCard(trader, settlement!), payByCard(trader, settlement!)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(await balances(investors)).toEqual(['547.50', '547.50']);
    await expectSoundLedger(app);
  });

  it('approves once when two admins approve at the same moment', async () => {
    const { trader, campaign } = await delivered(['1000.00']);
    expect((await move(trader, campaign, { to: 'completed', actualProfit: '50.00' })).statusCode).toBe(200);
    const answers = await Promise.all([
      decideSettlement(admin, campaign, { decision: 'approve' }),
      decideSettlement(otherAdmin, campaign, { decision: 'approve' }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect((await auditOf(admin, campaign.id)).map((e) => e.action)).toEqual([
      'campaign.approve',
      'settlement.approve',
    ]);
    // One card payment to make, for the amount due.
    const { settlement } = await campaignOf(trader, campaign);
    expect((await payByCard(trader, settlement!)).json()).toMatchObject({ amount: '1050.00' });
    expect((await campaignOf(trader, campaign)).status).toBe('completed');
    await expectSoundLedger(app);
  });
});

// Last in the file: it moves the app's clock weeks ahead.
describe('an approved settlement left unpaid', () => {
  it('stays payable past the card form’s lifetime, is in default after 14 days (investors told), and can still be paid', async () => {
    const { trader, campaign, investors } = await delivered(['600.00', '400.00']);
    expect((await move(trader, campaign, { to: 'completed', actualProfit: '100.00' })).statusCode).toBe(200);
    expect((await decideSettlement(admin, campaign, { decision: 'approve' })).statusCode).toBe(200);

    // An hour later the sweeps have run; the settlement is still due and its card step still open.
    clock.advance(60 * 60_000);
    await sweepAll(app.market);
    expect((await campaignOf(trader, campaign)).settlement).toMatchObject({ status: 'approved' });

    clock.advance(14 * DAY - 2 * 60 * 60_000);
    await sweepAll(app.market);
    expect((await campaignOf(trader, campaign)).settlement!.status).toBe('approved');
    clock.advance(2 * 60 * 60_000);
    const report = await sweepAll(app.market);
    expect(report.errors).toEqual([]);
    expect(report.defaults?.campaigns).toContain(campaign.id);
    const defaulted = await campaignOf(trader, campaign);
    expect(defaulted).toMatchObject({ status: 'trading', settlement: { status: 'defaulted' } });
    // Both emails are queued with the default; the outbox delivers them one after the other.
    for (const investor of investors)
      await expect
        .poll(async () => (await mailsTo(app, investor, 'has not paid the settlement')).length)
        .toBe(1);
    // The next sweep tells nobody again.
    expect((await sweepAll(app.market)).defaults?.campaigns).not.toContain(campaign.id);
    expect(await balances(investors)).toEqual(['0.00', '0.00']);

    // Paid late, it is distributed as any other.
    const paid = await payByCard(trader, defaulted.settlement!);
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await campaignOf(trader, campaign)).status).toBe('completed');
    expect(await balances(investors)).toEqual(['657.00', '438.00']);
    await expectSoundLedger(app);
  });
});
