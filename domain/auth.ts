// Account forms and wire shapes (spec §3, §5, §7). One schema per form, used by the form in the
// browser and by the server route: the messages are the spec's, verbatim.
import { z } from 'zod';
import { textField } from './text.ts';
import { ACCOUNT_STATUSES, BUYER_INDUSTRIES, COUNTRIES, KYC_STATUSES, ROLES, SIGNUP_ROLES } from './users.ts';

export const MESSAGES = {
  invalidEmail: 'Invalid email address',
  emailRequired: 'Email is required',
  passwordTooShort: 'Password must be at least 8 characters',
  passwordRequired: 'Password is required',
  passwordsDontMatch: "Passwords don't match",
  traderCompany: 'Company name and registration number are required for traders',
  buyerCompany: 'Company name and industry are required for buyers',
  terms: 'You must accept the terms and conditions',
  riskDisclosure: 'Investors must acknowledge the risk disclosure',
  selectRole: 'Please select your role to continue',
  usernameFormat: 'Username must be 3-30 characters: letters, digits, dot, dash or underscore',
  invalidCredentials: 'Invalid email, username or password',
  resetLinkInvalid: 'This password reset link is invalid or has expired. Please request a new one.',
} as const;

export const PASSWORD_MIN = 8;
/** argon2 hashes any length, but a megabyte password is a denial-of-service vector. */
export const PASSWORD_MAX = 128;
const USERNAME_PATTERN = /^[A-Za-z0-9._-]{3,30}$/;

const trimmed = (label: string, max: number) => textField(label).trim().max(max);
/** Optional text field: empty input counts as absent. */
const optionalText = (label: string, max: number) =>
  textField(label)
    .trim()
    .max(max)
    .optional()
    .transform((v) => (v ? v : undefined));

const email = textField('Email', { error: MESSAGES.emailRequired })
  .trim()
  .min(1, MESSAGES.emailRequired)
  .max(254, MESSAGES.invalidEmail)
  .pipe(z.email(MESSAGES.invalidEmail))
  .transform((v) => v.toLowerCase());

const newPassword = z
  .string({ error: MESSAGES.passwordTooShort })
  .min(PASSWORD_MIN, MESSAGES.passwordTooShort)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

export const signupSchema = z
  .object({
    role: z.enum(SIGNUP_ROLES, { error: MESSAGES.selectRole }),
    username: textField('Username', { error: MESSAGES.usernameFormat })
      .trim()
      .regex(USERNAME_PATTERN, MESSAGES.usernameFormat),
    email,
    password: newPassword,
    confirmPassword: newPassword,
    firstName: optionalText('First name', 60),
    lastName: optionalText('Last name', 60),
    companyName: optionalText('Company name', 120),
    registrationNumber: optionalText('Registration number', 60),
    buyerIndustry: z
      .enum(BUYER_INDUSTRIES)
      .optional()
      .or(z.literal('').transform(() => undefined)),
    termsAccepted: z.boolean().optional().default(false),
    riskDisclosureAccepted: z.boolean().optional().default(false),
  })
  .superRefine((v, ctx) => {
    if (v.password !== v.confirmPassword) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: MESSAGES.passwordsDontMatch });
    }
    if (v.role === 'trader' && (!v.companyName || !v.registrationNumber)) {
      ctx.addIssue({ code: 'custom', path: ['companyName'], message: MESSAGES.traderCompany });
    }
    if (v.role === 'buyer' && (!v.companyName || !v.buyerIndustry)) {
      ctx.addIssue({ code: 'custom', path: ['companyName'], message: MESSAGES.buyerCompany });
    }
    if (!v.termsAccepted) {
      ctx.addIssue({ code: 'custom', path: ['termsAccepted'], message: MESSAGES.terms });
    }
    if (v.role === 'investor' && !v.riskDisclosureAccepted) {
      ctx.addIssue({ code: 'custom', path: ['riskDisclosureAccepted'], message: MESSAGES.riskDisclosure });
    }
  })
  .transform((v) => ({
    ...v,
    // Company fields belong to traders and buyers, the industry to buyers only (spec §4).
    companyName: v.role === 'investor' ? undefined : v.companyName,
    registrationNumber: v.role === 'trader' ? v.registrationNumber : undefined,
    buyerIndustry: v.role === 'buyer' ? v.buyerIndustry : undefined,
  }));
export type SignupInput = z.input<typeof signupSchema>;
export type Signup = z.output<typeof signupSchema>;

/**
 * Sign-in takes an email or a username in the `email` field (spec §7 allows either); a `username`
 * field is accepted too. Anything with an @ must be a valid email.
 */
export const signinSchema = z
  .object({
    email: textField('Email').trim().max(254).optional(),
    username: textField('Username').trim().max(254).optional(),
    password: z
      .string({ error: MESSAGES.passwordRequired })
      .min(1, MESSAGES.passwordRequired)
      .max(PASSWORD_MAX, MESSAGES.invalidCredentials),
    selectedRole: z.enum(SIGNUP_ROLES).optional(),
    rememberMe: z.boolean().optional().default(false),
  })
  .transform((v, ctx) => {
    const identifier = (v.email || v.username || '').trim();
    const valid = identifier.includes('@')
      ? z.email().safeParse(identifier).success
      : USERNAME_PATTERN.test(identifier);
    if (!valid) {
      ctx.addIssue({ code: 'custom', path: ['email'], message: MESSAGES.invalidEmail });
      return z.NEVER;
    }
    return {
      identifier: identifier.toLowerCase(),
      password: v.password,
      selectedRole: v.selectedRole,
      rememberMe: v.rememberMe,
    };
  });
