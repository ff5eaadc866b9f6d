// Each invariant of verify-ledger shown to fail (reliability checklist M1, M7, M9; Open Collective's
// checks/): a sound state is built once through the real API — investments by card and from a balance,
// a campaign with a staged schedule released, delivered, settled by card and distributed, one settled
// by bank transfer at a loss, one trading with a tranche still scheduled, one cancelled after a dispute
// released, a void and an abandoned intent, orders received, held and cancelled, withdrawals paid and
// one refused by the bank — and verify-ledger answers nothing on it. Then each fault a check exists to
// catch is planted inside a transaction that is rolled back (ledger postings through `post()`, changes
// to the tables beside the ledger, or changes at the provider: the sandbox's own tables), and exactly
// the check that names it answers.
import { and, eq, sql } from 'drizzle-orm';
import { TransactionRollbackError } from 'drizzle-orm/errors';
import { beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_PAYING_IBAN } from '../../domain/payments.ts';
import type { App } from '../app.ts';
import type { Db } from '../db/connect.ts';
import {
  campaignReleases,
  campaigns,
  escrowRecords,
  investments,
  ledgerTransactions,
  listings,
  orders,
  payments,
  payouts,
  sandboxPaymentIntents,
  sandboxPayouts,
  settlements,
} from '../db/schema/index.ts';
import { inTransaction, type Tx } from '../db/transaction.ts';
import { accounts, post, transfer, type LedgerKind } from '../features/money/index.ts';
import { setReleaseSchedule } from '../features/money/index.ts';
import type { SandboxProvider } from '../features/money/index.ts';
import { buildTestApp, createCampaign, testClock } from '../../test/app.ts';
import { card, investIn, openIntent, postIntent } from '../../test/investing.ts';
import { signedInAs, type Actor } from '../../test/actor.ts';
import { dayAfter, listingOf, move, orderAndPay } from '../../test/marketplace.ts';
import { addBankAccount, deliver, fileDocument, settle, startTrading } from '../../test/money.ts';
import { LEDGER_CHECKS, RECONCILIATION_CHECKS, verifyLedger, type LedgerBreak } from './ledger.ts';

// Sophisticated investors: no reflection period (issue 19), so trading may start right after funding.
const SOPHISTICATED = { isAccredited: true };

const FAILING_IBAN = 'DE62370400440532013001';

/** The check names, by what they are about (each must be one of LEDGER_CHECKS / RECONCILIATION_CHECKS). */
const check = {
  balanced: 'every transaction sums to zero',
  negative: 'no account that must not go negative is negative',
  raised:
    "each campaign's raised amount equals its investments not refunded, and its escrow holds what did not go to the trade",
  tranches: 'what went to the trade is what the released tranches say, never more than was raised',
  completed:
    'a completed campaign was settled: paid in, distributed once, escrow and settlement accounts empty',
  completedBefore: 'a campaign completed before settlements paid each investor principal and profit once',
  profit: 'profit paid out never exceeds what the trader paid in beyond the principal disbursed',
  cancelled: 'no investment of a cancelled campaign is left neither refunded nor paid',
  target: 'no campaign is funded beyond its target',
  paymentBooked: 'each payment is booked once when captured, and its refund once when refunded',
  investmentPayment:
    'each investment matches its payment: in escrow once captured, refunded with it, never charged before',
  orderEscrow: "each order's escrow holds its total exactly while paid and not yet released or refunded",
  orderRecord: "each order's escrow record says where its money is: held, released to the supplier, refunded",
  orderTotal: "each order's total is its quantity in kg times its price per kg",
  listing: "each listing's reserved quantity is what its orders hold, never above its quantity",
  payout: 'each payout is booked out of its balance once, and returned once if the bank refused it',
  captures: RECONCILIATION_CHECKS[0],
  refunds: RECONCILIATION_CHECKS[1],
  payouts: RECONCILIATION_CHECKS[2],
} as const;

const clock = testClock();
let app: App;
let sandbox: SandboxProvider;

/** What the sound state is made of: the rows each fault is planted on. */
interface World {
  /** Staged 40/60, released, delivered, settled by card with a profit, distributed. */
  completed: { id: string; traderId: string; investors: Actor[] };
  /** Settled at a loss by a bank transfer an admin marked received (its card intent given up). */
  bankSettled: { id: string };
  /** Trading: 40% released, 60% still scheduled on `loaded`. */
  trading: { id: string; investors: Actor[] };
  /** Active, partly raised: one investment from a balance, one by card. */
  active: { id: string };
  /** Cancelled by an admin after a dispute released back to Held: every investment refunded. */
  cancelled: { id: string };
  /** Filled by one hold; the other investor's hold on it voided (never charged). */
  voidedPaymentId: string;
  /** An intent given up before paying. */
  expiredPaymentId: string;
  orders: { received: string; held: string; cancelled: string; listing: string };
  withdrawals: { paid: string; failed: string };
}
let world: World;

type Schedule = Array<{ trigger: 'trading' | 'loaded'; percent: string }>;

