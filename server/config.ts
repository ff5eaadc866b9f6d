// Environment, validated once at boot: a bad value stops the server with a clear message.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';
import { CLIENT_DIR } from './paths.ts';

const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  HOST: z.string().min(1).default('localhost'),
  /** PostgreSQL connection string; when unset the embedded PGlite database under DATA_DIR is used. */
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * Seed demo data into an empty database at start-up: `auto` does it for the embedded database
   * outside production only.
   */
  SEED_DEMO: z.enum(['auto', 'true', 'false']).default('auto'),
  /**
   * This production server is a public demo: its demo accounts may keep the password the README
   * publishes. Without it, production refuses SEED_DEMO=true and refuses to start while a demo
   * account has that password.
   */
  ALLOW_DEMO_ACCOUNTS: z.enum(['true', 'false']).default('false'),
  /** Public origin of the app, for links in emails and OAuth redirect URIs. */
  PUBLIC_URL: z.string().url().optional(),
  /** Trust X-Forwarded-* from a reverse proxy (needed for Secure cookies behind TLS termination). */
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  /** smtp(s)://user:pass@host:port — without it emails go to the development outbox. */
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().min(3).default('HydroBridge <no-reply@hydrobridge.example>'),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_ISSUER: z.string().url().default('https://accounts.google.com'),
  LINKEDIN_CLIENT_ID: z.string().min(1).optional(),
  LINKEDIN_CLIENT_SECRET: z.string().min(1).optional(),
  LINKEDIN_ISSUER: z.string().url().default('https://www.linkedin.com/oauth'),
  /**
   * Signs short-lived cookies (the social sign-in flow). Every instance behind a load balancer needs
   * the same value; required in production when a social login provider is configured.
   */
  /** Stripe: both keys switch card payments from the built-in sandbox to Stripe. */
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_/, 'must be a Stripe secret key (sk_…)')
    .optional(),
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .regex(/^pk_(test|live)_/, 'must be a Stripe publishable key (pk_…)')
    .optional(),
  /** Signs Stripe's webhook deliveries (whsec_…); required in production with Stripe. */
  STRIPE_WEBHOOK_SECRET: z.string().min(10).optional(),
  /** Another Stripe API origin (stripe-mock, a local stand-in); api.stripe.com when unset. */
  STRIPE_API_BASE: z.string().url().optional(),
  /**
   * Turns on GET /metrics (Prometheus text), answered only to `Authorization: Bearer <METRICS_TOKEN>`;
   * unset: the route does not exist. At least 32 characters (e.g. `openssl rand -hex 32`).
   */
  METRICS_TOKEN: z
    .string()
    .min(32, 'must be at least 32 characters (e.g. `openssl rand -hex 32`)')
    .regex(/^\S+$/, 'must not contain spaces')
    .optional(),
  SESSION_SECRET: z
    .string()
    .min(32, 'must be at least 32 characters (e.g. `openssl rand -base64 32`)')
    .optional(),
});

export interface OAuthProviderConfig {
  clientId: string;
  clientSecret: string;
  issuer: string;
}

/** Stripe's keys (features/money/providers/stripe.ts uses them), when Stripe is configured. */
export interface StripeSettings {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string | undefined;
  /** Another API origin than api.stripe.com (a local stand-in in tests, or stripe-mock). */
  apiBase?: string | undefined;
}

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  logLevel: z.infer<typeof configSchema>['LOG_LEVEL'];
  seedDemo: boolean;
  /** Refuse to start while a demo account has the published demo password (production). */
  refuseDemoPasswords: boolean;
  /** Built React app served for every non-API path. */
  clientDir: string;
  publicUrl: string;
  trustProxy: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Social login providers that have a client id and secret. */
  oauth: Partial<Record<'google' | 'linkedin', OAuthProviderConfig>>;
  /** Signs short-lived cookies; a random per-process value unless SESSION_SECRET is set. */
  cookieSecret: string;
  /**
   * Development outbox: without SMTP, each email is also written here as a text file, readable while
   * the server holds the embedded database (`npm run cli -- outbox`). Unset with PostgreSQL.
   */
  outboxDir: string | undefined;
  /** Card payments through Stripe; undefined: the built-in sandbox provider. */
  stripe: StripeSettings | undefined;
  /** The bearer token GET /metrics requires; undefined: no /metrics route (docs/operations.md). */
  metricsToken: string | undefined;
}

