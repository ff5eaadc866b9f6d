// The second factor's calls (the sign-in's second step, enrollment, step-up) as both sides see them
// (docs/api.md "Types for the client"). The WebAuthn options' schemas match @simplewebauthn/browser's
// types (domain/two-factor.ts). Types only from the schema modules.
import { endpoint } from '../endpoint.ts';
import type { publicUserSchema } from '../auth.ts';
import type * as T from '../two-factor.ts';
import type { noBodySchema } from '../api.ts';

export const TWO_FACTOR_API = {
  // ---- the sign-in's second step (the pending sign-in cookie)
  pending: endpoint('GET', '/api/auth/2fa/pending').answers<typeof T.twoFactorChallengeSchema>(),
  verifyCode: endpoint('POST', '/api/auth/2fa/verify')
    .takes<typeof T.twoFactorCodeSchema>()
    .answers<typeof publicUserSchema>(),
  signInPasskeyOptions: endpoint('POST', '/api/auth/2fa/passkey/options')
    .takes<typeof noBodySchema>()
    .answers<typeof T.webAuthnRequestOptionsSchema>(),
  verifyPasskey: endpoint('POST', '/api/auth/2fa/passkey/verify')
    .takes<typeof T.passkeyVerifySchema>()
    .answers<typeof publicUserSchema>(),
  // ---- enrollment
  status: endpoint('GET', '/api/auth/2fa').answers<typeof T.twoFactorStatusSchema>(),
  setUpTotp: endpoint('POST', '/api/auth/2fa/totp/setup')
    .takes<typeof noBodySchema>()
    .answers<typeof T.totpSetupResultSchema>(),
  enableTotp: endpoint('POST', '/api/auth/2fa/totp/enable')
    .takes<typeof T.twoFactorCodeSchema>()
    .answers<typeof T.recoveryCodesSchema>(),
  disableTotp: endpoint('POST', '/api/auth/2fa/totp/disable')
    .takes<typeof noBodySchema>()
    .answers<typeof T.twoFactorStatusSchema>(),
  passkeyOptions: endpoint('POST', '/api/auth/2fa/passkeys/options')
    .takes<typeof noBodySchema>()
    .answers<typeof T.webAuthnCreationOptionsSchema>(),
  addPasskey: endpoint('POST', '/api/auth/2fa/passkeys')
    .takes<typeof T.passkeyRegisterSchema>()
    .answers<typeof T.passkeyAddedSchema>(),
  removePasskey: endpoint('POST', '/api/auth/2fa/passkeys/:id/remove')
    .takes<typeof noBodySchema>()
    .answers<typeof T.twoFactorStatusSchema>(),
  recoveryCodes: endpoint('POST', '/api/auth/2fa/recovery-codes')
    .takes<typeof noBodySchema>()
    .answers<typeof T.recoveryCodesSchema>(),
  // ---- step-up: a fresh proof on this session
  stepUpOptions: endpoint('POST', '/api/auth/2fa/step-up/options')
    .takes<typeof noBodySchema>()
    .answers<typeof T.webAuthnRequestOptionsSchema>(),
  stepUp: endpoint('POST', '/api/auth/2fa/step-up')
    .takes<typeof T.stepUpSchema>()
    .answers<typeof T.stepUpResultSchema>(),
};
