// Documents at volume: BENCH_DOCUMENTS (default 1,000,000) document lines bulk-inserted straight into the
// table (a fixture: SQL INSERT ... SELECT over generate_series, no evidence) for the four demo enterprises
// as one multi-tier chain, repeated: the mine picks an ore lot (ten families share one) and makes lithium
// carbonate, tier 2 receives it under its own code and makes cathode material, tier 1 makes a battery pack
// lot of it, the automaker receives the pack, picks it and completes four vehicles by VIN, each with a B1-1
// fit row, plus a contract and an invoice. Then, through the real HTTP API of a listening server, one request
// at a time: the document list page, two searches (number contains, batch contains), a trace from a VIN down
// to the mine and from an ore lot up to its forty VINs, each as p50 / p99. On the embedded PGlite (a
// temporary directory) and, with BENCH_DATABASE_URL (or DATABASE_URL) set, on a fresh PostgreSQL database.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { documentType, documentTypeByTypeCode } from '@tracehub/contract';
import { createRuntime, type Runtime } from '../../apps/server/src/bootstrap.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import type { Db } from '../../apps/server/src/db/client.ts';
import type { LedgerFigure } from './ledger.ts';
import { httpCall, signInWith } from '../lib/api-client.ts';
import { freshPostgres } from '../lib/postgres.ts';

const TARGET = Number(process.env.BENCH_DOCUMENTS ?? 1_000_000);
/** Vehicles completed of one pack lot. */
export const VINS_PER_PACK = 4;
/** Families (pack lots) fed by one ore lot. */
export const FAMILIES_PER_ORE = 10;
/** Rows of one family: mine 3 (+ an E2 row per ore lot), tier 2 and tier 1 4 each, automaker 4 + 2 per VIN. */
const ROWS_PER_FAMILY = 3 + 1 / FAMILIES_PER_ORE + 4 + 4 + 4 + 2 * VINS_PER_PACK;
export const FAMILIES = Math.max(FAMILIES_PER_ORE, Math.round(TARGET / ROWS_PER_FAMILY));
/** Families inserted per statement. */
const BATCH = 5_000;
const REQUESTS = { list: 200, search: 50, traceVin: 100, traceLot: 30 };

export const ENT = {
  auto: 'e0a1c2d3-0001-4000-8000-000000000001',
  t1: 'e0a1c2d3-0002-4000-8000-000000000002',
  mine: 'e0a1c2d3-0003-4000-8000-000000000003',
  t2: 'e0a1c2d3-0004-4000-8000-000000000004',
} as const;
type Ent = keyof typeof ENT;

export const vinOf = (family: number, v: number) =>
  `VIN${String((family - 1) * VINS_PER_PACK + v).padStart(10, '0')}`;

// ---- fixture -----------------------------------------------------------------------------------------

interface Partners {
  mineToT2: number;
  t2FromMine: number;
  t2ToT1: number;
  t1FromT2: number;
  t1ToAuto: number;
  autoFromT1: number;
}

async function one<T>(db: Db, query: ReturnType<typeof sql>): Promise<T> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows[0]!;
}

/** A partner of `ent` settled as `of` (same USCI), with its id. */
async function partner(db: Db, ent: Ent, type: 'supplier' | 'client', code: string, of: Ent, user: number) {
  const row = await one<{ id: number }>(
    db,
    sql`insert into partners (enterprise_uuid, partner_type, code, name, usci, partner_enterprise_uuid, created_by)
        select ${ENT[ent]}, ${type}, ${code}, e.name, e.usci, e.uuid, ${user} from enterprises e where e.uuid = ${ENT[of]}
        returning id`,
  );
  return row.id;
}

