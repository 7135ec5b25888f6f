// The query review at volume (docs/performance.md): the documents fixture of documents.ts (BENCH_DOCUMENTS,
// default 1,000,000 rows) plus master data and evidence records of the automaker at a scale where a missing
// index shows (products, materials, partners, mappings, ledger events), then every hot query of the server
// (apps/server/test/support/query-plans.ts HOT_QUERIES: lists, searches, traces, the project drill-down, the
// operator's lists) run through its service and explained with EXPLAIN (ANALYZE, BUFFERS) as the request runs
// it (tenant transaction, row-level security). Prints each statement's scans and time and flags a sequential
// scan of a table holding more than 10,000 rows. On a fresh PostgreSQL database (BENCH_DATABASE_URL or
// DATABASE_URL) and on PGlite. `BENCH_ONLY=explain npm run bench`.
import { sql } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/client.ts';
import {
  HOT_QUERIES,
  planTenant,
  describeScans,
  reviewQuery,
  seqScannedTables,
  type PlanSamples,
  type QueryReview,
} from '../../apps/server/test/support/query-plans.ts';
import type { LedgerFigure } from './ledger.ts';
import { ENT, familyAt, onEachDatabase, openWithDocuments, vinOf } from './documents.ts';

/** A sequential scan of a table bigger than this is flagged. */
const SEQ_SCAN_ROWS = 10_000;
/** Master data and evidence rows of the automaker beside the documents. */
const MASTER = { products: 20_000, materials: 20_000, partners: 2_000, mappings: 2_000 };

async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * The automaker's project with a product per VIN of its first families, purchased materials, partners,
 * mappings, and an evidence record per receipt and completion (documents.ts inserts none): answers the
 * project's id.
 */
async function addMasterData(db: Db, user: number): Promise<number> {
  const ent = ENT.auto;
  const [project] = await rows<{ id: number }>(
    db,
    sql`insert into project_codes (enterprise_uuid, code, notes, created_by)
        values (${ent}, 'PRJ-CAR-X', 'bench', ${user}) returning id`,
  );
  await db.execute(sql`
    insert into products (uuid, enterprise_uuid, name, code, vin_sn, project_code_id, created_by)
    select gen_random_uuid()::text, ${ent}, 'Car X', 'CAR-X', 'VIN' || lpad(g::text, 10, '0'), ${project!.id}, ${user}
    from generate_series(1, ${MASTER.products}) g`);
  await db.execute(sql`
    insert into materials (enterprise_uuid, nature, code, name, batch_no, created_by)
    select ${ent}, 'purchased', 'M-' || g, 'Material ' || g, 'MB-' || g, ${user}
    from generate_series(1, ${MASTER.materials}) g`);
  await db.execute(sql`
    insert into partners (enterprise_uuid, partner_type, code, name, usci, created_by)
    select ${ent}, 'supplier', 'SP-' || g, 'Supplier ' || g, 'BENCHUSCI' || g, ${user}
    from generate_series(1, ${MASTER.partners}) g`);
  await db.execute(sql`
    insert into material_relations (enterprise_uuid, direction, partner_code, partner_name, partner_material_no,
      created_by)
    select ${ent}, 'supplier', 'SP-' || g, 'Supplier ' || g, 'SPM-' || g, ${user}
    from generate_series(1, ${MASTER.mappings}) g`);
  await db.execute(sql`
    insert into ledger_events (leaf_hash, leaf_data, event_type, enterprise_uuid, subject_type, subject_id, payload,
      payload_hash, created_at)
    select md5('bench' || d.id), '{}', 'document.created', d.enterprise_uuid, 'document', d.id::text, '{}',
      md5('bench' || d.id), d.created_at
    from documents d where d.enterprise_uuid = ${ent} and d.doc_type in (110, 220)`);
  await db.execute(sql`analyze`);
  return project!.id;
}

const ms = (v: number | null) => (v === null ? '-' : `${v.toFixed(1)} ms`);

