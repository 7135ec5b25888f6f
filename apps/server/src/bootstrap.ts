import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import type { TConfig } from './config.ts';
import { openDatabase, type Database } from './db/client.ts';
import { MIGRATIONS_DIR } from './paths.ts';
import type { AppDeps } from './platform/context.ts';
import { loadPlatformKey } from './platform/ledger/platform-key.ts';
import { sealPending, startSealer } from './platform/ledger/sealer.ts';
import { backfillEvidence } from './platform/ledger/subjects.ts';
import { loadMasterKey } from './platform/keys.ts';
import { createMailer } from './platform/mail.ts';
import { createStorage } from './platform/storage.ts';
import { startJobWorker } from './platform/jobs/worker.ts';
import { connectAnchorChain, type AnchorChain } from './platform/chain/anchor-chain.ts';
import { startAnchorer } from './platform/chain/anchorer.ts';
import { setExplorerBase } from './platform/chain/explorer.ts';
import { registryVerifier, type CompanyVerifier } from './platform/verifier.ts';
import { seedDemo } from './seed/demo.ts';

export interface Runtime {
  app: FastifyInstance;
  deps: AppDeps;
  database: Database;
  seeded: boolean;
}

/**
 * Opens and migrates the database, seeds demo data into an empty one, and builds the HTTP app. The
 * certification check is the platform registry unless another verifier is given.
 */
export async function createRuntime(
  config: TConfig,
  opts: { serveWeb?: boolean; logger?: boolean; verifier?: CompanyVerifier } = {},
): Promise<Runtime> {
  const { verifier = registryVerifier(), ...appOpts } = opts;
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    migrationsDir: MIGRATIONS_DIR,
  });
  await database.migrate();
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
    storage: createStorage(config.DATA_DIR),
    verifier,
    platformKey,
    chain: config.CHAIN_RPC_URL ? await connectConfiguredChain(config) : null,
  };
  setExplorerBase(config.CHAIN_EXPLORER_URL);
  const seeded = config.SEED_DEMO
    ? await seedDemo(database.db, {
        masterKey,
        platformKey,
        chainId: config.CHAIN_ID,
        storage: deps.storage,
        mailer: deps.mailer,
        chain: config.SEED_DEMO_CHAIN,
      })
    : false;
  // Evidence of records older than the ledger, then whatever a previous process left unsealed (a crash
  // between a business write and its block loses nothing: the events were committed with the change).
  await backfillEvidence(database.db, deps, platformKey);
  await sealPending(database.db, platformKey);
  const app = await buildApp({ deps, ...appOpts });
  const sealer =
    config.LEDGER_SEAL_INTERVAL_MS > 0
      ? startSealer(database.db, platformKey, { intervalMs: config.LEDGER_SEAL_INTERVAL_MS, log: app.log })
      : null;
  const anchorer = deps.chain
    ? startAnchorer(database.db, deps.chain, { intervalMs: config.CHAIN_ANCHOR_INTERVAL_MS, log: app.log })
    : null;
  if (deps.chain && deps.chain.chainId !== config.CHAIN_ID) {
    app.log.warn(
      `CHAIN_ID is ${config.CHAIN_ID} but the anchoring chain is ${deps.chain.chainId}: enterprise DIDs (did:ethr) name CHAIN_ID`,
    );
  }
  // Background jobs (imports ...); queued work survives restarts: it is in the jobs table.
  const jobWorker =
    config.JOB_POLL_INTERVAL_MS > 0
      ? startJobWorker(deps, {
          intervalMs: config.JOB_POLL_INTERVAL_MS,
          leaseMs: config.JOB_LEASE_MS,
          log: app.log,
        })
      : null;
  app.addHook('onClose', async () => {
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
