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
  };
  const seeded = config.SEED_DEMO
    ? await seedDemo(database.db, { masterKey, platformKey, chainId: config.CHAIN_ID, storage: deps.storage })
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
  app.addHook('onClose', async () => {
    await sealer?.stop();
    await database.close();
  });
  return { app, deps, database, seeded };
}
