// A local stand-in for the few Stripe API endpoints HydroBridge calls (Stripe's servers cannot be
// reached from here): payment intents (create with idempotency keys, retrieve, cancel) and refunds,
// speaking Stripe's form-encoded requests and JSON answers. The official `stripe` package talks to it
// through its host/port/protocol options, so the adapter is tested through the real client library.
//
//   const stripe = await startStripeStandIn();
//   const app = await buildAppWithSettings({ stripe: stripe.settings });
//   stripe.succeed(intentId);             // what Stripe.js does when the card is confirmed
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import type { StripeSettings } from '../server/payments/stripe.ts';

interface StandInIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  amount_refunded: number;
}

export interface RecordedCall {
  method: string;
  path: string;
  form: Record<string, string>;
  idempotencyKey: string | undefined;
}

const error = (status: number, code: string, message: string) => ({
  status,
  body: { error: { type: status >= 500 ? 'api_error' : 'invalid_request_error', code, message } },
});

export async function startStripeStandIn() {
  const intents = new Map<string, StandInIntent>();
  const idempotent = new Map<string, unknown>();
  const calls: RecordedCall[] = [];
  let outages = 0;

  function handle(call: RecordedCall): { status: number; body: unknown } {
    if (outages > 0) {
      outages--;
      return error(500, 'api_error', 'The stand-in is down');
    }
    const cached = call.idempotencyKey && idempotent.get(`${call.path}:${call.idempotencyKey}`);
    if (cached) return { status: 200, body: cached };
    const answer = route(call);
    if (call.idempotencyKey && answer.status === 200)
      idempotent.set(`${call.path}:${call.idempotencyKey}`, answer.body);
    return answer;
  }

  function route({ method, path, form }: RecordedCall): { status: number; body: unknown } {
    if (method === 'POST' && path === '/v1/payment_intents') {
      const id = `pi_${randomBytes(12).toString('hex')}`;
      const metadata = Object.fromEntries(
        Object.entries(form)
          .filter(([k]) => k.startsWith('metadata['))
          .map(([k, v]) => [k.slice(9, -1), v]),
      );
      const intent: StandInIntent = {
        id,
        object: 'payment_intent',
        amount: Number(form.amount),
        currency: form.currency ?? 'usd',
        status: 'requires_payment_method',
        client_secret: `${id}_secret_${randomBytes(8).toString('hex')}`,
        metadata,
        amount_refunded: 0,
      };
      intents.set(id, intent);
      return { status: 200, body: intent };
    }
    const one = /^\/v1\/payment_intents\/([^/]+)(\/cancel)?$/.exec(path);
    if (one) {
      const intent = intents.get(one[1]!);
      if (!intent) return error(404, 'resource_missing', `No such payment_intent: '${one[1]}'`);
      if (method === 'GET') return { status: 200, body: intent };
      if (method === 'POST' && one[2]) {
        if (intent.status === 'succeeded' || intent.status === 'canceled')
          return error(400, 'payment_intent_unexpected_state', `This PaymentIntent is ${intent.status}`);
        intent.status = 'canceled';
        return { status: 200, body: intent };
      }
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const intent = intents.get(form.payment_intent ?? '');
      if (!intent) return error(404, 'resource_missing', 'No such payment_intent');
      if (intent.status !== 'succeeded') return error(400, 'payment_intent_unexpected_state', 'Not paid');
      if (intent.amount_refunded >= intent.amount)
        return error(400, 'charge_already_refunded', 'Already refunded');
      intent.amount_refunded = intent.amount;
      return {
        status: 200,
        body: {
          id: `re_${randomBytes(8).toString('hex')}`,
          object: 'refund',
          amount: intent.amount,
          status: 'succeeded',
        },
      };
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
        form: Object.fromEntries(new URLSearchParams(raw)),
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
    intent: (id: string) => intents.get(id),
    /** The card was confirmed in the browser (Stripe.js): the intent is paid. */
    succeed(id: string) {
      intents.get(id)!.status = 'succeeded';
    },
    /** The next `n` requests fail as a Stripe outage would (500). */
    failNext(n = 1) {
      outages = n;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
