// A local stand-in for the Stripe API endpoints HydroBridge calls (Stripe's servers cannot be reached
// from here), speaking Stripe's form-encoded requests and JSON answers: payment intents with manual
// capture (create with idempotency keys, retrieve and list with `latest_charge` expanded, capture,
// cancel), refunds, and payouts through Connect (custom accounts, transfers). The official `stripe`
// package talks to it through its host/port/protocol options, so the adapter is tested through the
// real client library.
//
//   const stripe = await startStripeStandIn();
//   const app = await buildAppWithSettings({ stripe: stripe.settings });
//   stripe.authorize(intentId);           // what Stripe.js does when the card is confirmed: a hold
//
// Where it mirrors Stripe closely because the money module depends on it:
// - a manual-capture intent authorized by the card is `requires_capture` with `amount_capturable`; its
//   charge exists, uncaptured. Capturing moves `amount_capturable` to `amount_received`.
// - cancelling a held intent releases the hold; Stripe then reports the uncaptured charge as refunded
//   (`refunded: true`, `amount_refunded` = the amount) although no money moved.
// - a refund of a captured intent refunds its charge (`amount_refunded`), once.
// - transfers to a connected account whose bank refuses money come back reversed.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { SANDBOX_FAILING_IBANS } from '../domain/payments.ts';
import type { StripeSettings } from '../server/features/money/index.ts';

interface StandInCharge {
  id: string;
  object: 'charge';
  amount: number;
  amount_captured: number;
  amount_refunded: number;
  captured: boolean;
  refunded: boolean;
  payment_intent: string;
  currency: string;
}

interface StandInIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_capturable: number;
  amount_received: number;
  capture_method: 'automatic' | 'manual';
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  latest_charge: string | null;
  created: number;
}

interface StandInTransfer {
  id: string;
  object: 'transfer';
  amount: number;
  amount_reversed: number;
  currency: string;
  destination: string;
  metadata: Record<string, string>;
  reversed: boolean;
  created: number;
}

export interface RecordedCall {
  method: string;
  path: string;
  /** The request's parameters: the form body, or the query of a GET. */
  form: Record<string, string>;
  idempotencyKey: string | undefined;
}

const error = (status: number, code: string, message: string) => ({
  status,
  body: { error: { type: status >= 500 ? 'api_error' : 'invalid_request_error', code, message } },
});
const ok = (body: unknown) => ({ status: 200, body });
const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/** `metadata[key]=value` form fields as an object. */
function metadataOf(form: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(form)
      .filter(([k]) => k.startsWith('metadata['))
      .map(([k, v]) => [k.slice(9, -1), v]),
  );
}

/** The `expand[]` values of a request (the client sends `expand[0]=latest_charge`). */
function expandsOf(form: Record<string, string>): string[] {
  return Object.entries(form)
    .filter(([k]) => k.startsWith('expand['))
    .map(([, v]) => v);
}

