// Account pre-registration takeover (issue 9, finding 1), over real HTTP against a real local OpenID
// Connect provider: an attacker signs up with the victim's email and a password; the victim later
// signs in with Google, which vouches for the email. The account is the victim's from then on: the
// attacker's password and sessions stop working.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthClient, PASSWORD } from '../../../test/auth.ts';
import {
  buildAppWithSettings,
  CookieJar,
  freePort,
  startOidcProvider,
  type OidcIdentity,
} from '../../../test/auth-services.ts';
import type { App } from '../../app.ts';
import { SESSION_COOKIE } from './sessions.ts';

let provider: Awaited<ReturnType<typeof startOidcProvider>>;
let app: App;
let api: AuthClient;
let base: string;

beforeAll(async () => {
  provider = await startOidcProvider();
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  app = await buildAppWithSettings({
    publicUrl: base,
    oauth: { google: { clientId: 'hb-test', clientSecret: 'test-client-secret', issuer: provider.issuer } },
  });
  await app.listen({ port, host: '127.0.0.1' });
  api = new AuthClient(app);
});

afterAll(async () => {
  api?.expectNoSecretsInResponses();
  await app?.close();
  await provider?.close();
});

let sequence = 0;
function victim(): OidcIdentity {
  const n = `${++sequence}${Date.now().toString(36)}`;
  return { sub: `google-victim-${n}`, email: `victim.${n}@gmail.test`, email_verified: true, given_name: 'Vera' };
}

/** The browser's journey start → provider → callback as `identity`; returns the final redirect. */
async function googleSignIn(identity: OidcIdentity, jar = new CookieJar()) {
  provider.setIdentity(identity);
  const start = await jar.get(`${base}/api/auth/oauth/google/start`);
  const atProvider = await jar.get(new URL(start.headers.get('location')!, base));
  const res = await jar.get(new URL(atProvider.headers.get('location')!, base));
  expect(res.status).toBe(302);
  api.tokens.add(jar.cookies.get(SESSION_COOKIE) ?? '');
  return { res, jar, location: res.headers.get('location')! };
}

describe('an account pre-registered with the victim’s email', () => {
  it('the victim’s Google sign-in ends the attacker’s password and sessions', async () => {
    const person = victim();
    const attacker = await api.signup('investor', { email: person.email });
    expect(await api.meStatus(attacker.token)).toBe(200);

    const { location, jar } = await googleSignIn(person);
    expect(location).toBe('/dashboard?welcome=1');
    const me = await api.get('/api/auth/me', { token: jar.cookies.get(SESSION_COOKIE) });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ id: attacker.user.id, email: person.email });

    // The attacker's session is over, and their password no longer signs in.
    expect(await api.meStatus(attacker.token)).toBe(401);
    const again = await api.signin({ email: person.email, password: PASSWORD });
    expect(again.res.statusCode).toBe(401);
    expect(again.token).toBeNull();
  });
});
