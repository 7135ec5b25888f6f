import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import type { TenantContext } from '../src/platform/context.ts';
import { DEMO_VINS } from '../src/seed/demo-supply-chain.ts';
import { AUTO_UUID, MINE_UUID, useTestApp } from './support/app.ts';
import { dbOf } from './support/helpers.ts';
import {
  HOT_QUERIES,
  planTenant,
  describeScans,
  indexesOf,
  reviewQuery,
  seqScannedTables,
  type PlanSamples,
  type QueryReview,
} from './support/query-plans.ts';

// Every list, search and trace of the server (support/query-plans.ts HOT_QUERIES), run through its service on
// the demo supply chain and explained as the request runs it (tenant transaction, row-level security) with
// sequential scans disabled: a plan that still reads a table sequentially has no index it can use, whatever
// the table's size. Each contains-search must reach its rows through its trigram index (through the search
// view of migration 0013: under row-level security the table's own index is never used for ILIKE). Plans and
// timings at one million documents: bench/scenarios/explain.ts and docs/performance.md.

async function one<T>(db: Db, query: ReturnType<typeof sql>): Promise<T> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows[0]!;
}

/**
 * Rows of the automaker's beside the demo chain's few, with planner statistics: with only a handful of rows
 * the planner rightly prefers any index that orders them to a search index, so a search's plan would say
 * nothing about the search. Inserted as the platform, like a fixture.
 */
async function addFillerRows(db: Db, userId: number): Promise<void> {
  const ent = AUTO_UUID;
  await db.execute(sql`
    insert into documents (enterprise_uuid, doc_type, stage, bill_no, biz_time, partner_code, partner_name,
      item_code, item_name, batch_no, vin_sn, related_bill_nos, created_by)
    select ${ent}, case when g % 2 = 0 then 220 else 110 end, case when g % 2 = 0 then 20 else 10 end,
      'FILL-' || g, now() - g * interval '1 hour', 'FP-' || (g % 40), '填充伙伴' || (g % 40),
      'FILL-ITEM-' || (g % 60), '填充物料' || (g % 60), 'FB-' || g, 'FILLVIN' || lpad(g::text, 10, '0'),
      array['FL-' || g], ${userId}
    from generate_series(1, 20000) g`);
  await db.execute(sql`
    insert into partners (enterprise_uuid, partner_type, code, name, usci, created_by)
    select ${ent}, case when g % 2 = 0 then 'supplier' else 'client' end, 'FP-' || g, '填充伙伴' || g,
      'FILLUSCI' || g, ${userId}
    from generate_series(1, 20000) g`);
  await db.execute(sql`
    insert into materials (enterprise_uuid, nature, code, name, created_by)
    select ${ent}, 'purchased', 'FM-' || g, '填充物料' || g, ${userId} from generate_series(1, 20000) g`);
  await db.execute(sql`
    insert into products (uuid, enterprise_uuid, name, code, vin_sn, created_by)
    select gen_random_uuid()::text, ${ent}, '填充产品' || g, 'FPR-' || g, 'FPVIN' || lpad(g::text, 10, '0'), ${userId}
    from generate_series(1, 60000) g`);
  await db.execute(sql`
    insert into material_relations (enterprise_uuid, direction, partner_code, partner_name, partner_material_no,
      created_by)
    select ${ent}, 'supplier', 'FP-' || g, '填充伙伴' || g, 'FPM-' || g, ${userId} from generate_series(1, 20000) g`);
  await db.execute(sql`
    insert into ledger_events (leaf_hash, leaf_data, event_type, enterprise_uuid, subject_type, subject_id, payload,
      payload_hash, created_at)
    select md5('fill' || g), '{}', 'fill', ${ent}, 'document', (100000 + g)::text, '{}', md5('fill' || g), now()
    from generate_series(1, 20000) g`);
  await db.execute(sql`analyze`);
}

