// Second factor (docs/security.md): the shapes of the sign-in's second step, enrollment and step-up.
import { z } from 'zod';
import { publicUserSchema } from './auth.ts';

export const TWO_FACTOR_METHODS = ['totp', 'passkey', 'recovery'] as const;
export type TwoFactorMethod = (typeof TWO_FACTOR_METHODS)[number];

/** RFC 6238 with the authenticator apps' defaults: 6 digits, SHA-1, a new code every 30 seconds. */
export const TOTP_PERIOD_S = 30;
/** A fresh second-factor proof lets this session withdraw or change credentials for this long. */
export const STEP_UP_WINDOW_MS = 5 * 60_000;
/** A sign-in waiting for its second factor expires after this long. */
export const PENDING_SIGN_IN_MS = 10 * 60_000;
export const RECOVERY_CODE_COUNT = 10;

/** Sign-in of an account with a second factor: no session yet (DESIGN §5). */
export const twoFactorChallengeSchema = z.object({
  twoFactorRequired: z.literal(true),
  methods: z.array(z.enum(TWO_FACTOR_METHODS)),
});
export type TwoFactorChallenge = z.infer<typeof twoFactorChallengeSchema>;
/** `POST /api/auth/signin`: the signed-in user, or the challenge of an account with a second factor. */
export const signinResultSchema = z.union([publicUserSchema, twoFactorChallengeSchema]);

const CODE_REQUIRED = 'Enter the 6-digit code from your authenticator app, or a recovery code';
/** A TOTP (6 digits) or a recovery code (16 letters and digits, dashes and spaces ignored). */
export const twoFactorCodeSchema = z.object({
  code: z.string({ error: CODE_REQUIRED }).trim().min(1, CODE_REQUIRED).max(40, CODE_REQUIRED),
});
export type TwoFactorCodeInput = z.input<typeof twoFactorCodeSchema>;
/** The sign-in's second step as typed: a code of either kind (the server checks which it is). */
export const secondStepSchema = z.object({
  code: z.string().trim().min(1, 'Enter the code from your authenticator app, or a recovery code'),
});
/** The first code of a new authenticator app as typed (the server checks it against the secret). */
export const totpFirstCodeSchema = z.object({
  code: z.string().trim().min(1, 'Enter the 6-digit code your authenticator app shows'),
});

export const totpSetupResultSchema = z.object({ secret: z.string(), otpauthUrl: z.string() });
export type TotpSetupResult = z.infer<typeof totpSetupResultSchema>;

export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

export const passkeySummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type PasskeySummary = z.infer<typeof passkeySummarySchema>;
/** `POST /api/auth/2fa/passkeys` (201): the new passkey; the account's first factor brings its recovery codes. */
export const passkeyAddedSchema = z.object({
  passkey: passkeySummarySchema,
  recoveryCodes: z.array(z.string()).optional(),
});

/** GET /api/auth/2fa: what the signed-in user has enrolled. */
export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  /** Admins must keep a second factor. */
  required: z.boolean(),
  totp: z.boolean(),
  passkeys: z.array(passkeySummarySchema),
  recoveryCodesLeft: z.number().int().nonnegative(),
  /** Until when this session may do what needs a fresh proof (ISO time), or null. */
  stepUpUntil: z.string().nullable(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/**
 * A WebAuthn credential as @simplewebauthn/browser hands it over (RegistrationResponseJSON or
 * AuthenticationResponseJSON); the library on the server checks every part.
 */
const b64url = z
  .string()
  .min(1)
  .max(4096)
  .regex(/^[A-Za-z0-9_-]+$/, 'must be base64url');
export const webAuthnResponseSchema = z.object({
  id: b64url,
  rawId: b64url,
  type: z.literal('public-key'),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  response: z
    .object({
      clientDataJSON: b64url,
      attestationObject: b64url.optional(),
      authenticatorData: b64url.optional(),
      signature: b64url.optional(),
      userHandle: b64url.optional(),
      transports: z.array(z.string().max(20)).max(10).optional(),
      publicKeyAlgorithm: z.number().int().optional(),
      publicKey: b64url.optional(),
    })
    .strip(),
});
export type WebAuthnResponse = z.infer<typeof webAuthnResponseSchema>;

export const passkeyRegisterSchema = z.object({
  name: z.string().trim().max(60).optional(),
  response: webAuthnResponseSchema,
});
export const passkeyVerifySchema = z.object({ response: webAuthnResponseSchema });

/** Step-up: a code (TOTP or recovery) or a passkey's answer. */
export const stepUpSchema = z.union([twoFactorCodeSchema, passkeyVerifySchema]);
export const stepUpResultSchema = z.object({ stepUpUntil: z.string() });

// WebAuthn options go to the browser as @simplewebauthn/server made them, for
// @simplewebauthn/browser's startRegistration / startAuthentication. These schemas name what the
// browser library reads (its PublicKeyCredentialCreationOptionsJSON / …RequestOptionsJSON): the client
// hands the typed answer to the library as it is, so the typecheck fails if they drift apart. The keys
// are listed in the order the server library writes them (the challenge first, as before), so the
// bytes sent are unchanged; a key the server library adds at the top passes as it is (loose object),
// the nested parts keep the keys the browser library reads. Transports stay plain strings, as the
// browser library types them (stored as the browser reported them).
const credentialDescriptorSchema = z.object({
  id: z.string(),
  transports: z.array(z.string()).optional(),
  type: z.string(),
});
const webAuthnExtensionsSchema = z.object({
  appid: z.string().optional(),
  credProps: z.boolean().optional(),
  hmacCreateSecret: z.boolean().optional(),
  minPinLength: z.boolean().optional(),
});
const requirementSchema = z.enum(['discouraged', 'preferred', 'required']);
const hintsSchema = z.array(z.enum(['hybrid', 'security-key', 'client-device']));

/** `POST /api/auth/2fa/passkey/options` and `…/step-up/options`: the challenge a passkey signs. */
export const webAuthnRequestOptionsSchema = z.looseObject({
  challenge: z.string(),
  rpId: z.string().optional(),
  allowCredentials: z.array(credentialDescriptorSchema).optional(),
  timeout: z.number().optional(),
  userVerification: requirementSchema.optional(),
  hints: hintsSchema.optional(),
  extensions: webAuthnExtensionsSchema.optional(),
});

/** `POST /api/auth/2fa/passkeys/options`: what the browser needs to create a new passkey. */
export const webAuthnCreationOptionsSchema = z.looseObject({
  challenge: z.string(),
  rp: z.object({ name: z.string(), id: z.string().optional() }),
  user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
  pubKeyCredParams: z.array(z.object({ alg: z.number(), type: z.literal('public-key') })),
  timeout: z.number().optional(),
  attestation: z.enum(['direct', 'enterprise', 'indirect', 'none']).optional(),
  excludeCredentials: z.array(credentialDescriptorSchema).optional(),
  authenticatorSelection: z
    .object({
      residentKey: requirementSchema.optional(),
      userVerification: requirementSchema.optional(),
      requireResidentKey: z.boolean().optional(),
      authenticatorAttachment: z.enum(['cross-platform', 'platform']).optional(),
    })
    .optional(),
  extensions: webAuthnExtensionsSchema.optional(),
  hints: hintsSchema.optional(),
});
