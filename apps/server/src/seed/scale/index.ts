import { and, count, eq, inArray, isNotNull, isNull, like, or, sql } from 'drizzle-orm';
import { documentTypeByTypeCode } from '@tracehub/contract';
import type { Db } from '../../db/client.ts';
import {
  certifications,
  documents,
  enterprises,
  files,
  knownCompanies,
  ledgerBlocks,
  ledgerEvents,
  materialRelations,
  materials,
  partners,
  products,
  projectCodes,
  users,
} from '../../db/schema.ts';
import { Worker } from 'node:worker_threads';
import type { AppDeps } from '../../platform/context.ts';
import { sealPending } from '../../platform/ledger/sealer.ts';
import { vacuumTables } from '../../platform/statistics.ts';
import { DEMO_PASSWORD } from '../demo.ts';
import { indexPlan } from './documents.ts';
import { writeEnterprises } from './enterprises.ts';
import { planScale, type Plan, type ScaleSizes } from './plan.ts';
import type { FromWorker, ToWorker, WorkerInit } from './worker.ts';
import { progressLog, writeAttachments, writeDocuments, writeMasterData } from './write.ts';

// `npm run seed:scale`: a large, realistic and deterministic multi-tier supply chain (see plan.ts and
// chain.ts for what it holds), written through the services and importers the API uses, each record with
// its evidence, sealed into blocks at the end. It refuses a database that already holds scale data (its
// accounts or companies): run it into a fresh DATA_DIR or database.

export { planScale, ScaleSizeError, type ScaleSizes } from './plan.ts';

export interface ScaleOptions extends ScaleSizes {
  /** Enterprises written at once in this thread (PostgreSQL only; the embedded database has one connection). */
  concurrency?: number;
  /**
   * Worker threads writing documents (PostgreSQL only; 0: this thread). Workers load the TypeScript
   * sources through tsx, as `npm run seed:scale` runs.
   */
  workers?: number;
  /** The plan of these sizes when the caller made it already (to refuse impossible sizes early). */
  plan?: Plan;
  log?: (line: string) => void;
}

/** The database already holds scale data (or companies with the same registration codes). */
export class ScaleDataPresent extends Error {}

export interface ScaleSummary {
  plan: { groupSize: number; stockLots: number; lots: number; shipments: number };
  counts: Record<string, number>;
  documentsByType: Record<string, number>;
  ledger: { events: number; unsealed: number; blocks: number; sealedNow: number };
  seconds: Record<string, number>;
  credentials: { role: string; username: string; enterprise: string; password: string }[];
}

/** Attachments: one per 500 documents, at least one per enterprise, at most 2,000. */
const attachmentsFor = (plan: Plan) =>
  Math.min(
    2_000,
    plan.chain.shipments.length,
    Math.max(plan.ents.length, Math.round(plan.sizes.documents / 500)),
  );

async function refuseExisting(db: Db, plan: Plan): Promise<void> {
  const uscis = plan.ents.map((e) => e.usci);
  const [accounts] = await db.select({ n: count() }).from(users).where(like(users.username, 'scale-%'));
  const [companies] = await db
    .select({ n: count() })
    .from(enterprises)
    .where(inArray(enterprises.usci, uscis));
  const [applications] = await db
    .select({ n: count() })
    .from(certifications)
    .where(inArray(certifications.usci, uscis));
  const [registry] = await db
    .select({ n: count() })
    .from(knownCompanies)
    .where(inArray(knownCompanies.usci, uscis));
  if ((accounts?.n ?? 0) > 0) {
    throw new ScaleDataPresent(
      `This database already holds scale data (${accounts!.n} scale-* accounts). seed:scale only writes into a ` +
        'database without it: use a fresh DATA_DIR (embedded database) or a new PostgreSQL database.',
    );
  }
  if ((companies?.n ?? 0) + (applications?.n ?? 0) + (registry?.n ?? 0) > 0) {
    throw new ScaleDataPresent(
      'This database already holds companies with the registration codes of this data set; use a fresh database.',
    );
  }
}

/** Runs `work` for each item, `concurrency` at a time, in order of the list. */
async function eachAtOnce<T>(items: readonly T[], concurrency: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
}

