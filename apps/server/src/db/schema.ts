import { sql, type SQL } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  type PgColumn,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/**
 * One trigram GIN index over the text columns a list searches with "contains" (`lower(column) LIKE
 * lower('%text%')`, pg_trgm, migration 0013): any of them, alone or together, is answered by the index. On
 * lower(column), not the column: pg_trgm also answers equality, and the planner took it for the trace's
 * exact look-ups (a bill number among a completion's related numbers) over the btree indexes, ten times
 * slower. New entries gather in a pending list of at most 1 MB, merged into the index by the insert that fills
 * it (PGlite has no autovacuum): written straight into the index, 43,000 documents took 8.6 s to insert
 * instead of 2.1 s, while a search reads a full list in about a millisecond (docs/performance.md).
 */
const searchIndex = (name: string, ...columns: [PgColumn, ...PgColumn[]]) =>
  index(name)
    .using('gin', ...(columns.map((c) => sql`lower(${c}) gin_trgm_ops`) as [SQL, ...SQL[]]))
    .with({ gin_pending_list_limit: 1024 });

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
    /** The requesting client's throttle key (auth/throttle.ts clientKey): code mails are limited per client. */
    client: text('client'),
    createdAt: createdAt(),
  },
  (t) => [
    index('mail_codes_email_idx').on(t.email, t.purpose, t.createdAt),
    index('mail_codes_client_idx').on(t.client, t.createdAt),
  ],
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
  (t) => [
    index('mail_outbox_to_idx').on(t.to, t.createdAt),
    // The operator's outbox, newest first: every verification code is a row.
    index('mail_outbox_created_idx').on(t.createdAt, t.id),
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
    /** Links issued by /file/preDownloadStats (usage statistics of the file). */
    downloadCount: integer('download_count').notNull().default(0),
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
    /** What payloadHash commits to (docs/evidence-format.md: v2 salted, v1 SHA-256 of its canonical JSON). */
    payload: jsonb('payload').notNull(),
    payloadHash: text('payload_hash').notNull(),
    /**
     * The random 32-byte salt (lowercase hex) of a v2 leaf's payload commitment; null for v1 leaves. Never
     * served publicly: with it, a proof holder could confirm guesses of the payload (migration 0014).
     */
    salt: text('salt'),
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
    // With the id: the evidence list's order and its tie-break (platform/list-query.ts).
    index('ledger_events_enterprise_idx').on(t.enterpriseUuid, t.createdAt, t.id),
    index('ledger_events_unsealed_idx')
      .on(t.id)
      .where(sql`${t.leafIndex} is null`),
    searchIndex('ledger_events_search_idx', t.subjectId),
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

/**
 * The background job queue (platform/jobs): claimed with FOR UPDATE SKIP LOCKED by any worker process; a
 * job left `running` by a crashed process is claimed again once its lease (locked_at) has expired. Tenant
 * transactions may enqueue their own enterprise's jobs and read them, never change them (migration 0007).
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').notNull(),
    /** The enterprise the job works for; null for platform jobs. */
    enterpriseUuid: text('enterprise_uuid'),
    payload: jsonb('payload').notNull(),
    status: text('status', { enum: ['queued', 'running', 'done', 'failed'] })
      .notNull()
      .default('queued'),
    /** Claims so far, including the running one. */
    attempts: integer('attempts').notNull().default(0),
    runAfter: timestamp('run_after', { withTimezone: true }).notNull().defaultNow(),
    /** When the running claim was taken or last renewed (its lease). */
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    progress: jsonb('progress'),
    error: text('error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('jobs_claim_idx')
      .on(t.runAfter, t.id)
      .where(sql`${t.status} in ('queued', 'running')`),
    index('jobs_enterprise_idx').on(t.enterpriseUuid, t.createdAt),
  ],
);

