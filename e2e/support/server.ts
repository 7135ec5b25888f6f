import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
const SERVER_MAIN = path.join(REPO_ROOT, 'apps/server/dist/main.js');
const WEB_INDEX = path.join(REPO_ROOT, 'apps/web/dist/index.html');
const START_TIMEOUT_MS = 90_000;
const STOP_TIMEOUT_MS = 10_000;

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

/**
 * Starts the built server (API + built web app) on a free port with a fresh data directory, so every test
 * file begins with the seeded demo data and nothing else.
 */
export async function startServer(env: Record<string, string> = {}): Promise<TRunningServer> {
  for (const file of [SERVER_MAIN, WEB_INDEX]) {
    if (!existsSync(file)) throw new Error(`${file} is missing: run npm run build first`);
  }
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tracehub-e2e-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [SERVER_MAIN], {
    cwd: REPO_ROOT,
    env: {
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
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const append = (chunk: Buffer) => {
    log += chunk.toString();
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  const output = () => log;

  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await waitForHealth(baseUrl, child, output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, output, stop };
}

/** The latest verification code the server "sent" to an address (the DEMO_HELPERS outbox endpoint). */
export async function latestMailCode(baseUrl: string, email: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/dev/outbox/latest?email=${encodeURIComponent(email)}`);
  const body = (await response.json()) as { code: string; data: { code?: string } | null };
  const code = body.data?.code;
  if (!code) throw new Error(`No mail with a code was sent to ${email}`);
  return code;
}
