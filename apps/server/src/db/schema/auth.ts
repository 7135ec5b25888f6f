import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';

/** Opaque session tokens, stored as SHA-256 hashes; expiry slides with use. */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    userId: integer('user_id').notNull(),
    enterpriseUuid: text('enterprise_uuid'),
    kind: text('kind', { enum: ['enterprise', 'operator'] }).notNull(),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokeReason: text('revoke_reason'),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [uniqueIndex('sessions_token_uq').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

/** The short-lived key between the two sign-in steps (password or e-mail code, then enterprise). */
export const verifyKeys = pgTable(
  'verify_keys',
  {
    id: serial('id').primaryKey(),
    keyHash: text('key_hash').notNull(),
    userId: integer('user_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('verify_keys_hash_uq').on(t.keyHash)],
);

export const mailCodes = pgTable(
  'mail_codes',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    /** The requesting client's throttle key (auth/throttle.ts clientKey): code mails are limited per client. */
    client: text('client'),
    createdAt: createdAt(),
  },
  (t) => [
    index('mail_codes_email_idx').on(t.email, t.purpose, t.createdAt),
    index('mail_codes_client_idx').on(t.client, t.createdAt),
  ],
);

/** Sign-in attempts, for throttling per account and client (modules/auth/throttle.ts). */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: serial('id').primaryKey(),
    accountKey: text('account_key').notNull(),
    /** The client's throttle key: its IPv4 address, or the /64 network of an IPv6 one. */
    ip: text('ip'),
    success: boolean('success').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('login_attempts_account_idx').on(t.accountKey, t.createdAt),
    index('login_attempts_ip_idx').on(t.ip, t.createdAt),
    // One account from one client: its delays, and whether the client signed in to it before.
    index('login_attempts_pair_idx').on(t.accountKey, t.ip, t.createdAt),
  ],
);