describe('query plans: every hot query reaches its tables through an index', () => {
  const t = useTestApp({}, { SEED_DEMO_CHAIN: 'true' });
  let samples: PlanSamples;
  const reviews = new Map<string, QueryReview>();

  beforeAll(async () => {
    const db = dbOf(t);
    const auto = await one<{ id: number }>(db, sql`select id from users where username = 'demo-auto'`);
    const mine = await one<{ created_by: number }>(
      db,
      sql`select created_by from documents where enterprise_uuid = ${MINE_UUID} limit 1`,
    );
    const project = await one<{ id: number }>(
      db,
      sql`select id from project_codes where enterprise_uuid = ${AUTO_UUID} and code = 'XH-EV-2026'`,
    );
    samples = {
      auto: planTenant(AUTO_UUID, auto.id),
      mine: planTenant(MINE_UUID, mine.created_by),
      billNo: 'WG-XH-001',
      batchNo: 'CELL-2026-03',
      vinSn: DEMO_VINS[0]!,
      itemCode: 'XH-CELL',
      itemName: '动力电芯',
      partnerCode: 'HX-BAT',
      partnerName: '恒信动力',
      relatedBillNo: 'LL-XH-001',
      oreLot: { itemCode: 'LI-ORE', batchNo: 'ORE-2026-01' },
      receivedLot: { itemCode: 'XH-CELL', batchNo: 'CELL-2026-03' },
      projectId: project.id,
      materialCode: 'XH-CELL',
      productCode: 'XH-EV7',
      subjectId: '101234',
    };
    await addFillerRows(db, auto.id);
    for (const query of HOT_QUERIES) {
      reviews.set(
        query.name,
        await reviewQuery(t.runtime.database, query, samples, {
          analyze: false,
          setup: ['set local enable_seqscan = off'],
        }),
      );
    }
    // The demo chain, 40,000 filler rows and some 90 statements explained: minutes on a busy machine.
  }, 300_000);

  it('reviews every statement of every hot query, the trace functions included', () => {
    for (const query of HOT_QUERIES)
      expect(reviews.get(query.name)!.plans.length, query.name).toBeGreaterThan(0);
    const traced = reviews.get('trace: VIN down to the mine')!.plans.map((p) => p.label);
    expect(traced).toEqual(
      expect.arrayContaining(['function tracehub_trace_inputs', 'function tracehub_trace_suppliers']),
    );
    const up = reviews.get('trace: ore lot up to its VINs')!.plans.map((p) => p.label);
    expect(up).toEqual(
      expect.arrayContaining(['function tracehub_trace_outputs', 'function tracehub_trace_clients']),
    );
    // The trace's exact look-ups keep to their btree indexes: the search indexes hold lower(column), which an
    // equality of the column cannot use (pg_trgm answers equality, and took those look-ups when it could).
    const traceIndexes = ['trace: VIN down to the mine', 'trace: ore lot up to its VINs'].flatMap((name) =>
      reviews.get(name)!.plans.flatMap(indexesOf),
    );
    expect(traceIndexes).toContain('documents_lot_idx');
    expect(traceIndexes.filter((i) => i.endsWith('_search_idx'))).toEqual([]);
  });

  it.each(HOT_QUERIES.map((q) => [q.name, q] as const))('%s: no sequential scan', (name) => {
    const review = reviews.get(name)!;
    const scans = review.plans.flatMap((p) =>
      seqScannedTables(p).map((table) => `${table} in ${p.label}: ${p.text.slice(0, 160)}`),
    );
    expect(scans).toEqual([]);
  });

  it.each(HOT_QUERIES.filter((q) => q.searchIndexes).map((q) => [q.name, q] as const))(
    '%s: answered by its search index',
    (name, query) => {
      const review = reviews.get(name)!;
      const used = review.plans.flatMap(indexesOf);
      expect(used, review.plans.flatMap((p) => describeScans(p)).join('; ')).toEqual(
        expect.arrayContaining(query.searchIndexes!),
      );
    },
  );

  it('gives every search view all the columns of its table (searches select them through it)', async () => {
    const columns = (relation: string) =>
      dbOf(t)
        .execute(
          sql`select column_name as name from information_schema.columns where table_schema = 'public'
              and table_name = ${relation} order by ordinal_position`,
        )
        .then((r) => (r as unknown as { rows: { name: string }[] }).rows.map((c) => c.name));
    for (const table of [
      'documents',
      'materials',
      'products',
      'partners',
      'material_relations',
      'ledger_events',
    ]) {
      const own = await columns(table);
      expect(own.length, table).toBeGreaterThan(0);
      expect(await columns(`${table}_search`), table).toEqual(own);
    }
  });

  it('answers the searches themselves (the search views see the tenant’s rows)', async () => {
    // The reviews ran the real services: a search through a view that saw nothing would still plan well.
    const { pageDocuments } = await import('../src/modules/document/service.ts');
    const { documentType, documentEndpoints } = await import('@tracehub/contract');
    const { withTenant } = await import('../src/platform/tenancy.ts');
    const def = documentType('PurchaseReceipt');
    const search = (filters: Record<string, unknown>) =>
      withTenant(dbOf(t), samples.auto, (tx) =>
        pageDocuments(tx, samples.auto, def, documentEndpoints[def.code]!.page.input.parse(filters)),
      );
    expect((await search({ batchNo: '2026-0' })).list.map((d) => d.billNo)).toEqual(['RK-XH-001']);
    expect((await search({ partnerName: 'hengxin power' })).total).toBe(1);
    expect((await search({ itemName: '电芯' })).total).toBe(1);
    expect((await search({ batchNo: 'ORE-2026' })).total).toBe(0);
    // A view reads as its owner: it shows the transaction's tenant its own rows, never another's.
    const oreRows = (tenant: TenantContext) =>
      withTenant(dbOf(t), tenant, (tx) =>
        one<{ n: number }>(
          tx,
          sql`select count(*)::int as n from documents_search where batch_no = 'ORE-2026-01'`,
        ),
      );
    expect((await oreRows(samples.auto)).n).toBe(0);
    expect((await oreRows(samples.mine)).n).toBeGreaterThan(0);
  });
});
