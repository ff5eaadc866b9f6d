// The local OpenID Connect provider the browser suite signs in with "Google" at: oauth2-mock-server
// (discovery, authorize, token, userinfo, JWKS; RS256 ID tokens), started once by global-setup.ts on
// the port playwright.config.ts picked and handed to the server as GOOGLE_ISSUER. (The config imports
// the constants; the server package loads only when the provider starts.)
export const OIDC_CLIENT_ID = 'hydrobridge-e2e';
export const OIDC_CLIENT_SECRET = 'hydrobridge-e2e-client-secret';

/** Who signs in at the provider: a verified Google account nobody has used on HydroBridge yet. */
export const GOOGLE_PERSON = {
  sub: 'e2e-google-subject-1',
  email: 'gita.rao.e2e@gmail.test',
  email_verified: true,
  given_name: 'Gita',
  family_name: 'Rao',
};

export const oidcIssuerUrl = (port: number) => `http://127.0.0.1:${port}`;

export async function startOidcProvider(port: number): Promise<() => Promise<void>> {
  const { OAuth2Server } = await import('oauth2-mock-server');
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  server.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
    Object.assign(token.payload, GOOGLE_PERSON);
  });
  server.service.on('beforeUserinfo', (response: { body: Record<string, unknown> }) => {
    response.body = { ...GOOGLE_PERSON };
  });
  await server.start(port, '127.0.0.1');
  // It names itself localhost; the server is told 127.0.0.1 (localhost may resolve to ::1 first).
  server.issuer.url = oidcIssuerUrl(port);
  return () => server.stop();
}
