// Test kit for the money-out suites (server/features/money/*.test.ts): campaigns created through the API with
// their release schedule (so the schedule is the one the server wrote), funded with the real card flow,
// and the calls the trader, the admin and the investors make on the way to the settlement.
//
//   const { trader, campaign, investors } = await campaignThroughApi(app, ['600.00', '400.00'], {
//     schedule: [{ trigger: 'trading', percent: '40' }, { trigger: 'loaded', percent: '60' }],
//   });
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Tranche } from '../domain/money-out.ts';
import type { App } from '../server/app.ts';
import { verifyLedger } from '../server/checks/ledger.ts';
import { emailOutbox } from '../server/db/schema/index.ts';
import { campaignBody } from './app.ts';
import { approveCampaign } from './diligence.ts';
import { card, investIn } from './investing.ts';
import { signedInAs, type Actor } from './actor.ts';
import { addBankAccount } from './money.ts';

export const STAGED: Tranche[] = [
  { trigger: 'trading', percent: '40' },
  { trigger: 'loaded', percent: '60' },
];

/**
 * A campaign a signed-in trader created with POST /api/campaigns (the schedule given, or the default),
 * approved by an admin's due-diligence review, funded to its target (the sum of the amounts) by one new
 * investor per amount through intent → card → record. The trader has a verified bank account unless
 * `bank: false`. The new investors are sophisticated (no reflection period: trading may start at once)
 * unless `retail: true`, whose investments may be revoked for 4 days and hold trading back until then.
 */
export async function campaignThroughApi(
  app: App,
  amounts: string[],
  {
    schedule,
    bank = true,
    trader,
    investors: given = [],
    retail = false,
    body = {},
  }: {
    schedule?: Tranche[];
    bank?: boolean;
    trader?: Actor;
    investors?: Actor[];
    retail?: boolean;
    /** More fields of the create body (a deadline…). */
    body?: Record<string, unknown>;
  } = {},
) {
  const owner = trader ?? (await signedInAs(app, 'trader'));
  if (bank && !trader) await addBankAccount(owner);
  const target = amounts.reduce((sum, a) => sum + Math.round(Number(a) * 100), 0) / 100;
  const created = await owner.post(
    '/api/campaigns',
    campaignBody({
      targetAmount: target.toFixed(2),
      minimumInvestment: '100',
      ...(schedule && { releaseSchedule: schedule }),
      ...body,
    }),
  );
  expect(created.statusCode, created.body).toBe(201);
  const campaign = created.json<{ id: string; title: string }>();
  await approveCampaign(app, owner, campaign);
  const investors: Actor[] = [];
  for (const [i, amount] of amounts.entries()) {
    const investor = given[i] ?? (await signedInAs(app, 'investor', { isAccredited: !retail }));
    const { record } = await investIn(app, investor, campaign, amount);
    // The sandbox's card step records it already: the record call answers the same investment (200).
    expect(record?.json(), record?.body).toMatchObject({ status: 'confirmed', amount });
    investors.push(investor);
  }
  return { trader: owner, campaign, investors };
}

export const move = (actor: Actor, campaign: { id: string }, body: Record<string, unknown>) =>
  actor.post(`/api/campaigns/${campaign.id}/transitions`, body);

export const recordMilestone = (actor: Actor, campaign: { id: string }, body: Record<string, unknown>) =>
  actor.post(`/api/campaigns/${campaign.id}/milestones`, body);

export const decideSettlement = (admin: Actor, campaign: { id: string }, body: Record<string, unknown>) =>
  admin.post(`/api/admin/campaigns/${campaign.id}/settlement`, body);

/** The sandbox card step for the trader's settlement intent (what the trader's pay form sends). */
export function payByCard(
  trader: Actor,
  settlement: { paymentIntentId: string | null; clientSecret: string | null },
) {
  return trader.post(`/api/sandbox/payment-intents/${settlement.paymentIntentId}/confirm`, {
    clientSecret: settlement.clientSecret,
    card: card(),
  });
}

/** The investor's cash account (GET /api/cash-account, must answer 200). */
export async function cashAccount(actor: Actor) {
  const res = await actor.get('/api/cash-account');
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{
    balance: string;
    pendingPayouts: string;
    bankAccount: { ibanMasked: string; holderName: string } | null;
    payouts: Array<{
      id: string;
      purpose: string;
      amount: string;
      status: string;
      failureReason: string | null;
    }>;
  }>();
}

/** Emails sent to the actor whose subject contains `text`. */
export async function mailsTo(app: App, actor: Actor, text: string) {
  const rows = await app.db.select().from(emailOutbox).where(eq(emailOutbox.to, actor.user.email!));
  return rows.filter((m) => m.subject.includes(text));
}

/** The audit log's entries on a target as an admin reads them (GET /api/admin/audit-log), oldest first. */
export async function auditOf(admin: Actor, targetId: string) {
  const res = await admin.get('/api/admin/audit-log');
  expect(res.statusCode, res.body).toBe(200);
  return res
    .json<{
      entries: Array<{
        action: string;
        actor: string;
        targetId: string | null;
        reason: string | null;
        seq: number;
      }>;
    }>()
    .entries.filter((e) => e.targetId === targetId)
    .sort((a, b) => a.seq - b.seq);
}

/** Every ledger invariant holds and the ledger agrees with the provider. */
export async function expectSoundLedger(app: App) {
  expect(await verifyLedger(app.db, app.payments)).toEqual([]);
}

/**
 * A campaign funded by the given investors (new ones when not given), traded, delivered, its result
 * declared, approved by `admin` and paid in by card: each investor's cash account holds their payout.
 */
export async function paidOutCampaign(
  app: App,
  admin: Actor,
  amounts: string[],
  actualProfit: string,
  options: { investors?: Actor[] } = {},
) {
  const funded = await campaignThroughApi(app, amounts, options);
  const { trader, campaign } = funded;
  const trading = await move(trader, campaign, { to: 'trading' });
  expect(trading.statusCode, trading.body).toBe(200);
  for (const kind of ['loaded', 'departed', 'arrived', 'customs_cleared', 'delivered']) {
    const res = await recordMilestone(trader, campaign, { kind });
    expect(res.statusCode, res.body).toBe(201);
  }
  const declared = await move(trader, campaign, { to: 'completed', actualProfit });
  expect(declared.statusCode, declared.body).toBe(200);
  const approved = await decideSettlement(admin, campaign, { decision: 'approve' });
  expect(approved.statusCode, approved.body).toBe(200);
  const settlement = approved.json<{ settlement: { paymentIntentId: string; clientSecret: string } }>()
    .settlement;
  const paid = await payByCard(trader, settlement);
  expect(paid.statusCode, paid.body).toBe(200);
  return funded;
}
