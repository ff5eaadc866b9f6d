// Start-up configuration of accounts email and social login: what is required where.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

const GOOGLE = { GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' };
const SECRET = 'a'.repeat(32);

describe('SESSION_SECRET', () => {
  it('is required in production when a social login provider is configured', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', ...GOOGLE })).toThrow(
      'Invalid configuration: SESSION_SECRET: required in production when Google or LinkedIn sign-in is configured',
    );
    expect(loadConfig({ NODE_ENV: 'production', ...GOOGLE, SESSION_SECRET: SECRET }).cookieSecret).toBe(
      SECRET,
    );
  });

  it('is optional in production without social login, and in development (random per process)', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).not.toThrow();
    const [a, b] = [loadConfig({ ...GOOGLE }), loadConfig({ ...GOOGLE })];
    expect(a.cookieSecret).toMatch(/^[\w-]{43}$/);
    expect(a.cookieSecret).not.toBe(b.cookieSecret);
  });

  it('is refused when shorter than 32 characters', () => {
    expect(() => loadConfig({ SESSION_SECRET: 'short' })).toThrow(
      /SESSION_SECRET: must be at least 32 characters/,
    );
  });
});

describe('social login providers and email', () => {
  it('a provider is enabled only with both its client id and secret', () => {
    expect(loadConfig({ GOOGLE_CLIENT_ID: 'id' }).oauth.google).toBeUndefined();
    expect(loadConfig({ ...GOOGLE }).oauth).toEqual({
      google: { clientId: 'id', clientSecret: 'secret', issuer: 'https://accounts.google.com' },
      linkedin: undefined,
    });
  });

  it('keeps outbox copies beside the embedded database only (no SMTP, no PostgreSQL)', () => {
    expect(loadConfig({ DATA_DIR: '/tmp/hb' }).outboxDir).toBe(path.join('/tmp/hb', 'outbox'));
    expect(loadConfig({ SMTP_URL: 'smtp://127.0.0.1:2525' }).outboxDir).toBeUndefined();
    expect(loadConfig({ DATABASE_URL: 'postgres://u:p@localhost:5432/hb' }).outboxDir).toBeUndefined();
  });

  it('PUBLIC_URL defaults to localhost on PORT, without a trailing slash', () => {
    expect(loadConfig({ PORT: '5123' }).publicUrl).toBe('http://localhost:5123');
    expect(loadConfig({ PUBLIC_URL: 'https://hydrobridge.example/' }).publicUrl).toBe(
      'https://hydrobridge.example',
    );
  });
});

describe('demo data and demo accounts', () => {
  it('SEED_DEMO=auto seeds an empty embedded database in development, never in production', () => {
    expect(loadConfig({}).seedDemo).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).seedDemo).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://u:p@localhost:5432/hb' }).seedDemo).toBe(false);
  });

  it('production refuses SEED_DEMO=true unless ALLOW_DEMO_ACCOUNTS=true says this is a public demo', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', SEED_DEMO: 'true' })).toThrow(
      'Invalid configuration: SEED_DEMO: true writes demo accounts whose password is published; in production set ALLOW_DEMO_ACCOUNTS=true as well (a public demo deployment)',
    );
    const demo = loadConfig({ NODE_ENV: 'production', SEED_DEMO: 'true', ALLOW_DEMO_ACCOUNTS: 'true' });
    expect(demo).toMatchObject({ seedDemo: true, refuseDemoPasswords: false });
  });

  it('production refuses to run with a demo password in place unless ALLOW_DEMO_ACCOUNTS=true', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).refuseDemoPasswords).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', ALLOW_DEMO_ACCOUNTS: 'true' }).refuseDemoPasswords).toBe(
      false,
    );
    expect(loadConfig({ NODE_ENV: 'development' }).refuseDemoPasswords).toBe(false);
    expect(() => loadConfig({ ALLOW_DEMO_ACCOUNTS: 'yes' })).toThrow(/ALLOW_DEMO_ACCOUNTS/);
  });
});

describe('METRICS_TOKEN', () => {
  it('turns GET /metrics on with its value; unset, there is no token (and no route)', () => {
    expect(loadConfig({}).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: SECRET }).metricsToken).toBe(SECRET);
  });

  it('is refused when shorter than 32 characters or with spaces', () => {
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(
      /METRICS_TOKEN: must be at least 32 characters/,
    );
    expect(() => loadConfig({ METRICS_TOKEN: `${SECRET} x` })).toThrow(
      /METRICS_TOKEN: must not contain spaces/,
    );
  });
});
