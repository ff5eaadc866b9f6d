// A valid call of every API route, one per row of the authorization matrix: with it, a 2xx means the
// action really happened and a 401/403/404 comes from who asked, not from a bad body. The fuzzer
// starts from the same calls. A new route needs a row here (TypeScript then asks for its row in the
// matrix, server/authorization.test.ts).
import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { expect } from 'vitest';
import { SANDBOX_SUCCESS_CARD } from '../../domain/payments.ts';
import type { App } from '../../server/app.ts';
import type { campaigns } from '../../server/db/schema/index.ts';
import {
  classificationDocuments,
  emailVerificationTokens,
  investments,
  passwordResetTokens,
  payments,
  roleRequests,
  users,
  verificationDocuments,
  complaints,
} from '../../server/db/schema/index.ts';
import { eq } from 'drizzle-orm';
import { JOB_SCHEMA } from '../../server/jobs/queue.ts';
import { REPORTS } from '../../domain/audit-log.ts';
import { SANDBOX_PAYING_IBAN } from '../../domain/payments.ts';
import { requiredDocuments } from '../../domain/kyc.ts';
import { documentParts, FILES, multipart } from '../kyc.ts';
import { hashToken, newToken } from '../../server/features/accounts/index.ts';
import { disputeEscrow } from '../../server/features/admin/index.ts';
import { recordPassedTest } from '../../server/features/verification/index.ts';
import { receiveBuffer } from '../../server/uploads/storage.ts';
import { applyForClassification, classificationOf } from '../../server/features/verification/index.ts';
import { APPROPRIATENESS_QUESTIONS } from '../../domain/investor-protection.ts';
import { createPaymentIntent, recordInvestment } from '../../server/features/investing/index.ts';
import {
  campaignDocument,
  campaignInReview,
  declaredCampaign,
  giveBalance,
  giveBankAccount,
  orderInDispute,
  stagedCampaign,
} from './money.ts';
import type { SandboxProvider } from '../../server/features/money/index.ts';
import { campaignBody, createCampaign, createUser, TEST_PASSWORD } from '../app.ts';
import { sessionCookie, signupBody } from '../auth.ts';
import { freshIp } from '../actor.ts';
import type { OidcIdentity } from '../auth-services.ts';
import { cookiesOf, type HttpCall, type Session } from './call.ts';
import type { MarketWorld } from './market.ts';
import { listingBody } from '../marketplace.ts';
import { certificateBody, certificateFields } from '../origin.ts';
import { storeBuffer } from '../../server/uploads/storage.ts';
import { TWO_FACTOR_REQUESTS } from './two-factor.ts';
import { UPDATE_REQUESTS } from './updates.ts';

/** Who owns a row's object: the trader of a campaign or listing, the investor of a payment, the buyer of an order. */
export type Owner = 'trader' | 'investor' | 'buyer';

export interface RouteContext {
  app: App;
  /** Who sends the request: null for a visitor. */
  caller: Session | null;
  /** The owner of the row's object: the trader of `campaign` and `draft`, or on investing rows the investor of `investing`. */
  owner: Session;
  /** Active, and `draft` cancelled: both the same trader's. */
  campaign: typeof campaigns.$inferSelect;
  draft: typeof campaigns.$inferSelect;
  /** On investing rows: the owner's pending payment intent, and one paid at the sandbox but not recorded. */
  investing?: { intent: PaymentRef; paid: PaymentRef };
  /** On marketplace rows: the trader's listing, the buyer's orders and quote requests (test/authz/market.ts). */
  market?: MarketWorld;
  /** The local OpenID Connect provider the app's Google sign-in talks to. */
  oidc: { setIdentity(identity: OidcIdentity): void };
}

interface PaymentRef {
  id: string;
  clientSecret: string;
}

/** The request, without its method (the row's key holds it). */
export interface RouteRequest {
  url: string;
  /** JSON body: a value, or its exact text when a string (a signed body). */
  body?: unknown;
  cookies?: Record<string, string>;
  headers?: Record<string, string>;
  /** For 'shown'/'hidden' cells: whether the answer shows the row's object. */
  shows?: (res: Answer) => boolean;
  /** For allowed cells: what shows the action took place (expect…). */
  happened?: (res: Answer) => void;
}

export interface Answer {
  statusCode: number;
  headers: Record<string, unknown>;
  body: string;
  json: <T = unknown>() => T;
}

export type Builder = ((ctx: RouteContext) => RouteRequest | Promise<RouteRequest>) & {
  owner?: Owner;
  market?: boolean;
};

/** Marks a row whose object an investor owns (a payment, their investments). */
const investorOwns = (build: Builder): Builder => Object.assign(build, { owner: 'investor' as const });
/** Marketplace rows: the world holds a listing, orders and quote requests; `owner` owns the object. */
const market = (owner: Owner | undefined, build: Builder): Builder =>
  Object.assign(build, { owner, market: true });

/** Stripe mode for the routes that exist only then (its API origin points nowhere: no call leaves). */
export const STRIPE_SETTINGS = {
  secretKey: 'sk_test_matrix',
  publishableKey: 'pk_test_matrix',
  webhookSecret: 'whsec_matrix_secret_0123456789',
  apiBase: 'http://127.0.0.1:9',
};

/** The operator's token for GET /metrics (METRICS_TOKEN) on the matrix's and the fuzzer's apps. */
export const METRICS_TOKEN = 'matrix-metrics-token-0123456789abcdef';

/** A Stripe event delivery: the body text and its signature header. */
function stripeEvent(type: string, signed = true) {
  const body = JSON.stringify({
    id: `evt_${unique()}`,
    object: 'event',
    type,
    data: { object: { id: `pi_${unique()}` } },
  });
  const signature = signed
    ? Stripe.webhooks.generateTestHeaderString({ payload: body, secret: STRIPE_SETTINGS.webhookSecret })
    : 't=1,v1=forged';
  return { url: '/api/payments/stripe/webhook', body, headers: { 'stripe-signature': signature } };
}

let n = 0;
const unique = () => `${++n}${randomUUID().slice(0, 6)}`;

/** The sandbox's card that pays. */
export const successCard = () => ({ number: SANDBOX_SUCCESS_CARD, expMonth: 12, expYear: 2030, cvc: '123' });

/** Signs in (the caller, or a new account): an account whose password is TEST_PASSWORD. */
async function subject(ctx: RouteContext) {
  return ctx.caller?.user ?? (await createUser(ctx.app.db));
}

const answersUser = (res: Answer) => expect(res.json()).toMatchObject({ id: expect.any(String) });
const listed = (id: string) => (res: Answer) => res.json<Array<{ id: string }>>().some((c) => c.id === id);

const GOOGLE_START = '/api/auth/oauth/google/start?role=investor&terms=true&risk=true';

/** Keeps the keys (the matrix must list the same) while typing every value as a Builder. */
const rows = <K extends string>(builders: Record<K, Builder>) => builders;

