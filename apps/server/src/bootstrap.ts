import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import type { TConfig } from './config.ts';
import { openDatabase, type Database } from './db/client.ts';
import { MIGRATIONS_DIR } from './paths.ts';
import type { AppDeps } from './platform/context.ts';
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
  };
  const seeded = config.SEED_DEMO
    ? await seedDemo(database.db, { masterKey, chainId: config.CHAIN_ID, storage: deps.storage })
    : false;
  const app = await buildApp({ deps, ...appOpts });
  app.addHook('onClose', async () => database.close());
  return { app, deps, database, seeded };
}
