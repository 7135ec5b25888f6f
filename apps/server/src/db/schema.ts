import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

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
  (t) => [uniqueIndex('enterprises_uuid_uq').on(t.uuid), uniqueIndex('enterprises_usci_uq').on(t.usci)],
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

export const roles = pgTable(
  'roles',
  {
    id: serial('id').primaryKey(),
    enterpriseUuid: text('enterprise_uuid').notNull(),
    name: text('name').notNull(),
    nameEn: text('name_en'),
    description: text('description'),
    /** The enterprise administrator role holds every code. */
    isAdminRole: boolean('is_admin_role').notNull().default(false),
    status: text('status', { enum: ['enabled', 'disabled'] })
      .notNull()
      .default('enabled'),
    /** Data permission: all company data or own account data. */
    dataScope: text('data_scope', { enum: ['company', 'account'] })
      .notNull()
      .default('company'),
    /** Project permission: every project, or only projectCodes. */
    projectScope: text('project_scope', { enum: ['all', 'selected'] })
      .notNull()
      .default('all'),
    projectCodes: jsonb('project_codes').$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('roles_enterprise_name_uq').on(t.enterpriseUuid, t.name)],
);

export const rolePermissions = pgTable(
  'role_permissions',
  {
    roleId: integer('role_id').notNull(),
    code: text('code').notNull(),
  },
  (t) => [uniqueIndex('role_permissions_uq').on(t.roleId, t.code)],
);

export const userRoles = pgTable(
  'user_roles',
  {
    enterpriseUuid: text('enterprise_uuid').notNull(),
    userId: integer('user_id').notNull(),
    roleId: integer('role_id').notNull(),
  },
  (t) => [uniqueIndex('user_roles_uq').on(t.enterpriseUuid, t.userId, t.roleId)],
);

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
    createdAt: createdAt(),
  },
  (t) => [index('mail_codes_email_idx').on(t.email, t.purpose, t.createdAt)],
);

/** Every e-mail the platform sends; readable by operators so codes work in a demo without SMTP. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    status: text('status', { enum: ['stored', 'sent', 'failed'] }).notNull(),
    error: text('error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('mail_outbox_to_idx').on(t.to, t.createdAt)],
);

/** Sign-in attempts, for throttling by account and by address. */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: serial('id').primaryKey(),
    accountKey: text('account_key').notNull(),
    ip: text('ip'),
    success: boolean('success').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('login_attempts_account_idx').on(t.accountKey, t.createdAt),
    index('login_attempts_ip_idx').on(t.ip, t.createdAt),
  ],
);

/** The account log ("system log"): sign-ins, sign-outs, switches and failures. */
export const accountLog = pgTable(
  'account_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id'),
    enterpriseUuid: text('enterprise_uuid'),
    action: text('action').notNull(),
    result: text('result', { enum: ['success', 'failure'] }).notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index('account_log_scope_idx').on(t.enterpriseUuid, t.userId, t.createdAt)],
);

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

/** Uploaded files: content on the storage (disk by default), identity and SHA-256 here. */
export const files = pgTable(
  'files',
  {
    id: serial('id').primaryKey(),
    fileKey: text('file_key').notNull(),
    ownerUserId: integer('owner_user_id').notNull(),
    enterpriseUuid: text('enterprise_uuid'),
    bizType: text('biz_type').notNull(),
    bizNo: text('biz_no'),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    storagePath: text('storage_path').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('files_key_uq').on(t.fileKey),
    index('files_biz_idx').on(t.enterpriseUuid, t.bizType, t.bizNo),
    index('files_sha256_idx').on(t.sha256),
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

export const idRules = pgTable('id_rules', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  codeType: text('code_type', { enum: ['product', 'batch', 'vin', 'package'] }).notNull(),
  elements: jsonb('elements')
    .$type<{ element: string; length: number; kind: 'default' | 'additional'; value?: string }[]>()
    .notNull(),
  notes: text('notes'),
  isDefault: boolean('is_default').notNull().default(false),
  createdAt: createdAt(),
});

export const codeRules = pgTable('code_rules', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  prefix: text('prefix').notNull(),
  dateFormat: text('date_format', { enum: ['none', 'YYYYMMDD', 'YYMMDD', 'YYYYMM'] }).notNull(),
  serialLength: integer('serial_length').notNull(),
  notes: text('notes'),
  isDefault: boolean('is_default').notNull().default(false),
  createdAt: createdAt(),
});

