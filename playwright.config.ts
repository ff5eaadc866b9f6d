// Browser tests against the real production server serving the built app, on Debian's Chromium.
// Each run starts the server on a fresh, empty embedded database seeded with the demo data
// (SEED_DEMO=true with ALLOW_DEMO_ACCOUNTS=true below: a demo deployment).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { SERVER_NODE_FLAGS } from './scripts/start-flags.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './test/chromium.ts';
import { freePortSync } from './test/free-port.ts';
import { suiteBaseUrl } from './e2e/suite-url.ts';
import { OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, oidcIssuerUrl } from './e2e/oidc-provider.ts';

const root = import.meta.dirname;
// The tests drive what `npm start` runs: the built client and the bundled server.
for (const built of ['dist/client/index.html', 'dist/server/main.js']) {
  if (!fs.existsSync(path.join(root, built))) {
    throw new Error(
      `Browser tests need the production build, and ${built} is missing. Run \`npm run build\` first.`,
    );
  }
}

// Playwright evaluates this file in the runner and again in every worker. Workers inherit the runner's
// environment, so the runner picks the port and creates (and later removes) the data folder once.
if (!process.env.PLAYWRIGHT_PORT) process.env.PLAYWRIGHT_PORT = String(freePortSync());
// The local OpenID Connect provider "Google" signs in at (e2e/global-setup.ts starts it there).
while (
  !process.env.PLAYWRIGHT_OIDC_PORT ||
  process.env.PLAYWRIGHT_OIDC_PORT === process.env.PLAYWRIGHT_PORT
) {
  process.env.PLAYWRIGHT_OIDC_PORT = String(freePortSync());
}
if (!process.env.HYDROBRIDGE_E2E_DATA_DIR) {
  const created = fs.mkdtempSync(path.join(os.tmpdir(), 'hydrobridge-e2e-'));
  process.env.HYDROBRIDGE_E2E_DATA_DIR = created;
  // The web server has been stopped by the time the runner exits.
  process.on('exit', () => fs.rmSync(created, { recursive: true, force: true }));
}
const port = Number(process.env.PLAYWRIGHT_PORT);
const dataDir = process.env.HYDROBRIDGE_E2E_DATA_DIR;
// `localhost`, not 127.0.0.1: see e2e/suite-url.ts.
const baseURL = suiteBaseUrl(String(port));
const oidcIssuer = oidcIssuerUrl(Number(process.env.PLAYWRIGHT_OIDC_PORT));

export default defineConfig({
  testDir: './e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  globalSetup: './e2e/global-setup.ts',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : [['list']],
  use: {
    baseURL,
    // Tracing costs about a quarter of the suite's CPU: CI keeps traces of failures; locally, rerun a
    // failing test with --trace on.
    trace: process.env.CI ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    command: ['node', ...SERVER_NODE_FLAGS, 'dist/server/main.js'].join(' '),
    cwd: root,
    url: `${baseURL}/api/health`,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      // The suite signs in as the demo users: this server is a demo deployment, said explicitly
      // (production never seeds on its own, and refuses demo passwords without the second variable).
      SEED_DEMO: 'true',
      ALLOW_DEMO_ACCOUNTS: 'true',
      // Links in emails and the OAuth redirect URI must name the origin the browser uses.
      PUBLIC_URL: baseURL,
      // Google sign-in against the local provider; LinkedIn stays unconfigured (its button disabled).
      GOOGLE_CLIENT_ID: OIDC_CLIENT_ID,
      GOOGLE_CLIENT_SECRET: OIDC_CLIENT_SECRET,
      GOOGLE_ISSUER: oidcIssuer,
      SESSION_SECRET: 'hydrobridge-e2e-session-secret-0123456789',
      // Tests name their client address in X-Forwarded-For (e2e/fixtures.ts), so rate limits count
      // per test rather than for the whole suite from 127.0.0.1.
      TRUST_PROXY: 'true',
      // No SMTP_URL: emails go to the development outbox, one file each in DATA_DIR/outbox.
    },
    // A fresh embedded database runs its migrations and the demo seed first.
    timeout: 120_000,
    reuseExistingServer: false,
    gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
