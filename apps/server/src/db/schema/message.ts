import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';

/**
 * The message centre (modules/message): one row per recipient, stored as its type and params and rendered
 * in the reader's language. `search_text` holds the title in both languages, lower-cased, for the keyword
 * filter only. Row-level security (migration 0019) lets a tenant request read, mark and delete only the
 * caller's own messages, and write messages to any member of its enterprise.
 */
export const messages = pgTable(
  'messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    enterpriseUuid: text('enterprise_uuid').notNull(),
    recipientId: integer('recipient_id').notNull(),
    type: text('type').notNull(),
    params: jsonb('params').$type<Record<string, unknown>>().notNull(),
    link: text('link'),
    searchText: text('search_text').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('messages_recipient_idx').on(t.enterpriseUuid, t.recipientId, t.createdAt, t.id),
    // The bell's count: the unread rows of one recipient.
    index('messages_unread_idx')
      .on(t.enterpriseUuid, t.recipientId)
      .where(sql`${t.readAt} is null`),
  ],
);

/** A member's choice per message type; without a row the type's default applies (contract). */
export const messageConfigs = pgTable(
  'message_configs',
  {
    enterpriseUuid: text('enterprise_uuid').notNull(),
    userId: integer('user_id').notNull(),
    type: text('type').notNull(),
    receive: boolean('receive').notNull(),
    email: boolean('email').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.enterpriseUuid, t.userId, t.type] })],
);