/** A supplier mapping of `ent`: the partner's material number for its own material `own`. */
async function mapping(
  db: Db,
  ent: Ent,
  partnerId: number,
  partnerMaterialNo: string,
  own: string,
  user: number,
) {
  const material = await one<{ id: number }>(
    db,
    sql`insert into materials (enterprise_uuid, nature, code, name, created_by)
        values (${ENT[ent]}, 'purchased', ${own}, ${own}, ${user}) returning id`,
  );
  await db.execute(sql`
    insert into material_relations (enterprise_uuid, direction, partner_id, partner_code, partner_name,
      partner_material_no, material_id, created_by)
    select ${ENT[ent]}, 'supplier', p.id, p.code, p.name, ${partnerMaterialNo}, ${material.id}, ${user}
    from partners p where p.id = ${partnerId}`);
}

/** One document line per family (or per family and vehicle), its columns as SQL over `g` (and `v`). */
interface Template {
  ent: Ent;
  typeCode: number;
  bill: string;
  item: string;
  batch?: string;
  vin?: string;
  partnerId?: number;
  related?: string;
  extra?: string;
  priced?: boolean;
  perVin?: boolean;
  /** Only for some families (SQL condition on g). */
  when?: string;
  day: number;
}

function insertOf(t: Template, from: number, to: number, user: number) {
  const stage = documentTypeByTypeCode(t.typeCode)!.stage;
  const vehicles = t.perVin ? `cross join generate_series(1, ${VINS_PER_PACK}) v` : '';
  const price = t.priced ? `8000.5, 'CNY', 8000.5` : 'null, null, null';
  const partner = t.partnerId ? `${t.partnerId}, p.code, p.name` : `null, '', ''`;
  const partnerJoin = t.partnerId ? `join partners p on p.id = ${t.partnerId}` : '';
  return sql.raw(`
    insert into documents (enterprise_uuid, doc_type, stage, bill_no, biz_time, partner_id, partner_code,
      partner_name, item_code, item_name, batch_no, vin_sn, quantity, unit, unit_price, currency, amount,
      related_bill_nos, extra, created_by)
    select '${ENT[t.ent]}', ${t.typeCode}, ${stage}, ${t.bill},
      timestamptz '2026-01-01' + (g * interval '1 minute') + interval '${t.day} days',
      ${partner}, ${t.item}, ${t.item}, ${t.batch ?? "''"}, ${t.vin ?? "''"}, 1, 'pcs', ${price},
      ${t.related ?? "'{}'::text[]"}, ${t.extra ?? "'{}'::jsonb"}, ${user}
    from generate_series(${from}, ${to}) g ${vehicles} ${partnerJoin}
    ${t.when ? `where ${t.when}` : ''}`);
}

