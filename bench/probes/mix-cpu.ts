// CPU per request of the load mix's steps on the scaled-out server (`--api 2 --workers 1` on PostgreSQL, as
// `BENCH_ONLY=load` runs it): where the two cores go when the mix is bound by them. Starts the built server
// (apps/server/dist, or BENCH_SERVER) on a fresh database, signs in as demo-auto, sends 500 requests to warm
// up, then N more from C connections, and prints the CPU spent per request by each of the server's processes
// (the supervisor, two API processes, the worker), by all PostgreSQL backends on this machine and by this
// client (/proc/<pid>/stat; Linux). STEPS picks the mix's steps by number, in turn (default 01234: the
// receipts list, the receipts searched by batch, the materials list, a new purchase receipt, the account log).
//   npx tsx bench/probes/mix-cpu.ts 10 5000
//   STEPS=3 npx tsx bench/probes/mix-cpu.ts 10 3000
// Not one of the bench's targets: a probe for the load mix (docs/performance.md, fourteenth pass).
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { ACCOUNT_LOG_PAGE, postEnvelope as post } from '../lib/api-client.ts';
import { freshPostgres } from '../lib/postgres.ts';
import { startTracehub } from '../lib/processes.ts';
import { receiptBody, signIn } from '../scenarios/load.ts';

const [connections = '10', count = '5000'] = process.argv.slice(2);
const N = Number(count);
const HZ = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());

/** User and system CPU of a process, in clock ticks; 0 for one that has ended. */
function ticks(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}
const pidsOf = (args: string[]) =>
  execFileSync('pgrep', args, { encoding: 'utf8' }).trim().split('\n').map(Number);

const db = await freshPostgres(
  'mix_cpu',
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
);
const server = await startTracehub({ DATABASE_URL: db.url, LOG_LEVEL: 'error' }, [
  '--api',
  '2',
  '--workers',
  '1',
]);
try {
  const token = await signIn(server.url, 'demo-auto');
  const run = randomBytes(3).toString('hex');
  let written = 0;
  const receipts = `${server.url}/api/stagePurchase/receipt`;
  const steps = [
    () => post(`${receipts}/page`, { pageNo: 1, pageSize: 20 }, token),
    () => post(`${receipts}/page`, { pageNo: 1, pageSize: 20, batchNo: 'LOAD-1' }, token),
    () => post(`${server.url}/api/materialData/page`, { pageNo: 1, pageSize: 20 }, token),
    () => post(`${receipts}/add`, receiptBody(run, ++written), token),
    () => post(`${server.url}${ACCOUNT_LOG_PAGE.path}`, ACCOUNT_LOG_PAGE.body, token),
  ];
  const chosen = (process.env.STEPS ?? '01234').split('').map((d) => steps[Number(d)]!);
  let sent = 0;
  const sendMany = async (total: number) => {
    let left = total;
    await Promise.all(
      Array.from({ length: Number(connections) }, async () => {
        while (left-- > 0) {
          const answer = await chosen[sent++ % chosen.length]!();
          if (answer.code !== '0000') throw new Error(`${answer.code} ${answer.msg}`);
        }
      }),
    );
  };
  await sendMany(500);
  // The supervisor and its children share its command line.
  const serverPids = [server.child.pid!, ...pidsOf(['-P', String(server.child.pid)])];
  const postgres = () => pidsOf(['-x', 'postgres']).reduce((sum, pid) => sum + ticks(pid), 0);
  const client = () => {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1e6;
  };
  const before = { server: serverPids.map(ticks), postgres: postgres(), client: client() };
  const started = Date.now();
  await sendMany(N);
  const seconds = (Date.now() - started) / 1000;
  const after = { server: serverPids.map(ticks), postgres: postgres(), client: client() };
  const ms = (t: number) => ((t / HZ / N) * 1000).toFixed(2);
  const each = serverPids.map((pid, i) => `${pid} ${ms(after.server[i]! - before.server[i]!)}`).join(', ');
  const total = after.server.reduce((sum, t, i) => sum + t - before.server[i]!, 0);
  console.log(
    `steps ${process.env.STEPS ?? '01234'}, ${connections} connections, ${(N / seconds).toFixed(0)} req/s; ms of CPU a request: ` +
      `server ${ms(total)} (by process ${each}), PostgreSQL ${ms(after.postgres - before.postgres)}, ` +
      `client ${(((after.client - before.client) / N) * 1000).toFixed(2)}`,
  );
} finally {
  await server.stop();
  await db.drop();
}
