import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';

/** Certification applications (spec 4): the company form until the operator approves it. */
export const certifications = pgTable(
  'certifications',
  {
    id: serial('id').primaryKey(),
    applicantUserId: integer('applicant_user_id').notNull(),
    usci: text('usci').notNull(),
    name: text('name').notNull(),
    form: jsonb('form').$type<Record<string, unknown>>().notNull(),
    status: text('status', { enum: ['submitted', 'pendingAudit', 'approved', 'returned'] }).notNull(),
    verifierResult: jsonb('verifier_result').$type<{
      passed: boolean;
      reason: string | null;
      verifier: string;
    }>(),
    auditNotes: text('audit_notes'),
    auditedBy: integer('audited_by'),
    enterpriseUuid: text('enterprise_uuid'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    auditedAt: timestamp('audited_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('certifications_usci_uq').on(t.usci),
    index('certifications_applicant_idx').on(t.applicantUserId),
    // The operator's audit queue, newest first.
    index('certifications_submitted_idx').on(t.submittedAt, t.id),
  ],
);

/** The certificate record issued on approval (the blockchain certificate). */
export const certificates = pgTable(
  'certificates',
  {
    id: serial('id').primaryKey(),
    number: text('number').notNull(),
    enterpriseUuid: text('enterprise_uuid').notNull(),
    did: text('did').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    /** The issued credential (a W3C verifiable credential once the ledger signs it). */
    payload: jsonb('payload').$type<Record<string, unknown>>(),
  },
  (t) => [
    uniqueIndex('certificates_number_uq').on(t.number),
    index('certificates_enterprise_idx').on(t.enterpriseUuid),
  ],
);

/** The platform's registry of known companies, used by the built-in third-party verifier. */
export const knownCompanies = pgTable('known_companies', {
  usci: text('usci').primaryKey(),
  name: text('name').notNull(),
  englishName: text('english_name'),
  source: text('source').notNull(),
});
