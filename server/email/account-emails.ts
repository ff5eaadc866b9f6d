// The emails of the account features (reset links, verification links, notices) and what queuing one
// needs. Each is queued in the transaction of the change it reports and leaves once that commits
// (server/email/outbox.ts); bodies carry links with tokens, so nothing here logs them.
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../db/connect.ts';
import type { Tx } from '../db/transaction.ts';
import type { Outbox } from './outbox.ts';
import type { TemplateData, TemplateName } from './templates.ts';

export interface AccountMailContext {
  db: Db;
  outbox: Pick<Outbox, 'email'>;
  /** Origin of the links in emails. */
  publicUrl: string;
  log: FastifyBaseLogger;
  /** The app's clock: link expiries, rate-limit windows and sign-in times are judged by it. */
  clock: () => Date;
}

export function accountMailContext(
  app: Pick<FastifyInstance, 'db' | 'outbox' | 'settings' | 'clock'>,
  log: FastifyBaseLogger,
): AccountMailContext {
  return { db: app.db, outbox: app.outbox, publicUrl: app.settings.publicUrl, log, clock: app.clock };
}

export interface Recipient {
  email: string | null;
  firstName: string | null;
  /** Greeted by when there is no first name; none: a plain "Hello,". */
  username?: string;
}

/**
 * Queues template `name` to the user in `tx` (the transaction of the change it reports), greeting them
 * by first name, else username; nothing when the user has no address.
 */
export async function queueAccountEmail<N extends TemplateName>(
  outbox: Pick<Outbox, 'email'>,
  tx: Db | Tx,
  user: Recipient,
  name: N,
  data: Omit<TemplateData<N>, 'name'>,
): Promise<void> {
  if (!user.email) return;
  const greet = user.firstName || user.username || null;
  await outbox.email(tx, user.email, name, { ...data, name: greet } as TemplateData<N>);
}
