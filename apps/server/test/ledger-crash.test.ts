import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TInclusionProof } from '@tracehub/contract';
import { openDatabase } from '../src/db/client.ts';
import { files } from '../src/db/schema.ts';
import { MIGRATIONS_DIR } from '../src/paths.ts';
import { AUTO_UUID, DEMO_PASSWORD } from './support/app.ts';
import { pngBytes, sha256 } from './support/files.ts';
import { expectProofVerifies } from './support/ledger.ts';
import { freePort } from './support/net.ts';

// Crash safety: evidence is committed with its business change, so a process killed (SIGKILL) after the
// write and before sealing loses nothing: the next start seals it. The server runs as a real child process
// on an on-disk PGlite directory (or a fresh PostgreSQL database when DATABASE_URL is set).

const SERVER_DIR = path.resolve(import.meta.dirname, '..');

interface Envelope<T> {
  code: string;
  msg: string;
  data: T;
}

describe('crash between business write and sealing', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tracehub-crash-'));
  let env: Record<string, string>;
  let child: ChildProcess | null = null;
  let base = '';
  let dbName: string | null = null;

  const start = async (sealIntervalMs: number): Promise<void> => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}/api`;
    child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: SERVER_DIR,
      env: { ...process.env, ...env, PORT: String(port), LEDGER_SEAL_INTERVAL_MS: String(sealIntervalMs) },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const until = Date.now() + 90_000;
    for (;;) {
      try {
        if ((await fetch(`${base}/health`)).ok) return;
      } catch {
        // not up yet
      }
      if (Date.now() > until || child.exitCode !== null) throw new Error('the server did not start');
      await new Promise((r) => setTimeout(r, 200));
    }
  };
  const exited = (c: ChildProcess) =>
    new Promise<number | null>((resolve) =>
      c.exitCode !== null ? resolve(c.exitCode) : c.once('exit', (code) => resolve(code)),
    );
  const post = async <T>(p: string, body: unknown, token?: string): Promise<Envelope<T>> =>
    (await fetch(`${base}${p}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    }).then((r) => r.json())) as Envelope<T>;
  const proof = async (hash: string) =>
    (await fetch(`${base}/public/ledger/proof?hash=${hash}`).then((r) =>
      r.json(),
    )) as Envelope<TInclusionProof>;
  const verifyCli = (extraEnv: Record<string, string> = {}) =>
    spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/ledger-verify.ts'], {
      cwd: SERVER_DIR,
      env: { ...process.env, ...env, ...extraEnv },
      encoding: 'utf8',
    });

  beforeAll(async () => {
    env = {
      DATA_DIR: dataDir,
      MASTER_KEY: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      DATABASE_URL: '',
    };
    const adminUrl = process.env.DATABASE_URL;
    if (adminUrl) {
      dbName = `th_crash_${process.pid}_${randomBytes(4).toString('hex')}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${dbName}`);
      await admin.end();
      const u = new URL(adminUrl);
      u.pathname = `/${dbName}`;
      env.DATABASE_URL = u.toString();
    }
  });
  afterAll(async () => {
    if (child && child.exitCode === null) {
      child.kill('SIGKILL');
      await exited(child);
    }
    rmSync(dataDir, { recursive: true, force: true });
    if (dbName && process.env.DATABASE_URL) {
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await admin.end();
    }
  });

  it('seals after a restart everything written before a kill -9, and ledger:verify then passes', async () => {
    // Sealing every hour: nothing written below is sealed before the kill.
    await start(3_600_000);
    const step = await post<{ verifyKey: string }>('/login/loginByPwd', {
      loginAccount: 'demo-auto',
      password: DEMO_PASSWORD,
    });
    const session = await post<{ token: string }>('/login/selectEnterprise', {
      isLogined: false,
      loginAccount: 'demo-auto',
      enterpriseUuid: AUTO_UUID,
      verifyKey: step.data.verifyKey,
    });
    const token = session.data.token;
    // Uploads are filed under a record of the enterprise.
    const project = await post<{ id: number }>('/project/add', { code: 'CRASH' }, token);
    expect(project.code).toBe('0000');
    const hashes: string[] = [];
    for (let i = 0; i < 3; i++) {
      const content = pngBytes(6 + i, true);
      const form = new FormData();
      form.append('file', new Blob([content]), `crash-${i}.png`);
      const res = (await fetch(`${base}/file/upload?bizType=attachment&bizNo=Project:${project.data.id}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      }).then((r) => r.json())) as Envelope<{ fileHash: string }>;
      expect(res.code).toBe('0000');
      hashes.push(res.data.fileHash);
      expect(res.data.fileHash).toBe(sha256(content));
    }
    const changed = await post(
      '/enterprise/updateEnglishName',
      { englishName: 'Galaxy Crash Test Motors' },
      token,
    );
    expect(changed.code).toBe('0000');
    for (const hash of hashes) expect((await proof(hash)).code).toBe('L3001');

    child!.kill('SIGKILL');
    expect(await exited(child!)).toBeNull();

    // Restart: pending evidence is sealed at start.
    await start(200);
    const key = (await fetch(`${base}/public/ledger/key`).then((r) => r.json())) as Envelope<{
      publicKey: string;
    }>;
    for (const hash of hashes) {
      const res = await proof(hash);
      expect(res.code).toBe('0000');
      expectProofVerifies(res.data, key.data.publicKey);
    }
    child!.kill('SIGTERM');
    expect(await exited(child!)).toBe(0);

    const clean = verifyCli({ LEDGER_PUBLIC_KEY: key.data.publicKey });
    expect(clean.stdout).toMatch(
      /^Ledger verified: \d+ blocks, \d+ leaves \(\d+ sealed events, 0 not sealed yet\)/,
    );
    expect(clean.status).toBe(0);

    // A changed business row makes the command fail with the location.
    const database = await openDatabase({
      url: env.DATABASE_URL || undefined,
      dataDir,
      migrationsDir: MIGRATIONS_DIR,
    });
    await database.db.update(files).set({ fileName: 'forged.png' }).where(eq(files.sha256, hashes[0]!));
    await database.close();
    const failed = verifyCli();
    expect(failed.status).toBe(1);
    expect(failed.stdout).toContain('Ledger verification FAILED: 1 problem(s)');
    expect(failed.stdout).toMatch(
      /leaf \d+ \(event \d+\): file [0-9a-f]{32} changed since its evidence: fileName/,
    );
    expect(verifyCli({ LEDGER_PUBLIC_KEY: 'ab'.repeat(32) }).stdout).toContain(
      'platform signature does not verify',
    );
    // Two server processes and four CLI runs, each starting TypeScript: slow on a loaded machine.
  }, 240_000);
});
