import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase } from '../../db/client.ts';
import { createMailer } from '../../platform/mail.ts';
import { indexPlan } from './documents.ts';
import { planScale, type ScaleSizes } from './plan.ts';
import { writeDocuments } from './write.ts';

// A worker thread of the document phase (PostgreSQL): signing every document's evidence (secp256k1) is
// most of the work, and a thread takes one core. It rebuilds the plan its parent found (same sizes, seed
// and group size: the same plan), opens its own connections, and writes the documents of the enterprises
// it is given, one at a time, reporting rows as they commit.

export interface WorkerInit {
  sizes: ScaleSizes;
  fixed: { groupSize: number; stockLots: number };
  databaseUrl: string;
  masterKeyHex: string;
  mailFrom: string;
  admins: number[];
}

export type ToWorker = { type: 'write'; ent: number } | { type: 'close' };
export type FromWorker =
  | { type: 'ready' }
  | { type: 'rows'; rows: number }
  | { type: 'done'; ent: number; written: [string, number][] }
  | { type: 'failed'; message: string };

const port = parentPort!;
const init = workerData as WorkerInit;
const send = (m: FromWorker) => port.postMessage(m);

const plan = planScale(init.sizes, init.fixed);
const index = indexPlan(plan);
const database = await openDatabase({ url: init.databaseUrl, dataDir: '', migrationsDir: '', poolSize: 2 });
const deps = {
  db: database.db,
  masterKey: Buffer.from(init.masterKeyHex, 'hex'),
  mailer: createMailer({ from: init.mailFrom, log: () => undefined }),
};

port.on('message', (m: ToWorker) => {
  if (m.type === 'close') {
    void database.close().then(() => port.close());
    return;
  }
  const e = plan.ents[m.ent]!;
  writeDocuments(deps, plan, index, e, init.admins[e.index]!, (rows) => send({ type: 'rows', rows }))
    .then((written) => send({ type: 'done', ent: m.ent, written: [...written] }))
    .catch((err: unknown) =>
      send({ type: 'failed', message: err instanceof Error ? (err.stack ?? err.message) : String(err) }),
    );
});
send({ type: 'ready' });
