// The authorization matrix (OWASP authorization regression testing): every API route × every kind of
// caller, with the answer each must get. Deny cells count as much as allow cells. The app's own route
// list is compared with the table, so a route added without a row fails here; every cell is a real
// request (a valid one: test/authz/requests.ts), and a refused request must change nothing.
//
// Columns: visitor (no session); investor, trader, buyer, admin (a signed-in user of that role who
// owns nothing the row acts on); owner (the trader owning the row's campaign or draft, or whose stats
// they are; on investing rows the investor whose intent, payment or list it is); not-owner (another
// user of the owner's role, with objects of their own); suspended, unverified, kyc-pend, kyc-rej (the
// owner in that account state on rows with an owner, else a user of the first role the row allows).
// Suspended: its sessions end (401). Unverified (email not verified), kyc-pend (KYC documents in review, as after a change of legal identity) and kyc-rej
// (KYC rejected): each browses and edits its profile, but the money gate (domain/policies.ts,
// moneyGateRefusal, declared at the route) refuses them every money path: quote requests, offers and
// their messages, orders and their messages, listings, campaigns and their moves, investing, bank
// accounts and withdrawals. What a started payment still needs (recording it, cancelling it, paying
// at the card step) stays theirs: it settles a hold the gate let through.
// Cells: a status code; 'shown' / 'hidden' = 200 with or without the row's object in the answer;
// __ = does not apply (no owned object). HEAD answers as GET does (Fastify derives it): not listed.
// Routes that exist only with Stripe configured run on a second app in Stripe mode; the route list
// compared with the table is the union of both apps' routes, as their OpenAPI documents list them
// (GET /api/openapi.json; server/openapi.test.ts holds each to every route its app registers), and
// every answer the table expects must be one the document lists for its route.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from './app.ts';
import { buildAppWithSettings, startOidcProvider } from '../test/auth-services.ts';
import { describeChange, installChangeLog, unexpectedChanges } from '../test/change-log.ts';
import { documentedRoutes, documentsStatus, openApiDocument, type OpenApiDocument } from '../test/openapi.ts';
import { callAndWatch, watchBackgroundMail } from '../test/authz/call.ts';
import { ACTORS, cellContext, ROLE_ACTORS, type Actor } from '../test/authz/actors.ts';
import {
  httpCall,
  needsMarket,
  ownerKind,
  READS_THAT_WRITE,
  ROUTE_REQUESTS,
  routeOf,
  METRICS_TOKEN,
  STRIPE_SETTINGS,
  type RowKey,
} from '../test/authz/requests.ts';

type Outcome = number | 'shown' | 'hidden' | null;
type Cells = readonly [
  Outcome,
  Outcome,
  Outcome,
  Outcome,
  Outcome,
  Outcome,
  Outcome,
  Outcome,
  Outcome,
  Outcome,
  Outcome,
];
const __ = null;

