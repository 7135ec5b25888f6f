import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const REPO = path.resolve(import.meta.dirname, '..', '..');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export async function waitFor(url: string, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

export interface Running {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/**
 * The built Tracehub server (apps/server/dist, or BENCH_SERVER) on a fresh data directory, as `npm start`
 * runs it; `args` are its command-line options (`--api 2 --workers 1`).
 */
export async function startTracehub(env: Record<string, string> = {}, args: string[] = []): Promise<Running> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tracehub-bench-'));
  // BENCH_SERVER: another build's main.js (a checkout of an earlier commit), to measure before and after.
  const entry = process.env.BENCH_SERVER ?? path.join(REPO, 'apps/server/dist/main.js');
  // BENCH_SERVER_NODE_ARGS: extra options of the server's node, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`.
  const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeArgs, entry, ...args], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/api/health`, 180_000);
  return {
    url,
    child,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A reference server script of bench/lib on a free port, ready once its /ready answers. */
async function startScript(script: string, env: Record<string, string>): Promise<Running> {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(REPO, 'bench/lib', script)], {
    env: { ...process.env, PORT: String(port), ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/ready`);
  return {
    url,
    child,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

/** The reference: a bare Fastify process answering fixed JSON bodies from memory. */
export function startReference(routes: Record<string, string>): Promise<Running> {
  return startScript('reference-server.mjs', { ROUTES: JSON.stringify(routes) });
}

/** Resident memory (MiB) of a process and of every process below it (a supervisor and its workers). */
export function treeRssMb(pid: number): { total: number; processes: { pid: number; rssMb: number }[] } {
  const children = (p: number): number[] => {
    try {
      return readFileSync(`/proc/${p}/task/${p}/children`, 'utf8')
        .trim()
        .split(/\s+/)
        .filter(Boolean)
        .map(Number);
    } catch {
      return [];
    }
  };
  const all: number[] = [];
  const visit = (p: number) => {
    all.push(p);
    children(p).forEach(visit);
  };
  visit(pid);
  const processes = all.map((p) => {
    const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${p}/status`, 'utf8'))?.[1] ?? '0';
    return { pid: p, rssMb: Math.round(Number(kb) / 1024) };
  });
  return { total: processes.reduce((sum, p) => sum + p.rssMb, 0), processes };
}

/** The PostgreSQL reference (reference-pg-server.mjs): the list's SQL through a plain `pg` pool. */
export function startPgReference(databaseUrl: string, enterpriseUuid: string): Promise<Running> {
  return startScript('reference-pg-server.mjs', {
    DATABASE_URL: databaseUrl,
    ENTERPRISE_UUID: enterpriseUuid,
  });
}
