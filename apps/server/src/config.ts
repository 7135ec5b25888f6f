import path from 'node:path';
import { z } from 'zod';
import { LIMITS, isValidPassword } from '@tracehub/contract';
import { REPO_ROOT } from './paths.ts';

const ZConfig = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  DATA_DIR: z.string().default(path.join(REPO_ROOT, 'data')),
  /**
   * S3-compatible object storage for uploaded files (AWS S3, MinIO, Ceph RGW, Aliyun OSS ...), on when
   * S3_BUCKET is set, so that API processes on several machines share one store; without it files stay
   * under DATA_DIR/files. The bucket must exist.
   */
  S3_BUCKET: z
    .string()
    .regex(/^[^\s/]+$/, 'must be a bucket name (no spaces or slashes)')
    .optional(),
  /** The service's URL (MinIO, Ceph, OSS ...); without it AWS S3's endpoint of S3_REGION. */
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  /**
   * Static credentials, both or neither; without them the AWS SDK's default chain (AWS_* variables, shared
   * profile, instance or task role).
   */
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /**
   * Path-style URLs (<endpoint>/<bucket>/<key>) instead of virtual-hosted ones (<bucket>.<endpoint>/<key>).
   * Default: true with S3_ENDPOINT (MinIO, Ceph), false without (AWS). Aliyun OSS needs false.
   */
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false', '1', '0'])
    .transform((v) => v === 'true' || v === '1')
    .optional(),
  /** Folder of the bucket the files go under (e.g. `tracehub/prod`): installations can share a bucket. */
  S3_PREFIX: z
    .string()
    .regex(
      /^[A-Za-z0-9!_.*'()-]+(\/[A-Za-z0-9!_.*'()-]+)*\/?$/,
      "must be folder names of letters, digits and !_.*'()- separated by /",
    )
    .optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  /**
   * PostgreSQL connections per process (DATABASE_URL only). With several processes the database must allow
   * their sum: (API processes + workers) x DB_POOL_SIZE, plus one per process while it migrates.
   */
  DB_POOL_SIZE: z.coerce.number().int().min(2).max(200).default(10),
  /** 64 hex characters (32 bytes); encrypts enterprise private keys. Generated under DATA_DIR when absent. */
  MASTER_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hexadecimal characters (32 bytes)')
    .optional(),
  /** SMTP URL for nodemailer, e.g. smtp://user:pass@mail.example.com:587. Without it mail stays in the outbox. */
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('Tracehub <no-reply@tracehub.local>'),
  /**
   * How often the evidence sealer closes a block of new leaves (ARCHITECTURE 3), in milliseconds; 0 turns
   * the job off (tests seal by hand). Pending leaves are always sealed once at start.
   */
  LEDGER_SEAL_INTERVAL_MS: z.coerce.number().int().min(0).default(1000),
  /**
   * How often the in-process job worker looks for queued background jobs (imports ...), in milliseconds;
   * 0 turns the worker off (tests run the queue by hand, another process may work it).
   */
  JOB_POLL_INTERVAL_MS: z.coerce.number().int().min(0).default(1000),
  /**
   * How long a running job's claim lasts without renewal: a job left running by a crashed process is
   * claimed again after it. Running jobs renew it with every step of progress.
   */
  JOB_LEASE_MS: z.coerce.number().int().min(1000).default(300_000),
  /**
   * How long a /file/preDownload link works, in milliseconds (spec 9: 3 minutes). Tests shorten it to see
   * a link expire without waiting.
   */
  DOWNLOAD_LINK_VALIDITY_MS: z.coerce.number().int().min(0).default(LIMITS.evidenceLinkValidityMs),
  /** EVM chain id used in did:ethr identifiers. */
  CHAIN_ID: z.coerce.number().int().positive().default(1337),
  /**
   * Anchoring of sealed blocks to an EVM chain (ARCHITECTURE 3.3), off unless CHAIN_RPC_URL is set: any
   * Ethereum JSON-RPC endpoint (Hyperledger Besu, FISCO BCOS web3, `npm run chain:dev`), the anchoring
   * account's private key and the EvidenceAnchor contract it owns.
   */
  CHAIN_RPC_URL: z.string().url().optional(),
  CHAIN_PRIVATE_KEY: z
    .string()
    .regex(/^0x[0-9a-fA-F]{64}$/, 'must be 0x and 64 hexadecimal characters')
    .optional(),
  CHAIN_CONTRACT_ADDRESS: z
    .string()
    .regex(/^0x[0-9a-fA-F]{40}$/, 'must be an 0x address of 40 hexadecimal characters')
    .optional(),
  /** Block explorer base URL for anchor transaction links (spec 9: explorer host by environment). */
  CHAIN_EXPLORER_URL: z.string().url().optional(),
  /** How often new blocks are anchored, in milliseconds (one transaction per block). */
  CHAIN_ANCHOR_INTERVAL_MS: z.coerce.number().int().min(100).default(2000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * The initial password of accounts an administrator creates, and of a member's password reset (spec 9:
   * a fixed default). It follows the password rule so that the member can keep using it until changed.
   */
  INITIAL_PASSWORD: z
    .string()
    .default('Tracehub@2026')
    .refine(
      isValidPassword,
      'must be 8-20 visible ASCII characters with upper and lower case letters and a digit',
    ),
  /** Skip seeding demo data into an empty database. */
  SEED_DEMO: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((v) => v === 'true' || v === '1'),
  /**
   * With the demo data, also the demo supply chain (partners, materials, documents from the mine to three
   * vehicles). Tests start without it so that their lists hold only what they create.
   */
  SEED_DEMO_CHAIN: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((v) => v === 'true' || v === '1'),
});

export type TConfig = z.infer<typeof ZConfig>;

export class ConfigError extends Error {}

/** Reads and checks the environment; every problem is listed with its variable name. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): TConfig {
  const blanksDropped = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = ZConfig.superRefine((c, ctx) => {
    // S3 credentials come in pairs, and the other S3 settings without a bucket are a mistake (files would
    // silently stay on the local disk).
    if (!c.S3_ACCESS_KEY_ID !== !c.S3_SECRET_ACCESS_KEY) {
      const missing = c.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID';
      ctx.addIssue({
        code: 'custom',
        path: [missing],
        message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together',
      });
    }
    if (!c.S3_BUCKET) {
      for (const key of [
        'S3_ENDPOINT',
        'S3_ACCESS_KEY_ID',
        'S3_SECRET_ACCESS_KEY',
        'S3_FORCE_PATH_STYLE',
        'S3_PREFIX',
      ] as const) {
        if (c[key] !== undefined)
          ctx.addIssue({ code: 'custom', path: [key], message: 'is set but S3_BUCKET is not' });
      }
    }
    if (!c.CHAIN_RPC_URL) return;
    for (const key of ['CHAIN_PRIVATE_KEY', 'CHAIN_CONTRACT_ADDRESS'] as const) {
      if (!c[key])
        ctx.addIssue({ code: 'custom', path: [key], message: 'is required when CHAIN_RPC_URL is set' });
    }
  }).safeParse(blanksDropped);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const dataDir = parsed.data.DATA_DIR;
  // memory:// keeps the embedded database in memory (tests); anything else is a directory.
  return { ...parsed.data, DATA_DIR: dataDir.startsWith('memory://') ? dataDir : path.resolve(dataDir) };
}

export const isDev = (c: TConfig) => c.NODE_ENV !== 'production';
