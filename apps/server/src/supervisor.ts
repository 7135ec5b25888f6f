import cluster, { type Worker } from 'node:cluster';
import { parseArgs } from 'node:util';
import type { ProcessRole } from './bootstrap.ts';

/**
 * How many processes one machine runs (README "Several processes"): `--api <n>` HTTP processes sharing the
 * port (node:cluster hands each new connection to the next one) and `--workers <n>` processes that only run
 * the background work. Without workers the API processes run it themselves, unless `--api-only` says another
 * machine does.
 */
export interface ProcessPlan {
  api: number;
  workers: number;
  apiOnly: boolean;
}

export class UsageError extends Error {}

const MAX_PROCESSES = 64;

function count(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > MAX_PROCESSES) {
    throw new UsageError(`--${name} must be a whole number from 0 to ${MAX_PROCESSES}, not "${value}"`);
  }
  return n;
}

export function parseProcessPlan(argv: readonly string[]): ProcessPlan {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        api: { type: 'string' },
        workers: { type: 'string' },
        'api-only': { type: 'boolean', default: false },
      },
      strict: true,
    }));
  } catch (err) {
    throw new UsageError(
      `${(err as Error).message}\nUsage: main.js [--api <n>] [--workers <n>] [--api-only]`,
    );
  }
  const plan = {
    api: count('api', values.api, 1),
    workers: count('workers', values.workers, 0),
    apiOnly: values['api-only'],
  };
  if (plan.api + plan.workers === 0) throw new UsageError('--api and --workers cannot both be 0');
  return plan;
}

/** One process serving HTTP and running the background work: the default, and the only one PGlite allows. */
export const isSingleProcess = (plan: ProcessPlan) => plan.api === 1 && plan.workers === 0 && !plan.apiOnly;

export interface ChildSpec {
  role: ProcessRole;
  /** `api-1`, `worker-2`: logs and the `x-tracehub-instance` header name the process. */
  instance: string;
}

export function childSpecs(plan: ProcessPlan): ChildSpec[] {
  const apiRole: ProcessRole = plan.workers > 0 || plan.apiOnly ? 'api' : 'all';
  return [
    ...Array.from({ length: plan.api }, (_, i) => ({ role: apiRole, instance: `api-${i + 1}` })),
    ...Array.from({ length: plan.workers }, (_, i) => ({
      role: 'worker' as const,
      instance: `worker-${i + 1}`,
    })),
  ];
}

const ROLE_ENV = 'TRACEHUB_ROLE';
const INSTANCE_ENV = 'TRACEHUB_INSTANCE';

/** In a process the supervisor started: its role and name. */
export function childSpecOfThisProcess(): ChildSpec | null {
  if (!cluster.isWorker) return null;
  const role = process.env[ROLE_ENV];
  if (role !== 'all' && role !== 'api' && role !== 'worker') return null;
  return { role, instance: process.env[INSTANCE_ENV] ?? role };
}

interface SupervisorLog {
  info(msg: string): void;
  error(msg: string): void;
}

/** Restarts wait 1 s, 2 s, 4 s ... at most 30 s, when a process keeps dying right after its start. */
const restartDelayMs = (recentCrashes: number) =>
  Math.min(1000 * 2 ** Math.max(0, recentCrashes - 1), 30_000);
const STABLE_AFTER_MS = 30_000;
const STOP_TIMEOUT_MS = 15_000;

/**
 * Starts the processes of the plan, restarts any that dies, and stops them all on SIGINT/SIGTERM. Resolves
 * once every API process listens (with the address) so that the caller can say where the console is.
 */
export function superviseProcesses(
  plan: ProcessPlan,
  log: SupervisorLog,
): Promise<{ address: string | null }> {
  const specs = childSpecs(plan);
  const specOf = new Map<number, { spec: ChildSpec; startedAt: number }>();
  const crashes = new Map<string, number>();
  let closing = false;
  let listening = 0;
  let resolveReady: (v: { address: string | null }) => void = () => undefined;
  const ready = new Promise<{ address: string | null }>((resolve) => (resolveReady = resolve));

  const start = (spec: ChildSpec) => {
    const worker: Worker = cluster.fork({ [ROLE_ENV]: spec.role, [INSTANCE_ENV]: spec.instance });
    specOf.set(worker.id, { spec, startedAt: Date.now() });
  };

  cluster.on('listening', (_worker, address) => {
    listening++;
    if (listening === plan.api) {
      const host = address.address && address.address !== '0.0.0.0' ? address.address : '127.0.0.1';
      resolveReady({ address: `http://${host.includes(':') ? `[${host}]` : host}:${address.port}` });
    }
  });

  cluster.on('exit', (worker, code, signal) => {
    const entry = specOf.get(worker.id);
    specOf.delete(worker.id);
    if (!entry || closing) return;
    const { spec, startedAt } = entry;
    const recent = Date.now() - startedAt < STABLE_AFTER_MS ? (crashes.get(spec.instance) ?? 0) + 1 : 1;
    crashes.set(spec.instance, recent);
    const delay = restartDelayMs(recent);
    log.error(`${spec.instance} exited (${signal ?? `code ${code}`}); restarting in ${delay} ms`);
    setTimeout(() => {
      if (!closing) start(spec);
    }, delay);
  });

  const stopAll = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    log.info(`${signal}: stopping ${specOf.size} processes`);
    const force = setTimeout(() => {
      log.error('processes did not stop in time; exiting');
      process.exit(1);
    }, STOP_TIMEOUT_MS);
    force.unref();
    const done = () => {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
    };
    cluster.on('exit', done);
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    done();
  };
  process.on('SIGINT', () => stopAll('SIGINT'));
  process.on('SIGTERM', () => stopAll('SIGTERM'));

  for (const spec of specs) start(spec);
  if (plan.api === 0) resolveReady({ address: null });
  return ready;
}
