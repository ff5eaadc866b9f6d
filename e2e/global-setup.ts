// Runs once before the browser suite (after the web server is up: the server reads the provider's
// discovery document only at the first social sign-in). Returns the teardown.
import { startOidcProvider } from './oidc-provider.ts';

export default async function globalSetup(): Promise<() => Promise<void>> {
  const port = Number(process.env.PLAYWRIGHT_OIDC_PORT);
  if (!port) throw new Error('PLAYWRIGHT_OIDC_PORT is not set: run the suite through playwright.config.ts');
  return startOidcProvider(port);
}
