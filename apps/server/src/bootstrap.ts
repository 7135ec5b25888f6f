import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { ConfigError, isExposed, type TConfig } from './config.ts';
import { openDatabase, type Database } from './db/client.ts';
import { MIGRATIONS_DIR } from './paths.ts';
import type { AppDeps } from './platform/context.ts';
import { loadPlatformKey } from './platform/ledger/platform-key.ts';
import { sealPending, startSealer } from './platform/ledger/sealer.ts';
import { backfillEvidence } from './platform/ledger/subjects.ts';
import { startHousekeeping } from './platform/housekeeping.ts';
import { startStatisticsKeeper } from './platform/statistics.ts';
import { loadMasterKey } from './platform/keys.ts';
import { createMailer } from './platform/mail.ts';
import { createStorage, type FileStorage } from './platform/storage.ts';
import { startJobWorker } from './platform/jobs/worker.ts';
import { connectAnchorChain, type AnchorChain } from './platform/chain/anchor-chain.ts';
import { startAnchorer } from './platform/chain/anchorer.ts';
import { setExplorerBase } from './platform/chain/explorer.ts';
import { registryVerifier, type CompanyVerifier } from './platform/verifier.ts';
import { startDailyMonitoring } from './modules/monitor/schedule.ts';
import { demoAccountsWithPublishedPassword, seedDemo } from './seed/demo.ts';
import { seedDemoMonitoring } from './seed/demo-monitoring.ts';

export interface Runtime {
  app: FastifyInstance;
  deps: AppDeps;
  database: Database;
  seeded: boolean;
}

/**
 * What a process does (README "Several processes"): `all` serves HTTP and runs the background work (one
 * process, the default); `api` only serves HTTP; `worker` only runs the background work (jobs, ledger
 * sealing, chain anchoring) and serves nothing.
 */
export type ProcessRole = 'all' | 'api' | 'worker';

export interface RuntimeOptions {
  serveWeb?: boolean;
  logger?: boolean;
  verifier?: CompanyVerifier;
  role?: ProcessRole;
  /**
   * Whether this process migrates, seeds and backfills the database (default). A supervisor does it once
   * before starting its processes, which then skip it.
   */
  prepare?: boolean;
  /** Names this process in the `x-tracehub-instance` response header (e.g. `api-2`). */
  instance?: string | undefined;
  /** An in-memory PGlite starts from this data directory (DatabaseOptions.initialData; tests). */
  initialData?: Blob | undefined;
}

/** Processes on several machines that start at once migrate and seed one after the other. */
const PREPARE_LOCK = 0x54485052n;

export function openConfiguredDatabase(config: TConfig, initialData?: Blob): Promise<Database> {
  return openDatabase({
    url: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    migrationsDir: MIGRATIONS_DIR,
    poolSize: config.DB_POOL_SIZE,
    pgliteSharedBuffersMb: config.PGLITE_SHARED_BUFFERS_MB,
    initialData,
  });
}

/**
 * Brings the database up to date: migrations, keys, demo data into an empty database, evidence of records
 * older than the ledger and whatever a previous process left unsealed (a crash between a business write and
 * its block loses nothing: the events were committed with the change). Answers whether it seeded.
 */
export async function prepareDatabase(
  database: Database,
  config: TConfig,
  storage: FileStorage = createStorage(config),
): Promise<boolean> {
  return database.exclusively(PREPARE_LOCK, async () => {
    await database.migrate();
    const masterKey = loadMasterKey(config.DATA_DIR, config.MASTER_KEY);
    const platformKey = await loadPlatformKey(database.db, masterKey);
    const seeded = config.SEED_DEMO
      ? await seedDemo(database.db, {
          masterKey,
          platformKey,
          chainId: config.CHAIN_ID,
          storage,
          mailer: createMailer({
            smtpUrl: config.SMTP_URL,
            from: config.MAIL_FROM,
            log: (m) => console.warn(m),
          }),
          chain: config.SEED_DEMO_CHAIN,
        })
      : false;
    if (isExposed(config)) {
      // Demo accounts seeded by an earlier local run keep the README's password: never serve them beyond
      // this machine (loadConfig already refuses to seed them there).
      const open = await demoAccountsWithPublishedPassword(database.db);
      if (open.length > 0) {
        throw new ConfigError(
          `Invalid configuration:\n  HOST: ${config.HOST} lets other machines connect, but the demo accounts ${open.join(', ')} still have the published password; change their passwords or start on a database without demo data`,
        );
      }
    }
    await backfillEvidence(database.db, { masterKey }, platformKey);
    await sealPending(database.db, platformKey);
    return seeded;
  });
}

