// Sending one request the way a browser would (session cookie, JSON body, its own client address) and
// telling what it changed in the database. Shared by the authorization matrix and the fuzzer.
import type { LightMyRequestResponse } from 'fastify';
import type { App } from '../../server/app.ts';
import { SESSION_COOKIE } from '../../server/features/accounts/index.ts';
import type { Actor } from '../actor.ts';
import { takeChanges, type RowChange } from '../change-log.ts';

/** A signed-in user as the matrix and the fuzzer need it: the account and its session token. */
export type Session = Pick<Actor, 'user' | 'token'>;

/** One HTTP request as sent; `payload` is the exact body text. */
export interface HttpCall {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | undefined;
  remoteAddress: string;
}

export function cookieHeader(cookies: Record<string, string | undefined>): string | undefined {
  const pairs = Object.entries(cookies).filter(([, v]) => v !== undefined);
  return pairs.length ? pairs.map(([k, v]) => `${k}=${v}`).join('; ') : undefined;
}

/** The session cookie of `caller`, plus `cookies`. */
export function cookiesOf(caller: Session | null, cookies: Record<string, string> = {}) {
  return cookieHeader({ [SESSION_COOKIE]: caller?.token, ...cookies });
}

/**
 * Emails leave in the background after the answer (the outbox's sender, server/email/outbox.ts).
 * Waiting for them before reading the change log keeps an earlier request's email from being counted
 * against the next one. Returns a function that resolves when no delivery is in progress.
 */
export function watchBackgroundMail(app: App): () => Promise<void> {
  return () => app.outbox.settled();
}

/** Sends `call` and returns the answer with the rows it changed (the change log must be installed). */
export async function callAndWatch(
  app: App,
  call: HttpCall,
  mailSettled: () => Promise<void>,
): Promise<{ res: LightMyRequestResponse; changes: RowChange[] }> {
  await mailSettled();
  await takeChanges(app.db);
  const res = await app.inject({
    method: call.method as 'GET',
    url: call.url,
    headers: call.headers,
    remoteAddress: call.remoteAddress,
    ...(call.payload !== undefined && { payload: call.payload }),
  });
  await mailSettled();
  return { res, changes: await takeChanges(app.db) };
}