/** Prints a review statement by statement; answers its figure: time, scans, flags. */
function report(review: QueryReview, sizes: Map<string, number>): string {
  const flags: string[] = [];
  let total = 0;
  console.log(`\n  ${review.query.name}  (${review.query.endpoint})`);
  for (const plan of review.plans) {
    total += plan.executionMs ?? 0;
    const big = seqScannedTables(plan).filter((t) => (sizes.get(t) ?? 0) > SEQ_SCAN_ROWS);
    flags.push(...big.map((t) => `SEQ SCAN ${t}`));
    const text = plan.label === 'statement' ? plan.text.replace(/\s+/g, ' ').slice(0, 110) : plan.label;
    console.log(`    ${ms(plan.executionMs).padStart(9)}  ${text}`);
    for (const scan of describeScans(plan)) console.log(`               ${scan}`);
    if (big.length) console.log(`               !! sequential scan of ${big.join(', ')}`);
  }
  const main = review.plans
    .filter((p) => p.label !== 'statement' || /^\s*(select|with)/i.test(p.text))
    .flatMap((p) => describeScans(p))
    .filter((s) =>
      /^(documents|partners|materials|products|material_relations|ledger_events|enterprises|certifications|mail_outbox)\b/.test(
        s,
      ),
    );
  const summary = [...new Set(main.map((s) => s.replace(/ \(.*\)$/, '')))].slice(0, 3).join('; ');
  return `${total.toFixed(1)} ms in ${review.plans.length} statements${flags.length ? `; ${[...new Set(flags)].join(', ')}` : ''}; ${summary}`;
}

async function explainOn(
  label: string,
  where: Parameters<typeof openWithDocuments>[1],
): Promise<LedgerFigure[]> {
  const { runtime, rows: loaded } = await openWithDocuments(label, where);
  try {
    const db = runtime.deps.db;
    const [auto] = await rows<{ id: number }>(db, sql`select id from users where username = 'demo-auto'`);
    const [multi] = await rows<{ id: number }>(db, sql`select id from users where username = 'demo-multi'`);
    const projectId = await addMasterData(db, auto!.id);
    const family = familyAt(7);
    const [partner] = await rows<{ name: string }>(
      db,
      sql`select name from partners where enterprise_uuid = ${ENT.auto} and code = 'S-T1'`,
    );
    const [subject] = await rows<{ id: string }>(
      db,
      sql`select subject_id as id from ledger_events where enterprise_uuid = ${ENT.auto} order by id desc limit 1`,
    );
    const samples: PlanSamples = {
      auto: planTenant(ENT.auto, auto!.id),
      mine: planTenant(ENT.mine, multi!.id),
      billNo: `WG-A-${family}-2`,
      batchNo: `PK-${family}`,
      vinSn: vinOf(family, 1),
      // Every receipt has this item and partner: the planner keeps to the list's order and stops at the page.
      itemCode: 'A-BATT',
      itemName: 'BATTERY',
      partnerCode: 'S-T1',
      partnerName: partner!.name.slice(0, 4),
      relatedBillNo: `LL-A-${family}`,
      oreLot: { itemCode: 'ORE', batchNo: `ORE-${Math.floor((family - 1) / 10) + 1}` },
      receivedLot: { itemCode: 'A-BATTERY', batchNo: `PK-${family}` },
      projectId,
      materialCode: 'M-12345',
      productCode: 'CAR-X',
      subjectId: subject!.id,
    };
    const sizes = new Map(
      (
        await rows<{ name: string; n: number }>(
          db,
          sql`select relname as name, reltuples::float8 as n from pg_class where relkind = 'r' and relnamespace = 'public'::regnamespace`,
        )
      ).map((r) => [r.name, Number(r.n)]),
    );
    console.log(
      `\n  EXPLAIN (ANALYZE, BUFFERS) of every hot query, ${loaded.toLocaleString('en')} documents, ${label}:`,
    );
    const figures: LedgerFigure[] = [];
    for (const query of HOT_QUERIES) {
      const review = await reviewQuery(runtime.database, query, samples, { analyze: true });
      figures.push({ scenario: `  ${query.name} (${label})`, figure: report(review, sizes) });
    }
    return figures;
  } finally {
    await runtime.app.close();
  }
}

export function explainScenarios(): Promise<LedgerFigure[]> {
  return onEachDatabase('explain', explainOn);
}
