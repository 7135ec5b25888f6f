import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  pgSequence,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { TTicketAction, TTicketStatus } from '@tracehub/contract';
import { createdAt, updatedAt } from './columns.ts';

/** The serial of ticket numbers (GD + date + serial): one sequence, so numbers are unique platform-wide. */
export const ticketNoSeq = pgSequence('ticket_no_seq', { startWith: 1 });

/** Support tickets (work orders, spec 2.3 and 4); `deleted_at` set: in the enterprise's recycle bin. */
export const tickets = pgTable(
  'tickets',
  {
    id: serial('id').primaryKey(),
    enterpriseUuid: text('enterprise_uuid').notNull(),
    ticketNo: text('ticket_no').notNull(),
    title: text('title').notNull(),
    module: text('module').notNull(),
    description: text('description').notNull(),
    status: text('status').$type<TTicketStatus>().notNull().default('pending'),
    /** Keys of its attachments (files of bizType 'workOrder'), in upload order. */
    fileKeys: text('file_keys')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdBy: integer('created_by').notNull(),
    /** The operator who took it. */
    handledBy: integer('handled_by'),
    /** The operator's remark when solving it. */
    remark: text('remark'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('tickets_no_uq').on(t.ticketNo),
    index('tickets_enterprise_created_idx').on(t.enterpriseUuid, t.createdAt, t.id),
    index('tickets_status_created_idx').on(t.status, t.createdAt),
  ],
);

/** Every change of a ticket: creation, transitions, and moves to and from the recycle bin. */
export const ticketStatusLog = pgTable(
  'ticket_status_log',
  {
    id: serial('id').primaryKey(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    enterpriseUuid: text('enterprise_uuid').notNull(),
    action: text('action').$type<TTicketAction>().notNull(),
    fromStatus: text('from_status').$type<TTicketStatus>(),
    toStatus: text('to_status').$type<TTicketStatus>().notNull(),
    actorId: integer('actor_id'),
    actorEnd: text('actor_end', { enum: ['enterprise', 'operator'] }).notNull(),
    remark: text('remark'),
    createdAt: createdAt(),
  },
  (t) => [index('ticket_status_log_ticket_idx').on(t.ticketId, t.id)],
);