function templates(p: Partners): Template[] {
  const ore = `(((g - 1) / ${FAMILIES_PER_ORE}) + 1)`;
  const vin = `'VIN' || lpad(((g - 1) * ${VINS_PER_PACK} + v)::text, 10, '0')`;
  return [
    // The mine: the ore lot's site, the picking of the ore, lithium carbonate made and delivered to tier 2.
    {
      ent: 'mine',
      typeCode: 800,
      bill: `'E2-' || ${ore}`,
      item: `'ORE'`,
      batch: `'ORE-' || ${ore}`,
      extra: `'{"siteName":"Beichen No. 1","siteCountry":"CN"}'::jsonb`,
      when: `(g - 1) % ${FAMILIES_PER_ORE} = 0`,
      day: 0,
    },
    { ent: 'mine', typeCode: 200, bill: `'LL-M-' || g`, item: `'ORE'`, batch: `'ORE-' || ${ore}`, day: 1 },
    {
      ent: 'mine',
      typeCode: 210,
      bill: `'WG-M-' || g`,
      item: `'LI2CO3'`,
      batch: `'LC-' || g`,
      related: `array['LL-M-' || g]`,
      day: 2,
    },
    {
      ent: 'mine',
      typeCode: 310,
      bill: `'XS-M-' || g`,
      item: `'LI2CO3'`,
      batch: `'LC-' || g`,
      partnerId: p.mineToT2,
      priced: true,
      day: 3,
    },
    // Tier 2 receives it as T2-LITHIUM (mapped), makes cathode material, delivers it to tier 1.
    {
      ent: 't2',
      typeCode: 110,
      bill: `'RK-T-' || g`,
      item: `'T2-LITHIUM'`,
      batch: `'LC-' || g`,
      partnerId: p.t2FromMine,
      priced: true,
      day: 4,
    },
    { ent: 't2', typeCode: 200, bill: `'LL-T-' || g`, item: `'T2-LITHIUM'`, batch: `'LC-' || g`, day: 5 },
    {
      ent: 't2',
      typeCode: 210,
      bill: `'WG-T-' || g`,
      item: `'NCM811'`,
      batch: `'CAT-' || g`,
      related: `array['LL-T-' || g]`,
      day: 6,
    },
    {
      ent: 't2',
      typeCode: 310,
      bill: `'XS-T-' || g`,
      item: `'NCM811'`,
      batch: `'CAT-' || g`,
      partnerId: p.t2ToT1,
      priced: true,
      day: 7,
    },
    // Tier 1 receives it under the same code, makes a pack lot, delivers it to the automaker.
    {
      ent: 't1',
      typeCode: 110,
      bill: `'RK-S-' || g`,
      item: `'NCM811'`,
      batch: `'CAT-' || g`,
      partnerId: p.t1FromT2,
      priced: true,
      day: 8,
    },
    { ent: 't1', typeCode: 200, bill: `'LL-S-' || g`, item: `'NCM811'`, batch: `'CAT-' || g`, day: 9 },
    {
      ent: 't1',
      typeCode: 210,
      bill: `'WG-S-' || g`,
      item: `'PACK-75'`,
      batch: `'PK-' || g`,
      related: `array['LL-S-' || g]`,
      day: 10,
    },
    {
      ent: 't1',
      typeCode: 310,
      bill: `'XS-S-' || g`,
      item: `'PACK-75'`,
      batch: `'PK-' || g`,
      partnerId: p.t1ToAuto,
      priced: true,
      day: 11,
    },
    // The automaker: contract, receipt (mapped to A-BATTERY), invoice, picking, four vehicles by VIN with
    // their fit rows.
    {
      ent: 'auto',
      typeCode: 100,
      bill: `'HT-A-' || g`,
      item: `''`,
      partnerId: p.autoFromT1,
      priced: true,
      day: 10,
    },
    {
      ent: 'auto',
      typeCode: 110,
      bill: `'RK-A-' || g`,
      item: `'A-BATTERY'`,
      batch: `'PK-' || g`,
      partnerId: p.autoFromT1,
      priced: true,
      day: 12,
    },
    {
      ent: 'auto',
      typeCode: 130,
      bill: `'FP-A-' || g`,
      item: `''`,
      partnerId: p.autoFromT1,
      priced: true,
      day: 13,
    },
    { ent: 'auto', typeCode: 200, bill: `'LL-A-' || g`, item: `'A-BATTERY'`, batch: `'PK-' || g`, day: 13 },
    {
      ent: 'auto',
      typeCode: 220,
      bill: `'WG-A-' || g || '-' || v`,
      item: `'CAR-X'`,
      vin,
      related: `array['LL-A-' || g]`,
      perVin: true,
      day: 14,
    },
    {
      ent: 'auto',
      typeCode: 600,
      bill: `'B11-A-' || g || '-' || v`,
      item: `'A-BATTERY'`,
      batch: `'PK-' || g`,
      vin,
      partnerId: p.autoFromT1,
      perVin: true,
      day: 14,
    },
  ];
}

