// The emails of the account features (reset links, verification links, notices) and what sending one
// needs. They leave in the background after the change they report is committed; bodies carry links
// with tokens, so nothing here logs them.
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../../db/connect.ts';
import { sendInBackground, type Mailer } from '../../mail.ts';

export interface AccountMailContext {
  db: Db;
  mailer: Mailer;
  /** Origin of the links in emails. */
  publicUrl: string;
  log: FastifyBaseLogger;
}

export function accountMailContext(
  app: Pick<FastifyInstance, 'db' | 'mailer' | 'settings'>,
  log: FastifyBaseLogger,
): AccountMailContext {
  return { db: app.db, mailer: app.mailer, publicUrl: app.settings.publicUrl, log };
}

interface Recipient {
  email: string | null;
  firstName: string | null;
  /** Greeted by when there is no first name; none: a plain "Hello,". */
  username?: string;
}

/** Sends `paragraphs` between the greeting and the signature; nothing when the user has no address. */
export function sendAccountEmail(
  ctx: AccountMailContext,
  user: Recipient,
  subject: string,
  paragraphs: string[],
): void {
  if (!user.email) return;
  const name = user.firstName || user.username;
  const text = [name ? `Hello ${name},` : 'Hello,', '', ...paragraphs, '', 'HydroBridge'].join('\n');
  sendInBackground(ctx.mailer, { to: user.email, subject, text }, ctx.log);
}
