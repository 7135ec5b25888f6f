// CPU per write on PostgreSQL, for comparing two builds of the server (a same-run reference: run them in
// turn, alternating). Starts the built server on a new database, signs in as demo-auto, writes 500 purchase
// receipts to warm up, then N more from 10 connections, and prints the CPU time the server's process and all
// PostgreSQL backends on this machine spent per write (/proc/<pid>/stat; Linux). E.g.
//   node bench/probes/write-cpu.mjs apps/server/dist/main.js 3000 after
//   node bench/probes/write-cpu.mjs /work/wt-base/apps/server/dist/main.js 3000 before
// Not part of the bench's targets: a probe for a change of the write path (docs/performance.md).
import { spawn, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

const [entry = 'apps/server/dist/main.js', count = '3000', label = ''] = process.argv.slice(2);
const N = Number(count);
const admin = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const name = `write_cpu_${process.pid}_${Date.now().toString(36)}`;
const url = new URL(admin);
url.pathname = `/${name}`;

async function onAdmin(statement) {
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

const ticks = (pid) => {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return Number(fields[11]) + Number(fields[12]); // utime + stime, in clock ticks
};
const postgresTicks = () =>
  execFileSync('pgrep', ['-x', 'postgres'], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .reduce((sum, pid) => {
      try {
        return sum + ticks(pid);
      } catch {
        return sum; // a backend that ended meanwhile
      }
    }, 0);
const HZ = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());

await onAdmin(`create database ${name}`);
const port = 19000 + (process.pid % 1000);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'write-cpu-'));
const server = spawn(process.execPath, [entry], {
  env: { ...process.env, DATABASE_URL: url.href, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  stdio: 'ignore',
});
const base = `http://127.0.0.1:${port}`;
try {
  for (let i = 0; ; i++) {
    if (i > 240) throw new Error('the server did not start');
    if (
      await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await new Promise((r) => setTimeout(r, 500));
  }
  const post = async (p, body, token) =>
    (
      await fetch(base + p, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify(body),
      })
    ).json();
  const step = await post('/api/login/loginByPwd', { loginAccount: 'demo-auto', password: 'Demo@12345' });
  const session = await post('/api/login/selectEnterprise', {
    isLogined: false,
    loginAccount: 'demo-auto',
    enterpriseUuid: step.data.enterprises[0].enterpriseUuid,
    verifyKey: step.data.verifyKey,
  });
  const token = session.data.token;
  let n = 0;
  const receipt = () => ({
    billNo: `WCPU-${++n}`,
    bizTime: Date.UTC(2026, 10, 1) + n * 1000,
    partnerCode: 'HX-BAT',
    itemCode: 'XH-CELL',
    batchNo: `LOAD-${n % 500}`,
    quantity: '12',
    unitPrice: '3.5',
    currency: 'CNY',
    amount: '42',
  });
  const write = async (total) => {
    let left = total;
    await Promise.all(
      Array.from({ length: 10 }, async () => {
        while (left-- > 0) {
          const answer = await post('/api/stagePurchase/receipt/add', receipt(), token);
          if (answer.code !== '0000') throw new Error(JSON.stringify(answer));
        }
      }),
    );
  };
  await write(500);
  const before = [ticks(server.pid), postgresTicks()];
  const started = Date.now();
  await write(N);
  const after = [ticks(server.pid), postgresTicks()];
  const perWrite = (i) => (((after[i] - before[i]) / HZ / N) * 1000).toFixed(2);
  console.log(
    `${label} ${N} writes, ${(N / ((Date.now() - started) / 1000)).toFixed(0)} req/s: server ${perWrite(0)} ms, PostgreSQL ${perWrite(1)} ms of CPU a write`,
  );
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.on('exit', r));
  fs.rmSync(dataDir, { recursive: true, force: true });
  await onAdmin(`drop database if exists ${name} with (force)`);
}
