// Which provider takes card payments: Stripe when its keys are configured, else the sandbox.
import type { Config } from '../../../config.ts';
import type { Db } from '../../../db/connect.ts';
import type { PaymentProvider } from './provider.ts';
import { SandboxProvider } from './sandbox.ts';
import { StripeProvider } from './stripe.ts';

export function choosePaymentProvider(
  settings: Pick<Config, 'stripe'>,
  db: Db,
  clock: () => Date = () => new Date(),
): PaymentProvider {
  return settings.stripe ? new StripeProvider(settings.stripe) : new SandboxProvider(db, clock);
}
