// CPU per request on PostgreSQL, for comparing two builds of the server or two kinds of request (a same-run
// reference: run them in turn, alternating). Starts the built server (apps/server/dist, or BENCH_SERVER) on a
// fresh database, signs in as demo-auto, sends 500 requests of the kind to warm up, then N more from 10
// connections, and prints the CPU the server's process and all PostgreSQL backends on this machine spent per
// request (/proc/<pid>/stat; Linux). Kinds: `write` (the load mix's purchase receipt), `list` (the api
// scenario's account log page), `receipts` (the load mix's first page of purchase receipts, with its capped
// total), `health` (the health check). PREWRITE=n writes n receipts first and SETTLE=ms waits after them (for
// the background sealing and the statistics keeper), so that a list is measured on a grown table. E.g.
//   npx tsx bench/probes/request-cpu.ts write 3000 after
//   BENCH_SERVER=/work/wt-base/apps/server/dist/main.js npx tsx bench/probes/request-cpu.ts write 3000 before
// Not one of the bench's targets: a probe for a change of the request path (docs/performance.md).
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { procCpuMs } from '../lib/cpu.ts';
import { freshPostgres } from '../lib/postgres.ts';
import { startTracehub } from '../lib/processes.ts';
import { ACCOUNT_LOG_PAGE, postEnvelope as post } from '../lib/api-client.ts';
import { receiptBody, signIn } from '../scenarios/load.ts';

const [kind = 'write', count = '3000', label = ''] = process.argv.slice(2);
const N = Number(count);
const CONNECTIONS = 10;
/** User and system CPU of a process so far, in ms; 0 for one that has ended meanwhile. */
const cpuMs = (pid: number) => procCpuMs(pid) ?? 0;
const postgresCpuMs = () =>
  embedded
    ? 0
    : execFileSync('pgrep', ['-x', 'postgres'], { encoding: 'utf8' })
        .trim()
        .split('\n')
        .reduce((sum, pid) => sum + cpuMs(Number(pid)), 0);

// BENCH_DATABASE_URL=embedded: the server on its embedded PGlite (its CPU is then all in the server's).
const embedded = process.env.BENCH_DATABASE_URL === 'embedded';
const db = embedded
  ? { url: '', drop: async () => undefined }
  : await freshPostgres(
      'request_cpu',
      process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
    );
const server = await startTracehub(embedded ? {} : { DATABASE_URL: db.url });
try {
  const token = await signIn(server.url, 'demo-auto');
  const run = randomBytes(3).toString('hex');
  let n = 0;
  const write = async (): Promise<void> => {
    const answer = await post(`${server.url}/api/stagePurchase/receipt/add`, receiptBody(run, ++n), token);
    if (answer.code !== '0000') throw new Error(`${answer.code} ${answer.msg}`);
  };
  const send = async (): Promise<void> => {
    if (kind === 'health') {
      const res = await fetch(`${server.url}/api/health`);
      await res.text();
      if (!res.ok) throw new Error(`health ${res.status}`);
      return;
    }
    if (kind === 'write') return write();
    const answer =
      kind === 'receipts'
        ? await post(`${server.url}/api/stagePurchase/receipt/page`, { pageNo: 1, pageSize: 20 }, token)
        : await post(`${server.url}${ACCOUNT_LOG_PAGE.path}`, ACCOUNT_LOG_PAGE.body, token);
    if (answer.code !== '0000') throw new Error(`${answer.code} ${answer.msg}`);
  };
  const sendMany = async (total: number, one = send) => {
    let left = total;
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        while (left-- > 0) await one();
      }),
    );
  };
  const prewrite = Number(process.env.PREWRITE ?? 0);
  if (prewrite > 0) {
    await sendMany(prewrite, write);
    await new Promise((resolve) => setTimeout(resolve, Number(process.env.SETTLE ?? 0)));
  }
  await sendMany(500);
  const before = [cpuMs(server.child.pid!), postgresCpuMs()];
  const started = Date.now();
  await sendMany(N);
  const after = [cpuMs(server.child.pid!), postgresCpuMs()];
  const perRequest = (i: number) => ((after[i]! - before[i]!) / N).toFixed(2);
  const rate = (N / ((Date.now() - started) / 1000)).toFixed(0);
  console.log(
    `${label} ${N} ${kind} requests, ${rate} req/s: server ${perRequest(0)} ms, PostgreSQL ${perRequest(1)} ms of CPU a request`,
  );
} finally {
  await server.stop();
  await db.drop();
}