/**
 * Opens the database (prepared, unless told otherwise), builds the HTTP app and starts the background work
 * of the process's role. The certification check is the platform registry unless another verifier is given.
 */
export async function createRuntime(config: TConfig, opts: RuntimeOptions = {}): Promise<Runtime> {
  const {
    verifier = registryVerifier(),
    role = 'all',
    prepare = true,
    instance,
    initialData,
    ...appOpts
  } = opts;
  const database = await openConfiguredDatabase(config, initialData);
  // One storage for the seed and the app: an in-memory one (tests) must be the same object.
  const storage = createStorage(config);
  const seeded = prepare ? await prepareDatabase(database, config, storage) : false;
  const masterKey = loadMasterKey(config.DATA_DIR, config.MASTER_KEY);
  const platformKey = await loadPlatformKey(database.db, masterKey);
  const deps: AppDeps = {
    db: database.db,
    dbKind: database.kind,
    config,
    masterKey,
    mailer: createMailer({
      smtpUrl: config.SMTP_URL,
      from: config.MAIL_FROM,
      log: (m) => console.warn(m),
    }),
    storage,
    verifier,
    platformKey,
    chain: config.CHAIN_RPC_URL ? await connectConfiguredChain(config) : null,
  };
  setExplorerBase(config.CHAIN_EXPLORER_URL);
  const app = await buildApp({ deps, instance, ...appOpts });
  database.onConnectionError?.((err) =>
    app.log.warn({ err }, 'PostgreSQL closed a pooled connection; the pool opens another when needed'),
  );
  // The demo's daily reports are made by the monitoring and its task runs: once the app's modules are loaded,
  // before the workers start.
  if (seeded && config.SEED_DEMO_CHAIN && config.SEED_DEMO_MONITORING) await seedDemoMonitoring(deps);
  const background = role !== 'api';
  const sealer =
    background && config.LEDGER_SEAL_INTERVAL_MS > 0
      ? startSealer(database.db, platformKey, { intervalMs: config.LEDGER_SEAL_INTERVAL_MS, log: app.log })
      : null;
  const anchorer =
    background && deps.chain
      ? startAnchorer(database.db, deps.chain, { intervalMs: config.CHAIN_ANCHOR_INTERVAL_MS, log: app.log })
      : null;
  if (deps.chain && deps.chain.chainId !== config.CHAIN_ID) {
    app.log.warn(
      `CHAIN_ID is ${config.CHAIN_ID} but the anchoring chain is ${deps.chain.chainId}: enterprise DIDs (did:ethr) name CHAIN_ID`,
    );
  }
  // Background jobs (imports ...); queued work survives restarts: it is in the jobs table. A process that
  // serves HTTP claims jobs only once it listens, so start-up never waits on one.
  const listening =
    role === 'worker'
      ? undefined
      : new Promise<void>((resolve) => app.addHook('onListen', async () => resolve()));
  const jobWorker =
    background && config.JOB_POLL_INTERVAL_MS > 0
      ? startJobWorker(deps, {
          intervalMs: config.JOB_POLL_INTERVAL_MS,
          leaseMs: config.JOB_LEASE_MS,
          log: app.log,
          startAfter: listening,
        })
      : null;
  const housekeeping =
    background && config.HOUSEKEEPING_INTERVAL_MS > 0
      ? startHousekeeping(database.db, { intervalMs: config.HOUSEKEEPING_INTERVAL_MS, log: app.log })
      : null;
  const statistics =
    background && config.STATISTICS_INTERVAL_MS > 0
      ? startStatisticsKeeper(database.db, { intervalMs: config.STATISTICS_INTERVAL_MS, log: app.log })
      : null;
  const dailyMonitoring =
    background && config.MONITOR_INTERVAL_MS > 0
      ? startDailyMonitoring(deps, { intervalMs: config.MONITOR_INTERVAL_MS, log: app.log })
      : null;
  app.addHook('onClose', async () => {
    await dailyMonitoring?.stop();
    await housekeeping?.stop();
    await statistics?.stop();
    await jobWorker?.stop();
    await anchorer?.stop();
    deps.chain?.close();
    await sealer?.stop();
    await database.close();
  });
  return { app, deps, database, seeded };
}

/** The anchoring chain of the configuration (loadConfig requires the key and address with the URL). */
export function connectConfiguredChain(config: TConfig): Promise<AnchorChain> {
  return connectAnchorChain({
    rpcUrl: config.CHAIN_RPC_URL!,
    privateKey: config.CHAIN_PRIVATE_KEY!,
    contractAddress: config.CHAIN_CONTRACT_ADDRESS!,
  });
}