/** One bulk import of a resource (platform/imports): its file, progress and result counts. */
export const importRecords = pgTable(
  'import_records',
  {
    /** A random UUID. */
    id: text('id').primaryKey(),
    enterpriseUuid: text('enterprise_uuid').notNull(),
    kind: text('kind').notNull(),
    fileName: text('file_name').notNull(),
    fileHash: text('file_hash').notNull(),
    fileSize: integer('file_size').notNull(),
    /** The uploaded workbook on the file storage. */
    storageKey: text('storage_key').notNull(),
    /** The importer's language: reasons in the error log are written in it. */
    lang: text('lang', { enum: ['zh', 'en'] }).notNull(),
    status: text('status', { enum: ['queued', 'running', 'completed', 'failed'] })
      .notNull()
      .default('queued'),
    importNum: integer('import_num').notNull().default(0),
    /** Data rows handled so far; a resumed job continues after them. */
    processed: integer('processed').notNull().default(0),
    successNum: integer('success_num').notNull().default(0),
    defeatNum: integer('defeat_num').notNull().default(0),
    existNum: integer('exist_num').notNull().default(0),
    errorLogKey: text('error_log_key'),
    errorCode: text('error_code'),
    createdBy: integer('created_by').notNull(),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('import_records_enterprise_idx').on(t.enterpriseUuid, t.kind, t.createdAt)],
);

/** The refused rows of an import, written with each chunk so that a resumed import keeps them. */
export const importRowErrors = pgTable(
  'import_row_errors',
  {
    importId: text('import_id').notNull(),
    enterpriseUuid: text('enterprise_uuid').notNull(),
    /** The row's number in the worksheet (1 = the first row of the sheet). */
    rowNumber: integer('row_number').notNull(),
    /** The row's cells as text, in the importer's column order. */
    cells: jsonb('cells').$type<string[]>().notNull(),
    /** Why it was refused, in the import's language. */
    reasons: jsonb('reasons').$type<string[]>().notNull(),
    /** 'invalid' (defeatNum) or 'exists' (existNum). */
    outcome: text('outcome', { enum: ['invalid', 'exists'] }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.importId, t.rowNumber], name: 'import_row_errors_pk' })],
);

/** Project codes (spec 3 "Project code: code, notes, created time"); a code is unique in its enterprise. */
export const projectCodes = pgTable(
  'project_codes',
  {
    id: serial('id').primaryKey(),
    enterpriseUuid: text('enterprise_uuid').notNull(),
    code: text('code').notNull(),
    notes: text('notes').notNull().default(''),
    createdBy: integer('created_by').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('project_codes_enterprise_code_uq').on(t.enterpriseUuid, t.code),
    index('project_codes_enterprise_created_idx').on(t.enterpriseUuid, t.createdAt, t.id),
  ],
);

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

/**
 * Materials (spec 3 "Material"): purchased materials (materialData) and homemade semi-finished products
 * (materialDataIn), told apart by `nature`.
 */
export const materials = pgTable(
  'materials',
  {
    id: serial('id').primaryKey(),
    enterpriseUuid: text('enterprise_uuid').notNull(),
    nature: text('nature', { enum: ['purchased', 'homemade'] }).notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    nameEn: text('name_en').notNull().default(''),
    /** Whether the material is a traced object (its origin is followed upstream). */
    tracingObject: boolean('tracing_object').notNull().default(false),
    /** kg, at most 9 integer digits and 4 decimals (spec 5). */
    weight: numeric('weight', { precision: 13, scale: 4 }),
    unit: text('unit').notNull().default(''),
    description: text('description').notNull().default(''),
    supplierMaterialCode: text('supplier_material_code').notNull().default(''),
    batchNo: text('batch_no').notNull().default(''),
    receiptNo: text('receipt_no').notNull().default(''),
    receiptTime: timestamp('receipt_time', { withTimezone: true }),
    /** The quality inspection report (files table key), with its name and SHA-256. */
    qualityFileKey: text('quality_file_key'),
    qualityFileName: text('quality_file_name'),
    qualityFileHash: text('quality_file_hash'),
    createdBy: integer('created_by').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('materials_enterprise_nature_code_batch_uq').on(
      t.enterpriseUuid,
      t.nature,
      t.code,
      t.batchNo,
    ),
    // The list's order (newest first) with its tie-break: the rows of one import share their created time.
    index('materials_enterprise_created_idx').on(t.enterpriseUuid, t.nature, t.createdAt, t.id),
    searchIndex(
      'materials_search_idx',
      t.code,
      t.name,
      t.nameEn,
      t.batchNo,
      t.supplierMaterialCode,
      t.receiptNo,
    ),
  ],
);

