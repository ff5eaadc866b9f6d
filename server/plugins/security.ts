// Security headers on every response (API and app), including the 400s Node sends itself for
// malformed HTTP: a strict CSP without inline scripts or styles, a Permissions-Policy that denies
// powerful features, HSTS, nosniff, no framing. Request bodies are accepted as JSON only.
import { randomBytes, randomUUID } from 'node:crypto';
import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import fastifyHelmet from '@fastify/helmet';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import { ERRORS, type ErrorCode } from '../../domain/errors.ts';

const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  // No inline style either: the one <style> the app injects (Radix dialogs' scroll lock) carries the
  // page's nonce, which only the index.html answer allows (reply.styleNonce below).
  styleSrc: ["'self'"],
  imgSrc: ["'self'", 'data:'],
  fontSrc: ["'self'"],
  connectSrc: ["'self'"],
  manifestSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'none'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

/**
 * Stripe.js and its iframes (card fields, 3-D Secure), allowed only when Stripe takes the card
 * payments (DESIGN.md §4; Stripe's published CSP): the sandbox build keeps the strict policy.
 */
const STRIPE_SOURCES = {
  scriptSrc: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frameSrc: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connectSrc: ['https://api.stripe.com'],
};

/** The CSP of this server: the strict one, widened for Stripe's hosts only in Stripe mode. */
export function cspDirectives({ stripe }: { stripe: boolean }): Record<string, string[]> {
  if (!stripe) return CSP_DIRECTIVES;
  return {
    ...CSP_DIRECTIVES,
    scriptSrc: [...CSP_DIRECTIVES.scriptSrc, ...STRIPE_SOURCES.scriptSrc],
    frameSrc: STRIPE_SOURCES.frameSrc,
    connectSrc: [...CSP_DIRECTIVES.connectSrc, ...STRIPE_SOURCES.connectSrc],
  };
}

const HELMET_OPTIONS = {
  contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
  // Same rule as the CSP's frame-ancestors 'none', for browsers that only know X-Frame-Options.
  frameguard: { action: 'deny' },
} satisfies HelmetOptions;

/**
 * Powerful browser features, all denied: nothing in the app uses them, so injected or third-party
 * code cannot either. `payment` too: the Payment Request API (Apple Pay, Google Pay) is not used by
 * the sandbox card form nor by Stripe's card Element. When Stripe's wallet buttons come, they run
 * inside Stripe's iframe, so the origin to allow then is "https://js.stripe.com" (with the CSP's
 * frame-src), not self. Only features Chromium knows are listed: it warns about unknown ones.
 */
const PERMISSIONS_POLICY = [
  'accelerometer',
  'autoplay',
  'browsing-topics',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'hid',
  'idle-detection',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'screen-wake-lock',
  'serial',
  'usb',
  'xr-spatial-tracking',
]
  .map((feature) => `${feature}=()`)
  .join(', ');

/** Every security header as name → value, as helmet sets them, for answers no Fastify reply makes. */
const FIXED_HEADERS: Record<string, string> = (() => {
  const headers: Record<string, string> = { 'permissions-policy': PERMISSIONS_POLICY };
  const collect = {
    setHeader: (name: string, value: string) => (headers[name.toLowerCase()] = value),
    removeHeader: () => {},
  };
  helmet(HELMET_OPTIONS)({} as IncomingMessage, collect as unknown as ServerResponse, () => {});
  return headers;
})();

declare module 'fastify' {
  interface FastifyReply {
    /**
     * A fresh CSP nonce that this answer's style-src allows: for the served index.html, whose
     * meta tag hands it to the scroll-lock <style> (client/src/main.tsx).
     */
    styleNonce(): string;
  }
}

export default fp(async function security(app: FastifyInstance) {
  const directives = cspDirectives({ stripe: !!app.settings.stripe });
  await app.register(fastifyHelmet, {
    ...HELMET_OPTIONS,
    contentSecurityPolicy: { useDefaults: false, directives },
  });
  // A callback hook, not async: it runs on every answer, and a promise per request costs.
  app.addHook('onRequest', (_request, reply, done) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    done();
  });
  app.decorateReply('styleNonce', function (this: FastifyReply) {
    const nonce = randomBytes(16).toString('base64');
    this.helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: { ...directives, styleSrc: [...(directives.styleSrc ?? []), `'nonce-${nonce}'`] },
      },
    });
    return nonce;
  });
  // Bodies are JSON only: without Fastify's default text/plain parser such a body gets 415 (a fetch
  // without a content type sends text/plain, and so can a cross-site form, without a CORS preflight).
  app.removeContentTypeParser('text/plain');
});

/** What Node's HTTP parser reports, mapped onto our catalogue (Fastify's default answers the same statuses). */
const CLIENT_ERRORS: Record<string, ErrorCode> = {
  ERR_HTTP_REQUEST_TIMEOUT: 'REQUEST_TIMEOUT',
  HPE_HEADER_OVERFLOW: 'REQUEST_HEADERS_TOO_LARGE',
};

/**
 * Fastify's `clientErrorHandler`: the answer to a request Node could not parse (no route, no hook
 * runs), with our JSON error shape and the same security headers as every other answer.
 */
export function clientErrorHandler(this: FastifyInstance, error: NodeJS.ErrnoException, socket: Socket) {
  // A reset connection has nobody to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const code = CLIENT_ERRORS[error.code ?? ''] ?? 'MALFORMED_REQUEST';
  const { status, message } = ERRORS[code];
  // No request was parsed, so no id came with it: a fresh one, in the log line and the answer.
  const reqId = randomUUID();
  this.log.debug({ err: error, reqId }, 'malformed HTTP request');
  if (socket.writable) {
    const body = JSON.stringify({ error: message });
    const headers = {
      ...FIXED_HEADERS,
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(Buffer.byteLength(body)),
      'cache-control': 'no-store',
      'x-request-id': reqId,
      connection: 'close',
    };
    const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}`);
    socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${lines.join('\r\n')}\r\n\r\n${body}`);
  }
  socket.destroy(error);
}

/**
 * Fastify's `frameworkErrors`: the router's own refusals (a malformed percent-encoding, a path
 * parameter over 100 characters) come before any hook runs. They answer like every other error —
 * our JSON shape without Fastify's code or the path echoed back — with the security headers.
 */
export function frameworkErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  void reply
    .headers({ ...FIXED_HEADERS, 'cache-control': 'no-store', 'x-request-id': request.id })
    .status(error.statusCode ?? 400)
    .send({ error: ERRORS.VALIDATION.message });
}