/** Which enterprises use which ID or code rule ("in use" vs "unused"). */
export const enterpriseRules = pgTable(
  'enterprise_rules',
  {
    enterpriseUuid: text('enterprise_uuid').notNull(),
    kind: text('kind', { enum: ['id', 'code'] }).notNull(),
    ruleId: integer('rule_id').notNull(),
  },
  (t) => [uniqueIndex('enterprise_rules_uq').on(t.enterpriseUuid, t.kind)],
);

/**
 * The evidence ledger (ARCHITECTURE 3): one row per evidence event, appended in the same transaction as
 * the business change. leaf_data is the exact RFC 8785 text whose RFC 9162 leaf hash is leaf_hash; the
 * sealer assigns leaf_index (the position in the Merkle log) and block_height. Tenants may read and
 * append their own enterprise's events, never change them (migration 0006).
 */
export const ledgerEvents = pgTable(
  'ledger_events',
  {
    /** Arrival order; sealing takes unsealed events in this order. */
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    leafHash: text('leaf_hash').notNull(),
    leafData: text('leaf_data').notNull(),
    eventType: text('event_type').notNull(),
    /** Null for platform events (an applicant's upload before certification). */
    enterpriseUuid: text('enterprise_uuid'),
    subjectType: text('subject_type').notNull(),
    subjectId: text('subject_id').notNull(),
    /** What payloadHash is the hash of (SHA-256 of its canonical JSON). */
    payload: jsonb('payload').notNull(),
    payloadHash: text('payload_hash').notNull(),
    /** SHA-256 of external content (a file), for look-ups by data hash. */
    dataHash: text('data_hash'),
    signerDid: text('signer_did'),
    signature: text('signature'),
    /** The leaf's time (epoch ms of this timestamp). */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    leafIndex: bigint('leaf_index', { mode: 'number' }),
    blockHeight: integer('block_height'),
  },
  (t) => [
    uniqueIndex('ledger_events_leaf_hash_uq').on(t.leafHash),
    uniqueIndex('ledger_events_leaf_index_uq').on(t.leafIndex),
    index('ledger_events_data_hash_idx').on(t.dataHash),
    index('ledger_events_subject_idx').on(t.subjectType, t.subjectId),
    index('ledger_events_enterprise_idx').on(t.enterpriseUuid, t.createdAt),
    index('ledger_events_unsealed_idx')
      .on(t.id)
      .where(sql`${t.leafIndex} is null`),
  ],
);

/** Sealed blocks: the signed header of each (hash and signature over its RFC 8785 bytes). */
export const ledgerBlocks = pgTable('ledger_blocks', {
  height: integer('height').primaryKey(),
  prevHash: text('prev_hash').notNull(),
  treeSize: bigint('tree_size', { mode: 'number' }).notNull(),
  rootHash: text('root_hash').notNull(),
  /** Sealing time, epoch ms (the header's). */
  time: bigint('time', { mode: 'number' }).notNull(),
  hash: text('hash').notNull(),
  signature: text('signature').notNull(),
  createdAt: createdAt(),
});

/**
 * Every perfect subtree of the Merkle log: 2^level leaves starting at leaf idx * 2^level (level 0 = the leaf
 * hashes), so any proof needs O(log n) look-ups.
 */
export const ledgerNodes = pgTable(
  'ledger_nodes',
  {
    level: integer('level').notNull(),
    idx: bigint('idx', { mode: 'number' }).notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [primaryKey({ columns: [t.level, t.idx], name: 'ledger_nodes_pk' })],
);

/** Where a block root was written on an EVM chain (the anchor job fills it). */
export const ledgerAnchors = pgTable('ledger_anchors', {
  height: integer('height').primaryKey(),
  chainId: integer('chain_id').notNull(),
  contract: text('contract').notNull(),
  txHash: text('tx_hash').notNull(),
  blockNumber: bigint('block_number', { mode: 'number' }),
  anchoredAt: timestamp('anchored_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The platform's own keys, shared by every server process: the Ed25519 block-signing key. */
export const platformKeys = pgTable('platform_keys', {
  name: text('name').primaryKey(),
  algorithm: text('algorithm').notNull(),
  publicKey: text('public_key').notNull(),
  /** AES-256-GCM under the master key (platform/keys.ts encryptSecret). */
  secretCiphertext: text('secret_ciphertext').notNull(),
  createdAt: createdAt(),
});