/**
 * A campaign of a trader with a bank account, with its release schedule, funded to its target by one
 * investor per amount through intent → card → record (the card step books it: the record call replays).
 */
async function funded(amounts: string[], tranches: Schedule = [{ trigger: 'trading', percent: '100' }]) {
  const trader = await signedInAs(app, 'trader');
  await addBankAccount(trader);
  const target = amounts.reduce((sum, a) => sum + Math.round(Number(a) * 100), 0) / 100;
  const campaign = await createCampaign(app.db, {
    traderId: trader.user.id,
    targetAmount: target.toFixed(2),
  });
  await inTransaction(app.db, (tx) => setReleaseSchedule(tx, campaign.id, tranches, clock()));
  const investors: Actor[] = [];
  for (const amount of amounts) {
    const investor = await signedInAs(app, 'investor', SOPHISTICATED);
    const { record } = await investIn(app, investor, campaign, amount);
    expect(record?.json<{ status: string }>().status, record?.body).toBe('confirmed');
    investors.push(investor);
  }
  return { trader, campaign, investors };
}

async function investmentsOf(campaignId: string) {
  return app.db
    .select({ investment: investments, payment: payments })
    .from(investments)
    .innerJoin(payments, eq(payments.id, investments.paymentId))
    .where(eq(investments.campaignId, campaignId))
    .orderBy(investments.createdAt, investments.id);
}

