import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TImportRecord, TMaterial } from '@tracehub/contract';
import { openDatabase } from '../src/db/client.ts';
import { MIGRATIONS_DIR, REPO_ROOT } from '../src/paths.ts';
import { verifyLedger } from '../src/platform/ledger/verify.ts';
import { DEMO_PASSWORD } from './support/app.ts';
import { MATERIAL_IMPORT_HEADERS } from './support/material-headers.ts';
import { freePort } from './support/net.ts';
import { xlsxOf } from './support/workbooks.ts';

/**
 * Scale-out on PostgreSQL (issue 7): the real entry point started as `main.ts --api 2 --workers 2` (a
 * supervisor, two HTTP processes sharing one port, two background workers), driven over real sockets.
 * Concurrent writes go through both API processes; an import is run by a worker; two sealers compete.
 * Every change must be present once, with its evidence sealed exactly once into a ledger that verifies.
 */
const adminUrl = process.env.DATABASE_URL;

interface Reply<T> {
  status: number;
  instance: string | undefined;
  body: { code: string; msg: string; data: T };
}

/** One request on a connection of its own, so that the cluster hands it to the next process. */
function request<T>(
  base: string,
  route: string,
  opts: { body?: unknown; token?: string; method?: string } = {},
): Promise<Reply<T>> {
  const payload = opts.body === undefined ? undefined : Buffer.from(JSON.stringify(opts.body));
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${base}/api${route}`,
      {
        method: opts.method ?? 'POST',
        agent: false,
        headers: {
          ...(payload ? { 'content-type': 'application/json', 'content-length': payload.length } : {}),
          ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          try {
            resolve({
              status: res.statusCode ?? 0,
              instance: res.headers['x-tracehub-instance'] as string | undefined,
              body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Reply<T>['body'],
            });
          } catch (err) {
            reject(err as Error);
          }
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

async function until<T>(what: string, probe: () => Promise<T | null | undefined>, ms = 60_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await probe().catch(() => null);
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function inParallel<T>(count: number, width: number, task: (i: number) => Promise<T>): Promise<T[]> {
  const results: T[] = new Array<T>(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < count) {
        const i = next++;
        results[i] = await task(i);
      }
    }),
  );
  return results;
}

/** Rows of one query on the cluster's database, read beside the processes with a client of its own. */
async function rowsOf<T>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows as T[];
  } finally {
    await client.end();
  }
}

describe.skipIf(!adminUrl)('two API processes and two workers on one PostgreSQL', () => {
  const dbName = `th_scale_${process.pid}_${randomBytes(4).toString('hex')}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tracehub-scale-'));
  let url = '';
  let base = '';
  let cluster: ChildProcess;
  let output = '';
  let token = '';

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    await admin.end();
    const u = new URL(adminUrl!);
    u.pathname = `/${dbName}`;
    url = u.toString();
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    cluster = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(REPO_ROOT, 'apps/server/src/main.ts'), '--api', '2', '--workers', '2'],
      {
        cwd: REPO_ROOT,
        env: {
          ...process.env,
          DATABASE_URL: url,
          PORT: String(port),
          DATA_DIR: dataDir,
          NODE_ENV: 'test',
          LOG_LEVEL: 'warn',
          SEED_DEMO: 'true',
          SEED_DEMO_CHAIN: 'false',
          MASTER_KEY: randomBytes(32).toString('hex'),
          LEDGER_SEAL_INTERVAL_MS: '100',
          JOB_POLL_INTERVAL_MS: '100',
          DB_POOL_SIZE: '4',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    cluster.stdout!.on('data', (c: Buffer) => (output += c.toString()));
    cluster.stderr!.on('data', (c: Buffer) => (output += c.toString()));
    await until(
      'the console to serve',
      async () => output.includes('Tracehub console:') && (await request(base, '/health', { method: 'GET' })),
      120_000,
    );
    const step = await request<{ verifyKey: string; enterprises: { enterpriseUuid: string }[] }>(
      base,
      '/login/loginByPwd',
      { body: { loginAccount: 'demo-auto', password: DEMO_PASSWORD } },
    );
    const session = await request<{ token: string }>(base, '/login/selectEnterprise', {
      body: {
        isLogined: false,
        loginAccount: 'demo-auto',
        enterpriseUuid: step.body.data.enterprises[0]!.enterpriseUuid,
        verifyKey: step.body.data.verifyKey,
      },
    });
    token = session.body.data.token;
    expect(token).toBeTruthy();
  }, 180_000);

  afterAll(async () => {
    if (cluster && cluster.exitCode === null) {
      cluster.kill('SIGTERM');
      await new Promise((r) => cluster.once('exit', r));
    }
    rmSync(dataDir, { recursive: true, force: true });
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
  }, 60_000);

  it('says how many processes serve, and each answers under its own name', () => {
    expect(output).toContain('2 × API, 2 × background worker');
    expect(output).toContain('PostgreSQL (DATABASE_URL)');
  });

  it('writes concurrently through both API processes: every record once, its evidence sealed once', async () => {
    const codes = Array.from({ length: 120 }, (_, i) => `SCALE-${String(i).padStart(3, '0')}`);
    const replies = await inParallel(codes.length, 16, (i) =>
      request<TMaterial>(base, '/materialData/add', {
        token,
        body: { code: codes[i], name: `并发物料 ${i}`, batchNo: 'B1' },
      }),
    );
    expect(replies.map((r) => r.body.code)).toEqual(codes.map(() => '0000'));
    // The one session token works in both processes; the writes were spread over both.
    expect(new Set(replies.map((r) => r.instance))).toEqual(new Set(['api-1', 'api-2']));

    // Some repeats of the same codes at once: the unique key refuses every second copy, never duplicates.
    const again = await inParallel(20, 10, (i) =>
      request(base, '/materialData/add', { token, body: { code: codes[i], name: 'again', batchNo: 'B1' } }),
    );
    expect(again.every((r) => r.body.code !== '0000')).toBe(true);

    await until('every event sealed by the workers', async () => {
      const [pending] = await rowsOf<{ n: number }>(
        url,
        'select count(*)::int as n from ledger_events where block_height is null',
      );
      return pending!.n === 0;
    });
    const stored = await rowsOf<{ code: string; n: number }>(
      url,
      `select code, count(*)::int as n from materials where code like 'SCALE-%' group by code order by code`,
    );
    expect(stored).toEqual(codes.map((code) => ({ code, n: 1 })));

    const events = await rowsOf<{ subject_id: string; n: number; sealed: number }>(
      url,
      `select e.subject_id, count(*)::int as n, count(e.block_height)::int as sealed
         from ledger_events e join materials m on e.subject_id = m.id::text
        where e.event_type = 'material.created' and m.code like 'SCALE-%'
        group by e.subject_id`,
    );
    expect(events).toHaveLength(codes.length);
    expect(events.every((e) => e.n === 1 && e.sealed === 1)).toBe(true);

    // Two sealers competed: every leaf has one index, the indexes have no gap, the blocks chain.
    const [leaves] = await rowsOf<{ n: number; distinct_indexes: number; max_index: number }>(
      url,
      `select count(*)::int as n, count(distinct leaf_index)::int as distinct_indexes,
              max(leaf_index)::int as max_index from ledger_events`,
    );
    expect(leaves!.distinct_indexes).toBe(leaves!.n);
    expect(leaves!.max_index).toBe(leaves!.n - 1);
    const key = await request<{ publicKey: string }>(base, '/public/ledger/key', { method: 'GET' });
    const database = await openDatabase({ url, dataDir, migrationsDir: MIGRATIONS_DIR, poolSize: 2 });
    try {
      const report = await verifyLedger(database.db, { publicKeyHex: key.body.data.publicKey });
      expect(report.problems).toEqual([]);
    } finally {
      await database.close();
    }
  }, 120_000);

  it('runs an uploaded import in a worker process, once, with the file one process stored', async () => {
    const content = await xlsxOf([
      [...MATERIAL_IMPORT_HEADERS.purchased.zh],
      ...Array.from({ length: 50 }, (_, i) => [`SCALE-IMP-${i}`, `导入物料 ${i}`, null, 'B1']),
    ]);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(content)]), 'materials.xlsx');
    const res = await fetch(`${base}/api/materialData/importExcel`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    const queued = (await res.json()) as Reply<TImportRecord>['body'];
    expect(queued.code).toBe('0000');
    const done = await until('the import to complete', async () => {
      const r = await request<TImportRecord>(base, `/import/records/${queued.data.id}`, {
        token,
        method: 'GET',
      });
      return r.body.data.status === 'completed' ? r.body.data : null;
    });
    expect(done).toMatchObject({ importNum: 50, successNum: 50, defeatNum: 0, existNum: 0 });

    expect(await rowsOf(url, `select status, attempts from jobs where kind = 'import'`)).toEqual([
      { status: 'done', attempts: 1 },
    ]);
    expect(
      await rowsOf(url, `select count(*)::int as n from materials where code like 'SCALE-IMP-%'`),
    ).toEqual([{ n: 50 }]);
  }, 120_000);

  it('counts failed sign-ins across processes: the fourth try waits whichever process answers', async () => {
    const tries = await inParallel(8, 1, () =>
      request(base, '/login/loginByPwd', {
        body: { loginAccount: 'demo-supplier', password: 'Wrong@12345' },
      }),
    );
    expect(new Set(tries.map((t) => t.instance))).toEqual(new Set(['api-1', 'api-2']));
    // Three wrong passwords (THROTTLE.freeTries) from this client, then it waits (U0004) in both processes.
    const codes = tries.map((t) => t.body.code);
    expect(codes.slice(0, 3)).toEqual(['U0001', 'U0001', 'U0001']);
    expect(codes.slice(3)).toEqual(['U0004', 'U0004', 'U0004', 'U0004', 'U0004']);
  });

  it('sends one e-mail code per interval, however many processes are asked at once', async () => {
    const asks = await inParallel(8, 8, () =>
      request(base, '/login/getLoginMailVerifyCode', {
        body: { email: 'scale-out@example.com', purpose: 'register' },
      }),
    );
    expect(new Set(asks.map((a) => a.instance))).toEqual(new Set(['api-1', 'api-2']));
    expect(asks.map((a) => a.body.code).sort()).toEqual(['0000', ...Array(7).fill('U0015')].sort());
    expect(
      await rowsOf(url, `select count(*)::int as n from mail_codes where email = 'scale-out@example.com'`),
    ).toEqual([{ n: 1 }]);
  });

  it('stops every process on SIGTERM', async () => {
    cluster.kill('SIGTERM');
    const code = await new Promise<number | null>((r) => cluster.once('exit', (c) => r(c)));
    expect(code).toBe(0);
  }, 30_000);
});