// prettier-ignore
const MATRIX: Record<RowKey, Cells> = {
  //                                               visitor   investor  trader    buyer     admin     owner     not-owner suspended unverified kyc-pend  kyc-rej
  'GET /api/health':                                [200,      200,      200,      200,      200,      __,       __,       200,      200,      200,      200],
  'GET /api/ready':                                 [200,      200,      200,      200,      200,      __,       __,       200,      200,      200,      200],
  // Prometheus' scrape (docs/operations.md): the operator's token, not a session, not a role.
  'GET /metrics':                                   [401,      401,      401,      401,      401,      __,       __,       401,      401,      401,      401],
  'GET /metrics (with the token)':                  [200,      200,      200,      200,      200,      __,       __,       200,      200,      200,      200],
  'GET /metrics (a wrong token)':                   [403,      403,      403,      403,      403,      __,       __,       403,      403,      403,      403],
  'GET /api/dev/emails':                            [200,      200,      200,      200,      200,      __,       __,       200,      200,      200,      200],
  'GET /api/dev/emails/:template':                  [200,      200,      200,      200,      200,      __,       __,       200,      200,      200,      200],
  'GET /api/openapi.json':                          [200,      200,      200,      200,      200,      __,       __,       200,      200,      200,      200],
  'GET /api/docs':                                  [200,      200,      200,      200,      200,      __,       __,       200,      200,      200,      200],
  'GET /api/auth/session':                          [200,      200,      200,      200,      200,      __,       __,       200,      200,      200,      200],
  'GET /api/auth/me':                               [401,      200,      200,      200,      200,      __,       __,       401,      200,      200,      200],
  'POST /api/auth/signup':                          [201,      201,      201,      201,      201,      __,       __,       201,      201,      201,      201],
  'POST /api/auth/signin':                          [200,      200,      200,      200,      200,      __,       __,       403,      200,      200,      200],
  'POST /api/auth/verify-email':                    [200,      200,      200,      200,      200,      __,       __,       200,      200,      200,      200],
  'POST /api/auth/verify-email/resend':             [401,      200,      200,      200,      200,      __,       __,       401,      200,      200,      200],
  'POST /api/auth/logout':                          [200,      200,      200,      200,      200,      __,       __,       200,      200,      200,      200],
  'POST /api/auth/switch-role':                     [401,      200,      200,      200,      200,      __,       __,       401,      200,      200,      200],
  'PATCH /api/auth/profile':                        [401,      200,      200,      200,      200,      __,       __,       401,      200,      200,      200],
  'POST /api/auth/change-password':                 [401,      200,      200,      200,      403,      __,       __,       401,      200,      200,      200],
  'POST /api/auth/sessions/revoke-others':          [401,      200,      200,      200,      200,      __,       __,       401,      200,      200,      200],
  'POST /api/auth/forgot-password':                 [200,      200,      200,      200,      200,      __,       __,       200,      200,      200,      200],
  'POST /api/auth/reset-password':                  [200,      200,      200,      200,      200,      __,       __,       200,      200,      200,      200],
  // Second factor. The sign-in's second step is public: it acts on the pending sign-in its cookie
  // names (a suspended account's is refused). Admins have an authenticator app (test kit), the other
  // callers none: removing or replacing a factor needs a fresh proof (403), or finds none (409/404).
  // A forged passkey answer is refused (401); the browser suite registers and uses a real one.
  'GET /api/auth/2fa/pending':                      [200,      200,      200,      200,      200,      __,       __,       403,      200,      200,      200],
  'POST /api/auth/2fa/verify':                      [200,      200,      200,      200,      200,      __,       __,       403,      200,      200,      200],
  'POST /api/auth/2fa/passkey/options':             [200,      200,      200,      200,      200,      __,       __,       403,      200,      200,      200],
  'POST /api/auth/2fa/passkey/verify':              [401,      401,      401,      401,      401,      __,       __,       403,      401,      401,      401],
  'GET /api/auth/2fa':                              [401,      200,      200,      200,      200,      __,       __,       401,      200,      200,      200],
  'POST /api/auth/2fa/totp/setup':                  [401,      200,      200,      200,      403,      __,       __,       401,      200,      200,      200],
  'POST /api/auth/2fa/totp/enable':                 [401,      200,      200,      200,      409,      __,       __,       401,      200,      200,      200],
  'POST /api/auth/2fa/totp/disable':                [401,      409,      409,      409,      403,      __,       __,       401,      409,      409,      409],
  'POST /api/auth/2fa/passkeys/options':            [401,      200,      200,      200,      200,      __,       __,       401,      200,      200,      200],
  'POST /api/auth/2fa/passkeys':                    [401,      401,      401,      401,      403,      __,       __,       401,      401,      401,      401],
  'POST /api/auth/2fa/passkeys/:id/remove':         [401,      404,      404,      404,      403,      __,       __,       401,      404,      404,      404],
  'POST /api/auth/2fa/recovery-codes':              [401,      409,      409,      409,      403,      __,       __,       401,      409,      409,      409],
  'POST /api/auth/2fa/step-up/options':             [401,      404,      404,      404,      404,      __,       __,       401,      404,      404,      404],
  'POST /api/auth/2fa/step-up':                     [401,      200,      200,      200,      200,      __,       __,       401,      200,      200,      200],
  'GET /api/auth/providers':                        [200,      200,      200,      200,      200,      __,       __,       200,      200,      200,      200],
  'GET /api/auth/oauth/:provider/start':            [302,      302,      302,      302,      302,      __,       __,       302,      302,      302,      302],
  'GET /api/auth/oauth/:provider/callback':         [302,      302,      302,      302,      302,      __,       __,       302,      302,      302,      302],
  'GET /api/stats/platform':                        [200,      200,      200,      200,      200,      __,       __,       200,      200,      200,      200],
  'GET /api/campaigns':                             ['shown',  'shown',  'shown',  'shown',  'shown',  'shown',  'shown',  'shown',  'shown',  'shown',  'shown'],
  "GET /api/campaigns (a trader's drafts)":         ['hidden', 'hidden', 'hidden', 'hidden', 'shown',  'shown',  'hidden', 'hidden', 'shown',  'shown',  'shown'],
  'GET /api/campaigns/:id':                         [200,      200,      200,      200,      200,      200,      200,      200,      200,      200,      200],
  'GET /api/campaigns/:id (a draft)':               [404,      404,      404,      404,      200,      200,      404,      404,      200,      200,      200],
  'POST /api/campaigns':                            [401,      403,      201,      403,      403,      __,       __,       401,      403,      403,      403],
  'PATCH /api/campaigns/:id':                       [401,      403,      403,      403,      403,      200,      403,      401,      403,      403,      403],
  'PATCH /api/campaigns/:id (a draft)':             [401,      403,      404,      403,      403,      200,      404,      401,      403,      403,      403],
  'GET /api/trader/stats/:traderId':                [401,      403,      403,      403,      200,      200,      403,      401,      200,      200,      200],
  'POST /api/campaigns/:id/transitions':           [401,      403,      403,      403,      200,      200,      403,      401,      403,      403,      403],
  'GET /api/campaigns/:id/milestones':              [200,      200,      200,      200,      200,      200,      200,      200,      200,      200,      200],
  'POST /api/campaigns/:id/milestones':             [401,      403,      403,      403,      403,      201,      403,      401,      403,      403,      403],
  'GET /api/campaigns/:id/investors':              [401,      403,      403,      403,      200,      200,      403,      401,      200,      200,      200],
  // Campaign updates and questions (docs/updates.md): the owner posts and answers on its campaign; the
  // backers-only update is shown to the owner and admins (backers: the API tests); any signed-in user
  // with a verified email asks; admins hide.
  'POST /api/campaigns/:id/updates':                [401,      403,      403,      403,      403,      201,      403,      401,      201,      201,      201],
  'GET /api/campaigns/:id/updates':                 ['hidden', 'hidden', 'hidden', 'hidden', 'shown',  'shown',  'hidden', 'hidden', 'shown',  'shown',  'shown'],
  'POST /api/campaigns/:id/updates/:updateId/files': [401,     403,      404,      403,      403,      201,      404,      401,      201,      201,      201],
  'GET /api/campaigns/:id/updates/:updateId/files/:fileId': [404, 404,   404,      404,      200,      200,      404,      404,      200,      200,      200],
  'GET /api/portfolio/updates':                     [401,      200,      403,      403,      403,      __,       __,       401,      200,      200,      200],
  'POST /api/campaigns/:id/questions':              [401,      201,      201,      201,      201,      201,      201,      401,      403,      201,      201],
  'GET /api/campaigns/:id/questions':               [200,      200,      200,      200,      200,      200,      200,      200,      200,      200,      200],
  'POST /api/campaigns/:id/questions/:questionId/answer': [401, 403,     403,      403,      403,      200,      403,      401,      200,      200,      200],
  'POST /api/admin/questions/:id/hide':             [401,      403,      403,      403,      200,      __,       __,       401,      200,      200,      200],
  'POST /api/campaigns/:id/follow':                 [401,      200,      403,      403,      403,      __,       __,       401,      200,      200,      200],
  'POST /api/campaigns/:id/unfollow':               [401,      200,      403,      403,      403,      __,       __,       401,      200,      200,      200],
  'GET /api/follows':                               [401,      200,      403,      403,      403,      __,       __,       401,      200,      200,      200],
  'POST /api/saved-searches':                       [401,      201,      403,      403,      403,      __,       __,       401,      201,      201,      201],
  'GET /api/saved-searches':                        [401,      200,      403,      403,      403,      __,       __,       401,      200,      200,      200],
  'POST /api/saved-searches/:id/remove':            [401,      404,      403,      403,      403,      200,      404,      401,      200,      200,      200],
  'GET /api/settings/notifications':                [401,      200,      200,      200,      200,      __,       __,       401,      200,      200,      200],
  'PUT /api/settings/notifications':                [401,      200,      200,      200,      200,      __,       __,       401,      200,      200,      200],
  'GET /api/notifications':                         [401,      200,      200,      200,      200,      __,       __,       401,      200,      200,      200],
  'POST /api/notifications/read':                   [401,      200,      200,      200,      200,      __,       __,       401,      200,      200,      200],
  'GET /api/notifications/stream':                  [401,      406,      406,      406,      406,      __,       __,       401,      406,      406,      406],
  'GET /api/settings/notifications/channels':       [401,      200,      200,      200,      200,      __,       __,       401,      200,      200,      200],
  'PUT /api/settings/notifications/channels':       [401,      200,      200,      200,      200,      __,       __,       401,      200,      200,      200],
  'GET /api/payments/config':                       [200,      200,      200,      200,      200,      __,       __,       200,      200,      200,      200],
  // Investing: the owner is the investor whose ids the call names (its intent, its payment, its list).
  // Unverified may not start an investment; one started before (its objects exist before the state is
  // set) is paid and recorded — an address cannot become unverified again today.
  'POST /api/create-payment-intent':                [401,      403,      403,      403,      403,      200,      403,      401,      403,      403,      403],
  // Buyers pay their orders and traders their settlements through the same card step: someone else's
  // intent is not found.
  'POST /api/sandbox/payment-intents/:id/confirm':  [401,      404,      404,      404,      403,      200,      404,      401,      200,      200,      200],
  'POST /api/investments':                          [401,      403,      403,      403,      403,      201,      403,      401,      201,      201,      201],
  'POST /api/payment-intents/:id/cancel':          [401,      404,      403,      403,      403,      200,      404,      401,      200,      200,      200],
  'GET /api/investments':                           [401,      403,      403,      403,      200,      200,      403,      401,      200,      200,      200],
  'GET /api/portfolio':                             [401,      403,      403,      403,      200,      200,      403,      401,      200,      200,      200],
  'GET /api/statements':                            [401,      403,      403,      403,      200,      200,      403,      401,      200,      200,      200],
  // The buyer marketplace. Listings: the owner is the trader who listed it. Orders and quote requests:
  // the owner is their buyer (the world's trader is the supplier). Strangers' orders and requests are
  // not found (404), as unknown ones; an unverified buyer may not place, request or accept (money).
  'GET /api/listings':                              ['shown',  'shown',  'shown',  'shown',  'shown',  __,       __,       'shown',  'shown',  'shown',  'shown'],
  'GET /api/listings/:id':                          [200,      200,      200,      200,      200,      __,       __,       200,      200,      200,      200],
  'POST /api/listings':                             [401,      403,      201,      403,      403,      __,       __,       401,      403,      403,      403],
  'PATCH /api/listings/:id':                        [401,      403,      403,      403,      403,      200,      403,      401,      403,      403,      403],
  'POST /api/listings/:id/withdraw':                [401,      403,      403,      403,      403,      200,      403,      401,      200,      200,      200],
  'GET /api/suppliers':                             [200,      200,      200,      200,      200,      __,       __,       200,      200,      200,      200],
  'GET /api/market/stats':                          [200,      200,      200,      200,      200,      __,       __,       200,      200,      200,      200],
  'POST /api/orders':                               [401,      403,      403,      201,      403,      __,       __,       401,      403,      403,      403],
  'POST /api/orders/:id/payment':                   [401,      403,      403,      404,      403,      200,      404,      401,      200,      200,      200],
  'POST /api/orders/:id/abandon':                   [401,      403,      403,      404,      403,      200,      404,      401,      200,      200,      200],
  'GET /api/orders':                                [401,      403,      'hidden', 'hidden', 'shown',  'shown',  'hidden', 401,      'shown',  'shown',  'shown'],
  'GET /api/orders/:id':                            [401,      403,      404,      404,      200,      200,      404,      401,      200,      200,      200],
  'GET /api/orders/counts':                         [401,      403,      200,      200,      200,      200,      200,      401,      200,      200,      200],
  'GET /api/orders/summary':                        [401,      403,      403,      200,      403,      200,      200,      401,      200,      200,      200],
  'GET /api/campaigns/:id/sales':                   [401,      403,      403,      403,      200,      200,      403,      401,      200,      200,      200],
  'POST /api/orders/:id/transitions':               [401,      403,      404,      404,      200,      200,      404,      401,      200,      200,      200],
  'POST /api/orders/:id/transitions (the supplier confirms)':
                                                    [401,      403,      404,      404,      409,      200,      404,      401,      403,      403,      403],
  'POST /api/orders/:id/receipt':                   [401,      403,      403,      404,      403,      200,      404,      401,      200,      200,      200],
  'POST /api/orders/:id/rating':                    [401,      403,      403,      404,      403,      200,      404,      401,      200,      200,      200],
  // A dispute: the buyer whose money the order's escrow holds (another buyer learns nothing).
  'POST /api/orders/:id/dispute':                   [401,      403,      403,      404,      403,      200,      404,      401,      200,      200,      200],
  // Guarantees of Origin: the owning trader enters (behind the money gate), traders read their own,
  // admins every one and decide; the order's parties read its statement; anyone verifies.
  'POST /api/listings/:id/certificates':            [401,      403,      403,      403,      403,      201,      403,      401,      403,      403,      403],
  'POST /api/campaigns/:id/certificates':           [401,      403,      403,      403,      403,      201,      403,      401,      403,      403,      403],
  'GET /api/certificates':                          [401,      403,      'hidden', 403,      'shown',  'shown',  'hidden', 401,      'shown',  'shown',  'shown'],
  'GET /api/certificates/:id/document':             [401,      403,      404,      403,      200,      200,      404,      401,      200,      200,      200],
  'POST /api/admin/certificates/:id/review':        [401,      403,      403,      403,      200,      __,       __,       401,      200,      200,      200],
  'GET /api/orders/:id/certificate':                [401,      403,      404,      404,      200,      200,      404,      401,      200,      200,      200],
  'GET /api/orders/:id/carbon.csv':                 [401,      403,      404,      404,      200,      200,      404,      401,      200,      200,      200],
  'GET /api/verify/:code':                          [200,      200,      200,      200,      200,      __,       __,       200,      200,      200,      200],
  'GET /api/orders/:id/messages':                   [401,      403,      404,      404,      200,      200,      404,      401,      200,      200,      200],
  'POST /api/orders/:id/messages':                  [401,      403,      404,      404,      403,      201,      404,      401,      403,      403,      403],
  'POST /api/rfqs':                                 [401,      403,      403,      201,      403,      __,       __,       401,      403,      403,      403],
  'GET /api/rfqs':                                  [401,      403,      'hidden', 'hidden', 'shown',  'shown',  'hidden', 401,      'shown',  'shown',  'shown'],
  'POST /api/rfqs/:id/offers':                      [401,      403,      404,      403,      403,      201,      404,      401,      403,      403,      403],
  'POST /api/offers/:id/accept':                    [401,      403,      403,      404,      403,      201,      404,      401,      403,      403,      403],
  'GET /api/rfqs/:id/messages':                     [401,      403,      404,      404,      200,      200,      404,      401,      200,      200,      200],
  'POST /api/rfqs/:id/messages':                    [401,      403,      404,      404,      403,      201,      404,      401,      403,      403,      403],
  // KYC: every role but admins uploads (unverified users too: email and KYC are separate steps);
  // a document is its owner's (here the trader's) and admins' only.
  'GET /api/kyc':                                   [401,      200,      200,      200,      200,      __,       __,       401,      200,      200,      200],
  'POST /api/kyc/documents':                        [401,      201,      201,      201,      403,      __,       __,       401,      201,      201,      201],
  // A change of the verified identity: asked by a verified (or in review) user; a rejected one edits
  // the profile instead (409).
  'POST /api/kyc/identity-change':                  [401,      201,      201,      201,      403,      __,       __,       401,      201,      201,      409],
  'GET /api/kyc/documents/:id':                     [401,      404,      404,      404,      200,      200,      404,      401,      200,      200,      200],
  // The admin console: admins only (an unverified admin too: admins are made by the operator).
  'GET /api/admin/dashboard':                       [401,      403,      403,      403,      200,      __,       __,       401,      200,      200,      200],
  'GET /api/admin/users':                           [401,      403,      403,      403,      200,      __,       __,       401,      200,      200,      200],
  'GET /api/admin/users/:id':                       [401,      403,      403,      403,      200,      __,       __,       401,      200,      200,      200],
  'POST /api/admin/users/:id/kyc':                  [401,      403,      403,      403,      200,      __,       __,       401,      200,      200,      200],
  'POST /api/admin/users/:id/suspend':              [401,      403,      403,      403,      200,      __,       __,       401,      200,      200,      200],
  'POST /api/admin/users/:id/reactivate':           [401,      403,      403,      403,      200,      __,       __,       401,      200,      200,      200],
  'GET /api/admin/escrow':                          [401,      403,      403,      403,      200,      __,       __,       401,      200,      200,      200],
  'GET /api/admin/escrow (by campaign title)':     [401,      403,      403,      403,      200,      __,       __,       401,      200,      200,      200],
  'POST /api/admin/escrow/:id/resolve':            [401,      403,      403,      403,      200,      __,       __,       401,      200,      200,      200],
  'POST /api/role-requests':                       [401,      201,      201,      201,      403,      __,       __,       401,      201,      201,      201],
  'GET /api/admin/role-requests':                   [401,      403,      403,      403,      200,      __,       __,       401,      200,      200,      200],
  'POST /api/admin/role-requests/:id':              [401,      403,      403,      403,      200,      __,       __,       401,      200,      200,      200],
  'GET /api/admin/audit-log':                       [401,      403,      403,      403,      200,      __,       __,       401,      200,      200,      200],
  'GET /api/admin/reports/kyc-audit.csv':           [401,      403,      403,      403,      200,      __,       __,       401,      200,      200,      200],
  'GET /api/admin/reports/transactions.csv':        [401,      403,      403,      403,      200,      __,       __,       401,      200,      200,      200],
  'GET /api/admin/reports/risk-assessment.csv':     [401,      403,      403,      403,      200,      __,       __,       401,      200,      200,      200],
  // A dispute: the investor whose money the escrow record holds (another investor learns nothing).
  'POST /api/escrow/:id/dispute':                   [401,      404,      403,      403,      403,      200,      404,      401,      200,      200,      200],
  // Revoking is getting one's own money back: the investor whose investment it is (an unverified
  // email does not stop it); anyone else's is not found.
  'POST /api/investments/:id/revoke':               [401,      404,      403,      403,      403,      200,      404,      401,      200,      200,      200],
  "POST /api/admin/escrow/:id/resolve (an order's dispute)":
                                                    [401,      403,      403,      403,      200,      __,       __,       401,      200,      200,      200],
  // Money (docs/money.md). A cash account and a bank account are investors' and traders'; money moves
  // (a bank account added, a withdrawal, investing from the balance) only for a verified account.
  'GET /api/cash-account':                          [401,      200,      200,      403,      403,      __,       __,       401,      200,      200,      200],
  'PUT /api/bank-account':                          [401,      200,      200,      403,      403,      __,       __,       401,      403,      403,      403],
  'POST /api/withdrawals':                          [401,      201,      403,      403,      403,      __,       __,       401,      403,      403,      403],
  // The body names the owner's ids (as the card's intent does): another investor is refused.
  'POST /api/investments/from-balance':             [401,      403,      403,      403,      403,      201,      403,      401,      403,      403,      403],
  // Investor protection: an investor's own knowledge test and classification (unverified accounts may
  // take the test and apply: investing itself stays gated); evidence for its investor and admins;
  // the review queue for admins; the KIIS for whoever may see the campaign.
  'GET /api/investor/appropriateness':              [401,      200,      403,      403,      403,      __,       __,       401,      200,      200,      200],
  'POST /api/investor/appropriateness':             [401,      200,      403,      403,      403,      __,       __,       401,      200,      200,      200],
  'GET /api/investor/classification':               [401,      200,      403,      403,      403,      __,       __,       401,      200,      200,      200],
  'POST /api/investor/classification':              [401,      201,      403,      403,      403,      __,       __,       401,      201,      201,      201],
  'GET /api/investor/classification/documents/:id': [401,      404,      403,      403,      200,      200,      404,      401,      200,      200,      200],
  'GET /api/admin/classifications':                 [401,      403,      403,      403,      200,      __,       __,       401,      200,      200,      200],
  'POST /api/admin/classifications/:id':            [401,      403,      403,      403,      200,      __,       __,       401,      200,      200,      200],
  'GET /api/campaigns/:id/kiis':                    [200,      200,      200,      200,      200,      200,      200,      200,      200,      200,      200],
  // A campaign's documents: the owning trader files them; they, admins and the campaign's backers read
  // them; anyone else learns nothing of a document (404).
  'POST /api/campaigns/:id/documents':              [401,      403,      403,      403,      403,      201,      403,      401,      201,      201,      201],
  'GET /api/campaigns/:id/documents':               [401,      403,      404,      403,      200,      200,      404,      401,      200,      200,      200],
  'GET /api/campaigns/:id/documents/:documentId':   [401,      404,      404,      404,      200,      200,      404,      401,      200,      200,      200],
  // The owner is an investor backing the campaign; the not-owner only opened an intent in it.
  'GET /api/campaigns/:id/documents/:documentId (its backer)':
                                                    [401,      404,      404,      404,      200,      200,      404,      401,      200,      200,      200],
  'POST /api/campaigns/:id/releases/:releaseId/evidence':
                                                    [401,      403,      404,      403,      403,      200,      404,      401,      403,      403,      403],
  // Complaints (docs/complaints.md): every signed-in user files and reads their own; the attachment is
  // its complainant's (the owner) and admins' to read; the queue and the outcome are admins'.
  'POST /api/complaints':                           [401,      201,      201,      201,      201,      __,       __,       401,      201,      201,      201],
  'GET /api/complaints':                            [401,      200,      200,      200,      200,      __,       __,       401,      200,      200,      200],
  'GET /api/complaints/:id/attachment':             [401,      404,      404,      404,      200,      200,      404,      401,      200,      200,      200],
  'GET /api/admin/complaints':                      [401,      403,      403,      403,      200,      __,       __,       401,      200,      200,      200],
  'POST /api/admin/complaints/:id/outcome':         [401,      403,      403,      403,      200,      __,       __,       401,      200,      200,      200],
  // The admin's decisions on settlements and staged releases: admins only.
  'GET /api/admin/money':                           [401,      403,      403,      403,      200,      __,       __,       401,      200,      200,      200],
  'GET /api/admin/jobs':                            [401,      403,      403,      403,      200,      __,       __,       401,      200,      200,      200],
  'POST /api/admin/jobs/:id/retry':                 [401,      403,      403,      403,      200,      __,       __,       401,      200,      200,      200],
  // Campaign due diligence: admins review; the owning trader resubmits (another's is not found).
  'GET /api/admin/campaign-reviews':                [401,      403,      403,      403,      200,      __,       __,       401,      200,      200,      200],
  'POST /api/admin/campaigns/:id/review':           [401,      403,      403,      403,      200,      __,       __,       401,      200,      200,      200],
  'POST /api/campaigns/:id/resubmit':               [401,      403,      404,      403,      403,      200,      404,      401,      200,      200,      200],
  'POST /api/admin/campaigns/:id/settlement':       [401,      403,      403,      403,      200,      __,       __,       401,      200,      200,      200],
  'POST /api/admin/campaigns/:id/settlement/bank-transfer':
                                                    [401,      403,      403,      403,      200,      __,       __,       401,      200,      200,      200],
  'POST /api/admin/campaigns/:id/releases/:releaseId':
                                                    [401,      403,      403,      403,      200,      __,       __,       401,      200,      200,      200],
  // Only with Stripe configured (run on a Stripe-mode app): Stripe's signature is the check.
  'POST /api/payments/stripe/webhook':              [200,      200,      200,      200,      200,      __,       __,       200,      200,      200,      200],
  'POST /api/payments/stripe/webhook (unsigned)':   [400,      400,      400,      400,      400,      __,       __,       400,      400,      400,      400],
};

