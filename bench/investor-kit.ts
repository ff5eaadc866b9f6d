// Investors for the load tools (bench/invest.ts, scripts/scale-out.ts, scripts/chaos.ts): signed in,
// past the entry knowledge test (issue 19), and the one investment they make over real HTTP — intent
// with the KIIS acknowledged, sandbox card, record — as the modal makes it.
import { SANDBOX_SUCCESS_CARD } from '../domain/payments.ts';
import type { Db } from '../server/db/connect.ts';
import { createSession, SESSION_COOKIE } from '../server/features/accounts/index.ts';
import { recordPassedTest } from '../server/features/verification/index.ts';
import { createUser } from '../test/app.ts';

export interface LoadInvestor {
  id: string;
  email: string;
  token: string;
}

/** A verified investor with a session, whose loss simulation bears whatever the run invests. */
export async function loadInvestor(db: Db): Promise<LoadInvestor> {
  const user = await createUser(db, { role: 'investor', emailVerified: true });
  await recordPassedTest(
    db,
    user.id,
    { income: '900000', liquidAssets: '500000', commitments: '0' },
    new Date(),
  );
  const { token } = await createSession(db, user.id, { persistent: true }, new Date());
  return { id: user.id, email: user.email!, token };
}

/** One JSON call as a signed-in user (or nobody), from the site's own origin. */
export async function callAs(
  base: string,
  token: string | null,
  method: string,
  path: string,
  body?: unknown,
) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { cookie: `${SESSION_COOKIE}=${token}` } : {}),
      origin: base,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, json: (text ? JSON.parse(text) : {}) as Record<string, string> };
}

/** $100 into the campaign: "confirmed", or which step refused and why. Throws when the server is gone. */
export async function invest100(base: string, investor: LoadInvestor, campaignId: string): Promise<string> {
  const intent = await callAs(base, investor.token, 'POST', '/api/create-payment-intent', {
    amount: '100.00',
    campaignId,
    investorId: investor.id,
    // What the modal sends once the investor read the campaign's key information sheet (version 1).
    acknowledgements: { kiisVersion: 1, riskWarning: true },
  });
  if (intent.status !== 200) return `intent ${intent.status}: ${intent.json.error}`;
  const confirm = await callAs(
    base,
    investor.token,
    'POST',
    `/api/sandbox/payment-intents/${intent.json.paymentIntentId}/confirm`,
    {
      clientSecret: intent.json.clientSecret,
      card: { number: SANDBOX_SUCCESS_CARD, expMonth: 12, expYear: 2035, cvc: '123' },
    },
  );
  if (confirm.status !== 200) return `confirm ${confirm.status}`;
  const recorded = await callAs(base, investor.token, 'POST', '/api/investments', {
    paymentIntentId: intent.json.paymentIntentId,
    campaignId,
    investorId: investor.id,
  });
  return recorded.status < 300
    ? String(recorded.json.status)
    : `record ${recorded.status}: ${recorded.json.error}`;
}