function provider(id: string | undefined, secret: string | undefined, issuer: string) {
  return id && secret ? { clientId: id, clientSecret: secret, issuer } : undefined;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const c = parsed.data;
  const oauth = {
    google: provider(c.GOOGLE_CLIENT_ID, c.GOOGLE_CLIENT_SECRET, c.GOOGLE_ISSUER),
    linkedin: provider(c.LINKEDIN_CLIENT_ID, c.LINKEDIN_CLIENT_SECRET, c.LINKEDIN_ISSUER),
  };
  // A random secret per process would break a sign-in that starts on one instance and returns to
  // another (or across a restart), so production must share one when social login is on.
  if (c.NODE_ENV === 'production' && !c.SESSION_SECRET && (oauth.google || oauth.linkedin)) {
    throw new Error(
      'Invalid configuration: SESSION_SECRET: required in production when Google or LinkedIn sign-in is configured',
    );
  }
  if (!!c.STRIPE_SECRET_KEY !== !!c.STRIPE_PUBLISHABLE_KEY) {
    throw new Error(
      'Invalid configuration: STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY: set both to use Stripe, or neither for the sandbox',
    );
  }
  // Without a verified webhook a payment whose browser closed would wait for the sweep.
  if (c.NODE_ENV === 'production' && c.STRIPE_SECRET_KEY && !c.STRIPE_WEBHOOK_SECRET) {
    throw new Error('Invalid configuration: STRIPE_WEBHOOK_SECRET: required in production with Stripe');
  }
  const production = c.NODE_ENV === 'production';
  const allowDemoAccounts = c.ALLOW_DEMO_ACCOUNTS === 'true';
  // Demo accounts share a password anyone can read in the README: a production server gets them only
  // when it says, in a second variable, that it is a public demo.
  if (production && c.SEED_DEMO === 'true' && !allowDemoAccounts) {
    throw new Error(
      'Invalid configuration: SEED_DEMO: true writes demo accounts whose password is published; in production set ALLOW_DEMO_ACCOUNTS=true as well (a public demo deployment)',
    );
  }
  const dataDir = path.resolve(c.DATA_DIR);
  return {
    env: c.NODE_ENV,
    port: c.PORT,
    host: c.HOST,
    databaseUrl: c.DATABASE_URL,
    dataDir,
    logLevel: c.LOG_LEVEL,
    seedDemo: c.SEED_DEMO === 'true' || (c.SEED_DEMO === 'auto' && !c.DATABASE_URL && !production),
    refuseDemoPasswords: production && !allowDemoAccounts,
    clientDir: CLIENT_DIR,
    publicUrl: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, ''),
    trustProxy: c.TRUST_PROXY === 'true',
    smtpUrl: c.SMTP_URL,
    mailFrom: c.MAIL_FROM,
    oauth,
    cookieSecret: c.SESSION_SECRET ?? randomBytes(32).toString('base64url'),
    outboxDir: c.DATABASE_URL || c.SMTP_URL ? undefined : path.join(dataDir, 'outbox'),
    stripe:
      c.STRIPE_SECRET_KEY && c.STRIPE_PUBLISHABLE_KEY
        ? {
            secretKey: c.STRIPE_SECRET_KEY,
            publishableKey: c.STRIPE_PUBLISHABLE_KEY,
            webhookSecret: c.STRIPE_WEBHOOK_SECRET,
            apiBase: c.STRIPE_API_BASE,
          }
        : undefined,
    metricsToken: c.METRICS_TOKEN,
  };
}