export async function startStripeStandIn() {
  const intents = new Map<string, StandInIntent>();
  const charges = new Map<string, StandInCharge>();
  const transfers = new Map<string, StandInTransfer>();
  /** Connected accounts, with whether their bank refuses transfers. */
  const accounts = new Map<string, { id: string; refuses: boolean }>();
  const idempotent = new Map<string, { status: number; body: unknown }>();
  const calls: RecordedCall[] = [];
  let sequence = 0;
  let outage: { left: number; match: RegExp | undefined } = { left: 0, match: undefined };

  function handle(call: RecordedCall): { status: number; body: unknown } {
    if (outage.left > 0 && (!outage.match || outage.match.test(`${call.method} ${call.path}`))) {
      outage.left--;
      return error(500, 'api_error', 'The stand-in is down');
    }
    // Stripe answers a repeated key with the first answer (an object as it is now, here).
    const key = call.idempotencyKey && `${call.path}:${call.idempotencyKey}`;
    const cached = key && idempotent.get(key);
    if (cached) return cached;
    const answer = route(call);
    if (key && answer.status === 200) idempotent.set(key, answer);
    return answer;
  }

  /** An intent as Stripe shows it, its latest charge expanded when asked. */
  function intentView(intent: StandInIntent, expand: string[], prefix = '') {
    const charge = intent.latest_charge ? charges.get(intent.latest_charge) : undefined;
    return expand.includes(`${prefix}latest_charge`) && charge
      ? { ...intent, latest_charge: { ...charge } }
      : { ...intent };
  }

  /** One page of a list, newest first, as Stripe pages them (`limit`, `starting_after`). */
  function page<T extends { id: string; created: number }>(
    items: T[],
    form: Record<string, string>,
    url: string,
    view: (item: T) => unknown,
  ) {
    const sorted = [...items].sort((a, b) => b.created - a.created);
    const limit = Math.min(Number(form.limit ?? 10), 100);
    const after = form.starting_after ? sorted.findIndex((i) => i.id === form.starting_after) + 1 : 0;
    const data = sorted.slice(after, after + limit);
    return ok({ object: 'list', url, has_more: after + limit < sorted.length, data: data.map(view) });
  }

  function route({ method, path, form }: RecordedCall): { status: number; body: unknown } {
    const expand = expandsOf(form);
    if (path === '/v1/payment_intents') {
      if (method === 'GET')
        return page([...intents.values()], form, path, (i) => intentView(i, expand, 'data.'));
      // Stripe's amounts have at most eight digits: $999,999.99 at most.
      if (Number(form.amount) > 99_999_999)
        return error(400, 'amount_too_large', 'Amount must be no more than $999,999.99');
      const id = newId('pi');
      const intent: StandInIntent = {
        id,
        object: 'payment_intent',
        amount: Number(form.amount),
        amount_capturable: 0,
        amount_received: 0,
        capture_method: form.capture_method === 'manual' ? 'manual' : 'automatic',
        currency: form.currency ?? 'usd',
        status: 'requires_payment_method',
        client_secret: `${id}_secret_${randomBytes(8).toString('hex')}`,
        metadata: metadataOf(form),
        latest_charge: null,
        created: ++sequence,
      };
      intents.set(id, intent);
      return ok(intentView(intent, expand));
    }
    const one = /^\/v1\/payment_intents\/([^/]+)(?:\/(capture|cancel))?$/.exec(path);
    if (one) {
      const intent = intents.get(one[1]!);
      if (!intent) return error(404, 'resource_missing', `No such payment_intent: '${one[1]}'`);
      const charge = intent.latest_charge ? charges.get(intent.latest_charge) : undefined;
      if (method === 'GET' && !one[2]) return ok(intentView(intent, expand));
      if (method === 'POST' && one[2] === 'capture') {
        if (intent.status !== 'requires_capture' || !charge)
          return error(
            400,
            'payment_intent_unexpected_state',
            `This PaymentIntent could not be captured because it has a status of ${intent.status}.`,
          );
        intent.status = 'succeeded';
        intent.amount_received = intent.amount_capturable;
        intent.amount_capturable = 0;
        charge.captured = true;
        charge.amount_captured = intent.amount_received;
        return ok(intentView(intent, expand));
      }
      if (method === 'POST' && one[2] === 'cancel') {
        if (intent.status === 'succeeded' || intent.status === 'canceled')
          return error(
            400,
            'payment_intent_unexpected_state',
            `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`,
          );
        // A held amount is released; Stripe reports the uncaptured charge as refunded.
        if (charge) {
          charge.refunded = true;
          charge.amount_refunded = charge.amount;
        }
        intent.status = 'canceled';
        intent.amount_capturable = 0;
        return ok(intentView(intent, expand));
      }
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const intent = intents.get(form.payment_intent ?? '');
      if (!intent) return error(404, 'resource_missing', 'No such payment_intent');
      const charge = intent.latest_charge ? charges.get(intent.latest_charge) : undefined;
      if (intent.status !== 'succeeded' || !charge)
        return error(400, 'payment_intent_unexpected_state', 'This PaymentIntent has no captured charge');
      if (charge.refunded) return error(400, 'charge_already_refunded', 'Charge has already been refunded.');
      charge.amount_refunded = charge.amount_captured;
      charge.refunded = true;
      return ok({
        id: newId('re'),
        object: 'refund',
        amount: charge.amount_captured,
        charge: charge.id,
        payment_intent: intent.id,
        status: 'succeeded',
      });
    }
    if (method === 'POST' && path === '/v1/accounts') {
      const id = newId('acct');
      const iban = form['external_account[account_number]'] ?? '';
      accounts.set(id, { id, refuses: iban in SANDBOX_FAILING_IBANS });
      return ok({
        id,
        object: 'account',
        type: form.type,
        country: form.country,
        metadata: metadataOf(form),
      });
    }
    if (path === '/v1/transfers') {
      if (method === 'GET') return page([...transfers.values()], form, path, (t) => ({ ...t }));
      const account = accounts.get(form.destination ?? '');
      if (!account) return error(400, 'resource_missing', `No such destination: '${form.destination}'`);
      const amount = Number(form.amount);
      const transfer: StandInTransfer = {
        id: newId('tr'),
        object: 'transfer',
        amount,
        // The connected account's bank refused the money: Stripe reverses the transfer.
        amount_reversed: account.refuses ? amount : 0,
        currency: form.currency ?? 'usd',
        destination: account.id,
        metadata: metadataOf(form),
        reversed: account.refuses,
        created: ++sequence,
      };
      transfers.set(transfer.id, transfer);
      return ok({ ...transfer });
    }
    const transfer = /^\/v1\/transfers\/([^/]+)$/.exec(path);
    if (transfer && method === 'GET') {
      const found = transfers.get(transfer[1]!);
      return found ? ok({ ...found }) : error(404, 'resource_missing', `No such transfer: '${transfer[1]}'`);
    }
    return error(404, 'resource_missing', `Unrecognized request URL (${method}: ${path})`);
  }

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      const call: RecordedCall = {
        method: req.method ?? 'GET',
        path: url.pathname,
        form: {
          ...Object.fromEntries(url.searchParams),
          ...Object.fromEntries(new URLSearchParams(raw)),
        },
        idempotencyKey: req.headers['idempotency-key'] as string | undefined,
      };
      calls.push(call);
      const { status, body } = handle(call);
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${calls.length}` });
      res.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const settings: StripeSettings = {
    secretKey: 'sk_test_standin',
    publishableKey: 'pk_test_standin',
    webhookSecret: 'whsec_standin_secret',
    apiBase: `http://127.0.0.1:${port}`,
  };
  return {
    settings,
    calls,
    /** The intent as Stripe holds it, its charge alongside. */
    intent(id: string) {
      const intent = intents.get(id);
      return (
        intent && { ...intent, charge: intent.latest_charge ? charges.get(intent.latest_charge) : undefined }
      );
    },
    transfers: () => [...transfers.values()],
    /**
     * The card was confirmed in the browser (Stripe.js): a manual-capture intent now holds the amount
     * (`requires_capture`), an automatic one is paid at once.
     */
    authorize(id: string) {
      const intent = intents.get(id)!;
      const charge: StandInCharge = {
        id: newId('ch'),
        object: 'charge',
        amount: intent.amount,
        amount_captured: 0,
        amount_refunded: 0,
        captured: false,
        refunded: false,
        payment_intent: intent.id,
        currency: intent.currency,
      };
      charges.set(charge.id, charge);
      intent.latest_charge = charge.id;
      if (intent.capture_method === 'manual') {
        intent.status = 'requires_capture';
        intent.amount_capturable = intent.amount;
      } else {
        intent.status = 'succeeded';
        intent.amount_received = intent.amount;
        charge.captured = true;
        charge.amount_captured = intent.amount;
      }
    },
    /** The next `n` requests (those whose "METHOD /path" matches, if given) fail as a Stripe outage would (500). */
    failNext(n = 1, match?: RegExp) {
      outage = { left: n, match };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
