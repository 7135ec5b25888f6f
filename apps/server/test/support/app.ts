import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { createRuntime, type Runtime } from '../../src/bootstrap.ts';
import { openDatabase } from '../../src/db/client.ts';
import { MIGRATIONS_DIR } from '../../src/paths.ts';
import { DEMO_PASSWORD } from '../../src/seed/demo.ts';
import type { CompanyVerifier } from '../../src/platform/verifier.ts';

export { DEMO_PASSWORD };
export const AUTO_UUID = 'e0a1c2d3-0001-4000-8000-000000000001';
export const SUPPLIER_UUID = 'e0a1c2d3-0002-4000-8000-000000000002';
export const MINE_UUID = 'e0a1c2d3-0003-4000-8000-000000000003';
export const TRADER_UUID = 'e0a1c2d3-0004-4000-8000-000000000004';

/** Where the migrated template of this checkout's migrations lives (see migratedTemplate). */
export const TEMPLATE_PREFIX = path.join(os.tmpdir(), 'tracehub-test-pglite-');

/**
 * An empty embedded database with every migration applied, as a data-directory tarball: made once per
 * set of migration files and kept in the temporary directory, so that each of the suite's ~90 servers
 * loads it (0.3 s) instead of running initdb and every migration (3-4 s on the CI machines). Each server
 * still runs `migrate()` (a no-op on it), then seeds its own demo data with its own keys. Test files
 * racing to make it each write their own file and rename it into place.
 */
async function migratedTemplate(): Promise<Blob> {
  const hash = createHash('sha256');
  for (const dir of [MIGRATIONS_DIR, path.join(MIGRATIONS_DIR, 'meta')]) {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      if (entry.isFile()) hash.update(entry.name).update(readFileSync(path.join(dir, entry.name)));
    }
  }
  const file = `${TEMPLATE_PREFIX}${hash.digest('hex').slice(0, 16)}.tar`;
  try {
    return new Blob([readFileSync(file)]);
  } catch {
    const database = await openDatabase({ dataDir: 'memory://', migrationsDir: MIGRATIONS_DIR });
    await database.migrate();
    const dump = await database.dumpData!();
    await database.close();
    const making = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(making, Buffer.from(await dump.arrayBuffer()));
    renameSync(making, file);
    return dump;
  }
}

export interface TestApp {
  app: FastifyInstance;
  runtime: Runtime;
  close(): Promise<void>;
}

/**
 * A real server on a real, empty database seeded with the demo data: in-memory PGlite by default, or a
 * fresh database on the PostgreSQL server of DATABASE_URL (created here and dropped on close).
 */
