import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from './support/app.ts';
import { freePort } from './support/net.ts';

// A first start of the embedded database creates, migrates and seeds it in a process of its own, which
// exits before the serving process opens the directory (main.ts prepareInProcess: the memory seeding used
// goes with that process). A later start on the same directory opens it in the serving process alone.

const SERVER_DIR = path.resolve(import.meta.dirname, '..');

interface TStart {
  child: ChildProcess;
  /** The pid of every process that wrote a log line, in order of appearance. */
  pids: () => number[];
  messages: () => string[];
}

async function start(dataDir: string, env: Record<string, string>): Promise<TStart> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: { ...process.env, ...env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines: { pid: number; msg: string }[] = [];
  let rest = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    const text = rest + chunk.toString();
    const parts = text.split('\n');
    rest = parts.pop() ?? '';
    for (const line of parts) {
      if (!line.startsWith('{')) continue;
      const entry = JSON.parse(line) as { pid: number; msg?: string };
      lines.push({ pid: entry.pid, msg: entry.msg ?? '' });
    }
  });
  const until = Date.now() + 120_000;
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > until || child.exitCode !== null) throw new Error('the server did not start');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const base = `http://127.0.0.1:${port}/api`;
  // Seeded: the demo account's password is accepted.
  const signIn = await fetch(`${base}/login/loginByPwd`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ loginAccount: 'demo-auto', password: DEMO_PASSWORD }),
  });
  expect(((await signIn.json()) as { code: string }).code).toBe('0000');
  return {
    child,
    pids: () => [...new Set(lines.map((l) => l.pid))],
    messages: () => lines.map((l) => l.msg),
  };
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe.skipIf(Boolean(process.env.DATABASE_URL))('first start of the embedded database', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tracehub-first-start-'));
  const env = {
    MASTER_KEY: randomBytes(32).toString('hex'),
    NODE_ENV: 'development',
    SEED_DEMO_CHAIN: 'false',
    SEED_DEMO_MONITORING: 'false',
  };
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('prepares a new directory in a process that has exited before the server serves, and a restart opens it alone', async () => {
    const first = await start(dataDir, env);
    try {
      const pids = first.pids();
      expect(pids).toHaveLength(2);
      const [preparer, server] = pids as [number, number];
      expect(server).toBe(first.child.pid);
      expect(running(preparer)).toBe(false);
      expect(first.messages()).toContain(
        'embedded database prepared in a process of its own; the serving process opens it',
      );
      expect(existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'))).toBe(true);
    } finally {
      await stop(first.child);
    }

    const second = await start(dataDir, env);
    try {
      expect(second.pids()).toEqual([second.child.pid]);
    } finally {
      await stop(second.child);
    }
  }, 300_000);
});
