// Test kit for money that leaves escrow and comes back (docs/money.md): a verified bank account, a
// funded campaign through the real card flow, trading, milestones, the settlement declared, approved
// and paid in with the sandbox card — each through the API, as the browser and the admin make them.
//
//   const { trader, campaign, investors } = await fundedCampaign(app, ['600.00', '400.00']);
//   await startTrading(trader, campaign);
//   await deliver(trader, campaign);
//   const settled = await settle(app, trader, campaign, '250.00');
import { expect } from 'vitest';
import { SANDBOX_PAYING_IBAN } from '../domain/payments.ts';
import type { CampaignDetail } from '../domain/campaign-schemas.ts';
import type { App } from '../server/app.ts';
import { SESSION_COOKIE } from '../server/features/accounts/index.ts';
import { createCampaign, type NewCampaign } from './app.ts';
import { FILES, multipart } from './kyc.ts';
import { card, investIn } from './investing.ts';
import { signedInAs, signInAgainIfTimedOut, type Actor } from './actor.ts';

/** The actor's verified bank account (the sandbox pays out to SANDBOX_PAYING_IBAN unless told). */
export async function addBankAccount(actor: Actor, iban: string = SANDBOX_PAYING_IBAN) {
  const holderName =
    actor.user.role === 'investor'
      ? `${actor.user.firstName} ${actor.user.lastName}`
      : (actor.user.companyName ?? '');
  const res = await actor.put('/api/bank-account', { holderName, iban });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ id: string; ibanMasked: string }>();
}

/**
 * A campaign of a signed-in trader (with a bank account) funded to its target by one investor per
 * amount, through intent → card hold → record. The target is the sum of the amounts. The investors are
 * sophisticated (no reflection period: trading may start at once) unless `retail: true`.
 */
export async function fundedCampaign(
  app: App,
  amounts: string[],
  overrides: Partial<NewCampaign> = {},
  { bank = true, retail = false }: { bank?: boolean; retail?: boolean } = {},
) {
  const trader = await signedInAs(app, 'trader');
  if (bank) await addBankAccount(trader);
  const target = amounts.reduce((sum, a) => sum + Math.round(Number(a) * 100), 0) / 100;
  const campaign = await createCampaign(app.db, {
    traderId: trader.user.id,
    targetAmount: target.toFixed(2),
    ...overrides,
  });
  const investors: Actor[] = [];
  for (const amount of amounts) {
    const investor = await signedInAs(app, 'investor', { isAccredited: !retail });
    const { record } = await investIn(app, investor, campaign, amount);
    // The card step already recorded it (as Stripe's webhook would): the record call answers 200.
    expect(record?.json<{ status: string }>().status, record?.body).toBe('confirmed');
    investors.push(investor);
  }
  return { trader, campaign, investors };
}

/** The campaign's detail as the actor sees it (GET /api/campaigns/:id, must answer 200). */
export async function campaignOf(actor: Actor, campaign: { id: string }): Promise<CampaignDetail> {
  const res = await actor.get(`/api/campaigns/${campaign.id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<CampaignDetail>();
}

export async function startTrading(trader: Actor, campaign: { id: string }) {
  const res = await trader.post(`/api/campaigns/${campaign.id}/transitions`, { to: 'trading' });
  expect(res.statusCode, res.body).toBe(200);
}

/** Records every milestone up to `delivered` (the ones a tranche waits on need a document: pass it). */
export async function deliver(
  trader: Actor,
  campaign: { id: string },
  documents: Record<string, string> = {},
) {
  for (const kind of ['loaded', 'departed', 'arrived', 'customs_cleared', 'delivered']) {
    const res = await trader.post(`/api/campaigns/${campaign.id}/milestones`, {
      kind,
      ...(documents[kind] && { documentId: documents[kind] }),
    });
    expect(res.statusCode, res.body).toBe(201);
  }
}

/** A one-page PDF filed for the campaign (a bill of lading, an invoice); answers its id. */
export async function fileDocument(
  app: App,
  trader: Actor,
  campaign: { id: string },
  kind: 'milestone' | 'sales_invoice',
  milestone?: string,
) {
  const { body, contentType } = multipart([
    { name: 'kind', content: kind },
    ...(milestone ? [{ name: 'milestone', content: milestone }] : []),
    { name: 'file', filename: 'evidence.pdf', contentType: 'application/pdf', content: FILES.pdf() },
  ]);
  // Like every actor's call (callsAs): a session the app clock carried past its end starts afresh.
  await signInAgainIfTimedOut(app, trader.token);
  const res = await app.inject({
    method: 'POST',
    url: `/api/campaigns/${campaign.id}/documents`,
    headers: { 'content-type': contentType, cookie: `${SESSION_COOKIE}=${trader.token}` },
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string }>().id;
}

/**
 * Declares the result (`{to:"completed", actualProfit}`), has an admin approve it, and pays the amount
 * due with the sandbox card as the trader: answers the campaign as its owner then sees it.
 */
export async function settle(app: App, trader: Actor, campaign: { id: string }, actualProfit: string) {
  const declared = await trader.post(`/api/campaigns/${campaign.id}/transitions`, {
    to: 'completed',
    actualProfit,
  });
  expect(declared.statusCode, declared.body).toBe(200);
  const admin = await signedInAs(app, 'admin');
  const approved = await admin.post(`/api/admin/campaigns/${campaign.id}/settlement`, {
    decision: 'approve',
  });
  expect(approved.statusCode, approved.body).toBe(200);
  const { settlement } = await campaignOf(trader, campaign);
  if (settlement?.paymentIntentId) {
    const paid = await trader.post(`/api/sandbox/payment-intents/${settlement.paymentIntentId}/confirm`, {
      clientSecret: settlement.clientSecret,
      card: card(),
    });
    expect(paid.statusCode, paid.body).toBe(200);
  }
  return campaignOf(trader, campaign);
}