export async function startTestApp(
  env: Record<string, string> = {},
  opts: { verifier?: CompanyVerifier } = {},
): Promise<TestApp> {
  const adminUrl = process.env.DATABASE_URL;
  let dbName: string | null = null;
  let url: string | undefined;
  if (adminUrl) {
    dbName = `th_test_${process.pid}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    await admin.end();
    const u = new URL(adminUrl);
    u.pathname = `/${dbName}`;
    url = u.toString();
  }
  const loaded = loadConfig({
    NODE_ENV: 'test',
    MASTER_KEY: randomBytes(32).toString('hex'),
    LOG_LEVEL: process.env.TEST_LOG === '1' ? 'error' : 'silent',
    // Tests seal by hand (sealOnce) so that "not on chain yet" is observable; pending leaves seal at start.
    LEDGER_SEAL_INTERVAL_MS: '0',
    // Tests run background jobs by hand (runJobsUntilIdle), so that each step is observable.
    JOB_POLL_INTERVAL_MS: '0',
    // Tests prune by hand (pruneExpired).
    HOUSEKEEPING_INTERVAL_MS: '0',
    // Tests run daily monitoring with a fixed clock (runDailyMonitoring).
    MONITOR_INTERVAL_MS: '0',
    SEED_DEMO_CHAIN: 'false',
    SEED_DEMO_MONITORING: 'false',
    ...(url ? { DATABASE_URL: url } : {}),
    ...env,
  });
  // loadConfig resolves DATA_DIR to an absolute path, which turns 'memory://' into a directory named
  // 'memory:' shared by every test file; set the in-memory location after loading instead.
  const config = { ...loaded, DATA_DIR: env.DATA_DIR ?? 'memory://' };
  const initialData = url || config.DATA_DIR !== 'memory://' ? undefined : await migratedTemplate();
  const runtime = await createRuntime(config, {
    serveWeb: false,
    logger: process.env.TEST_LOG === '1',
    initialData,
    ...opts,
  });
  await runtime.app.ready();
  return {
    app: runtime.app,
    runtime,
    async close() {
      await runtime.app.close();
      if (adminUrl && dbName) {
        const admin = new pg.Client({ connectionString: adminUrl });
        await admin.connect();
        // pg's pool.end() resolves before its connections have closed; one still closing when FORCE
        // terminates it reports an unhandled error, so wait (briefly) for them to go first.
        for (let i = 0; i < 50; i++) {
          const { rows } = await admin.query<{ n: number }>(
            'select count(*)::int as n from pg_stat_activity where datname = $1',
            [dbName],
          );
          if (rows[0]?.n === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
        await admin.end();
      }
    },
  };
}

export interface Envelope<T = unknown> {
  code: string;
  msg: string;
  data: T;
}

/** Calls the API like the console does: JSON body, bearer token, language header. */
export async function call<T = unknown>(
  app: FastifyInstance,
  path: string,
  opts: {
    body?: unknown;
    token?: string;
    lang?: 'zh' | 'en';
    method?: 'GET' | 'POST';
    query?: Record<string, string>;
    /** Extra or overriding request headers (e.g. a full Accept-Language value). */
    headers?: Record<string, string>;
  } = {},
): Promise<{ status: number; body: Envelope<T>; text: string }> {
  const req: InjectOptions = {
    method: opts.method ?? 'POST',
    url: `/api${path}`,
    headers: {
      ...(opts.lang ? { 'accept-language': opts.lang } : {}),
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...opts.headers,
    },
    ...(opts.query ? { query: opts.query } : {}),
  };
  if ((opts.method ?? 'POST') === 'POST') req.payload = (opts.body ?? {}) as InjectOptions['payload'];
  const res = await app.inject(req);
  return { status: res.statusCode, body: res.json() as Envelope<T>, text: res.body };
}

/** Both sign-in steps; returns the session token. */
export async function signIn(
  app: FastifyInstance,
  account: string,
  enterpriseUuid: string | null,
): Promise<string> {
  const step = await call<{ verifyKey: string }>(app, '/login/loginByPwd', {
    body: { loginAccount: account, password: DEMO_PASSWORD },
  });
  if (step.body.code !== '0000') throw new Error(`sign-in failed: ${step.body.msg}`);
  const session = await call<{ token: string }>(app, '/login/selectEnterprise', {
    body: { isLogined: false, loginAccount: account, enterpriseUuid, verifyKey: step.body.data.verifyKey },
  });
  if (session.body.code !== '0000') throw new Error(`select enterprise failed: ${session.body.msg}`);
  return session.body.data.token;
}

/** Demo sign-ins for useTestApp: account and enterprise (null: an account without an enterprise). */
export const AS_AUTO = ['demo-auto', AUTO_UUID] as const;
export const AS_SUPPLIER = ['demo-supplier', SUPPLIER_UUID] as const;
export const AS_MULTI_IN_AUTO = ['demo-multi', AUTO_UUID] as const;
export const AS_MULTI_IN_SUPPLIER = ['demo-multi', SUPPLIER_UUID] as const;
export const AS_APPLICANT = ['demo-applicant', null] as const;

/** The app of useTestApp and one session token per name given to it. */
export type TestAppFixture<K extends string = never> = Pick<TestApp, 'app' | 'runtime'> & {
  readonly [P in K]: string;
};

/**
 * A test app for the enclosing file or describe: started (startTestApp(env, opts)) in a beforeAll that then
 * signs in each of `sessions` in their order, closed in an afterAll. The answer reads them once that hook has
 * run: `t.app`, `t.runtime` and a token per session name (`t.auto`). A file's own set-up goes in a beforeAll
 * after this call, as hooks run in the order they are registered.
 */
export function useTestApp<K extends string = never>(
  sessions?: Record<K, readonly [account: string, enterpriseUuid: string | null]>,
  env?: Record<string, string>,
  opts?: { verifier?: CompanyVerifier },
): TestAppFixture<K> {
  let started: TestApp | undefined;
  const tokens = new Map<string, string>();
  const ready = (what: string): TestApp => {
    if (!started) throw new Error(`useTestApp: ${what} read before the app was started (in beforeAll)`);
    return started;
  };
  const fixture = {
    get app() {
      return ready('app').app;
    },
    get runtime() {
      return ready('runtime').runtime;
    },
  };
  const entries = Object.entries<readonly [string, string | null]>(sessions ?? {});
  for (const [name] of entries) {
    if (name in fixture) throw new Error(`useTestApp: "${name}" cannot name a session`);
    Object.defineProperty(fixture, name, {
      enumerable: true,
      get() {
        ready(name);
        const token = tokens.get(name);
        if (token === undefined)
          throw new Error(`useTestApp: session "${name}" read before it was signed in`);
        return token;
      },
    });
  }
  beforeAll(async () => {
    started = await startTestApp(env, opts);
    for (const [name, [account, enterpriseUuid]] of entries) {
      tokens.set(name, await signIn(started.app, account, enterpriseUuid));
    }
  });
  afterAll(() => started?.close());
  return fixture as TestAppFixture<K>;
}

/**
 * A data directory, master key and (with DATABASE_URL) database that outlive one app, for tests that close
 * the app and open another on the same data (restarts, crashes); removed after the file. Call it at
 * describe level; the answer gives the environment to pass to startTestApp once the hooks have run.
 */
export function usePersistentStore(name: string): () => Record<string, string> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `tracehub-${name}-`));
  const adminUrl = process.env.DATABASE_URL;
  const dbName = `th_test_${name.replace(/\W/g, '_')}_${process.pid}_${randomBytes(3).toString('hex')}`;
  const env: Record<string, string> = { DATA_DIR: dataDir, MASTER_KEY: randomBytes(32).toString('hex') };
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(sql);
    await client.end();
  };
  beforeAll(async () => {
    if (!adminUrl) return;
    await admin(`CREATE DATABASE ${dbName}`);
    const url = new URL(adminUrl);
    url.pathname = `/${dbName}`;
    env.DATABASE_URL = url.toString();
  });
  afterAll(async () => {
    rmSync(dataDir, { recursive: true, force: true });
    if (adminUrl) await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  });
  return () => env;
}