async function buildWorld(): Promise<World> {
  const admin = await signedInAs(app, 'admin');

  // A campaign released in two tranches (the second on `loaded`, confirmed by an admin), delivered,
  // settled by card with a profit and distributed.
  const staged: Schedule = [
    { trigger: 'trading', percent: '40' },
    { trigger: 'loaded', percent: '60' },
  ];
  const a = await funded(['600.00', '400.00'], staged);
  await startTrading(a.trader, a.campaign);
  const billOfLading = await fileDocument(app, a.trader, a.campaign, 'milestone', 'loaded');
  await deliver(a.trader, a.campaign, { loaded: billOfLading });
  const [loaded] = await app.db
    .select()
    .from(campaignReleases)
    .where(and(eq(campaignReleases.campaignId, a.campaign.id), eq(campaignReleases.trigger, 'loaded')));
  const approved = await admin.post(`/api/admin/campaigns/${a.campaign.id}/releases/${loaded!.id}`, {
    decision: 'approve',
  });
  expect(approved.statusCode, approved.body).toBe(200);
  const settled = await settle(app, a.trader, a.campaign, '250.00');
  expect(settled.status).toBe('completed');

  // The investors' cash accounts: one withdrawal paid, one refused by the bank (returned).
  const [richer, poorer] = a.investors as [Actor, Actor];
  await addBankAccount(richer);
  const paid = await richer.post('/api/withdrawals', { amount: '100.00' });
  expect(paid.statusCode, paid.body).toBe(201);
  await addBankAccount(poorer, FAILING_IBAN);
  const failed = await poorer.post('/api/withdrawals', { amount: '50.00' });
  expect(failed.statusCode, failed.body).toBe(201);

  // A campaign settled at a loss by bank transfer (its card intent opened on approval, then given up).
  const b = await funded(['700.00', '300.00']);
  await startTrading(b.trader, b.campaign);
  await deliver(b.trader, b.campaign);
  const declared = await b.trader.post(`/api/campaigns/${b.campaign.id}/transitions`, {
    to: 'completed',
    actualProfit: '-120.00',
  });
  expect(declared.statusCode, declared.body).toBe(200);
  expect(
    (await admin.post(`/api/admin/campaigns/${b.campaign.id}/settlement`, { decision: 'approve' }))
      .statusCode,
  ).toBe(200);
  const transfer = await admin.post(`/api/admin/campaigns/${b.campaign.id}/settlement/bank-transfer`);
  expect(transfer.statusCode, transfer.body).toBe(200);

  // A campaign trading with its second tranche still scheduled.
  const t = await funded(['500.00', '500.00'], staged);
  await startTrading(t.trader, t.campaign);

  // An active campaign, partly raised: from a balance (reinvested profit) and by card.
  const active = await createCampaign(app.db, { targetAmount: '5000.00', minimumInvestment: '100' });
  const fromBalance = await postIntent(richer, '/api/investments/from-balance', {
    amount: '200.00',
    campaignId: active.id,
    investorId: richer.user.id,
  });
  expect(fromBalance.statusCode, fromBalance.body).toBe(201);
  const cardInvestor = await signedInAs(app, 'investor', SOPHISTICATED);
  expect((await investIn(app, cardInvestor, active, '300.00')).record?.json().status).toBe('confirmed');

  // A campaign one hold fills: the other hold on it is voided, never charged; an intent given up.
  const full = await createCampaign(app.db, { targetAmount: '1000.00', minimumInvestment: '100' });
  const first = await signedInAs(app, 'investor', SOPHISTICATED);
  const second = await signedInAs(app, 'investor', SOPHISTICATED);
  const firstIntent = await openIntent(first, full, '1000.00');
  const secondIntent = await openIntent(second, full, '1000.00');
  for (const [who, intent] of [
    [first, firstIntent],
    [second, secondIntent],
  ] as const) {
    const res = await who.post(`/api/sandbox/payment-intents/${intent.paymentIntentId}/confirm`, {
      clientSecret: intent.clientSecret,
      card: card(),
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  const quitter = await signedInAs(app, 'investor', SOPHISTICATED);
  const given = await openIntent(quitter, active, '150.00');
  expect((await quitter.post(`/api/payment-intents/${given.paymentIntentId}/cancel`)).statusCode).toBe(200);

  // A campaign cancelled by an admin after one investor's dispute was released back to Held.
  const cancelled = await createCampaign(app.db, { targetAmount: '3000.00', minimumInvestment: '100' });
  const disputer = await signedInAs(app, 'investor', SOPHISTICATED);
  const other = await signedInAs(app, 'investor', SOPHISTICATED);
  expect((await investIn(app, disputer, cancelled, '400.00')).record?.json().status).toBe('confirmed');
  expect((await investIn(app, other, cancelled, '250.00')).record?.json().status).toBe('confirmed');
  const [disputed] = await app.db
    .select({ id: escrowRecords.id })
    .from(escrowRecords)
    .innerJoin(investments, eq(investments.id, escrowRecords.investmentId))
    .where(eq(investments.investorId, disputer.user.id));
  const dispute = await disputer.post(`/api/escrow/${disputed!.id}/dispute`, {
    reason: 'Not what I was told',
  });
  expect(dispute.statusCode, dispute.body).toBe(200);
  const resolved = await admin.post(`/api/admin/escrow/${disputed!.id}/resolve`, { outcome: 'release' });
  expect(resolved.statusCode, resolved.body).toBe(200);
  const cancel = await admin.post(`/api/campaigns/${cancelled.id}/transitions`, {
    to: 'cancelled',
    reason: 'The supplier fell through',
  });
  expect(cancel.statusCode, cancel.body).toBe(200);

  // Orders: one received (escrow released to the supplier and paid out), one held, one cancelled.
  const supplier = await signedInAs(app, 'trader');
  await addBankAccount(supplier, SANDBOX_PAYING_IBAN);
  const buyer = await signedInAs(app, 'buyer');
  const listing = await listingOf(supplier, { quantity: '100', minOrder: '10', pricePerKg: '5.60' });
  const received = await orderAndPay(buyer, listing, '10');
  const held = await orderAndPay(buyer, listing, '12.5');
  const dropped = await orderAndPay(buyer, listing, '15');
  for (const o of [received, held, dropped]) expect(o.record?.statusCode, o.record?.body).toBe(200);
  await move(supplier, received.order!.id, { to: 'confirmed' });
  await move(supplier, received.order!.id, { to: 'shipped', expectedDeliveryDate: dayAfter(clock(), 5) });
  await move(supplier, received.order!.id, { to: 'delivered' });
  const receipt = await buyer.post(`/api/orders/${received.order!.id}/receipt`);
  expect(receipt.statusCode, receipt.body).toBe(200);
  await move(supplier, dropped.order!.id, { to: 'cancelled', reason: 'Out of stock at the port' });

  const voided = (await investmentsOf(full.id)).find((r) => r.investment.investorId === second.user.id)!;
  const expired = (await investmentsOf(active.id)).find((r) => r.investment.investorId === quitter.user.id)!;
  const [withdrawalPaid] = await app.db.select().from(payouts).where(eq(payouts.userId, richer.user.id));
  const [withdrawalFailed] = await app.db.select().from(payouts).where(eq(payouts.userId, poorer.user.id));
  return {
    completed: { id: a.campaign.id, traderId: a.trader.user.id, investors: a.investors },
    bankSettled: { id: b.campaign.id },
    trading: { id: t.campaign.id, investors: t.investors },
    active: { id: active.id },
    cancelled: { id: cancelled.id },
    voidedPaymentId: voided.payment.id,
    expiredPaymentId: expired.payment.id,
    orders: {
      received: received.order!.id,
      held: held.order!.id,
      cancelled: dropped.order!.id,
      listing: listing.id,
    },
    withdrawals: { paid: withdrawalPaid!.id, failed: withdrawalFailed!.id },
  };
}

beforeAll(async () => {
  app = await buildTestApp({ clock });
  sandbox = app.payments as SandboxProvider;
  world = await buildWorld();
}, 300_000);

/**
 * Plants a fault inside a transaction, runs verify-ledger (reconciled with the sandbox on the same
 * transaction) and rolls everything back: the sound state stays sound for the next fault. The fault
 * writes and reads through `tx` only: read anything else before (on PGlite, a query on `app.db` waits
 * for the transaction to end, and the file hangs).
 */
async function planted(fault: (tx: Tx) => Promise<unknown>): Promise<LedgerBreak[]> {
  let breaks: LedgerBreak[] = [];
  try {
    await app.db.transaction(async (drizzleTx) => {
      const tx = drizzleTx as unknown as Tx;
      await fault(tx);
      breaks = await verifyLedger(tx as Db, sandbox.onDatabase(tx as Db));
      drizzleTx.rollback();
    });
  } catch (error) {
    if (!(error instanceof TransactionRollbackError)) throw error;
  }
  return breaks;
}

/** Exactly these checks answer (each at least once), naming `mentions` in a detail when given. */
function expectOnly(breaks: LedgerBreak[], names: string[], mentions?: string) {
  expect([...new Set(breaks.map((b) => b.check))].sort(), JSON.stringify(breaks, null, 2)).toEqual(
    [...names].sort(),
  );
  if (mentions)
    expect(
      breaks.some((b) => b.detail.includes(mentions)),
      JSON.stringify(breaks),
    ).toBe(true);
}

/** Writes without the database's own ledger guards (as a restore or a dropped trigger would). */
const unguarded = (tx: Tx) => tx.execute(sql`set local session_replication_role = replica`);

it('the sound state breaks nothing, with and without the provider', async () => {
  expect(await verifyLedger(app.db, app.payments)).toEqual([]);
  expect(await verifyLedger(app.db)).toEqual([]);
  // The world holds what the faults are planted on.
  const [completed] = await app.db.select().from(campaigns).where(eq(campaigns.id, world.completed.id));
  expect(completed!.status).toBe('completed');
  const [loss] = await app.db
    .select()
    .from(settlements)
    .where(eq(settlements.campaignId, world.bankSettled.id));
  expect(loss!.status).toBe('paid');
  // The transfer paid it: the card intent opened on approval was given up, at the provider too.
  const [cardPayment] = await app.db.select().from(payments).where(eq(payments.id, loss!.paymentId!));
  expect([cardPayment!.source, cardPayment!.status]).toEqual(['card', 'expired']);
  expect((await sandbox.retrieveIntent(cardPayment!.intentId!))!.status).toBe('canceled');
  const statuses = await app.db.select({ status: payouts.status }).from(payouts);
  expect(new Set(statuses.map((s) => s.status))).toEqual(new Set(['paid', 'failed']));
  // Every named check is one verify-ledger runs.
  for (const name of Object.values(check))
    expect([...LEDGER_CHECKS, ...RECONCILIATION_CHECKS]).toContain(name);
  expect(Object.values(check)).toHaveLength(LEDGER_CHECKS.length + RECONCILIATION_CHECKS.length);
});

it('rolls each planted fault back: the state is sound again after every test', async () => {
  await planted((tx) =>
    tx.update(campaigns).set({ raisedAmount: '1.00' }).where(eq(campaigns.id, world.active.id)),
  );
  expect(await verifyLedger(app.db, app.payments)).toEqual([]);
});

describe(check.balanced, () => {
  it('answers a transaction without entries (half written)', async () => {
    let id = '';
    const breaks = await planted(async (tx) => {
      const [row] = await tx
        .insert(ledgerTransactions)
        .values({ kind: 'release', campaignId: world.trading.id, memo: 'half written' })
        .returning();
      id = row!.id;
    });
    expectOnly(breaks, [check.balanced], id);
  });

  it('answers a transaction whose entries do not sum to zero (written past the guards)', async () => {
    const breaks = await planted(async (tx) => {
      await unguarded(tx);
      const [row] = await tx
        .insert(ledgerTransactions)
        .values({ kind: 'bank_payout', memo: 'unbalanced' })
        .returning();
      await tx.execute(sql`insert into ledger_entries (transaction_id, account, amount)
        values (${row!.id}, 'platform:fees', -0.01), (${row!.id}, 'clearing:sandbox', 0.02)`);
    });
    expectOnly(breaks, [check.balanced], 'sums to 0.01');
  });
});

describe(check.negative, () => {
  it('answers an investor balance taken below zero (written past the guards)', async () => {
    const investor = world.trading.investors[0]!;
    const breaks = await planted(async (tx) => {
      await unguarded(tx);
      await post(
        tx,
        transfer('bank_payout', accounts.investor(investor.user.id), accounts.clearing('sandbox'), '10.00', {
          at: clock(),
        }),
      );
    });
    // A payout posting without its payout row: only the balance check concerns it (it names no payout).
    expectOnly(breaks, [check.negative], accounts.investor(investor.user.id));
  });
});

describe(check.raised, () => {
  it('answers a campaign whose raised amount moved without an investment', async () => {
    const breaks = await planted((tx) =>
      tx
        .update(campaigns)
        .set({ raisedAmount: sql`${campaigns.raisedAmount} + 0.01` })
        .where(eq(campaigns.id, world.active.id)),
    );
    expectOnly(breaks, [check.raised], `campaign ${world.active.id}`);
  });

  it('answers a backer count that does not match its investors', async () => {
    const breaks = await planted((tx) =>
      tx
        .update(campaigns)
        .set({ investorCount: sql`${campaigns.investorCount} + 1` })
        .where(eq(campaigns.id, world.active.id)),
    );
    expectOnly(breaks, [check.raised], 'investors 3 (counted 2)');
  });

  it('answers escrow holding money no escrow record accounts for', async () => {
    const breaks = await planted((tx) =>
      post(
        tx,
        transfer('investment', accounts.clearing('sandbox'), accounts.escrow(world.active.id), '50.00', {
          campaignId: world.active.id,
          at: clock(),
        }),
      ),
    );
    expectOnly(breaks, [check.raised], 'escrow balance 550.00');
  });
});

describe(check.tranches, () => {
  it('answers a tranche marked released without its posting', async () => {
    const breaks = await planted((tx) =>
      tx
        .update(campaignReleases)
        .set({ status: 'released', amount: '600.00', releasedAt: clock() })
        .where(
          and(eq(campaignReleases.campaignId, world.trading.id), eq(campaignReleases.trigger, 'loaded')),
        ),
    );
    expectOnly(breaks, [check.tranches], 'tranches released 1000.00, release postings 400.00');
  });

  it('answers money released to the trader without a tranche (escrow short too)', async () => {
    const [campaign] = await app.db.select().from(campaigns).where(eq(campaigns.id, world.trading.id));
    const breaks = await planted((tx) =>
      post(
        tx,
        transfer('release', accounts.escrow(campaign!.id), accounts.trader(campaign!.traderId), '100.00', {
          campaignId: campaign!.id,
          at: clock(),
        }),
      ),
    );
    expectOnly(breaks, [check.tranches, check.raised], 'release postings 500.00');
  });
});

describe(check.completed, () => {
  it('answers a campaign completed without a settlement (its escrow still full)', async () => {
    const breaks = await planted((tx) =>
      tx.update(campaigns).set({ status: 'completed' }).where(eq(campaigns.id, world.trading.id)),
    );
    expectOnly(breaks, [check.completed], `completed campaign ${world.trading.id}: settlement none`);
  });

  it('answers a completed campaign with an investment never paid out', async () => {
    const [first] = await investmentsOf(world.completed.id);
    const breaks = await planted((tx) =>
      tx.update(investments).set({ status: 'confirmed' }).where(eq(investments.id, first!.investment.id)),
    );
    expectOnly(breaks, [check.completed], 'investments not paid out 1');
  });

  it('answers a completed campaign whose settlement is still due', async () => {
    const breaks = await planted((tx) =>
      tx
        .update(settlements)
        .set({ status: 'approved' })
        .where(eq(settlements.campaignId, world.completed.id)),
    );
    expectOnly(breaks, [check.completed], 'settlement approved');
  });

  it('answers a profit share recorded that the distribution did not pay', async () => {
    const [first] = await investmentsOf(world.completed.id);
    const breaks = await planted((tx) =>
      tx
        .update(investments)
        .set({ profitShare: sql`${investments.profitShare} + 0.01` })
        .where(eq(investments.id, first!.investment.id)),
    );
    expectOnly(breaks, [check.completed], 'paid to investors 1237.50');
  });
});

describe(check.completedBefore, () => {
  /**
   * Plants the completed campaign as one finished before settlements (migration 0011) reads: a card
   * payout posted per investment (`times[n]` for the n-th). The amounts come from the investors'
   * balances: only the count matters to this check, and no account goes negative.
   */
  // A kind only the history before migration 0011 holds: today's code never posts it.
  const LEGACY_CARD_PAYOUT = 'payout' as LedgerKind;

  async function paidToCards(times: number[]) {
    const ids = (await investmentsOf(world.completed.id)).map((r) => r.investment);
    const breaks = await planted(async (tx) => {
      for (const [n, investment] of ids.entries())
        for (let i = 0; i < (times[n] ?? 0); i++)
          await post(
            tx,
            transfer(
              LEGACY_CARD_PAYOUT,
              accounts.investor(investment.investorId),
              accounts.clearing('sandbox'),
              '0.01',
              {
                campaignId: world.completed.id,
                investmentId: investment.id,
                at: clock(),
              },
            ),
          );
    });
    return { breaks, ids: ids.map((i) => i.id) };
  }

  it('holds a campaign whose investors were each paid to their card once', async () => {
    expect((await paidToCards([1, 1])).breaks).toEqual([]);
  });

  it('answers an investor of such a campaign never paid', async () => {
    const { breaks, ids } = await paidToCards([1, 0]);
    expectOnly(breaks, [check.completedBefore], `investment ${ids[1]} is paid_out, paid 0 time(s)`);
  });

  it('answers an investor of such a campaign paid twice', async () => {
    const { breaks, ids } = await paidToCards([2, 1]);
    expectOnly(breaks, [check.completedBefore], `investment ${ids[0]} is paid_out, paid 2 time(s)`);
  });
});

describe(check.profit, () => {
  it('answers investors paid from the clearing account beyond what escrow and the trader provide', async () => {
    const [investor] = world.trading.investors;
    const breaks = await planted((tx) =>
      post(
        tx,
        transfer(
          'distribution',
          accounts.clearing('sandbox'),
          accounts.investor(investor!.user.id),
          '600.01',
          {
            campaignId: world.trading.id,
            at: clock(),
          },
        ),
      ),
    );
    expectOnly(breaks, [check.profit], `campaign ${world.trading.id} paid 600.01`);
  });

  it('answers a profit paid from the clearing account, however small', async () => {
    const [investor] = world.trading.investors;
    const breaks = await planted((tx) =>
      post(
        tx,
        transfer('distribution', accounts.clearing('sandbox'), accounts.investor(investor!.user.id), '0.01', {
          campaignId: world.trading.id,
          at: clock(),
        }),
      ),
    );
    expectOnly(breaks, [check.profit], '0.01 drawn from outside its settlement and escrow');
  });
});

describe(check.cancelled, () => {
  it('answers a campaign cancelled with its investments left in escrow (the dispute-release + cancel shape)', async () => {
    const rows = await investmentsOf(world.active.id);
    const confirmed = rows.filter((r) => r.investment.status === 'confirmed');
    expect(confirmed).toHaveLength(2);
    const breaks = await planted(async (tx) => {
      // A cancellation that missed the investments (as one that skipped a record disputed at the time,
      // then released back to Held, would have): the campaign cancelled, the money still in escrow.
      await tx.update(campaigns).set({ status: 'cancelled' }).where(eq(campaigns.id, world.active.id));
    });
    expectOnly(breaks, [check.cancelled], confirmed[0]!.investment.id);
    expect(breaks.filter((b) => b.check === check.cancelled)).toHaveLength(2);
  });
});

describe(check.target, () => {
  it('answers a campaign raised beyond its target', async () => {
    const breaks = await planted((tx) =>
      tx.update(campaigns).set({ targetAmount: '999.99' }).where(eq(campaigns.id, world.completed.id)),
    );
    expectOnly(breaks, [check.target], 'raised 1000.00 of a 999.99 target');
  });
});

describe(check.paymentBooked, () => {
  it('answers a payment marked refunded whose refund was never booked', async () => {
    const [order] = await app.db.select().from(orders).where(eq(orders.id, world.orders.received));
    const breaks = await planted((tx) =>
      tx.update(payments).set({ status: 'refunded' }).where(eq(payments.id, order!.paymentId)),
    );
    expectOnly(
      breaks,
      [check.paymentBooked],
      `payment ${order!.paymentId} (order, refunded) has 1 capture and 0 refund`,
    );
  });

  it('answers a payment captured twice in the ledger (the provider and escrow disagree too)', async () => {
    const [order] = await app.db.select().from(orders).where(eq(orders.id, world.orders.held));
    const breaks = await planted(async (tx) => {
      // Marked as a settlement payment so the database's once-per-payment index lets it in.
      await post(
        tx,
        transfer(
          'settlement_payment',
          accounts.clearing('sandbox'),
          accounts.settlement(world.trading.id),
          '1.00',
          {
            paymentId: order!.paymentId,
            at: clock(),
          },
        ),
      );
    });
    expectOnly(breaks, [check.paymentBooked, check.captures], '2 capture and 0 refund');
  });

  it('answers a voided payment marked captured without a posting (its investment disagrees too)', async () => {
    const breaks = await planted((tx) =>
      tx.update(payments).set({ status: 'captured' }).where(eq(payments.id, world.voidedPaymentId)),
    );
    expectOnly(breaks, [check.paymentBooked, check.investmentPayment], world.voidedPaymentId);
  });
});

describe(check.investmentPayment, () => {
  it('answers an investment confirmed whose payment was voided (never charged)', async () => {
    const breaks = await planted((tx) =>
      tx
        .update(investments)
        .set({ status: 'confirmed' })
        .where(eq(investments.paymentId, world.voidedPaymentId)),
    );
    expectOnly(
      breaks,
      [check.investmentPayment],
      'is confirmed with its payment voided and 0 escrow record(s)',
    );
  });

  it('answers an investment refunded while its payment is still captured', async () => {
    const [row] = (await investmentsOf(world.active.id)).filter((r) => r.investment.status === 'confirmed');
    const breaks = await planted((tx) =>
      tx.update(investments).set({ status: 'refunded' }).where(eq(investments.id, row!.investment.id)),
    );
    expectOnly(breaks, [check.investmentPayment], `investment ${row!.investment.id} is refunded`);
  });
});

describe(check.orderEscrow, () => {
  it("answers an order's escrow emptied in the ledger while the order says it is held", async () => {
    const [order] = await app.db.select().from(orders).where(eq(orders.id, world.orders.held));
    const breaks = await planted((tx) =>
      post(
        tx,
        transfer(
          'order_release',
          accounts.orderEscrow(order!.id),
          accounts.trader(order!.traderId),
          order!.totalAmount,
          {
            orderId: order!.id,
            at: clock(),
          },
        ),
      ),
    );
    expectOnly(breaks, [check.orderEscrow], `order ${order!.id} (held, total 70000.00) has 0.00 in escrow`);
  });
});

describe(check.orderRecord, () => {
  it("answers a held order's escrow record marked released", async () => {
    const breaks = await planted((tx) =>
      tx
        .update(escrowRecords)
        .set({ status: 'released' })
        .where(eq(escrowRecords.orderId, world.orders.held)),
    );
    expectOnly(
      breaks,
      [check.orderRecord],
      `order ${world.orders.held} is pending with its payment held and its escrow released`,
    );
  });

  it('answers a cancelled order whose payment is still held', async () => {
    const breaks = await planted((tx) =>
      tx.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, world.orders.held)),
    );
    // Cancelled, the order no longer counts against its listing: the listing's reservation is off too.
    expectOnly(breaks, [check.orderRecord, check.listing], `order ${world.orders.held} is cancelled`);
  });
});

describe(check.orderTotal, () => {
  it('answers an order whose total is not its quantity times its price', async () => {
    const breaks = await planted((tx) =>
      tx
        .update(orders)
        .set({ pricePerKg: sql`${orders.pricePerKg} + 0.01` })
        .where(eq(orders.id, world.orders.cancelled)),
    );
    expectOnly(breaks, [check.orderTotal], `order ${world.orders.cancelled} totals`);
  });
});

describe(check.listing, () => {
  it('answers a listing reserving more than its orders hold', async () => {
    const breaks = await planted((tx) =>
      tx
        .update(listings)
        .set({ reserved: sql`${listings.reserved} + 1` })
        .where(eq(listings.id, world.orders.listing)),
    );
    expectOnly(
      breaks,
      [check.listing],
      `listing ${world.orders.listing} reserves 23.50 of 100.00; its orders hold 22.50`,
    );
  });
  // A listing reserving beyond its quantity: the database refuses it (listings_reserved_range).
});

describe(check.payout, () => {
  it('answers a payout the bank refused whose return is missing', async () => {
    const breaks = await planted((tx) =>
      tx.update(payouts).set({ status: 'failed' }).where(eq(payouts.id, world.withdrawals.paid)),
    );
    expectOnly(
      breaks,
      [check.payout],
      `payout ${world.withdrawals.paid} (failed, 100.00) has 1 payout and 0 return`,
    );
  });

  it('answers a payout never booked out of its balance', async () => {
    const [paid] = await app.db.select().from(payouts).where(eq(payouts.id, world.withdrawals.paid));
    let id = '';
    const breaks = await planted(async (tx) => {
      const [row] = await tx
        .insert(payouts)
        .values({
          userId: paid!.userId,
          bankAccountId: paid!.bankAccountId,
          purpose: 'withdrawal',
          amount: '25.00',
          provider: 'sandbox',
        })
        .returning();
      id = row!.id;
    });
    expectOnly(breaks, [check.payout], `payout ${id} (pending, 25.00) has 0 payout and 0 return`);
  });
});

// ---- the ledger reconciled against the provider ----------------------------------------------

async function intentOf(paymentId: string) {
  const [row] = await app.db.select().from(payments).where(eq(payments.id, paymentId));
  return row!.intentId!;
}

describe(check.captures, () => {
  it("answers a capture at the provider the ledger never booked (a voided payment's intent captured behind the app's back)", async () => {
    const intentId = await intentOf(world.voidedPaymentId);
    const breaks = await planted((tx) =>
      tx
        .update(sandboxPaymentIntents)
        .set({
          status: 'succeeded',
          amountCaptured: sql`${sandboxPaymentIntents.amount}`,
          amountCapturable: '0',
        })
        .where(eq(sandboxPaymentIntents.id, intentId)),
    );
    expectOnly(
      breaks,
      [check.captures],
      `capture ${intentId} of 1000.00 at the provider is booked as nothing`,
    );
  });

  it('answers a capture the ledger booked for another amount than the provider took', async () => {
    const [row] = (await investmentsOf(world.active.id)).filter(
      (r) => r.investment.status === 'confirmed' && r.payment.source === 'card',
    );
    const breaks = await planted((tx) =>
      tx
        .update(sandboxPaymentIntents)
        .set({ amountCaptured: '299.99' })
        .where(eq(sandboxPaymentIntents.id, row!.payment.intentId!)),
    );
    expectOnly(
      breaks,
      [check.captures],
      `capture ${row!.payment.intentId} of 299.99 at the provider is booked as 300.00`,
    );
  });

  it('answers a capture booked that the provider never made', async () => {
    const [row] = (await investmentsOf(world.active.id)).filter(
      (r) => r.investment.status === 'confirmed' && r.payment.source === 'card',
    );
    const breaks = await planted((tx) =>
      tx
        .update(sandboxPaymentIntents)
        .set({ status: 'canceled', amountCaptured: '0' })
        .where(eq(sandboxPaymentIntents.id, row!.payment.intentId!)),
    );
    expectOnly(
      breaks,
      [check.captures],
      `capture of ${row!.payment.id} booked for 300.00 has no match at the provider`,
    );
  });

  it('answers a capture at the provider unknown to HydroBridge', async () => {
    const breaks = await planted((tx) =>
      tx.insert(sandboxPaymentIntents).values({
        id: 'pi_sb_stranger',
        amount: '42.00',
        status: 'succeeded',
        amountCaptured: '42.00',
        metadata: {},
        clientSecretHash: 'x',
      }),
    );
    expectOnly(
      breaks,
      [check.captures],
      'capture pi_sb_stranger of 42.00 at the provider is unknown to HydroBridge',
    );
  });
});

describe(check.refunds, () => {
  it('answers a refund at the provider never booked', async () => {
    const [row] = (await investmentsOf(world.active.id)).filter(
      (r) => r.investment.status === 'confirmed' && r.payment.source === 'card',
    );
    const breaks = await planted((tx) =>
      tx
        .update(sandboxPaymentIntents)
        .set({ amountRefunded: sql`${sandboxPaymentIntents.amountCaptured}` })
        .where(eq(sandboxPaymentIntents.id, row!.payment.intentId!)),
    );
    expectOnly(
      breaks,
      [check.refunds],
      `refund ${row!.payment.intentId} of 300.00 at the provider is booked as nothing`,
    );
  });

  it('answers a refund booked that the provider never made', async () => {
    const [row] = await investmentsOf(world.cancelled.id);
    expect(row!.payment.status).toBe('refunded');
    const breaks = await planted((tx) =>
      tx
        .update(sandboxPaymentIntents)
        .set({ amountRefunded: '0' })
        .where(eq(sandboxPaymentIntents.id, row!.payment.intentId!)),
    );
    expectOnly(
      breaks,
      [check.refunds],
      `refund of ${row!.payment.id} booked for ${row!.payment.amount} has no match`,
    );
  });
});

describe(check.payouts, () => {
  async function providerPayoutOf(payoutId: string) {
    const [row] = await app.db.select().from(payouts).where(eq(payouts.id, payoutId));
    return row!.providerPayoutId!;
  }

  it('answers a payout paid at the provider that HydroBridge never booked', async () => {
    const [sent] = await app.db
      .select()
      .from(sandboxPayouts)
      .where(eq(sandboxPayouts.id, await providerPayoutOf(world.withdrawals.paid)));
    const breaks = await planted((tx) =>
      tx.insert(sandboxPayouts).values({
        id: 'po_sb_stranger',
        idempotencyKey: 'stranger',
        destination: sent!.destination,
        amount: '75.00',
        status: 'paid',
        metadata: {},
      }),
    );
    expectOnly(
      breaks,
      [check.payouts],
      'payout po_sb_stranger of 75.00 at the provider is unknown to HydroBridge',
    );
  });

  it('answers a payout HydroBridge sent and the provider paid, never booked out of a balance', async () => {
    const [paid] = await app.db.select().from(payouts).where(eq(payouts.id, world.withdrawals.paid));
    const [sent] = await app.db
      .select()
      .from(sandboxPayouts)
      .where(eq(sandboxPayouts.id, paid!.providerPayoutId!));
    let id = '';
    const breaks = await planted(async (tx) => {
      const [row] = await tx
        .insert(payouts)
        .values({
          userId: paid!.userId,
          bankAccountId: paid!.bankAccountId,
          purpose: 'withdrawal',
          amount: '60.00',
          provider: 'sandbox',
          providerPayoutId: 'po_sb_unbooked',
          status: 'paid',
        })
        .returning();
      id = row!.id;
      await tx.insert(sandboxPayouts).values({
        id: 'po_sb_unbooked',
        idempotencyKey: `payout-${id}`,
        destination: sent!.destination,
        amount: '60.00',
        status: 'paid',
        metadata: {},
      });
    });
    // Both ends say so: the payout has no posting, and the provider's payout is booked as nothing.
    expectOnly(
      breaks,
      [check.payout, check.payouts],
      'payout po_sb_unbooked of 60.00 at the provider is booked as nothing',
    );
    expect(breaks.some((b) => b.detail.includes(`payout ${id} (paid, 60.00) has 0 payout`))).toBe(true);
  });

  it('answers a payout the provider paid for another amount than the ledger booked', async () => {
    const providerId = await providerPayoutOf(world.withdrawals.paid);
    const breaks = await planted((tx) =>
      tx.update(sandboxPayouts).set({ amount: '100.01' }).where(eq(sandboxPayouts.id, providerId)),
    );
    expectOnly(breaks, [check.payouts], `payout ${providerId} of 100.01 at the provider is booked as 100.00`);
  });

  it('answers a payout failure at the provider whose return is missing', async () => {
    const providerId = await providerPayoutOf(world.withdrawals.paid);
    const breaks = await planted((tx) =>
      tx.update(sandboxPayouts).set({ status: 'failed' }).where(eq(sandboxPayouts.id, providerId)),
    );
    expectOnly(
      breaks,
      [check.payouts],
      `payout failure ${providerId} of 100.00 at the provider is booked as nothing`,
    );
  });

  it('answers a return booked for a payout the provider says was paid', async () => {
    const providerId = await providerPayoutOf(world.withdrawals.failed);
    const breaks = await planted((tx) =>
      tx.update(sandboxPayouts).set({ status: 'paid' }).where(eq(sandboxPayouts.id, providerId)),
    );
    expectOnly(
      breaks,
      [check.payouts],
      `payout failure of ${world.withdrawals.failed} booked for 50.00 has no match`,
    );
  });
});