export type SigninInput = z.input<typeof signinSchema>;

export const switchRoleSchema = z.object({ newRole: z.enum(ROLES) });

export const changePasswordSchema = z
  .object({
    currentPassword: z.string().min(1, MESSAGES.passwordRequired).max(PASSWORD_MAX),
    newPassword,
    confirmPassword: z.string(),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ['confirmPassword'],
    message: MESSAGES.passwordsDontMatch,
  });

export const forgotPasswordSchema = z.object({ email });

export const resetPasswordSchema = z
  .object({
    token: z.string().min(20).max(200),
    password: newPassword,
    confirmPassword: z.string(),
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: MESSAGES.passwordsDontMatch,
  });

/** `POST /api/auth/verify-email`: the token of the emailed `/verify-email?token=…` link. */
export const verifyEmailSchema = z.object({ token: z.string().min(20).max(200) });
export const verifyEmailResultSchema = z.object({ emailVerified: z.literal(true) });
export type VerifyEmailResult = z.infer<typeof verifyEmailResultSchema>;

/** `POST /api/auth/verify-email/resend`: `sent` is false when the address is already verified. */
export const resendVerificationResultSchema = z.object({ sent: z.boolean() });
export type ResendVerificationResult = z.infer<typeof resendVerificationResultSchema>;

/** Operator command `create-admin` (admins cannot sign up): the same email and password rules. */
export const createAdminSchema = z.object({
  email,
  password: newPassword,
  username: textField('Username').trim().regex(USERNAME_PATTERN, MESSAGES.usernameFormat).optional(),
  /** A base32 authenticator-app secret (at least 15 bytes: 24 characters) the admin's app already holds. */
  totpSecret: z
    .string()
    .trim()
    .transform((v) => v.toUpperCase().replace(/\s/g, ''))
    .pipe(
      z
        .string()
        .regex(/^[A-Z2-7]{24,}=*$/, 'The TOTP secret must be base32 (A–Z, 2–7), at least 24 characters'),
    )
    .optional(),
});

/** Social login providers (spec §2 dialog buttons). */
export const AUTH_PROVIDERS = ['google', 'linkedin'] as const;
export type AuthProvider = (typeof AUTH_PROVIDERS)[number];
export const AUTH_PROVIDER_LABELS: Record<AuthProvider, string> = { google: 'Google', linkedin: 'LinkedIn' };

/** `GET /api/auth/providers`: which social login buttons work on this server. */
const providerStatus = z.object({ enabled: z.boolean() });
export const authProvidersSchema = z.object({ google: providerStatus, linkedin: providerStatus });
export type AuthProviders = z.infer<typeof authProvidersSchema>;

/**
 * Query of `GET /api/auth/oauth/:provider/start`: what the dialog knows before leaving for the
 * provider. Needed only when the social login creates the account; an invalid value counts as absent.
 */
export const oauthStartQuerySchema = z.object({
  role: z.enum(SIGNUP_ROLES).optional().catch(undefined),
  terms: z
    .enum(['true', 'false'])
    .optional()
    .catch(undefined)
    .transform((v) => v === 'true'),
  risk: z
    .enum(['true', 'false'])
    .optional()
    .catch(undefined)
    .transform((v) => v === 'true'),
});

/** What a user may change on their own profile; email, role and statuses are not among them. */
export const profileUpdateSchema = z.object({
  firstName: trimmed('First name', 60).optional(),
  lastName: trimmed('Last name', 60).optional(),
  phone: textField('Phone number')
    .trim()
    .max(30)
    .regex(/^[+0-9 ()-]*$/, 'Phone number may contain digits, spaces, +, -, ( and )')
    .optional(),
  country: z.enum(COUNTRIES).optional().or(z.literal('')),
  companyName: trimmed('Company name', 120).optional(),
  registrationNumber: trimmed('Registration number', 60).optional(),
  buyerIndustry: z.enum(BUYER_INDUSTRIES).optional().or(z.literal('')),
});

/** The user as every auth call returns it: never the password hash. */
export const publicUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string().nullable(),
  /** The email address was proven by a link, a social login or the operator (docs/decisions/0001). */
  emailVerified: z.boolean(),
  role: z.enum(ROLES),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  phone: z.string().nullable(),
  country: z.string().nullable(),
  companyName: z.string().nullable(),
  registrationNumber: z.string().nullable(),
  buyerIndustry: z.string().nullable(),
  isAccredited: z.boolean(),
  kycStatus: z.enum(KYC_STATUSES),
  /** The admin's reason, present only while the KYC status is `rejected`. */
  kycRejectionReason: z.string().optional(),
  accountStatus: z.enum(ACCOUNT_STATUSES),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

/** `GET /api/auth/session`: the signed-in user, or null for a visitor (never 401). */
export const sessionSchema = z.object({ user: publicUserSchema.nullable() });
/** `POST /api/auth/switch-role`: the user with their new active role. */
export const switchRoleResultSchema = z.object({ user: publicUserSchema });
/** An action with nothing more to say: sign-out, the password reset's request and its new password. */
export const okSchema = z.object({ success: z.literal(true) });
/** A password change, or "sign out everywhere else": how many of the user's other sessions ended. */
export const endedSessionsSchema = z.object({ endedSessions: z.number().int().nonnegative() });