/** Products (spec 3 "Product"): identity, project code and the materials traced into them. */
export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    /** A random UUID: the product's DID is the enterprise DID with the path /products/<uuid>. */
    uuid: text('uuid').notNull(),
    enterpriseUuid: text('enterprise_uuid').notNull(),
    name: text('name').notNull(),
    nameEn: text('name_en').notNull().default(''),
    code: text('code').notNull(),
    batchNo: text('batch_no').notNull().default(''),
    vinSn: text('vin_sn').notNull().default(''),
    spec: text('spec').notNull().default(''),
    unit: text('unit').notNull().default(''),
    weight: numeric('weight', { precision: 13, scale: 4 }),
    projectCodeId: integer('project_code_id'),
    did: text('did'),
    createdBy: integer('created_by').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('products_uuid_uq').on(t.uuid),
    uniqueIndex('products_enterprise_code_batch_vin_uq').on(t.enterpriseUuid, t.code, t.batchNo, t.vinSn),
    // The list's order (newest first) with its tie-break: the rows of one import share their created time.
    index('products_enterprise_created_idx').on(t.enterpriseUuid, t.createdAt, t.id),
    index('products_project_idx').on(t.enterpriseUuid, t.projectCodeId),
    // A VIN/SN's product: the start of a trace, the project drill-down's VINs without one.
    index('products_vin_idx').on(t.enterpriseUuid, t.vinSn),
    searchIndex('products_search_idx', t.code, t.name, t.nameEn, t.batchNo, t.vinSn),
  ],
);

