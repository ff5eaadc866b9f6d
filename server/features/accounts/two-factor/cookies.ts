// The short-lived HttpOnly cookies of the sign-in's second step (`hb_2fa`) and of a social identity
// waiting to be linked (`hb_link`): random tokens whose hashes the database keeps, sent only to
// /api/auth.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PENDING_SIGN_IN_MS } from '../../../../domain/two-factor.ts';

export const PENDING_COOKIE = 'hb_2fa';
export const LINK_COOKIE = 'hb_link';
const PATH = '/api/auth';

function options(request: FastifyRequest, secure: boolean) {
  return {
    path: PATH,
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: secure || request.protocol === 'https',
  };
}

/** Whether cookies must be Secure (PUBLIC_URL is https); decided by the caller from the settings. */
export function setShortCookie(
  reply: FastifyReply,
  name: typeof PENDING_COOKIE | typeof LINK_COOKIE,
  token: string,
  secure: boolean,
) {
  reply.setCookie(name, token, { ...options(reply.request, secure), maxAge: PENDING_SIGN_IN_MS / 1000 });
}

export function clearShortCookie(
  reply: FastifyReply,
  name: typeof PENDING_COOKIE | typeof LINK_COOKIE,
  secure: boolean,
) {
  reply.clearCookie(name, options(reply.request, secure));
}