export const ROUTE_REQUESTS = rows({
  ...TWO_FACTOR_REQUESTS,
  ...UPDATE_REQUESTS,
  'GET /api/health': () => ({ url: '/api/health' }),
  'GET /api/ready': () => ({
    url: '/api/ready',
    happened: (res) => expect(res.json()).toMatchObject({ status: 'ready' }),
  }),
  // Prometheus' scrape: the operator's bearer token, whoever is signed in (a session grants nothing).
  'GET /metrics': () => ({ url: '/metrics' }),
  'GET /metrics (with the token)': () => ({
    url: '/metrics',
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    happened: (res) =>
      expect(res.body).toContain('# TYPE hydrobridge_http_request_duration_seconds histogram'),
  }),
  'GET /metrics (a wrong token)': () => ({
    url: '/metrics',
    headers: { authorization: `Bearer ${METRICS_TOKEN.replace(/.$/, '_')}` },
  }),
  'GET /api/dev/emails': () => ({
    url: '/api/dev/emails',
    happened: (res) => expect(res.body).toContain('/api/dev/emails/password-reset'),
  }),
  'GET /api/dev/emails/:template': () => ({
    url: '/api/dev/emails/password-reset',
    happened: (res) => expect(res.body).toContain('Reset your HydroBridge password'),
  }),
  // The API's description and its page (docs/api.md): the same for everyone.
  'GET /api/openapi.json': () => ({
    url: '/api/openapi.json',
    happened: (res) => expect(res.json()).toMatchObject({ openapi: expect.stringMatching(/^3\.1\./) }),
  }),
  'GET /api/docs': () => ({
    url: '/api/docs',
    happened: (res) => expect(res.body).toContain('/api/openapi.json'),
  }),
  'GET /api/auth/session': () => ({ url: '/api/auth/session' }),
  'GET /api/auth/me': () => ({ url: '/api/auth/me', happened: answersUser }),
  'POST /api/auth/signup': () => ({
    url: '/api/auth/signup',
    body: signupBody('investor'),
    happened: (res) => expect(sessionCookie(res)).not.toBeNull(),
  }),
  'POST /api/auth/signin': async (ctx) => ({
    url: '/api/auth/signin',
    body: { email: (await subject(ctx)).username, password: TEST_PASSWORD },
    // An admin (who has a second factor) gets the second step instead of a session.
    happened: (res) =>
      ctx.caller?.user.role === 'admin'
        ? expect(res.json()).toMatchObject({ twoFactorRequired: true })
        : expect(sessionCookie(res)).not.toBeNull(),
  }),
  // The emailed link, opened in any browser: a token for the caller's address (or a new account's).
  'POST /api/auth/verify-email': async (ctx) => {
    const token = newToken();
    const user = await subject(ctx);
    await ctx.app.db.insert(emailVerificationTokens).values({
      tokenHash: hashToken(token),
      userId: user.id,
      email: user.email!.toLowerCase(),
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    return {
      url: '/api/auth/verify-email',
      body: { token },
      happened: (res) => expect(res.json()).toEqual({ emailVerified: true }),
    };
  },
  'POST /api/auth/verify-email/resend': (ctx) => ({
    url: '/api/auth/verify-email/resend',
    happened: (res) => expect(res.json()).toEqual({ sent: !ctx.caller?.user.emailVerified }),
  }),
  'POST /api/auth/logout': () => ({ url: '/api/auth/logout' }),
  'POST /api/auth/switch-role': (ctx) => ({
    url: '/api/auth/switch-role',
    body: { newRole: ctx.caller?.user.role ?? 'investor' },
  }),
  // The contact details (the verified legal name is changed by request: the next row).
  'PATCH /api/auth/profile': () => ({
    url: '/api/auth/profile',
    body: { phone: '+44 20 7946 0000' },
    happened: (res) => expect(res.json()).toMatchObject({ phone: '+44 20 7946 0000' }),
  }),
  'POST /api/auth/change-password': () => ({
    url: '/api/auth/change-password',
    body: {
      currentPassword: TEST_PASSWORD,
      newPassword: 'Another-pass-456',
      confirmPassword: 'Another-pass-456',
    },
  }),
  'POST /api/auth/sessions/revoke-others': () => ({ url: '/api/auth/sessions/revoke-others' }),
  'POST /api/auth/forgot-password': async (ctx) => ({
    url: '/api/auth/forgot-password',
    body: { email: (await subject(ctx)).email },
  }),
  'POST /api/auth/reset-password': async (ctx) => {
    const token = newToken();
    await ctx.app.db.insert(passwordResetTokens).values({
      tokenHash: hashToken(token),
      userId: (await subject(ctx)).id,
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    return {
      url: '/api/auth/reset-password',
      body: { token, password: 'Brand-new-pass-789', confirmPassword: 'Brand-new-pass-789' },
    };
  },
  'GET /api/auth/providers': () => ({
    url: '/api/auth/providers',
    happened: (res) => expect(res.json()).toMatchObject({ google: { enabled: true } }),
  }),
  'GET /api/auth/oauth/:provider/start': () => ({
    url: GOOGLE_START,
    // To the provider's authorization endpoint, for our client.
    happened: (res) => {
      const to = new URL(String(res.headers.location));
      expect([to.pathname, to.searchParams.get('client_id')]).toEqual(['/authorize', expect.any(String)]);
    },
  }),
  // The browser's way back from the provider: a real flow up to the provider's redirect.
  'GET /api/auth/oauth/:provider/callback': async (ctx) => {
    const id = unique();
    ctx.oidc.setIdentity({ sub: `sub-${id}`, email: `social.${id}@gmail.test`, email_verified: true });
    const start = await ctx.app.inject({ url: GOOGLE_START, remoteAddress: freshIp() });
    const flow = [start.headers['set-cookie']].flat().find((c) => String(c).startsWith('hb_oauth='));
    const atProvider = await fetch(String(start.headers.location), { redirect: 'manual' });
    const back = new URL(atProvider.headers.get('location')!);
    return {
      url: back.pathname + back.search,
      cookies: { hb_oauth: String(flow).split(';')[0]!.slice('hb_oauth='.length) },
      happened: (res) => expect(res.headers.location).toBe('/dashboard?welcome=1'),
    };
  },
  'GET /api/stats/platform': () => ({ url: '/api/stats/platform' }),
  'GET /api/campaigns': (ctx) => ({ url: '/api/campaigns?limit=100', shows: listed(ctx.campaign.id) }),
  "GET /api/campaigns (a trader's drafts)": (ctx) => ({
    url: `/api/campaigns?traderId=${ctx.owner.user.id}&status=cancelled`,
    shows: listed(ctx.draft.id),
  }),
  'GET /api/campaigns/:id': (ctx) => ({ url: `/api/campaigns/${ctx.campaign.id}` }),
  'GET /api/campaigns/:id (a draft)': (ctx) => ({ url: `/api/campaigns/${ctx.draft.id}` }),
  'POST /api/campaigns': (ctx) => ({
    url: '/api/campaigns',
    body: campaignBody(),
    happened: (res) => expect(res.json()).toMatchObject({ traderId: ctx.caller?.user.id, status: 'active' }),
  }),
  'PATCH /api/campaigns/:id': (ctx) => ({
    url: `/api/campaigns/${ctx.campaign.id}`,
    body: { title: 'Renamed spring cargo', description: 'Carrier booked.' },
    happened: (res) => expect(res.json()).toMatchObject({ title: 'Renamed spring cargo' }),
  }),
  'PATCH /api/campaigns/:id (a draft)': (ctx) => ({
    url: `/api/campaigns/${ctx.draft.id}`,
    body: { title: 'Renamed draft cargo' },
    happened: (res) => expect(res.json()).toMatchObject({ title: 'Renamed draft cargo' }),
  }),
  'GET /api/trader/stats/:traderId': (ctx) => ({
    url: `/api/trader/stats/${ctx.owner.user.id}`,
    happened: (res) => expect(res.json()).toMatchObject({ totalCampaigns: 2 }),
  }),
  // Lifecycle: the owner withdraws its active campaign (nobody invested); an admin may cancel any.
  // On a campaign of its own (the owner's, nobody invested): cancelling the shared one would close it
  // for the other rows.
  'POST /api/campaigns/:id/transitions': async (ctx) => {
    const campaign = await createCampaign(ctx.app.db, { traderId: ctx.owner.user.id });
    return {
      url: `/api/campaigns/${campaign.id}/transitions`,
      body: { to: 'cancelled', reason: 'Supplier fell through' },
      happened: (res) => expect(res.json()).toMatchObject({ id: campaign.id, status: 'cancelled' }),
    };
  },
  'GET /api/campaigns/:id/milestones': (ctx) => ({
    url: `/api/campaigns/${ctx.campaign.id}/milestones`,
    happened: (res) => expect(Array.isArray(res.json())).toBe(true),
  }),
  'POST /api/campaigns/:id/milestones': async (ctx) => {
    // Milestones belong to a trading campaign: one of the owner's, under way.
    const campaign = await createCampaign(ctx.app.db, { traderId: ctx.owner.user.id, status: 'trading' });
    return {
      url: `/api/campaigns/${campaign.id}/milestones`,
      body: { kind: 'loaded', note: 'Bill of lading BL-1' },
      happened: (res) => expect(res.json()).toMatchObject({ kind: 'loaded', campaignId: campaign.id }),
    };
  },
  'GET /api/campaigns/:id/investors': (ctx) => ({
    url: `/api/campaigns/${ctx.campaign.id}/investors`,
    happened: (res) => expect(Array.isArray(res.json())).toBe(true),
  }),
  'GET /api/portfolio': investorOwns((ctx) => ({
    url: `/api/portfolio?investorId=${ctx.owner.user.id}`,
    happened: (res) => expect(res.json()).toHaveProperty('investments'),
  })),
  'GET /api/statements': investorOwns((ctx) => ({
    url: `/api/statements?investorId=${ctx.owner.user.id}&year=2026`,
    happened: (res) => expect(res.json()).toMatchObject({ year: 2026 }),
  })),
  'GET /api/settings/notifications': () => ({
    url: '/api/settings/notifications',
    happened: (res) => expect(res.json()).toHaveProperty('campaign_completed'),
  }),
  'PUT /api/settings/notifications': () => ({
    url: '/api/settings/notifications',
    body: { campaign_funded: false, campaign_refunded: true, campaign_completed: true },
    happened: (res) => expect(res.json()).toMatchObject({ campaign_funded: false }),
  }),
  'GET /api/notifications': () => ({
    url: '/api/notifications',
    happened: (res) => expect(res.json()).toMatchObject({ items: [], unread: 0 }),
  }),
  'POST /api/notifications/read': () => ({
    url: '/api/notifications/read',
    body: { all: true },
    happened: (res) => expect(res.json()).toEqual({ marked: 0, unread: 0 }),
  }),
  // A client that does not take server-sent events is told so (406): the guard let it through. The
  // stream itself is tested over real HTTP (server/features/notifications/notifications.test.ts).
  'GET /api/notifications/stream': () => ({ url: '/api/notifications/stream' }),
  'GET /api/settings/notifications/channels': () => ({
    url: '/api/settings/notifications/channels',
    happened: (res) => expect(res.json()).toHaveProperty('order', { inApp: true, email: true }),
  }),
  'PUT /api/settings/notifications/channels': () => ({
    url: '/api/settings/notifications/channels',
    body: { order: { inApp: false } },
    happened: (res) => expect(res.json()).toHaveProperty('order', { inApp: false, email: true }),
  }),
  'GET /api/payments/config': () => ({
    url: '/api/payments/config',
    happened: (res) => expect(res.json()).toHaveProperty('provider'),
  }),
  // Investing: the owner is an investor, and every call names the owner's own ids.
  'POST /api/create-payment-intent': investorOwns((ctx) => ({
    url: '/api/create-payment-intent',
    body: {
      amount: '1000.00',
      campaignId: ctx.campaign.id,
      investorId: ctx.owner.user.id,
      acknowledgements: { kiisVersion: ctx.campaign.termsVersion },
    },
    happened: (res) => expect(res.json()).toMatchObject({ clientSecret: expect.any(String) }),
  })),
  'POST /api/sandbox/payment-intents/:id/confirm': investorOwns((ctx) => ({
    url: `/api/sandbox/payment-intents/${ctx.investing!.intent.id}/confirm`,
    body: { clientSecret: ctx.investing!.intent.clientSecret, card: successCard() },
    happened: (res) => expect(res.json()).toMatchObject({ status: 'succeeded', amount: '1000.00' }),
  })),
  'POST /api/investments': investorOwns((ctx) => ({
    url: '/api/investments',
    body: {
      paymentIntentId: ctx.investing!.paid.id,
      campaignId: ctx.campaign.id,
      investorId: ctx.owner.user.id,
    },
    happened: (res) => expect(res.json()).toMatchObject({ status: 'confirmed', amount: '1000.00' }),
  })),
  'POST /api/payment-intents/:id/cancel': investorOwns((ctx) => ({
    url: `/api/payment-intents/${ctx.investing!.intent.id}/cancel`,
    happened: (res) => expect(res.json<{ status: string }>().status).not.toBe('pending'),
  })),
  'GET /api/investments': investorOwns((ctx) => ({
    url: `/api/investments?investorId=${ctx.owner.user.id}`,
    happened: (res) => expect(Array.isArray(res.json())).toBe(true),
  })),
  // The buyer marketplace. Listing rows: the trader owns the listing. Order and quote rows: the buyer
  // owns the order or request (the trader of the world is its supplier).
  'GET /api/listings': market(undefined, (ctx) => ({
    url: '/api/listings?limit=100',
    shows: listed(ctx.market!.listingId),
  })),
  'GET /api/listings/:id': market(undefined, (ctx) => ({ url: `/api/listings/${ctx.market!.listingId}` })),
  'POST /api/listings': () => ({
    url: '/api/listings',
    body: listingBody(),
    happened: (res) => expect(res.json()).toMatchObject({ status: 'active', quantity: '250.00' }),
  }),
  'PATCH /api/listings/:id': market('trader', (ctx) => ({
    url: `/api/listings/${ctx.market!.listingId}`,
    body: { pricePerKg: '5.25' },
    happened: (res) => expect(res.json()).toMatchObject({ pricePerKg: '5.25' }),
  })),
  'POST /api/listings/:id/withdraw': market('trader', (ctx) => ({
    url: `/api/listings/${ctx.market!.listingId}/withdraw`,
    happened: (res) => expect(res.json()).toMatchObject({ status: 'withdrawn' }),
  })),
  'GET /api/suppliers': market(undefined, () => ({ url: '/api/suppliers' })),
  'GET /api/market/stats': market(undefined, () => ({
    url: '/api/market/stats',
    // The app is shared by every cell: other cells' listings count too.
    happened: (res) =>
      expect(res.json()).toMatchObject({
        listings: expect.any(Number),
        averagePricePerKg: expect.stringMatching(/^\d+\.\d{2}$/),
      }),
  })),
  'POST /api/orders': market(undefined, (ctx) => ({
    url: '/api/orders',
    body: { listingId: ctx.market!.listingId, quantity: '10' },
    happened: (res) => expect(res.json()).toMatchObject({ order: { payment: 'awaiting' } }),
  })),
  'POST /api/orders/:id/payment': market('buyer', (ctx) => ({
    url: `/api/orders/${ctx.market!.unpaid.orderId}/payment`,
    body: { paymentIntentId: ctx.market!.unpaid.paymentIntentId },
    happened: (res) => expect(res.json()).toMatchObject({ payment: 'held', status: 'pending' }),
  })),
  // The unpaid order was paid at the sandbox meanwhile: giving it up places it instead.
  'POST /api/orders/:id/abandon': market('buyer', (ctx) => ({
    url: `/api/orders/${ctx.market!.unpaid.orderId}/abandon`,
    happened: (res) => expect(res.json()).toEqual({ payment: 'held' }),
  })),
  'GET /api/orders': market('buyer', (ctx) => ({ url: '/api/orders', shows: listed(ctx.market!.orderId) })),
  'GET /api/orders/:id': market('buyer', (ctx) => ({ url: `/api/orders/${ctx.market!.orderId}` })),
  'GET /api/orders/counts': market('buyer', () => ({
    url: '/api/orders/counts',
    happened: (res) => expect(res.json()).toHaveProperty('tracking'),
  })),
  'GET /api/orders/summary': market('buyer', () => ({
    url: '/api/orders/summary',
    happened: (res) => expect(res.json()).toHaveProperty('totalSpent'),
  })),
  'GET /api/campaigns/:id/sales': (ctx) => ({
    url: `/api/campaigns/${ctx.campaign.id}/sales`,
    happened: (res) => expect(res.json()).toEqual({ orders: 0, revenue: '0.00' }),
  }),
  'POST /api/orders/:id/transitions': market('buyer', (ctx) => ({
    url: `/api/orders/${ctx.market!.orderId}/transitions`,
    body: { to: 'cancelled', reason: 'Plans changed' },
    happened: (res) => expect(res.json()).toMatchObject({ status: 'cancelled', payment: 'refunded' }),
  })),
  'POST /api/orders/:id/transitions (the supplier confirms)': market('trader', (ctx) => ({
    url: `/api/orders/${ctx.market!.orderId}/transitions`,
    body: { to: 'confirmed' },
    happened: (res) => expect(res.json()).toMatchObject({ status: 'confirmed' }),
  })),
  'POST /api/orders/:id/receipt': market('buyer', (ctx) => ({
    url: `/api/orders/${ctx.market!.deliveredId}/receipt`,
    happened: (res) => expect(res.json()).toMatchObject({ payment: 'released' }),
  })),
  'POST /api/orders/:id/rating': market('buyer', (ctx) => ({
    url: `/api/orders/${ctx.market!.deliveredId}/rating`,
    body: { rating: 5 },
    happened: (res) => expect(res.json()).toMatchObject({ rating: 5 }),
  })),
  // The buyer disputes their paid order while its money is held: the escrow waits for an admin.
  'POST /api/orders/:id/dispute': market('buyer', (ctx) => ({
    url: `/api/orders/${ctx.market!.orderId}/dispute`,
    body: { reason: 'The supplier stopped answering about the loading date.' },
    happened: (res) =>
      expect(res.json()).toMatchObject({ kind: 'order', orderId: ctx.market!.orderId, status: 'disputed' }),
  })),
  // Guarantees of Origin (docs/carbon.md): the trader owns the listing and its certificates; the buyer
  // owns the delivered order whose volume was cancelled in their name.
  'POST /api/listings/:id/certificates': market('trader', (ctx) => ({
    url: `/api/listings/${ctx.market!.listingId}/certificates`,
    ...certificateUpload(),
    happened: (res) =>
      expect(res.json()).toMatchObject({ status: 'pending', listingId: ctx.market!.listingId }),
  })),
  'POST /api/campaigns/:id/certificates': (ctx) => ({
    url: `/api/campaigns/${ctx.campaign.id}/certificates`,
    ...certificateUpload(),
    happened: (res) => expect(res.json()).toMatchObject({ status: 'pending', campaignId: ctx.campaign.id }),
  }),
  'GET /api/certificates': market('trader', (ctx) => ({
    url: '/api/certificates',
    shows: listed(ctx.market!.pendingCertificateId),
  })),
  'GET /api/certificates/:id/document': market('trader', (ctx) => ({
    url: `/api/certificates/${ctx.market!.pendingCertificateId}/document`,
    happened: (res) => expect(res.headers['content-type']).toBe('application/pdf'),
  })),
  'POST /api/admin/certificates/:id/review': market(undefined, (ctx) => ({
    url: `/api/admin/certificates/${ctx.market!.pendingCertificateId}/review`,
    body: { decision: 'approve' },
    happened: (res) => expect(res.json()).toMatchObject({ status: 'approved' }),
  })),
  'GET /api/orders/:id/certificate': market('buyer', (ctx) => ({
    url: `/api/orders/${ctx.market!.deliveredId}/certificate`,
    happened: (res) =>
      expect(res.json()).toMatchObject({ orderId: ctx.market!.deliveredId, volumeKg: '10000.00' }),
  })),
  'GET /api/orders/:id/carbon.csv': market('buyer', (ctx) => ({
    url: `/api/orders/${ctx.market!.deliveredId}/carbon.csv`,
    happened: (res) => expect(res.body).toContain('2804 10 00'),
  })),
  'GET /api/verify/:code': market(undefined, (ctx) => ({
    url: `/api/verify/${ctx.market!.verificationCode}`,
    happened: (res) => expect(res.json()).toMatchObject({ volumeKg: '10000.00', issuingBody: 'CertifHy' }),
  })),
  'GET /api/orders/:id/messages': market('buyer', (ctx) => ({
    url: `/api/orders/${ctx.market!.orderId}/messages`,
  })),
  'POST /api/orders/:id/messages': market('buyer', (ctx) => ({
    url: `/api/orders/${ctx.market!.orderId}/messages`,
    body: { body: 'Please deliver to berth 4.' },
  })),
  'POST /api/rfqs': market(undefined, () => ({
    url: '/api/rfqs',
    body: {
      quantity: '100',
      unit: 'tonnes',
      deliveryFrom: '2030-01-10',
      deliveryTo: '2030-02-10',
      destinationPort: 'Hamburg',
      certifications: ['iscc_plus'],
    },
    happened: (res) => expect(res.json()).toMatchObject({ status: 'open', traderId: null }),
  })),
  'GET /api/rfqs': market('buyer', (ctx) => ({ url: '/api/rfqs', shows: listed(ctx.market!.rfqId) })),
  'POST /api/rfqs/:id/offers': market('trader', (ctx) => ({
    url: `/api/rfqs/${ctx.market!.openRfqId}/offers`,
    body: { pricePerKg: '5.10', availability: 'immediate', validUntil: '2030-01-01' },
    happened: (res) => expect(res.json()).toMatchObject({ status: 'open', totalAmount: '255000.00' }),
  })),
  'POST /api/offers/:id/accept': market('buyer', (ctx) => ({
    url: `/api/offers/${ctx.market!.offerId}/accept`,
    happened: (res) =>
      expect(res.json()).toMatchObject({ order: { payment: 'awaiting', pricePerKg: '5.40' } }),
  })),
  'GET /api/rfqs/:id/messages': market('buyer', (ctx) => ({
    url: `/api/rfqs/${ctx.market!.rfqId}/messages`,
  })),
  'POST /api/rfqs/:id/messages': market('buyer', (ctx) => ({
    url: `/api/rfqs/${ctx.market!.rfqId}/messages`,
    body: { body: 'Can you deliver in March?' },
  })),
  // KYC: the caller's own verification; an upload needs a user who has not been approved yet.
  'GET /api/kyc': () => ({
    url: '/api/kyc',
    happened: (res) => expect(res.json()).toMatchObject({ kycStatus: expect.any(String) }),
  }),
  'POST /api/kyc/documents': async (ctx) => {
    if (ctx.caller)
      await ctx.app.db.update(users).set({ kycStatus: 'pending' }).where(eq(users.id, ctx.caller.user.id));
    const { body, contentType } = multipart(
      documentParts(requiredDocuments(ctx.caller?.user.role ?? 'investor')),
    );
    return {
      url: '/api/kyc/documents',
      body: body.toString('latin1') === body.toString('utf8') ? body.toString('utf8') : '',
      headers: { 'content-type': contentType },
      happened: (res) => expect(res.json()).toMatchObject({ kycStatus: 'under_review' }),
    };
  },
  'POST /api/kyc/identity-change': () => ({
    url: '/api/kyc/identity-change',
    body: { lastName: 'Hopper' },
    happened: (res) => expect(res.json()).toMatchObject({ status: 'pending', lastName: 'Hopper' }),
  }),
  // The trader's document: theirs and admins' to read, nobody else's.
  'GET /api/kyc/documents/:id': async (ctx) => {
    const [doc] = await ctx.app.db
      .insert(verificationDocuments)
      .values({
        userId: ctx.owner.user.id,
        kind: 'identity',
        fileName: 'passport.pdf',
        contentType: 'application/pdf',
        size: FILES.pdf().length,
        fileId: await storeBuffer(ctx.app.db, ctx.owner.user.id, 'application/pdf', FILES.pdf()),
      })
      .returning();
    return {
      url: `/api/kyc/documents/${doc!.id}`,
      happened: (res) => expect(res.headers['content-type']).toBe('application/pdf'),
    };
  },
  // The admin console: the owner (a trader) is the user acted on.
  'GET /api/admin/dashboard': () => ({
    url: '/api/admin/dashboard',
    happened: (res) => expect(res.json()).toMatchObject({ stats: { totalUsers: expect.any(Number) } }),
  }),
  'GET /api/admin/users': () => ({
    url: '/api/admin/users?tab=active&q=user',
    happened: (res) => expect(res.json()).toMatchObject({ users: expect.any(Array) }),
  }),
  'GET /api/admin/users/:id': (ctx) => ({
    url: `/api/admin/users/${ctx.owner.user.id}`,
    happened: (res) => expect(res.json()).toMatchObject({ id: ctx.owner.user.id, role: 'trader' }),
  }),
  'POST /api/admin/users/:id/kyc': async (ctx) => {
    await ctx.app.db.update(users).set({ kycStatus: 'under_review' }).where(eq(users.id, ctx.owner.user.id));
    return {
      url: `/api/admin/users/${ctx.owner.user.id}/kyc`,
      body: { decision: 'reject', reason: 'The registration certificate is unreadable.' },
      happened: (res) => expect(res.json()).toMatchObject({ kycStatus: 'rejected' }),
    };
  },
  'POST /api/admin/users/:id/suspend': (ctx) => ({
    url: `/api/admin/users/${ctx.owner.user.id}/suspend`,
    body: { reason: 'Sanctions screening match under investigation' },
    happened: (res) => expect(res.json()).toMatchObject({ accountStatus: 'suspended' }),
  }),
  'POST /api/admin/users/:id/reactivate': async (ctx) => {
    await ctx.app.db.update(users).set({ accountStatus: 'suspended' }).where(eq(users.id, ctx.owner.user.id));
    return {
      url: `/api/admin/users/${ctx.owner.user.id}/reactivate`,
      happened: (res) => expect(res.json()).toMatchObject({ accountStatus: 'active' }),
    };
  },
  'GET /api/admin/escrow': (ctx) => ({
    url: `/api/admin/escrow?status=held&campaignId=${ctx.campaign.id}`,
    happened: (res) => expect(res.json()).toMatchObject({ records: expect.any(Array) }),
  }),
  // The admin finds the row's campaign by part of its title, as a person knows it.
  'GET /api/admin/escrow (by campaign title)': (ctx) => ({
    url: `/api/admin/escrow?campaign=${encodeURIComponent(ctx.campaign.title.slice(0, 12))}`,
    happened: (res) => expect(res.json()).toMatchObject({ records: expect.any(Array) }),
  }),
  // The investor's own escrow record (their paid intent, recorded first), while Held.
  'POST /api/escrow/:id/dispute': investorOwns(async (ctx) => ({
    url: `/api/escrow/${await escrowOf(ctx)}/dispute`,
    body: { reason: 'The trader has not shipped anything for three months.' },
    happened: (res) => expect(res.json()).toMatchObject({ status: 'disputed' }),
  })),
  // The reflection period (issue 19): the investor revokes their own confirmed investment (their paid
  // intent, recorded first) within 4 days; refunded in full.
  'POST /api/investments/:id/revoke': investorOwns(async (ctx) => ({
    url: `/api/investments/${await investmentOf(ctx)}/revoke`,
    happened: (res) => expect(res.json()).toMatchObject({ status: 'refunded' }),
  })),
  // An admin settles a dispute: a new investor's escrow record in the row's campaign, disputed.
  'POST /api/admin/escrow/:id/resolve': async (ctx) => ({
    url: `/api/admin/escrow/${await disputedEscrow(ctx)}/resolve`,
    body: { outcome: 'refund', note: 'Shipment evidence missing' },
    happened: (res) => expect(res.json()).toMatchObject({ status: 'refunded' }),
  }),
  // An admin settles a buyer's dispute about an order: its escrow to the supplier.
  "POST /api/admin/escrow/:id/resolve (an order's dispute)": async (ctx) => ({
    url: `/api/admin/escrow/${await orderInDispute(ctx.app)}/resolve`,
    body: { outcome: 'release', note: 'Delivery documents check out' },
    happened: (res) => expect(res.json()).toMatchObject({ kind: 'order', status: 'released' }),
  }),
  // Money (docs/money.md). The cash account and the bank account: the caller's own, investors' and
  // traders'; a withdrawal: an investor's, from a balance with a bank account to send it to.
  'GET /api/cash-account': () => ({
    url: '/api/cash-account',
    happened: (res) => expect(res.json()).toMatchObject({ balance: '0.00', bankAccount: null }),
  }),
  'PUT /api/bank-account': (ctx) => ({
    url: '/api/bank-account',
    body: bankAccountBody(ctx.caller),
    happened: (res) => expect(res.json()).toMatchObject({ ibanMasked: expect.stringMatching(/3000$/) }),
  }),
  'POST /api/withdrawals': async (ctx) => {
    if (ctx.caller) {
      await giveBankAccount(ctx.app, ctx.caller.user);
      await giveBalance(ctx.app, ctx.caller.user, '500.00');
    }
    return {
      url: '/api/withdrawals',
      body: { amount: '200.00' },
      happened: (res) => expect(res.json()).toMatchObject({ purpose: 'withdrawal', amount: '200.00' }),
    };
  },
  // Investing from the balance names the owner's ids, as the card's intent does.
  'POST /api/investments/from-balance': investorOwns(async (ctx) => {
    await giveBalance(ctx.app, ctx.owner.user, '1500.00');
    return {
      url: '/api/investments/from-balance',
      body: {
        amount: '1000.00',
        campaignId: ctx.campaign.id,
        investorId: ctx.owner.user.id,
        acknowledgements: { kiisVersion: ctx.campaign.termsVersion },
      },
      happened: (res) => expect(res.json()).toMatchObject({ status: 'confirmed', amount: '1000.00' }),
    };
  }),
  // Investor protection (docs/investor-protection.md): an investor's own test and classification; the
  // evidence read by the investor who sent it and by admins; the review queue for admins; the KIIS for
  // whoever may see the campaign.
  'GET /api/investor/appropriateness': () => ({
    url: '/api/investor/appropriateness',
    happened: (res) => expect(res.json()).toMatchObject({ status: expect.any(String) }),
  }),
  'POST /api/investor/appropriateness': () => ({
    url: '/api/investor/appropriateness',
    body: {
      answers: Object.fromEntries(APPROPRIATENESS_QUESTIONS.map((q) => [q.id, q.correct])),
      ...TEST_SIMULATION,
    },
    happened: (res) => expect(res.json()).toEqual({ passed: true, maxLoss: '10000.00' }),
  }),
  'GET /api/investor/classification': () => ({
    url: '/api/investor/classification',
    happened: (res) => expect(res.json()).toMatchObject({ sophisticated: false }),
  }),
  'POST /api/investor/classification': () => ({
    ...classificationUpload(),
    url: '/api/investor/classification',
    happened: (res) => expect(res.json()).toMatchObject({ latest: { status: 'pending' } }),
  }),
  'GET /api/investor/classification/documents/:id': investorOwns(async (ctx) => ({
    url: `/api/investor/classification/documents/${await evidenceOf(ctx.app, ctx.owner.user.id)}`,
    happened: (res) => expect(res.headers['content-type']).toBe('application/pdf'),
  })),
  'GET /api/admin/classifications': () => ({
    url: '/api/admin/classifications',
    happened: (res) => expect(Array.isArray(res.json())).toBe(true),
  }),
  'POST /api/admin/classifications/:id': async (ctx) => {
    const investor = await createUser(ctx.app.db);
    await evidenceOf(ctx.app, investor.id);
    const view = await classificationOf(ctx.app.db, investor.id, new Date());
    return {
      url: `/api/admin/classifications/${view.latest!.id}`,
      body: { decision: 'approve' },
      happened: (res) => expect(res.json()).toMatchObject({ status: 'approved' }),
    };
  },
  'GET /api/campaigns/:id/kiis': (ctx) => ({
    url: `/api/campaigns/${ctx.campaign.id}/kiis`,
    happened: (res) => expect(res.json()).toMatchObject({ version: ctx.campaign.termsVersion }),
  }),
  // A campaign's documents: filed by its trader; read by its trader, admins and its backers.
  'POST /api/campaigns/:id/documents': (ctx) => ({
    url: `/api/campaigns/${ctx.campaign.id}/documents`,
    ...documentUpload(),
    happened: (res) => expect(res.json()).toMatchObject({ kind: 'milestone', milestone: 'loaded' }),
  }),
  'GET /api/campaigns/:id/documents': async (ctx) => {
    const id = await campaignDocument(ctx.app, ctx.campaign.id, ctx.campaign.traderId);
    return {
      url: `/api/campaigns/${ctx.campaign.id}/documents`,
      happened: (res) => expect(res.json<Array<{ id: string }>>().map((d) => d.id)).toEqual([id]),
    };
  },
  'GET /api/campaigns/:id/documents/:documentId': async (ctx) => ({
    url: `/api/campaigns/${ctx.campaign.id}/documents/${await campaignDocument(ctx.app, ctx.campaign.id, ctx.campaign.traderId)}`,
    happened: (res) => expect(res.headers['content-type']).toBe('application/pdf'),
  }),
  // The owner backs the campaign (their paid intent recorded): its evidence is theirs to read too.
  'GET /api/campaigns/:id/documents/:documentId (its backer)': investorOwns(async (ctx) => {
    await escrowOf(ctx);
    const id = await campaignDocument(ctx.app, ctx.campaign.id, ctx.campaign.traderId);
    return {
      url: `/api/campaigns/${ctx.campaign.id}/documents/${id}`,
      happened: (res) => expect(res.headers['content-type']).toBe('application/pdf'),
    };
  }),
  // The owner files the bill of lading as the evidence of a staged tranche of their trading campaign.
  'POST /api/campaigns/:id/releases/:releaseId/evidence': async (ctx) => {
    const staged = await stagedCampaign(ctx.app, ctx.owner.user.id);
    return {
      url: `/api/campaigns/${staged.campaignId}/releases/${staged.releaseId}/evidence`,
      body: { documentId: staged.documentId },
      happened: (res) =>
        expect(res.json<{ releases: Array<{ id: string; status: string }> }>().releases).toContainEqual(
          expect.objectContaining({ id: staged.releaseId, status: 'awaiting_review' }),
        ),
    };
  },
  // The admin's money decisions: settlements (approve a declared one; mark a due one paid by bank
  // transfer) and staged releases (send evidence back), each on a campaign of its own.
  // Campaign due diligence (issue 19): the queue and the decision are admins'; the owning trader
  // resubmits a campaign sent back.
  'GET /api/admin/campaign-reviews': () => ({
    url: '/api/admin/campaign-reviews',
    happened: (res) => expect(res.json()).toEqual(expect.any(Array)),
  }),
  'POST /api/admin/campaigns/:id/review': async (ctx) => ({
    url: `/api/admin/campaigns/${await campaignInReview(ctx.app, ctx.owner.user.id)}/review`,
    body: { decision: 'approve', checks: ['supplier_verified'] },
    happened: (res) => expect(res.json()).toMatchObject({ review: { status: 'approved' } }),
  }),
  'POST /api/campaigns/:id/resubmit': async (ctx) => ({
    url: `/api/campaigns/${await campaignInReview(ctx.app, ctx.owner.user.id, { rejected: true })}/resubmit`,
    happened: (res) => expect(res.json()).toMatchObject({ review: { status: 'pending' } }),
  }),
  'GET /api/admin/jobs': () => ({
    url: '/api/admin/jobs',
    happened: (res) =>
      expect(res.json()).toMatchObject({ waiting: expect.any(Array), dead: expect.any(Array) }),
  }),
  'POST /api/admin/jobs/:id/retry': async (ctx) => {
    const id = await deadPayoutJob(ctx.app);
    return {
      url: `/api/admin/jobs/${id}/retry`,
      happened: (res) =>
        expect((res.json() as { dead: Array<{ id: string }> }).dead.map((j) => j.id)).not.toContain(id),
    };
  },
  'GET /api/admin/money': () => ({
    url: '/api/admin/money',
    happened: (res) => expect(res.json()).toMatchObject({ settlements: expect.any(Array) }),
  }),
  'POST /api/admin/campaigns/:id/settlement': async (ctx) => ({
    url: `/api/admin/campaigns/${await declaredCampaign(ctx.app)}/settlement`,
    body: { decision: 'approve' },
    happened: (res) =>
      expect(res.json()).toMatchObject({ settlement: { status: 'approved', amountDue: expect.any(String) } }),
  }),
  'POST /api/admin/campaigns/:id/settlement/bank-transfer': async (ctx) => ({
    url: `/api/admin/campaigns/${await declaredCampaign(ctx.app, { approved: true })}/settlement/bank-transfer`,
    happened: (res) =>
      expect(res.json()).toMatchObject({ status: 'completed', settlement: { status: 'paid' } }),
  }),
  'POST /api/admin/campaigns/:id/releases/:releaseId': async (ctx) => {
    const staged = await stagedCampaign(ctx.app, ctx.owner.user.id, { awaitingReview: true });
    return {
      url: `/api/admin/campaigns/${staged.campaignId}/releases/${staged.releaseId}`,
      body: { decision: 'reject', reason: 'The bill of lading is not signed by the carrier.' },
      happened: (res) =>
        expect(res.json<{ releases: Array<{ id: string; status: string }> }>().releases).toContainEqual(
          expect.objectContaining({ id: staged.releaseId, status: 'scheduled' }),
        ),
    };
  },
  // Role change requests: any user but an admin asks for another role; admins decide.
  'POST /api/role-requests': (ctx) => ({
    url: '/api/role-requests',
    body: { newRole: ctx.caller?.user.role === 'buyer' ? 'investor' : 'buyer' },
    happened: (res) => expect(res.json()).toMatchObject({ status: 'pending' }),
  }),
  'GET /api/admin/role-requests': () => ({
    url: '/api/admin/role-requests',
    happened: (res) => expect(res.json()).toMatchObject({ requests: expect.any(Array) }),
  }),
  'POST /api/admin/role-requests/:id': async (ctx) => {
    const [request] = await ctx.app.db
      .insert(roleRequests)
      .values({ userId: ctx.owner.user.id, newRole: 'buyer' })
      .returning();
    return {
      url: `/api/admin/role-requests/${request!.id}`,
      body: { decision: 'decline', reason: 'One role per company account' },
      happened: (res) => expect(res.json()).toMatchObject({ status: 'declined' }),
    };
  },
  'POST /api/complaints': () => ({
    url: '/api/complaints',
    body: { category: 'payment', text: 'My withdrawal of $500 has not reached my bank account.' },
    happened: (res) => expect(res.json()).toMatchObject({ reference: expect.stringMatching(/^HB-C-/) }),
  }),
  'GET /api/complaints': () => ({
    url: '/api/complaints',
    happened: (res) => expect(res.json()).toEqual(expect.any(Array)),
  }),
  'GET /api/complaints/:id/attachment': async (ctx) => {
    const id = await complaintOf(ctx, true);
    return {
      url: `/api/complaints/${id}/attachment`,
      happened: (res) => expect(res.headers['content-type']).toBe('application/pdf'),
    };
  },
  'GET /api/admin/complaints': () => ({
    url: '/api/admin/complaints',
    happened: (res) => expect(res.json()).toEqual(expect.any(Array)),
  }),
  'POST /api/admin/complaints/:id/outcome': async (ctx) => ({
    url: `/api/admin/complaints/${await complaintOf(ctx, false)}/outcome`,
    body: {
      outcome: 'rejected',
      response: 'The transfer left us on time; your bank credited it on 5 March.',
    },
    happened: (res) => expect(res.json()).toMatchObject({ status: 'decided', outcome: 'rejected' }),
  }),
  'GET /api/admin/audit-log': () => ({
    url: '/api/admin/audit-log',
    happened: (res) => expect(res.json()).toMatchObject({ entries: expect.any(Array) }),
  }),
  'GET /api/admin/reports/kyc-audit.csv': () => exportOf('kyc-audit'),
  'GET /api/admin/reports/transactions.csv': () => exportOf('transactions'),
  'GET /api/admin/reports/risk-assessment.csv': () => exportOf('risk-assessment'),
  // Only with Stripe configured; Stripe's signature is the only check.
  'POST /api/payments/stripe/webhook': () => ({
    ...stripeEvent('payment_intent.created'),
    happened: (res) => expect(res.json()).toEqual({ received: true }),
  }),
  'POST /api/payments/stripe/webhook (unsigned)': () => stripeEvent('payment_intent.succeeded', false),
});

/** An open complaint of the row's owner (with a PDF attached when asked), made in the database. */
async function complaintOf(ctx: RouteContext, attached: boolean): Promise<string> {
  const now = new Date();
  const [row] = await ctx.app.db
    .insert(complaints)
    .values({
      reference: `HB-C-MATRIX-${unique()}`,
      userId: ctx.owner.user.id,
      category: 'payment',
      text: 'My withdrawal of $500 has not reached my bank account.',
      attachmentFileId: attached
        ? await storeBuffer(ctx.app.db, ctx.owner.user.id, 'application/pdf', FILES.pdf())
        : null,
      attachmentName: attached ? 'statement.pdf' : null,
      receivedAt: now,
      acknowledgedAt: now,
      decisionDueAt: new Date(now.getTime() + 21 * 86_400_000),
    })
    .returning({ id: complaints.id });
  return row!.id;
}

/** Who owns the object of a row that has one. */
export function ownerKind(row: RowKey): Owner {
  return (ROUTE_REQUESTS[row] as Builder).owner ?? 'trader';
}

/** Whether a row acts on marketplace objects (the world then makes them). */
export function needsMarket(row: RowKey): boolean {
  return (ROUTE_REQUESTS[row] as Builder).market === true;
}

export type RowKey = keyof typeof ROUTE_REQUESTS;

/** A compliance export from 2020 on: CSV, and an audit row (it is a read that writes). */
const exportOf = (report: string): RouteRequest => ({
  url: `/api/admin/reports/${report}.csv?from=2020-01-01`,
  happened: (res) => expect(res.headers['content-type']).toMatch(/^text\/csv/),
});

/** The owner's paid intent recorded (they back the campaign now): its investment's escrow record. */
/** The owner's confirmed investment (their paid intent, recorded through the service as in escrowOf). */
async function investmentOf(ctx: RouteContext): Promise<string> {
  await escrowOf(ctx);
  const [row] = await ctx.app.db
    .select({ id: investments.id })
    .from(investments)
    .innerJoin(payments, eq(payments.id, investments.paymentId))
    .where(eq(payments.intentId, ctx.investing!.paid.id));
  return row!.id;
}

async function escrowOf(ctx: RouteContext): Promise<string> {
  // Through the service, not HTTP, as the investor who paid: on the suspended cell the owner can no
  // longer call anything, and the fuzzer hands a barred actor the investor's payments.
  const [paid] = await ctx.app.db
    .select({ investorId: investments.investorId, campaignId: investments.campaignId })
    .from(investments)
    .innerJoin(payments, eq(payments.id, investments.paymentId))
    .where(eq(payments.intentId, ctx.investing!.paid.id));
  const [payer] = await ctx.app.db.select().from(users).where(eq(users.id, paid!.investorId));
  const { investment } = await recordInvestment(
    ctx.app.money,
    { ...payer!, accountStatus: 'active' },
    { paymentIntentId: ctx.investing!.paid.id, campaignId: paid!.campaignId, investorId: payer!.id },
  );
  return investment.escrowId!;
}

/** A disputed escrow record of a new investor in a campaign of its own, made through the services. */
async function disputedEscrow(ctx: RouteContext): Promise<string> {
  const { app } = ctx;
  const investor = await createUser(app.db);
  await recordPassedTest(app.db, investor.id, TEST_SIMULATION, app.clock());
  // A campaign of its own: the fuzzer moves the shared one on (funded, trading, cancelled).
  const campaign = await createCampaign(app.db);
  const input = {
    amount: '1000.00',
    campaignId: campaign.id,
    investorId: investor.id,
    acknowledgements: { kiisVersion: campaign.termsVersion },
  };
  const intent = await createPaymentIntent(app.money, investor, input, new Date());
  await (app.payments as SandboxProvider).confirm(
    intent.paymentIntentId,
    { clientSecret: intent.clientSecret, card: successCard() },
    { payerId: investor.id },
  );
  const { investment } = await recordInvestment(app.money, investor, {
    ...input,
    paymentIntentId: intent.paymentIntentId,
  });
  await disputeEscrow(app.db, investor, investment.escrowId!, 'Nothing shipped', new Date());
  return investment.escrowId!;
}

/** A bank account's body for the caller: held in their verified name (the company for traders). */
function bankAccountBody(caller: Session | null) {
  const user = caller?.user;
  const holderName =
    user?.role === 'investor' ? `${user.firstName} ${user.lastName}` : (user?.companyName ?? 'Test Ltd');
  return { holderName, iban: SANDBOX_PAYING_IBAN };
}

/** A simulation of net worth 100,000 (the risk warning above $5,000). */
export const TEST_SIMULATION = { income: '60000.00', liquidAssets: '50000.00', commitments: '10000.00' };

/** An application to be sophisticated: a person meeting two criteria, with a PDF of evidence. */
function classificationUpload() {
  const { body, contentType } = multipart([
    { name: 'personType', content: 'natural' },
    { name: 'criteria', content: 'incomeOrPortfolio,significantTransactions' },
    { name: 'evidence', filename: 'portfolio.pdf', contentType: 'application/pdf', content: FILES.pdf() },
  ]);
  return { body: body.toString('utf8'), headers: { 'content-type': contentType } };
}

/** The investor's pending application (made through the service): its evidence document's id. */
async function evidenceOf(app: App, userId: string): Promise<string> {
  // One application waits at a time: a caller met again (the fuzzer's) reads the one it sent.
  const [sent] = await app.db
    .select({ id: classificationDocuments.id })
    .from(classificationDocuments)
    .where(eq(classificationDocuments.userId, userId))
    .limit(1);
  if (sent) return sent.id;
  const view = await applyForClassification(
    app.db,
    { id: userId, role: 'investor' },
    { personType: 'legal', criteria: ['ownFunds'] },
    [await receiveBuffer(app.db, userId, 'evidence', 'accounts.pdf', FILES.pdf())],
    new Date(),
  );
  return view.latest!.documents[0]!.id;
}

/** A campaign document's multipart body: a bill of lading for the `loaded` milestone. */
/** A Guarantee of Origin for the listing with the issuing body's PDF, as the trader's form sends it. */
function certificateUpload() {
  const { body, contentType } = certificateBody(certificateFields());
  return { body: body.toString('utf8'), headers: { 'content-type': contentType } };
}

function documentUpload() {
  const { body, contentType } = multipart([
    { name: 'kind', content: 'milestone' },
    { name: 'milestone', content: 'loaded' },
    { name: 'file', filename: 'bill-of-lading.pdf', contentType: 'application/pdf', content: FILES.pdf() },
  ]);
  return { body: body.toString('utf8'), headers: { 'content-type': contentType } };
}

/** The request as sent by `caller`: session cookie, JSON body, a client address of its own. */
export function httpCall(method: string, request: RouteRequest, caller: Session | null): HttpCall {
  const cookie = cookiesOf(caller, request.cookies);
  return {
    method,
    url: request.url,
    remoteAddress: freshIp(),
    headers: {
      ...(request.body !== undefined && { 'content-type': 'application/json' }),
      ...request.headers,
      ...(cookie && { cookie }),
    },
    payload: typeof request.body === 'string' ? request.body : JSON.stringify(request.body),
  };
}

/** GET routes that write by design (a sign-in by redirect has to be a GET); no other read may. */
export const READS_THAT_WRITE = new Set([
  'GET /api/auth/oauth/:provider/callback',
  // An admin's opening of a KYC document is recorded (approval needs every document opened).
  'GET /api/kyc/documents/:id',
  // An export is audited: who took which data (an audit_log row).
  ...REPORTS.map((report) => `GET /api/admin/reports/${report}.csv`),
]);

/** The route of a row: its key without the case in brackets ("GET /api/campaigns/:id"). */
export function routeOf(row: string): string {
  return row.replace(/ \(.*\)$/, '');
}

/** A payout job that failed its last attempt: in its dead-letter queue, as the queue leaves one. */
async function deadPayoutJob(app: App): Promise<string> {
  const { rows } = await app.database.query(
    `insert into ${JOB_SCHEMA}.job (name, data, output) values ('money.payouts.dead', $1, $2) returning id`,
    [{ payoutId: randomUUID() }, { message: 'the provider answered 503' }],
  );
  return (rows[0] as { id: string }).id;
}