/** The routes behind the money gate (domain/policies.ts, moneyGateRefusal), declared at the route. */
const MONEY_PATHS = [
  'POST /api/campaigns',
  'PATCH /api/campaigns/:id',
  'POST /api/campaigns/:id/transitions',
  'POST /api/campaigns/:id/milestones',
  'POST /api/campaigns/:id/releases/:releaseId/evidence',
  'POST /api/create-payment-intent',
  'POST /api/investments/from-balance',
  'PUT /api/bank-account',
  'POST /api/withdrawals',
  'POST /api/listings',
  'PATCH /api/listings/:id',
  'POST /api/listings/:id/certificates',
  'POST /api/campaigns/:id/certificates',
  'POST /api/orders',
  'POST /api/orders/:id/transitions',
  'POST /api/orders/:id/messages',
  'POST /api/rfqs',
  'POST /api/rfqs/:id/offers',
  'POST /api/offers/:id/accept',
  'POST /api/rfqs/:id/messages',
];

const allows = (o: Outcome) => o === 'shown' || (typeof o === 'number' && o < 400);

/** What the cell must answer, and who the suspended/unverified actors are on the row. */
function plan(row: RowKey, actor: Actor) {
  const cells = MATRIX[row];
  const cell = (a: Actor) => cells[ACTORS.indexOf(a)]!;
  const owner = cell('owner') === __ ? null : ownerKind(row);
  const role = ROLE_ACTORS.find((r) => allows(cell(r))) ?? 'investor';
  return { expected: cell(actor), world: { owner, role, market: needsMarket(row) } };
}

