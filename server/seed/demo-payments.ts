// Demo investments made as a browser makes them: the money module on the sandbox provider at a
// given clock, the sandbox card, and pledges that look like real ones.
import Big from 'big.js';
import { dec, toFixed } from '../../domain/money.ts';
import type { Db } from '../db/connect.ts';
import { SANDBOX_SUCCESS_CARD } from '../../domain/payments.ts';
import { createMoney } from '../compose.ts';
import { createPaymentIntent } from '../features/investing/index.ts';
import type { UserRow } from '../features/accounts/index.ts';
import { SandboxProvider } from '../features/money/index.ts';
import type { Money } from '../features/money/index.ts';
import { advancePayment } from '../features/money/index.ts';
import { lossSimulation, needsRiskWarning } from '../../domain/investor-protection.ts';

/**
 * Every demo investor took the knowledge test before their first pledge (the demo investor's still
 * holds: /portfolio and the modal show the test done); their simulation gives a net worth of 150,000,
 * so the risk warning starts above $7,500 (the demo investor confirmed it for the $12,000 pledge).
 */
export const DEMO_SIMULATION = { income: '85000.00', liquidAssets: '90000.00', commitments: '25000.00' };
const DEMO_NET_WORTH = lossSimulation(DEMO_SIMULATION).netWorth;

/** The money module on the seed's database (or transaction), its clock standing at `at`. */
export function moneyAt(db: Db, at: Date): Money {
  return createMoney(db, new SandboxProvider(db, () => at), () => at);
}

/** The sandbox card a browser would send. */
export const demoCard = (at: Date) => ({
  number: SANDBOX_SUCCESS_CARD,
  expMonth: 12,
  expYear: at.getUTCFullYear() + 3,
  cvc: '123',
});

/** One investment as a browser makes it: intent, the 4242 card (a hold), recorded (captured). */
export async function investThroughSandbox(
  db: Db,
  investor: UserRow,
  campaignId: string,
  amount: string,
  at: Date,
): Promise<void> {
  const money = moneyAt(db, at);
  // The KIIS of the campaign's first terms read (and the warning confirmed above the threshold).
  const acknowledgements = { kiisVersion: 1, riskWarning: needsRiskWarning(amount, DEMO_NET_WORTH) };
  const { paymentIntentId, clientSecret } = await createPaymentIntent(
    money,
    investor,
    { amount, campaignId, investorId: investor.id, acknowledgements },
    at,
  );
  const { intent } = await (money.provider as SandboxProvider).confirm(
    paymentIntentId,
    { clientSecret, card: demoCard(at) },
    { payerId: investor.id },
  );
  const { payment } = await advancePayment(money, intent.metadata.paymentId!, intent);
  if (payment.status !== 'captured')
    throw new Error(`demo investment in ${campaignId} ended ${payment.status}`);
}

/**
 * A total split into `count` pledges that look like real ones: uneven, in whole hundreds, the largest
 * first, adding up to the total exactly (the last one takes the cents).
 */
export function splitIntoPledges(total: Big, count: number): string[] {
  if (count <= 0 || total.lte(0)) return [];
  const weights = [5, 4, 3, 3, 2, 2, 1, 1].slice(0, count);
  const sumOfWeights = weights.reduce((a, b) => a + b, 0);
  const pledges = weights
    .slice(1)
    .map((w) => total.times(w).div(sumOfWeights).div(100).round(0, Big.roundDown).times(100));
  const first = pledges.reduce((rest, p) => rest.minus(p), total);
  return [first, ...pledges].map((p) => toFixed(p));
}

/** A partly funded amount that looks like real pledges: the share of the target, in whole hundreds. */
export function roundToHundreds(target: string, share: string) {
  return dec(target).times(share).div(100).round(0, Big.roundDown).times(100);
}
