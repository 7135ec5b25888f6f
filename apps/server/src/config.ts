import { BlockList, isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { LIMITS } from '@tracehub/contract';
import { DEFAULT_POOL_SIZE } from './db/client.ts';
import { REPO_ROOT } from './paths.ts';
import { parseTrustProxy } from './platform/trust-proxy.ts';

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
  DB_POOL_SIZE: z.coerce.number().int().min(2).max(200).default(DEFAULT_POOL_SIZE),
  /**
   * The embedded PGlite's buffer cache in megabytes (PostgreSQL's shared_buffers; PGlite's own default is
   * 128). Pages beyond it are read through the operating system's file cache; each megabyte of it is memory of
   * the server process once used, so the default keeps a team's server small (docs/performance.md).
   */
  PGLITE_SHARED_BUFFERS_MB: z.coerce.number().int().min(8).max(4096).default(64),
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
   * How often background processes delete rows whose rules no longer read them (old sign-in attempts,
   * mailed codes, expired sessions: platform/housekeeping.ts), in milliseconds; 0 turns it off.
   */
  HOUSEKEEPING_INTERVAL_MS: z.coerce.number().int().min(0).default(3_600_000),
  /**
   * How often background processes vacuum the tables autovacuum would and analyse those that have outgrown
   * their statistics (platform/statistics.ts: PGlite has no autovacuum, PostgreSQL's comes a minute later at
   * best, and prepared statements keep their plans until a table is analysed), in milliseconds; 0 turns it off.
   */
  STATISTICS_INTERVAL_MS: z.coerce.number().int().min(0).default(5_000),
  /**
   * Daily monitoring (modules/monitor): the server-local time (HH:MM) from which the previous day's reports
   * are due, and how often background processes check, in milliseconds; 0 turns the schedule off.
   */
  MONITOR_DAILY_AT: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time of day as HH:MM')
    .default('01:00'),
  MONITOR_INTERVAL_MS: z.coerce.number().int().min(0).default(300_000),
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
  /**
   * Most VINs/SNs (or lots) one evidence-package task may start from (spec 5: 500 by default); a larger
   * list is refused with the limit and must be split.
   */
  EVIDENCE_VIN_LIMIT: z.coerce.number().int().min(1).max(100_000).default(LIMITS.evidenceVinUploadMax),
  /** Most bytes one evidence package may have: a task writing more stops with "package too large". */
  EVIDENCE_PACKAGE_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(2 * 1024 * 1024 * 1024),
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
  /**
   * Map services (spec 7 "Maps"): the primary script (Bing type, or Amap / Mapbox when the URL names them),
   * the Amap-type fallback, and the primary's key for routing. Unset: the bundled offline basemap. Their
   * origins join the console's Content-Security-Policy.
   */
  MAP_SCRIPT_URL: z.string().url().optional(),
  MAP_FALLBACK_URL: z.string().url().optional(),
  MAP_KEY: z.string().max(200).optional(),
  /** How often new blocks are anchored, in milliseconds (one transaction per block). */
  CHAIN_ANCHOR_INTERVAL_MS: z.coerce.number().int().min(100).default(2000),
  /** Signed gateway-key requests a key may make per minute, across every server process (docs/gateway-api.md). */
  GATEWAY_RATE_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * Which peers may tell the client's address (X-Forwarded-For, -Host, -Proto): unset or false = none, so
   * the socket's address counts (sign-in throttling, account log); true = every peer; or the proxies'
   * comma-separated addresses and CIDR ranges (10.0.0.5, 10.1.0.0/16, loopback). See platform/trust-proxy.ts.
   */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const parsed = parseTrustProxy(v);
      if (typeof parsed === 'string') {
        ctx.addIssue({ code: 'custom', message: parsed });
        return z.NEVER;
      }
      return parsed.value;
    }),
  /**
   * Demo and test helpers (GET /api/dev/outbox/latest: the newest code mailed to any address, without a
   * session). Off unless set, whatever NODE_ENV, and refused with a HOST other machines can reach: anyone
   * reaching it could read another account's sign-in code. Demos read codes in the operator end's outbox.
   */
  DEMO_HELPERS: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
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
  /**
   * With the demo supply chain, also the automaker's last week imported day by day and its daily reports,
   * made by the monitoring itself (seed/demo-monitoring.ts). Tests start without it.
   */
  SEED_DEMO_MONITORING: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((v) => v === 'true' || v === '1'),
});

export type TConfig = z.infer<typeof ZConfig>;

export class ConfigError extends Error {}

/**
 * Set to 1, `dist/main.js` only creates, migrates and seeds the database of its configuration, then exits:
 * how a first start of the embedded database prepares it in a process of its own (main.ts), and how the
 * import bench prepares its directory as `npm start` would.
 */
export const PREPARE_ONLY_ENV = 'TRACEHUB_PREPARE_ONLY';

/** Reads and checks the environment; every problem is listed with its variable name. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): TConfig {
  const blanksDropped = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = ZConfig.superRefine((c, ctx) => {
    if (c.DEMO_HELPERS && !isLoopbackHost(c.HOST)) {
      ctx.addIssue({
        code: 'custom',
        path: ['DEMO_HELPERS'],
        message: `is only allowed when HOST is a loopback address (127.0.0.0/8, ::1, localhost), not ${c.HOST}: the helpers give out any account's sign-in code without a session`,
      });
    }
    if (c.SEED_DEMO && isExposed(c)) {
      ctx.addIssue({
        code: 'custom',
        path: ['SEED_DEMO'],
        message: `must be false when HOST (${c.HOST}) lets other machines connect: the demo accounts' password is published in the README`,
      });
    }
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

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** Whether a listen address is reachable only from this machine (IPv4-mapped 127.x included). */
export function isLoopbackHost(host: string): boolean {
  const h = host
    .trim()
    .replace(/^\[(.*)\]$/, '$1')
    .toLowerCase();
  if (h === 'localhost') return true;
  const family = isIP(h);
  return family !== 0 && LOOPBACK.check(h, family === 4 ? 'ipv4' : 'ipv6');
}

/**
 * Whether other machines can connect: the server listens beyond loopback. Then nothing with a published
 * secret may run (demo helpers, demo accounts). A reverse proxy on the same machine cannot be seen from
 * here; the README's production checklist covers it.
 */
export function isExposed(c: Pick<TConfig, 'HOST'>): boolean {
  return !isLoopbackHost(c.HOST);
}