let app: App;
let stripeApp: App;
let oidc: Awaited<ReturnType<typeof startOidcProvider>>;
const mailSettled = new Map<App, () => Promise<void>>();
const documents = new Map<App, OpenApiDocument>();

beforeAll(async () => {
  oidc = await startOidcProvider();
  app = await buildAppWithSettings({
    oauth: { google: { clientId: 'matrix-client', clientSecret: 'matrix-secret', issuer: oidc.issuer } },
    metricsToken: METRICS_TOKEN,
  });
  stripeApp = await buildAppWithSettings({ stripe: STRIPE_SETTINGS });
  for (const a of [app, stripeApp]) {
    documents.set(a, await openApiDocument(a));
    await installChangeLog(a.db);
    mailSettled.set(a, watchBackgroundMail(a));
  }
});

afterAll(async () => {
  await app?.close();
  await stripeApp?.close();
  await oidc?.close();
});

const documented = (a: App) => documentedRoutes(documents.get(a)!);
const routeKeys = (a: App) => new Set(documented(a).map((r) => r.key));
/** The app a row runs on: the default one (sandbox payments), unless the route exists only with Stripe. */
const appFor = (row: RowKey) => (routeKeys(app).has(routeOf(row)) ? app : stripeApp);

describe('the authorization matrix', () => {
  it('lists every API route the app registers, and no route it does not', () => {
    const registered = new Set([...routeKeys(app), ...routeKeys(stripeApp)]);
    const listed = new Set(Object.keys(MATRIX).map(routeOf));
    expect(
      [...registered].filter((r) => !listed.has(r)),
      'routes without a row in the matrix',
    ).toEqual([]);
    expect(
      [...listed].filter((r) => !registered.has(r)),
      'rows of routes that no longer exist',
    ).toEqual([]);
  });

  it('declares the money gate at the route on every money path, and on nothing else', () => {
    const gated = documented(app)
      .filter((r) => r.operation['x-money-gate'])
      .map((r) => r.key)
      .sort();
    expect(gated).toEqual([...MONEY_PATHS].sort());
  });

  it('expects of every route only answers its OpenAPI document lists', () => {
    const operations = new Map(
      [...documented(app), ...documented(stripeApp)].map((r) => [r.key, r.operation]),
    );
    const undocumented = (Object.keys(MATRIX) as RowKey[]).flatMap((row) =>
      [
        ...new Set(
          MATRIX[row].filter((cell) => cell !== __).map((cell) => (typeof cell === 'number' ? cell : 200)),
        ),
      ]
        .filter((status) => !documentsStatus(operations.get(routeOf(row))!, status))
        .map((status) => `${row} → ${status}`),
    );
    expect(undocumented).toEqual([]);
  });

  describe.each(Object.keys(MATRIX) as RowKey[])('%s', (row) => {
    const method = row.split(' ')[0]!;
    const cases = ACTORS.map((actor) => ({ actor, ...plan(row, actor) })).filter((c) => c.expected !== __);
    it.each(cases)('$actor → $expected', async ({ actor, expected, world }) => {
      const on = appFor(row);
      const ctx = await cellContext(on, oidc, actor, world);
      const request = await ROUTE_REQUESTS[row](ctx);
      const call = httpCall(method, request, ctx.caller);
      const { res, changes } = await callAndWatch(on, call, mailSettled.get(on)!);
      if (expected === 'shown' || expected === 'hidden') {
        expect(res.statusCode, res.body).toBe(200);
        expect(request.shows!(res), `the answer ${expected === 'shown' ? 'lacks' : 'holds'} the object`).toBe(
          expected === 'shown',
        );
      } else expect(res.statusCode, res.body).toBe(expected);

      if (allows(expected)) request.happened?.(res);
      if (res.statusCode >= 400)
        expect(res.json(), 'a refusal answers { error }').toMatchObject({ error: expect.any(String) });
      const mustNotWrite = !allows(expected) || (method === 'GET' && !READS_THAT_WRITE.has(routeOf(row)));
      if (mustNotWrite) {
        const unexpected = await unexpectedChanges(on.db, changes);
        expect(unexpected.map(describeChange), 'rows changed by a refused request or a read').toEqual([]);
      }
    });
  });
});
