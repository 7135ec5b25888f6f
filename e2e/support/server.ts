import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
const SERVER_MAIN = path.join(REPO_ROOT, 'apps/server/dist/main.js');
const WEB_INDEX = path.join(REPO_ROOT, 'apps/web/dist/index.html');
const MIGRATIONS = path.join(REPO_ROOT, 'apps/server/drizzle');
const START_TIMEOUT_MS = 90_000;
const STOP_TIMEOUT_MS = 10_000;
/**
 * Where the prepared data directories live (removed by the run's teardown, see global-setup.ts): one folder
 * per checkout, so runs in two worktrees of one machine do not remove each other's.
 */
export const TEMPLATE_ROOT = path.join(
  tmpdir(),
  `tracehub-e2e-templates-${createHash('sha256').update(REPO_ROOT).digest('hex').slice(0, 12)}`,
);
/** The settings that decide what a fresh data directory holds after start-up. */
const SEED_SETTINGS = [
  'SEED_DEMO',
  'SEED_DEMO_CHAIN',
  'SEED_DEMO_MONITORING',
  'MASTER_KEY',
  'DATABASE_URL',
] as const;

export interface TRunningServer {
  baseUrl: string;
  /** Everything the server printed, for failure messages. */
  output: () => string;
  stop: () => Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

async function waitForHealth(baseUrl: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited with ${child.exitCode}:\n${output()}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server did not answer /api/health within ${START_TIMEOUT_MS} ms:\n${output()}`);
}

/** The environment every test server starts with, before a test file's own settings. */
function baseEnv(dataDir: string, port: number, env: Record<string, string>): NodeJS.ProcessEnv {
  return {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    NODE_ENV: 'development',
    // The tests read mailed codes at /api/dev/outbox/latest (latestMailCode); off unless set, and only on
    // a loopback HOST. A test of the demo without it passes DEMO_HELPERS: 'false'.
    DEMO_HELPERS: 'true',
    // Lists hold only what a test creates; a test that wants the demo supply chain asks for it.
    SEED_DEMO_CHAIN: 'false',
    SEED_DEMO_MONITORING: 'false',
    ...env,
  };
}

/**
 * A data directory as a fresh server leaves it once started (the embedded database created, migrated and
 * seeded with the demo data), made once per build and seed setting, so that each test file starts from a
 * copy instead of creating, migrating and seeding its own (about 15 s a file on the CI machines). The copy
 * is the same bytes a first start writes; nothing of the server is skipped but the repetition.
 */
async function preparedDataDir(env: Record<string, string>): Promise<string> {
  const seed = baseEnv('', 0, env);
  const build = statSync(SERVER_MAIN);
  const key = createHash('sha256')
    .update(JSON.stringify([SEED_SETTINGS.map((k) => seed[k] ?? ''), build.size, build.mtimeMs]))
    .update(readdirSync(MIGRATIONS).join('/'))
    .digest('hex')
    .slice(0, 16);
  const dir = path.join(TEMPLATE_ROOT, key);
  if (existsSync(dir)) return dir;
  mkdirSync(TEMPLATE_ROOT, { recursive: true });
  // A half-made directory is never renamed into place. Files running at once (E2E_WORKERS) may each make
  // one: the first renamed wins, the others are dropped.
  const making = mkdtempSync(path.join(TEMPLATE_ROOT, `${key}-making-`));
  const server = await launch(making, env);
  await server.stop({ keepData: true });
  try {
    renameSync(making, dir);
  } catch (error) {
    if (!existsSync(dir)) throw error;
    rmSync(making, { recursive: true, force: true });
  }
  return dir;
}

interface TLaunched extends TRunningServer {
  stop: (opts?: { keepData?: boolean }) => Promise<void>;
}

/** Starts the built server on a free port with this data directory and waits until it answers. */
async function launch(dataDir: string, env: Record<string, string>): Promise<TLaunched> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [SERVER_MAIN], {
    cwd: REPO_ROOT,
    env: baseEnv(dataDir, port, env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const append = (chunk: Buffer) => {
    log += chunk.toString();
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  const output = () => log;

  const stop = async ({ keepData = false } = {}) => {
    if (child.exitCode === null) {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
      await exited;
      clearTimeout(timer);
    }
    if (!keepData) rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await waitForHealth(baseUrl, child, output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, output, stop };
}

/**
 * Starts the built server (API + built web app) on a free port with a data directory of its own, a copy of
 * the prepared one (preparedDataDir), so every test file begins with the seeded demo data and nothing else.
 */
export async function startServer(env: Record<string, string> = {}): Promise<TRunningServer> {
  for (const file of [SERVER_MAIN, WEB_INDEX]) {
    if (!existsSync(file)) throw new Error(`${file} is missing: run npm run build first`);
  }
  const template = await preparedDataDir(env);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tracehub-e2e-'));
  cpSync(template, dataDir, { recursive: true });
  const server = await launch(dataDir, env);
  return { baseUrl: server.baseUrl, output: server.output, stop: () => server.stop() };
}

/** The latest verification code the server "sent" to an address (the DEMO_HELPERS outbox endpoint). */
export async function latestMailCode(baseUrl: string, email: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/dev/outbox/latest?email=${encodeURIComponent(email)}`);
  const body = (await response.json()) as { code: string; data: { code?: string } | null };
  const code = body.data?.code;
  if (!code) throw new Error(`No mail with a code was sent to ${email}`);
  return code;
}