export async function seedScale(deps: AppDeps, opts: ScaleOptions): Promise<ScaleSummary> {
  const log = opts.log ?? (() => undefined);
  const concurrency = deps.dbKind === 'pglite' ? 1 : (opts.concurrency ?? 2);
  const seconds: Record<string, number> = {};
  const began = performance.now();
  let mark = began;
  const lap = (name: string) => {
    const now = performance.now();
    seconds[name] = Math.round((now - mark) / 100) / 10;
    mark = now;
  };

  const plan = opts.plan ?? planScale(opts);
  const planned = [...plan.counts.values()].reduce((s, n) => s + n, 0);
  log(
    `plan: ${plan.ents.length} enterprises, ${opts.vins} VINs in build groups of ${plan.groupSize}` +
      `${plan.stockLots ? ` (+${plan.stockLots} stock lots)` : ''}, ${plan.chain.lots.length} lots, ` +
      `${plan.chain.shipments.length} shipments, ${planned} documents`,
  );
  lap('plan');
  await refuseExisting(deps.db, plan);

  const admins = await writeEnterprises(deps, plan.ents, log);
  lap('enterprises');

  const index = indexPlan(plan);
  let masterDone = 0;
  await eachAtOnce(plan.ents, concurrency, async (e) => {
    await writeMasterData(deps, plan, index, e, admins[e.index]!);
    if (++masterDone % 20 === 0 || masterDone === plan.ents.length) {
      log(`master data: ${masterDone} / ${plan.ents.length} enterprises`);
    }
  });
  lap('masterData');

  const onRows = progressLog(planned, log);
  const written = new Map<string, number>();
  const tally = (rows: Iterable<[string, number]>) => {
    for (const [code, n] of rows) written.set(code, (written.get(code) ?? 0) + n);
  };
  // The largest enterprises first, so that the last ones running at once are small.
  const weight = (i: number) =>
    (index.asClient.get(i)?.length ?? 0) + (index.builds.get(i)?.length ?? 0) * 50;
  const order = [...plan.ents].sort((a, b) => weight(b.index) - weight(a.index) || a.index - b.index);
  const workers = deps.dbKind === 'postgres' && deps.config.DATABASE_URL ? (opts.workers ?? 0) : 0;
  if (workers > 0) {
    await inWorkers(
      {
        sizes: { enterprises: opts.enterprises, vins: opts.vins, documents: opts.documents, seed: opts.seed },
        fixed: { groupSize: plan.groupSize, stockLots: plan.stockLots },
        databaseUrl: deps.config.DATABASE_URL!,
        masterKeyHex: deps.masterKey.toString('hex'),
        mailFrom: deps.config.MAIL_FROM,
        admins,
      },
      order.map((e) => e.index),
      workers,
      onRows,
      tally,
    );
  } else {
    await eachAtOnce(order, concurrency, async (e) => {
      tally(await writeDocuments(deps, plan, index, e, admins[e.index]!, onRows));
    });
  }
  for (const [code, n] of plan.counts) {
    if ((written.get(code) ?? 0) !== n)
      throw new Error(`${code}: planned ${n} documents, wrote ${written.get(code) ?? 0}`);
  }
  lap('documents');

  const attached = await writeAttachments(deps, plan, admins, attachmentsFor(plan));
  log(`attachments: ${attached} uploaded`);
  lap('attachments');

  log('sealing the evidence into blocks ...');
  const sealed = await sealPending(deps.db, deps.platformKey);
  lap('sealing');
  if (deps.dbKind === 'pglite') {
    // The embedded database has no autovacuum, and its keeper's first vacuum of a million new documents would
    // hold the server's one connection at its next start, every request waiting. Done here instead.
    log('vacuuming the embedded database ...');
    await vacuumTables(deps.db);
    lap('vacuum');
  }

  const summary = await summarize(deps.db, plan, sealed.length);
  seconds.total = Math.round((performance.now() - began) / 100) / 10;
  const auto = plan.ents.find((e) => e.tier === 'auto')!;
  const supplier = plan.ents.find((e) => e.tier === 'tier1')!;
  return {
    ...summary,
    seconds,
    credentials: [
      { role: 'automaker', username: auto.admin.username, enterprise: auto.name.zh, password: DEMO_PASSWORD },
      {
        role: 'tier-1 supplier',
        username: supplier.admin.username,
        enterprise: supplier.name.zh,
        password: DEMO_PASSWORD,
      },
    ],
  };
}

/** Writes the enterprises' documents in worker threads, each taking the next enterprise when it is done. */
function inWorkers(
  init: WorkerInit,
  queue: number[],
  count: number,
  onRows: (rows: number) => void,
  tally: (rows: Iterable<[string, number]>) => void,
): Promise<void> {
  const file = new URL('./worker.ts', import.meta.url).href;
  // tsx hooks do not reach worker threads by themselves: the worker imports its module through tsx's API.
  const boot = `import('tsx/esm/api').then((api) => api.tsImport(${JSON.stringify(file)}, ${JSON.stringify(import.meta.url)}))`;
  return new Promise((resolve, reject) => {
    let running = 0;
    let failed = false;
    const threads = Array.from({ length: Math.min(count, queue.length) }, () => {
      const w = new Worker(boot, { eval: true, workerData: init });
      running++;
      const next = () => {
        const ent = queue.shift();
        w.postMessage(
          ent === undefined
            ? ({ type: 'close' } satisfies ToWorker)
            : ({ type: 'write', ent } satisfies ToWorker),
        );
      };
      w.on('message', (m: FromWorker) => {
        if (m.type === 'rows') onRows(m.rows);
        else if (m.type === 'ready') next();
        else if (m.type === 'done') {
          tally(m.written);
          next();
        } else if (m.type === 'failed') {
          failed = true;
          for (const t of threads) void t.terminate();
          reject(new Error(`a document worker failed: ${m.message}`));
        }
      });
      w.on('error', (err) => {
        failed = true;
        reject(err);
      });
      w.on('exit', () => {
        if (--running === 0 && !failed) resolve();
      });
      return w;
    });
  });
}

