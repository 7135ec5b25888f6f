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
import type { TEnvelope } from '../lib/api-client.ts';
import { procCpuMs } from '../lib/cpu.ts';
import { freshPostgres } from '../lib/postgres.ts';
import { startTracehub } from '../lib/processes.ts';
import { mixedWorkload, signIn } from '../scenarios/load.ts';

const [connections = '10', count = '5000'] = process.argv.slice(2);
const N = Number(count);

const cpuMs = (pid: number) => procCpuMs(pid) ?? 0; // a process that has ended meanwhile
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
  // The load scenario's own steps, bodies and receipt numbering.
  const { steps } = mixedWorkload(token, randomBytes(3).toString('hex'));
  const chosen = (process.env.STEPS ?? '01234').split('').map((d) => steps[Number(d)]!);
  let sent = 0;
  const sendOne = async () => {
    const step = chosen[sent++ % chosen.length]!;
    const res = await fetch(`${server.url}${step.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: step.write ? step.write() : step.body,
    });
    const answer = (await res.json()) as TEnvelope<unknown>;
    if (answer.code !== '0000') throw new Error(`${step.path}: ${answer.code} ${answer.msg}`);
  };
  const sendMany = async (total: number) => {
    let left = total;
    await Promise.all(
      Array.from({ length: Number(connections) }, async () => {
        while (left-- > 0) await sendOne();
      }),
    );
  };
  await sendMany(500);
  // The supervisor and its children share its command line.
  const serverPids = [server.child.pid!, ...pidsOf(['-P', String(server.child.pid)])];
  const postgres = () => pidsOf(['-x', 'postgres']).reduce((sum, pid) => sum + cpuMs(pid), 0);
  const client = () => {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1000;
  };
  const before = { server: serverPids.map(cpuMs), postgres: postgres(), client: client() };
  const started = Date.now();
  await sendMany(N);
  const seconds = (Date.now() - started) / 1000;
  const after = { server: serverPids.map(cpuMs), postgres: postgres(), client: client() };
  const perRequest = (ms: number) => (ms / N).toFixed(2);
  const each = serverPids
    .map((pid, i) => `${pid} ${perRequest(after.server[i]! - before.server[i]!)}`)
    .join(', ');
  const total = after.server.reduce((sum, ms, i) => sum + ms - before.server[i]!, 0);
  console.log(
    `steps ${process.env.STEPS ?? '01234'}, ${connections} connections, ${(N / seconds).toFixed(0)} req/s; ms of CPU a request: ` +
      `server ${perRequest(total)} (by process ${each}), PostgreSQL ${perRequest(after.postgres - before.postgres)}, ` +
      `client ${perRequest(after.client - before.client)}`,
  );
} finally {
  await server.stop();
  await db.drop();
}
