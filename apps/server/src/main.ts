import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { ConfigError, PREPARE_ONLY_ENV, loadConfig, type TConfig } from './config.ts';
import { createRuntime, openConfiguredDatabase, prepareDatabase } from './bootstrap.ts';
import { isNewPgliteDir } from './db/client.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './seed/demo.ts';
import {
  UsageError,
  childSpecOfThisProcess,
  childSpecs,
  isSingleProcess,
  parseProcessPlan,
  superviseProcesses,
  type ChildSpec,
  type ProcessPlan,
} from './supervisor.ts';

function banner(config: TConfig, address: string | null, processes: string): string {
  const db = config.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.DATA_DIR}`;
  const lines = [
    '',
    ...(address
      ? [
          `Tracehub console: ${address.replace('0.0.0.0', '127.0.0.1')}`,
          `API docs:         ${address}/api/docs`,
        ]
      : []),
    `Database:         ${db}`,
    `Processes:        ${processes}`,
    ...(address
      ? [
          `Demo accounts (password ${DEMO_PASSWORD}):`,
          ...DEMO_ACCOUNTS.map((a) => `  ${a.username.padEnd(14)} ${a.note}`),
        ]
      : []),
    '',
  ];
  return lines.join('\n');
}

/** Graceful shutdown: stop accepting, finish in-flight requests and jobs, close the database, then exit. */
function closeOnSignals(app: FastifyInstance, keepAlive?: NodeJS.Timeout): void {
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    if (keepAlive) clearInterval(keepAlive);
    app
      .close()
      .then(() => process.exit(0))
      .catch((err: unknown) => {
        console.error(err);
        process.exit(1);
      });
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

/** One of a supervisor's processes: the database is prepared already. */
async function runChild(config: TConfig, spec: ChildSpec): Promise<void> {
  const { app } = await createRuntime(config, { role: spec.role, prepare: false, instance: spec.instance });
  if (spec.role === 'worker') {
    // A worker serves nothing; its timers do not hold the process open, this does until it is stopped.
    closeOnSignals(
      app,
      setInterval(() => undefined, 60_000),
    );
    app.log.info({ instance: spec.instance }, 'background worker started');
    return;
  }
  closeOnSignals(app);
  await app.listen({ host: config.HOST, port: config.PORT });
}

async function runSupervisor(config: TConfig, plan: ProcessPlan): Promise<void> {
  if (!config.DATABASE_URL) {
    throw new ConfigError(
      'Several processes need PostgreSQL: set DATABASE_URL (the embedded database serves one process).',
    );
  }
  // Migrations and demo data once, before any process serves (other machines wait on the same lock).
  const database = await openConfiguredDatabase(config);
  try {
    await prepareDatabase(database, config);
  } finally {
    await database.close();
  }
  const log = {
    info: (m: string) => console.log(`[supervisor] ${m}`),
    error: (m: string) => console.error(`[supervisor] ${m}`),
  };
  const { address } = await superviseProcesses(plan, log);
  const roles = childSpecs(plan);
  const apiRole = roles[0]?.role === 'all' ? 'API + background work' : 'API';
  const described = [
    plan.api ? `${plan.api} × ${apiRole}` : null,
    plan.workers ? `${plan.workers} × background worker` : null,
  ]
    .filter(Boolean)
    .join(', ');
  console.log(banner(config, address, described));
}

/**
 * Creates, migrates and seeds a new embedded database in a process of its own (this module again), which
 * then exits. PGlite's WebAssembly memory only grows, and the heap and allocator keep what seeding used:
 * done in the serving process, a first start held 725 MB resident at rest; prepared this way, 362 MB (a
 * worker thread instead of a process still left 510 MB: the allocator keeps the thread's arenas).
 */
function prepareInProcess(): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(import.meta.url), [], {
      env: { ...process.env, [PREPARE_ONLY_ENV]: '1' },
    });
    // Stopped while preparing: the preparation stops too (then this process, as the exit below says).
    const stop = (signal: NodeJS.Signals) => child.kill(signal);
    process.once('SIGINT', stop).once('SIGTERM', stop);
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      process.off('SIGINT', stop).off('SIGTERM', stop);
      if (code === 0) resolve();
      else reject(new Error(`Preparing the database stopped (${signal ?? `exit code ${code}`})`));
    });
  });
}

/** The process of prepareInProcess: a whole runtime (the demo's monitoring needs the app), closed again. */
async function runPrepareOnly(config: TConfig): Promise<void> {
  const { app, seeded } = await createRuntime(config, { serveWeb: false });
  app.log.info(
    { seeded },
    'embedded database prepared in a process of its own; the serving process opens it',
  );
  await app.close();
}

async function runSingle(config: TConfig): Promise<void> {
  if (!config.DATABASE_URL && isNewPgliteDir(config.DATA_DIR)) await prepareInProcess();
  const { app } = await createRuntime(config);
  closeOnSignals(app);
  const address = await app.listen({ host: config.HOST, port: config.PORT });
  console.log(banner(config, address, '1 (API + background work)'));
}

async function main(): Promise<void> {
  let config;
  let plan;
  try {
    config = loadConfig();
    plan = parseProcessPlan(process.argv.slice(2));
  } catch (err) {
    if (err instanceof ConfigError || err instanceof UsageError) {
      console.error(err.message);
      process.exit(2);
    }
    throw err;
  }
  if (process.env[PREPARE_ONLY_ENV] === '1') {
    await runPrepareOnly(config);
    return;
  }
  const child = childSpecOfThisProcess();
  if (child) await runChild(config, child);
  else if (isSingleProcess(plan)) await runSingle(config);
  else await runSupervisor(config, plan);
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(2);
  }
  console.error('Tracehub failed to start:', err);
  process.exit(1);
});
