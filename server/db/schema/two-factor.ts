// Second factor (docs/security.md, "Second factor"): an authenticator app (TOTP), passkeys (WebAuthn)
// and one-time recovery codes; the sign-ins waiting for their second step; and, per session, when the
// second factor was last proven (step-up before money leaves or credentials change).
import { bigint, index, integer, pgTable, text, timestamp, uuid, boolean } from 'drizzle-orm/pg-core';
import { sessions } from './auth.ts';
import { bytea } from './bytea.ts';
import { users } from './users.ts';

/**
 * One authenticator app per user. `enabledAt` is null between setup and the first correct code.
 * `lastUsedStep` is the RFC 6238 time step of the last accepted code: a code of that step or an
 * earlier one is refused (a code works once). The secret is stored as issued (no app-wide key exists
 * to encrypt it with; docs/security.md).
 */
export const totpFactors = pgTable('totp_factors', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Passkeys (WebAuthn credentials): the public key and the authenticator's signature counter. */
export const passkeys = pgTable(
  'passkeys',
  {
    /** The credential id, base64url. */
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    publicKey: bytea('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports').array(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [index('passkeys_user_idx').on(t.userId)],
);

/** Ten single-use recovery codes per user, stored as SHA-256 hashes (each carries 80 random bits). */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId, t.codeHash)],
);

/**
 * A sign-in that proved the password (or came back from Google or LinkedIn) and waits for its second
 * factor: an HttpOnly cookie holds the random token, this table its hash. It carries Remember me and,
 * for a social sign-in confirming a link, the identity to link once the sign-in completes.
 */
export const pendingSignIns = pgTable(
  'pending_sign_ins',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    persistent: boolean('persistent').notNull(),
    /** The WebAuthn challenge of this sign-in's passkey step, once asked for. */
    challenge: text('challenge'),
    failures: integer('failures').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('pending_sign_ins_expires_idx').on(t.expiresAt)],
);

/**
 * Per session: when its second factor was last proven (at sign-in or by a step-up), and the WebAuthn
 * challenge of a passkey ceremony in progress (registration or step-up).
 */
export const sessionProofs = pgTable('session_proofs', {
  tokenHash: text('token_hash')
    .primaryKey()
    .references(() => sessions.tokenHash, { onDelete: 'cascade' }),
  provenAt: timestamp('proven_at', { withTimezone: true }),
  challenge: text('challenge'),
  challengeExpiresAt: timestamp('challenge_expires_at', { withTimezone: true }),
});

/**
 * A social identity waiting to be linked to an existing account: linked only when that account's
 * owner next signs in with the password (and second factor) from the same browser (cookie token).
 */
export const pendingSocialLinks = pgTable('pending_social_links', {
  tokenHash: text('token_hash').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  provider: text('provider').notNull(),
  providerUserId: text('provider_user_id').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
