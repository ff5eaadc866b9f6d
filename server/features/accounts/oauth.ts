// Social login providers through openid-client: OpenID Connect authorization code flow with PKCE
// (S256), state and nonce; the provider's endpoints and keys come from its discovery document.
import * as oidc from 'openid-client';
import { AUTH_PROVIDERS, type AuthProvider } from '../../../domain/auth.ts';
import type { OAuthProviderConfig } from '../../config.ts';

export const OAUTH_SCOPE = 'openid email profile';
/** Seconds to wait for the provider (discovery, token, userinfo). */
const PROVIDER_TIMEOUT_S = 10;

/**
 * What each provider's web flow accepts. Google: PKCE and nonce. LinkedIn ("Sign In with LinkedIn
 * using OpenID Connect") refuses a code_verifier from a web app (invalid_client; PKCE is for its
 * native apps) and leaves the nonce out of its ID tokens, so its flow rests on state, the client
 * secret and the exact redirect URI.
 */
const CAPABILITIES: Record<AuthProvider, { pkce: boolean; nonce: boolean }> = {
  google: { pkce: true, nonce: true },
  linkedin: { pkce: false, nonce: false },
};

export function isAuthProvider(value: string): value is AuthProvider {
  return (AUTH_PROVIDERS as readonly string[]).includes(value);
}

/** What the callback needs to check the provider's answer: kept in the browser's flow cookie. */
export interface FlowChecks {
  state: string;
  nonce?: string | undefined;
  codeVerifier?: string | undefined;
}

/** The provider's word on who signed in. */
export interface ProviderIdentity {
  subject: string;
  email: string | undefined;
  emailVerified: boolean;
  givenName: string | undefined;
  familyName: string | undefined;
}

/** Plain http is accepted only for an issuer on this machine (the test and development provider). */
function isLocalHttp(issuer: URL): boolean {
  return issuer.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(issuer.hostname);
}

const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);

export class OAuthClients {
  readonly #providers: Partial<Record<AuthProvider, OAuthProviderConfig>>;
  readonly #configs = new Map<AuthProvider, Promise<oidc.Configuration>>();

  constructor(providers: Partial<Record<AuthProvider, OAuthProviderConfig>>) {
    this.#providers = providers;
  }

  isEnabled(provider: AuthProvider): boolean {
    return Boolean(this.#providers[provider]);
  }

  /** The provider's discovered configuration, fetched once; a failed discovery is retried next time. */
  #config(provider: AuthProvider): Promise<oidc.Configuration> {
    let config = this.#configs.get(provider);
    if (!config) {
      const settings = this.#providers[provider];
      if (!settings) throw new Error(`${provider} sign-in is not configured`);
      const issuer = new URL(settings.issuer);
      config = oidc
        .discovery(issuer, settings.clientId, settings.clientSecret, undefined, {
          timeout: PROVIDER_TIMEOUT_S,
          ...(isLocalHttp(issuer) ? { execute: [oidc.allowInsecureRequests] } : {}),
        })
        .then((c) => {
          c.timeout = PROVIDER_TIMEOUT_S;
          return c;
        });
      config.catch(() => this.#configs.delete(provider));
      this.#configs.set(provider, config);
    }
    return config;
  }

  /** Fresh checks and the provider URL to send the browser to. */
  async begin(provider: AuthProvider, redirectUri: string): Promise<{ url: URL; checks: FlowChecks }> {
    const config = await this.#config(provider);
    const { pkce, nonce } = CAPABILITIES[provider];
    const checks: FlowChecks = {
      state: oidc.randomState(),
      nonce: nonce ? oidc.randomNonce() : undefined,
      codeVerifier: pkce ? oidc.randomPKCECodeVerifier() : undefined,
    };
    const parameters: Record<string, string> = {
      redirect_uri: redirectUri,
      scope: OAUTH_SCOPE,
      response_type: 'code',
      state: checks.state,
    };
    if (checks.nonce) parameters.nonce = checks.nonce;
    if (checks.codeVerifier) {
      parameters.code_challenge = await oidc.calculatePKCECodeChallenge(checks.codeVerifier);
      parameters.code_challenge_method = 'S256';
    }
    return { url: oidc.buildAuthorizationUrl(config, parameters), checks };
  }

  /**
   * Checks the provider's answer (state), redeems the code (with the PKCE verifier), validates the ID
   * token (signature, issuer, audience, expiry, nonce) and reads who signed in. Throws on any mismatch;
   * `oidc.AuthorizationResponseError` carries the provider's own error (e.g. `access_denied`).
   */
  async complete(provider: AuthProvider, callbackUrl: URL, checks: FlowChecks): Promise<ProviderIdentity> {
    const config = await this.#config(provider);
    const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
      expectedState: checks.state,
      expectedNonce: checks.nonce,
      pkceCodeVerifier: checks.codeVerifier,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims) throw new Error('The provider returned no ID token');
    let profile: Record<string, unknown> = claims;
    if (!text(claims.email)) {
      // Some providers keep the email out of the ID token: ask the userinfo endpoint.
      profile = { ...claims, ...(await oidc.fetchUserInfo(config, tokens.access_token, claims.sub)) };
    }
    const email = text(profile.email);
    return {
      subject: claims.sub,
      email: email?.toLowerCase(),
      // Some providers send the flag as a string.
      emailVerified: profile.email_verified === true || profile.email_verified === 'true',
      givenName: text(profile.given_name)?.slice(0, 60),
      familyName: text(profile.family_name)?.slice(0, 60),
    };
  }
}

export { AuthorizationResponseError } from 'openid-client';