/** The tracing materials of a product (multi-select). */
export const productMaterials = pgTable(
  'product_materials',
  {
    enterpriseUuid: text('enterprise_uuid').notNull(),
    productId: integer('product_id').notNull(),
    materialId: integer('material_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.materialId], name: 'product_materials_pk' }),
    index('product_materials_material_idx').on(t.enterpriseUuid, t.materialId),
  ],
);

/** Carbon footprint uploads of a product (spec 3 "Carbon result"); the newest is the product's current one. */
export const productCarbon = pgTable(
  'product_carbon',
  {
    id: serial('id').primaryKey(),
    enterpriseUuid: text('enterprise_uuid').notNull(),
    productId: integer('product_id').notNull(),
    baseYear: integer('base_year').notNull(),
    /** kgCO2e. */
    result: numeric('result', { precision: 17, scale: 4 }).notNull(),
    lcaFileKey: text('lca_file_key').notNull(),
    lcaFileName: text('lca_file_name').notNull(),
    lcaFileHash: text('lca_file_hash').notNull(),
    authority: text('authority').notNull().default(''),
    createdBy: integer('created_by').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('product_carbon_product_idx').on(t.enterpriseUuid, t.productId, t.createdAt)],
);

/**
 * Material code mappings (spec 3 "Supplier material association"): a supplier's material number mapped to
 * the enterprise's own material (direction 'supplier', materialRelation pages), or a client's material
 * number mapped to the enterprise's own product or material (direction 'client', custommaterialRelation).
 * The own side is linked on the link page; until then material_id / product_id are null.
 */
export const materialRelations = pgTable(
  'material_relations',
  {
    id: serial('id').primaryKey(),
    enterpriseUuid: text('enterprise_uuid').notNull(),
    direction: text('direction', { enum: ['supplier', 'client'] }).notNull(),
    partnerId: integer('partner_id'),
    partnerCode: text('partner_code').notNull(),
    partnerName: text('partner_name').notNull(),
    partnerMaterialNo: text('partner_material_no').notNull(),
    partnerMaterialName: text('partner_material_name').notNull().default(''),
    materialId: integer('material_id'),
    productId: integer('product_id'),
    notes: text('notes').notNull().default(''),
    createdBy: integer('created_by').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('material_relations_uq').on(
      t.enterpriseUuid,
      t.direction,
      t.partnerCode,
      t.partnerMaterialNo,
    ),
    index('material_relations_material_idx').on(t.enterpriseUuid, t.materialId),
    index('material_relations_partner_idx').on(t.enterpriseUuid, t.partnerId),
    // The list's order (newest first) within a direction, with its tie-break.
    index('material_relations_enterprise_created_idx').on(t.enterpriseUuid, t.direction, t.createdAt, t.id),
    searchIndex(
      'material_relations_search_idx',
      t.partnerCode,
      t.partnerName,
      t.partnerMaterialNo,
      t.partnerMaterialName,
    ),
  ],
);

/**
 * Business documents (spec 3 "Documents"): one line per row, of every type of the catalogue (contract
 * document-types.ts), told apart by `doc_type` (the type's numeric code). The counterparty is a partner of
 * the enterprise, kept by id with its code and names as they were; `extra` holds the few fields of the
 * type (logistics addresses, certificate country, site of a mine ...).
 */
export const documents = pgTable(
  'documents',
  {
    id: serial('id').primaryKey(),
    enterpriseUuid: text('enterprise_uuid').notNull(),
    docType: integer('doc_type').notNull(),
    stage: integer('stage').notNull(),
    billNo: text('bill_no').notNull(),
    bizTime: timestamp('biz_time', { withTimezone: true }).notNull(),
    partnerId: integer('partner_id'),
    partnerCode: text('partner_code').notNull().default(''),
    partnerName: text('partner_name').notNull().default(''),
    partnerNameEn: text('partner_name_en').notNull().default(''),
    itemCode: text('item_code').notNull().default(''),
    itemName: text('item_name').notNull().default(''),
    batchNo: text('batch_no').notNull().default(''),
    vinSn: text('vin_sn').notNull().default(''),
    interiorBatchNo: text('interior_batch_no').notNull().default(''),
    /** Decimals of the weight rule (9 integer digits, 4 decimals). */
    quantity: numeric('quantity', { precision: 13, scale: 4 }),
    unit: text('unit').notNull().default(''),
    unitPrice: numeric('unit_price', { precision: 13, scale: 4 }),
    currency: text('currency'),
    amount: numeric('amount', { precision: 13, scale: 4 }),
    relatedBillNos: text('related_bill_nos')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    notes: text('notes').notNull().default(''),
    extra: jsonb('extra').$type<Record<string, string | number | boolean | null>>().notNull().default({}),
    createdBy: integer('created_by').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('documents_natural_uq').on(
      t.enterpriseUuid,
      t.docType,
      t.billNo,
      t.itemCode,
      t.batchNo,
      t.vinSn,
    ),
    index('documents_list_idx').on(t.enterpriseUuid, t.docType, t.createdAt, t.id),
    // The lists' business-time range and order.
    index('documents_biz_time_idx').on(t.enterpriseUuid, t.docType, t.bizTime, t.id),
    index('documents_lot_idx').on(t.enterpriseUuid, t.itemCode, t.batchNo),
    index('documents_bill_idx').on(t.enterpriseUuid, t.billNo),
    index('documents_vin_idx')
      .on(t.vinSn)
      .where(sql`${t.vinSn} <> ''`),
    index('documents_batch_idx')
      .on(t.batchNo)
      .where(sql`${t.batchNo} <> ''`),
    index('documents_partner_idx').on(t.enterpriseUuid, t.partnerId),
    index('documents_related_idx').using('gin', t.relatedBillNos),
    searchIndex(
      'documents_search_idx',
      t.billNo,
      t.partnerCode,
      t.partnerName,
      t.partnerNameEn,
      t.itemCode,
      t.itemName,
      t.batchNo,
      t.vinSn,
    ),
  ],
);

/**
 * Attachment transfers that failed (spec 2.1 /stage/fileErrorLog): a document's attachment refused or lost
 * on its way in, with the reason, listed by business type and bill type.
 */
export const fileTransferErrors = pgTable(
  'file_transfer_errors',
  {
    id: serial('id').primaryKey(),
    enterpriseUuid: text('enterprise_uuid').notNull(),
    /** The document type's numeric code (the upload's bizType). */
    bizType: text('biz_type').notNull(),
    /** The bill stage (10-80). */
    billType: integer('bill_type'),
    bizNo: text('biz_no').notNull().default(''),
    fileName: text('file_name').notNull(),
    errorCode: text('error_code').notNull(),
    /** The message as recorded, in the uploader's language. */
    errorMsg: text('error_msg').notNull(),
    /** The catalogue message's parameters, so that the list shows it in the reader's language. */
    errorParams: jsonb('error_params').$type<Record<string, string | number>>(),
    createdBy: integer('created_by'),
    createdAt: createdAt(),
  },
  (t) => [index('file_transfer_errors_idx').on(t.enterpriseUuid, t.bizType, t.createdAt)],
);