async function summarize(
  db: Db,
  plan: Plan,
  sealedNow: number,
): Promise<Omit<ScaleSummary, 'seconds' | 'credentials'>> {
  const uuids = plan.ents.map((e) => e.uuid);
  const n = async (query: Promise<{ n: number }[]>) => Number((await query)[0]?.n ?? 0);
  const counts: Record<string, number> = {
    enterprises: await n(db.select({ n: count() }).from(enterprises).where(inArray(enterprises.uuid, uuids))),
    accounts: await n(db.select({ n: count() }).from(users).where(like(users.username, 'scale-%'))),
    partners: await n(
      db.select({ n: count() }).from(partners).where(inArray(partners.enterpriseUuid, uuids)),
    ),
    settledPartners: await n(
      db
        .select({ n: count() })
        .from(partners)
        .where(and(inArray(partners.enterpriseUuid, uuids), isNotNull(partners.partnerEnterpriseUuid))),
    ),
    purchasedMaterials: await n(
      db
        .select({ n: count() })
        .from(materials)
        .where(and(inArray(materials.enterpriseUuid, uuids), eq(materials.nature, 'purchased'))),
    ),
    homemadeMaterials: await n(
      db
        .select({ n: count() })
        .from(materials)
        .where(and(inArray(materials.enterpriseUuid, uuids), eq(materials.nature, 'homemade'))),
    ),
    supplierMappings: await n(
      db
        .select({ n: count() })
        .from(materialRelations)
        .where(
          and(inArray(materialRelations.enterpriseUuid, uuids), eq(materialRelations.direction, 'supplier')),
        ),
    ),
    clientMappings: await n(
      db
        .select({ n: count() })
        .from(materialRelations)
        .where(
          and(inArray(materialRelations.enterpriseUuid, uuids), eq(materialRelations.direction, 'client')),
        ),
    ),
    unlinkedMappings: await n(
      db
        .select({ n: count() })
        .from(materialRelations)
        .where(
          and(
            inArray(materialRelations.enterpriseUuid, uuids),
            isNull(materialRelations.materialId),
            isNull(materialRelations.productId),
          ),
        ),
    ),
    projects: await n(
      db.select({ n: count() }).from(projectCodes).where(inArray(projectCodes.enterpriseUuid, uuids)),
    ),
    products: await n(
      db.select({ n: count() }).from(products).where(inArray(products.enterpriseUuid, uuids)),
    ),
    documents: await n(
      db.select({ n: count() }).from(documents).where(inArray(documents.enterpriseUuid, uuids)),
    ),
    vins: await n(
      db
        .select({ n: sql<number>`count(distinct ${documents.vinSn})`.mapWith(Number) })
        .from(documents)
        .where(and(inArray(documents.enterpriseUuid, uuids), eq(documents.docType, 220))),
    ),
    files: await n(db.select({ n: count() }).from(files).where(inArray(files.enterpriseUuid, uuids))),
  };
  const byType = await db
    .select({ type: documents.docType, n: count() })
    .from(documents)
    .where(inArray(documents.enterpriseUuid, uuids))
    .groupBy(documents.docType);
  const documentsByType: Record<string, number> = Object.fromEntries(
    [...plan.counts.keys()].map((c) => [c, 0]),
  );
  for (const row of byType) {
    const def = documentTypeByTypeCode(row.type);
    if (def) documentsByType[def.code] = Number(row.n);
  }
  const events = await n(
    db.select({ n: count() }).from(ledgerEvents).where(inArray(ledgerEvents.enterpriseUuid, uuids)),
  );
  const unsealed = await n(
    db
      .select({ n: count() })
      .from(ledgerEvents)
      .where(
        and(
          or(inArray(ledgerEvents.enterpriseUuid, uuids), isNull(ledgerEvents.enterpriseUuid)),
          isNull(ledgerEvents.leafIndex),
        ),
      ),
  );
  const blocks = await n(db.select({ n: count() }).from(ledgerBlocks));
  return {
    plan: {
      groupSize: plan.groupSize,
      stockLots: plan.stockLots,
      lots: plan.chain.lots.length,
      shipments: plan.chain.shipments.length,
    },
    counts,
    documentsByType,
    ledger: { events, unsealed, blocks, sealedNow },
  };
}
