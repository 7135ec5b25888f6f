import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';

/** Accounts. One account may be linked to several enterprises (enterprise_users). */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    /** Stored lower-case; uniqueness is case-insensitive. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    chineseName: text('chinese_name'),
    englishName: text('english_name'),
    introduction: text('introduction'),
    avatarUrl: text('avatar_url'),
    status: text('status', { enum: ['enabled', 'disabled'] })
      .notNull()
      .default('enabled'),
    isOperator: boolean('is_operator').notNull().default(false),
    /**
     * The password is a one-time password an administrator was shown (new member, reset): a sign-in with
     * it can only set a new one (migration 0015).
     */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    sessionTimeoutMin: integer('session_timeout_min').notNull().default(30),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    lastEnterpriseUuid: text('last_enterprise_uuid'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_username_lower_uq').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_uq').on(t.email),
  ],
);

/** Companies on the platform. Certification fields grow with the accounts capability. */
export const enterprises = pgTable(
  'enterprises',
  {
    id: serial('id').primaryKey(),
    uuid: text('uuid').notNull(),
    name: text('name').notNull(),
    englishName: text('english_name'),
    chineseShort: text('chinese_short'),
    englishShort: text('english_short'),
    usci: text('usci').notNull(),
    /** 1 = automaker (spec 6); 0 = other kinds. */
    role: integer('role').notNull().default(0),
    businessAttribute: text('business_attribute'),
    steelAttributes: jsonb('steel_attributes').$type<string[]>().notNull().default([]),
    scene: text('scene', { enum: ['US', 'EU', 'US&EU'] }),
    deploymentMethod: text('deployment_method', { enum: ['localized', 'distributed'] }),
    businessTermFrom: text('business_term_from'),
    /** Null: long-term. */
    businessTermTo: text('business_term_to'),
    registeredAddress: jsonb('registered_address').$type<Record<string, unknown>>(),
    operationAddress: jsonb('operation_address').$type<Record<string, unknown>>(),
    legalPersonName: text('legal_person_name'),
    legalPersonIdType: text('legal_person_id_type'),
    legalPersonIdNumber: text('legal_person_id_number'),
    legalPersonIdValidFrom: text('legal_person_id_valid_from'),
    legalPersonIdValidTo: text('legal_person_id_valid_to'),
    /** File keys of the uploads (see files). */
    idPhotoFront: text('id_photo_front'),
    idPhotoBack: text('id_photo_back'),
    businessLicence: text('business_licence'),
    status: text('status', { enum: ['enabled', 'disabled'] })
      .notNull()
      .default('enabled'),
    /**
     * Menu page codes the platform has not configured for this enterprise (spec 6): their menu entries
     * show "contact the enterprise administrator" and their endpoints answer B2030. Empty: everything.
     */
    unconfiguredCodes: jsonb('unconfigured_codes').$type<string[]>().notNull().default([]),
    /**
     * The VIN tables (A-E, their menu codes) the operator chose for this enterprise; null: its kind's
     * default (contract unusedVinTables). The others leave its menu and endpoints.
     */
    vinTables: jsonb('vin_tables').$type<string[]>(),
    did: text('did'),
    chainAddress: text('chain_address'),
    /** Compressed secp256k1 public key, hex. */
    publicKey: text('public_key'),
    /** secp256k1 private key, AES-256-GCM under the master key (see platform/keys.ts). */
    keyCiphertext: text('key_ciphertext'),
    certifiedAt: timestamp('certified_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('enterprises_uuid_uq').on(t.uuid),
    uniqueIndex('enterprises_usci_uq').on(t.usci),
    // The operator's list, newest first.
    index('enterprises_created_idx').on(t.createdAt, t.id),
  ],
);

/**
 * The link between an account and an enterprise, and its application (examine) state:
 * 0 pending, 1 approved, 2 rejected, 3 cancelled by the applicant, 4 deleted by the applicant.
 */
export const enterpriseUsers = pgTable(
  'enterprise_users',
  {
    id: serial('id').primaryKey(),
    enterpriseUuid: text('enterprise_uuid').notNull(),
    userId: integer('user_id').notNull(),
    examineStatus: integer('examine_status').notNull(),
    isAdmin: boolean('is_admin').notNull().default(false),
    /** A disabled member cannot sign in to this enterprise. */
    status: text('status', { enum: ['enabled', 'disabled'] })
      .notNull()
      .default('enabled'),
    examineName: text('examine_name'),
    remark: text('remark'),
    examineRemark: text('examine_remark'),
    auditedBy: integer('audited_by'),
    auditedAt: timestamp('audited_at', { withTimezone: true }),
    /** Time of the application or of the last operation on it. */
    gmtModified: timestamp('gmt_modified', { withTimezone: true }).notNull().defaultNow(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('enterprise_users_user_idx').on(t.userId, t.examineStatus),
    index('enterprise_users_enterprise_idx').on(t.enterpriseUuid, t.examineStatus),
  ],
);

/** User-name changes, for the twice-a-year rule. */
export const usernameChanges = pgTable(
  'username_changes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    oldUsername: text('old_username').notNull(),
    newUsername: text('new_username').notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('username_changes_user_idx').on(t.userId, t.changedAt)],
);
