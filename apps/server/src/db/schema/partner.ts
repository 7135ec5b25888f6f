import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, searchIndex } from './columns.ts';

/**
 * Partner enterprises (spec 2.3, 3 "Cooperator"): the enterprise's suppliers and clients. A partner is
 * settled (enrolled) once a certified enterprise with its USCI exists on the platform; until then it can be
 * invited by e-mail (a failed invite is kept with its reason and listed).
 */
export const partners = pgTable(
  'partners',
  {
    id: serial('id').primaryKey(),
    enterpriseUuid: text('enterprise_uuid').notNull(),
    partnerType: text('partner_type', { enum: ['supplier', 'client'] }).notNull(),
    /** The partner's own code in this enterprise's systems (supplier code / client code). */
    code: text('code').notNull(),
    name: text('name').notNull(),
    nameEn: text('name_en').notNull().default(''),
    usci: text('usci').notNull(),
    contactName: text('contact_name').notNull().default(''),
    email: text('email').notNull().default(''),
    phone: text('phone').notNull().default(''),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    notes: text('notes').notNull().default(''),
    /** The partner's enterprise on the platform once it is settled (matched by USCI). */
    partnerEnterpriseUuid: text('partner_enterprise_uuid'),
    inviteStatus: text('invite_status', { enum: ['none', 'invited', 'failed'] })
      .notNull()
      .default('none'),
    inviteError: text('invite_error'),
    invitedAt: timestamp('invited_at', { withTimezone: true }),
    /** The import that last invited the partner, so that the import's result lists its failed invitations. */
    inviteImportId: text('invite_import_id'),
    createdBy: integer('created_by').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('partners_enterprise_type_code_uq').on(t.enterpriseUuid, t.partnerType, t.code),
    uniqueIndex('partners_enterprise_type_usci_uq').on(t.enterpriseUuid, t.partnerType, t.usci),
    // The list's order (newest first) with its tie-break: the rows of one import share their created time.
    index('partners_enterprise_created_idx').on(t.enterpriseUuid, t.createdAt, t.id),
    searchIndex('partners_search_idx', t.code, t.name, t.nameEn, t.usci, t.contactName),
  ],
);