/** Partners, mappings and `families` chains of documents; answers how many rows and how long it took. */
async function loadFixture(db: Db, user: number, log: (line: string) => void, families: number) {
  const p: Partners = {
    mineToT2: await partner(db, 'mine', 'client', 'C-T2', 't2', user),
    t2FromMine: await partner(db, 't2', 'supplier', 'S-MINE', 'mine', user),
    t2ToT1: await partner(db, 't2', 'client', 'C-T1', 't1', user),
    t1FromT2: await partner(db, 't1', 'supplier', 'S-T2', 't2', user),
    t1ToAuto: await partner(db, 't1', 'client', 'C-AUTO', 'auto', user),
    autoFromT1: await partner(db, 'auto', 'supplier', 'S-T1', 't1', user),
  };
  await mapping(db, 't2', p.t2FromMine, 'LI2CO3', 'T2-LITHIUM', user);
  await mapping(db, 'auto', p.autoFromT1, 'PACK-75', 'A-BATTERY', user);
  const started = performance.now();
  for (let from = 1; from <= families; from += BATCH) {
    const to = Math.min(families, from + BATCH - 1);
    for (const t of templates(p)) await db.execute(insertOf(t, from, to, user));
    log(`${to.toLocaleString('en')} / ${families.toLocaleString('en')} chains`);
  }
  // Planner statistics, as autovacuum gathers them on PostgreSQL (PGlite has none running).
  await db.execute(sql`analyze`);
  const { n } = await one<{ n: number }>(db, sql`select count(*)::int as n from documents`);
  return { rows: Number(n), ms: performance.now() - started };
}

// ---- measurement -------------------------------------------------------------------------------------

const post = <T>(base: string, path: string, body: unknown, token?: string): Promise<T> =>
  httpCall(base)<T>(path, body, token);

const signIn = (base: string, account: string, enterpriseUuid: string) =>
  signInWith(httpCall(base), account, enterpriseUuid);

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;

/** Runs `n` requests one after the other (after a few to warm up); answers p50 and p99 in ms. */
async function timed(n: number, request: (i: number) => Promise<unknown>): Promise<string> {
  for (let i = 0; i < 3; i++) await request(n + i);
  const ms: number[] = [];
  for (let i = 0; i < n; i++) {
    const started = performance.now();
    await request(i);
    ms.push(performance.now() - started);
  }
  ms.sort((a, b) => a - b);
  return `p50 ${percentile(ms, 50).toFixed(1)} ms, p99 ${percentile(ms, 99).toFixed(1)} ms (${n} requests)`;
}

/** A deterministic spread of families over the whole table. */
export const familyAt = (i: number) => 1 + ((i * 7919) % FAMILIES);

interface Trace {
  nodes: { id: string; itemCode: string; batchNo: string; vinSn: string }[];
  ends: string[];
}

