import { bigint, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';

/**
 * Gateway keys (modules/gateway-key): the APPSecret is kept encrypted under the master key (AES-256-GCM,
 * platform/keys.ts), as the server must compute each request's HMAC with it; never in plain text.
 */
export const gatewayKeys = pgTable(
  'gateway_keys',
  {
    id: serial('id').primaryKey(),
    enterpriseUuid: text('enterprise_uuid').notNull(),
    /** The public id a request names in X-App-Key. */
    appKey: text('app_key').notNull(),
    secretCiphertext: text('secret_ciphertext').notNull(),
    name: text('name').notNull(),
    remark: text('remark').notNull().default(''),
    status: text('status', { enum: ['enabled', 'disabled'] })
      .notNull()
      .default('enabled'),
    /** The member the key acts as. */
    createdBy: integer('created_by').notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('gateway_keys_app_key_uq').on(t.appKey),
    index('gateway_keys_enterprise_created_idx').on(t.enterpriseUuid, t.createdAt, t.id),
  ],
);

/** Nonces a key used within the timestamp window: a second use is a replay (unique index). */
export const gatewayKeyNonces = pgTable(
  'gateway_key_nonces',
  {
    keyId: integer('key_id').notNull(),
    enterpriseUuid: text('enterprise_uuid').notNull(),
    nonce: text('nonce').notNull(),
    usedAt: createdAt(),
  },
  (t) => [
    uniqueIndex('gateway_key_nonces_uq').on(t.keyId, t.nonce),
    index('gateway_key_nonces_used_idx').on(t.keyId, t.usedAt),
  ],
);

/** Requests per key and minute, counted in the database so that every server process shares the limit. */
export const gatewayKeyRates = pgTable(
  'gateway_key_rates',
  {
    keyId: integer('key_id').notNull(),
    enterpriseUuid: text('enterprise_uuid').notNull(),
    /** Epoch minute (ms / 60,000). */
    minute: bigint('minute', { mode: 'number' }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [uniqueIndex('gateway_key_rates_uq').on(t.keyId, t.minute)],
);