async function measure(runtime: Runtime, label: string): Promise<LedgerFigure[]> {
  await runtime.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = runtime.app.server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}`;
  const auto = await signIn(base, 'demo-auto', ENT.auto);
  const mine = await signIn(base, 'demo-multi', ENT.mine);

  // The answers are checked once: a VIN reaches its ore lot, an ore lot its forty vehicles.
  const down = await post<Trace>(base, '/trace/vin', { vinSn: vinOf(familyAt(1), 1) }, auto);
  const origin = down.nodes.find((n) => n.id === down.ends[0]);
  const ore = Math.floor((familyAt(1) - 1) / FAMILIES_PER_ORE) + 1;
  if (origin?.batchNo !== `ORE-${ore}`) throw new Error(`trace down ended at ${JSON.stringify(origin)}`);
  const up = await post<Trace>(base, '/trace/lot', { itemCode: 'ORE', batchNo: `ORE-${ore}` }, mine);
  if (up.ends.length !== FAMILIES_PER_ORE * VINS_PER_PACK)
    throw new Error(`trace up found ${up.ends.length} VINs`);

  const list = await timed(REQUESTS.list, (i) =>
    post(base, '/stageProduction/endNew/page', { pageNo: 1 + (i % 20), pageSize: 10 }, auto),
  );
  const billNo = await timed(REQUESTS.search, (i) =>
    post(base, '/stageProduction/endNew/page', { billNo: `WG-A-${familyAt(i)}-2` }, auto),
  );
  const batchNo = await timed(REQUESTS.search, (i) =>
    post(base, '/stagePurchase/receipt/page', { batchNo: `PK-${familyAt(i)}` }, auto),
  );
  const traceVin = await timed(REQUESTS.traceVin, (i) =>
    post(base, '/trace/vin', { vinSn: vinOf(familyAt(i), 1 + (i % VINS_PER_PACK)) }, auto),
  );
  const ores = Math.ceil(FAMILIES / FAMILIES_PER_ORE);
  const traceLot = await timed(REQUESTS.traceLot, (i) =>
    post(base, '/trace/lot', { itemCode: 'ORE', batchNo: `ORE-${1 + ((i * 131) % ores)}` }, mine),
  );

  // Same-run references: the statement a page needs, sent straight to the same database as its owner (no
  // HTTP, session, permission, row-level security, count or serialisation); for a trace, the eight
  // look-ups by id that a walk of eight steps cannot do without.
  const db = runtime.deps.db;
  const endNew = documentType('ProductionEndNew').typeCode;
  const receipt = documentType('PurchaseReceipt').typeCode;
  const page = (where: ReturnType<typeof sql>, i: number) =>
    db.execute(
      sql`select * from documents where enterprise_uuid = ${ENT.auto} and ${where}
          order by created_at desc, id desc limit 10 offset ${10 * (i % 20)}`,
    );
  const rawList = await timed(REQUESTS.list, (i) => page(sql`doc_type = ${endNew}`, i));
  const rawBillNo = await timed(REQUESTS.search, (i) =>
    page(sql`doc_type = ${endNew} and lower(bill_no) like ${`%wg-a-${familyAt(i)}-2%`}`, 0),
  );
  const rawBatchNo = await timed(REQUESTS.search, (i) =>
    page(sql`doc_type = ${receipt} and lower(batch_no) like ${`%pk-${familyAt(i)}%`}`, 0),
  );
  const ids = rowsOf<{ id: number }>(
    await db.execute(sql`select id from documents order by id limit 1000`),
  ).map((r) => r.id);
  const rawSteps = await timed(REQUESTS.traceVin, async (i) => {
    for (let step = 0; step < 8; step++)
      await db.execute(sql`select * from documents where id = ${ids[(i * 8 + step) % ids.length]}`);
  });
  const sqlOnly = (figure: string) => `the same SQL, owner, no HTTP: ${figure}`;
  return [
    {
      scenario: `  document list page (ProductionEndNew, 10 rows; ${label})`,
      figure: list,
      reference: sqlOnly(rawList),
    },
    { scenario: `  search: number contains (${label})`, figure: billNo, reference: sqlOnly(rawBillNo) },
    {
      scenario: `  search: batch number contains (${label})`,
      figure: batchNo,
      reference: sqlOnly(rawBatchNo),
    },
    {
      scenario: `  trace VIN -> mine lot (4 tiers, ~8 steps; ${label})`,
      figure: traceVin,
      reference: `8 look-ups by id, no HTTP: ${rawSteps}`,
    },
    {
      scenario: `  trace ore lot -> ${FAMILIES_PER_ORE * VINS_PER_PACK} VINs (${label})`,
      figure: traceLot,
      reference: `8 look-ups by id, no HTTP: ${rawSteps}`,
    },
  ];
}

/** Rows of a raw statement, from node-postgres ({rows}) or PGlite ({rows}) alike. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** Where a scenario runs: PGlite in `dataDir`, or PostgreSQL at `databaseUrl` (files under `dataDir`). */
export interface BenchDatabase {
  dataDir: string;
  databaseUrl?: string;
}

/**
 * A server (not listening, silent) on a bench database with the demo accounts and no demo chain; its sealer
 * and job poller off, so that a bench runs them when it measures them. The caller closes `runtime.app`.
 */
export function openBenchRuntime(where: BenchDatabase): Promise<Runtime> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: where.dataDir,
    MASTER_KEY: randomBytes(32).toString('hex'),
    LEDGER_SEAL_INTERVAL_MS: '0',
    JOB_POLL_INTERVAL_MS: '0',
    SEED_DEMO_CHAIN: 'false',
    ...(where.databaseUrl ? { DATABASE_URL: where.databaseUrl } : {}),
  });
  return createRuntime(config, { serveWeb: false, logger: false });
}

/**
 * A server (not listening) on the database with the fixture loaded: `families` chains of documents (FAMILIES,
 * from BENCH_DOCUMENTS, by default) and their partners and mappings, with planner statistics gathered. The
 * caller closes `runtime.app`.
 */
export async function openWithDocuments(
  label: string,
  where: BenchDatabase,
  families = FAMILIES,
): Promise<{ runtime: Runtime; rows: number; ms: number }> {
  const runtime = await openBenchRuntime(where);
  try {
    const db = runtime.deps.db;
    const { id: user } = await one<{ id: number }>(
      db,
      sql`select id from users where username = 'demo-auto'`,
    );
    // demo-multi administers the mine for the bench (its pending application is approved here).
    await db.execute(sql`
      update enterprise_users set examine_status = 1, is_admin = true
      where enterprise_uuid = ${ENT.mine} and user_id = (select id from users where username = 'demo-multi')`);
    const log = (line: string) => console.log(`  documents (${label}): ${line}`);
    return { runtime, ...(await loadFixture(db, user, log, families)) };
  } catch (error) {
    await runtime.app.close();
    throw error;
  }
}

/** One run on a database: the fixture loaded, then measured through the HTTP API. */
async function runOn(label: string, where: BenchDatabase): Promise<LedgerFigure[]> {
  const { runtime, rows, ms } = await openWithDocuments(label, where);
  try {
    const figures = await measure(runtime, label);
    return [
      {
        scenario: `bulk insert ${rows.toLocaleString('en')} document rows (fixture SQL; ${label})`,
        figure: `${(ms / 1000).toFixed(1)} s, ${Math.round((rows / ms) * 1000).toLocaleString('en')} rows/s`,
      },
      ...figures,
    ];
  } finally {
    await runtime.app.close();
  }
}

/**
 * Runs `scenario` on a fresh PostgreSQL database when BENCH_DATABASE_URL (or DATABASE_URL) is set, then on
 * a temporary PGlite unless BENCH_DOCUMENTS_SKIP_PGLITE=1; each database is removed afterwards.
 */
export async function onEachDatabase(
  name: string,
  scenario: (label: string, where: BenchDatabase) => Promise<LedgerFigure[]>,
): Promise<LedgerFigure[]> {
  const figures: LedgerFigure[] = [];
  const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
  if (adminUrl) {
    const database = await freshPostgres(name, adminUrl);
    const filesDir = mkdtempSync(path.join(os.tmpdir(), `tracehub-bench-${name}-pg-`));
    try {
      figures.push(...(await scenario('PostgreSQL', { dataDir: filesDir, databaseUrl: database.url })));
    } finally {
      await database.drop();
      rmSync(filesDir, { recursive: true, force: true });
    }
  }
  if (process.env.BENCH_DOCUMENTS_SKIP_PGLITE !== '1') {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), `tracehub-bench-${name}-`));
    try {
      figures.push(...(await scenario('PGlite', { dataDir })));
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  return figures;
}

export async function documentScenarios(): Promise<LedgerFigure[]> {
  console.log(
    `  documents: ${FAMILIES.toLocaleString('en')} chains of ~${ROWS_PER_FAMILY.toFixed(1)} rows (target ${TARGET.toLocaleString('en')})`,
  );
  return onEachDatabase('documents', runOn);
}
