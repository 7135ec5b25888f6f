import { and, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { DATA_MANAGEMENT_CODE, DOCUMENT_TYPES, SEARCH_LIMITS, type TSearchHit } from '@tracehub/contract';
import type { Db } from '../../db/client.ts';
import { documents, materials, partners, products, projectCodes } from '../../db/schema.ts';
import type { TenantContext } from '../../platform/context.ts';
import { filters, searchReader, visibleRows } from '../../platform/list-query.ts';

/*
 * Find anything (contract search.ts). Each source reads one table of the tenant transaction: scoped to the
 * enterprise and the member's data permission (visibleRows), to the pages the member holds and the platform
 * configured, searched the way the lists search (lower(column) LIKE, through the tenant view that reaches
 * the trigram indexes), newest first. A hit carries the list route and query that show the record.
 */

type Matched = TSearchHit['matched'];

/** May the member open this page (held, and configured for the enterprise)? */
const opens = (tenant: TenantContext, page: string) =>
  tenant.permissions.has(page) && !tenant.unconfigured.has(page);

/** The first of the record's values that contains the keyword, and which one it is. */
function firstMatch(keyword: string, values: readonly [Matched, string][]): [Matched, string] {
  const k = keyword.toLowerCase();
  return values.find(([, v]) => v.toLowerCase().includes(k)) ?? values[0]!;
}

const join = (...parts: string[]) => parts.filter(Boolean).join(' · ');

/** The rows of `table` the member sees that `condition` finds, newest first. */
function find<T extends PgTable & { enterpriseUuid: PgColumn; createdBy: PgColumn; createdAt: PgColumn }>(
  db: Db,
  tenant: TenantContext,
  table: T,
  condition: SQL,
  extra: (SQL | undefined)[] = [],
) {
  return searchReader(db, [condition])
    .select()
    .from(table as PgTable)
    .where(and(visibleRows(table, tenant), condition, ...extra))
    .orderBy(desc(table.createdAt))
    .limit(SEARCH_LIMITS.perPage);
}

async function documentHits(db: Db, tenant: TenantContext, keyword: string): Promise<TSearchHit[]> {
  const types = DOCUMENT_TYPES.filter((d) => opens(tenant, d.code));
  if (types.length === 0) return [];
  const byTypeCode = new Map(types.map((d) => [d.typeCode, d]));
  // Up to perPage hits for each type: one statement per type would be 48; the newest hits across the types
  // are read at once, a few more than one page may show.
  const rows = (await searchReader(db, [
    filters.containsAny([documents.billNo, documents.batchNo, documents.vinSn], keyword)!,
  ])
    .select({
      docType: documents.docType,
      billNo: documents.billNo,
      batchNo: documents.batchNo,
      vinSn: documents.vinSn,
      itemCode: documents.itemCode,
      itemName: documents.itemName,
    })
    .from(documents)
    .where(
      and(
        visibleRows(documents, tenant),
        inArray(documents.docType, [...byTypeCode.keys()]),
        filters.containsAny([documents.billNo, documents.batchNo, documents.vinSn], keyword),
      ),
    )
    .orderBy(desc(documents.createdAt))
    .limit(SEARCH_LIMITS.total)) as {
    docType: number;
    billNo: string;
    batchNo: string;
    vinSn: string;
    itemCode: string;
    itemName: string;
  }[];
  const perType = new Map<number, number>();
  return rows.flatMap((row) => {
    const def = byTypeCode.get(row.docType);
    const seen = perType.get(row.docType) ?? 0;
    if (!def || seen >= SEARCH_LIMITS.perPage) return [];
    perType.set(row.docType, seen + 1);
    const [matched, value] = firstMatch(keyword, [
      ['billNo', row.billNo],
      ['batchNo', row.batchNo],
      ['vinSn', row.vinSn],
    ]);
    return [
      {
        kind: 'document' as const,
        page: def.code,
        route: def.route,
        query: { [matched]: value },
        title: row.billNo,
        detail: join(row.itemCode, row.itemName, row.batchNo, row.vinSn),
        matched,
      },
    ];
  });
}

async function partnerHits(db: Db, tenant: TenantContext, keyword: string): Promise<TSearchHit[]> {
  if (!opens(tenant, 'Partner')) return [];
  const condition = filters.containsAny(
    [partners.code, partners.name, partners.nameEn, partners.usci],
    keyword,
  )!;
  const rows = (await find(db, tenant, partners, condition)) as (typeof partners.$inferSelect)[];
  return rows.map((p) => {
    const [matched] = firstMatch(keyword, [
      ['code', p.code],
      ['name', `${p.name} ${p.nameEn}`],
      ['usci', p.usci],
    ]);
    return {
      kind: 'partner',
      page: 'Partner',
      route: 'basicData/partner',
      query: { code: p.code },
      title: p.code,
      detail: join(p.name, p.nameEn, p.usci),
      matched,
    };
  });
}

const MATERIAL_PAGES = [
  { nature: 'purchased', page: 'MaterialData', route: 'basicData/materialData' },
  { nature: 'homemade', page: 'MaterialDataIn', route: 'basicData/materialDataIn' },
] as const;

async function materialHits(db: Db, tenant: TenantContext, keyword: string): Promise<TSearchHit[]> {
  const hits: TSearchHit[] = [];
  for (const { nature, page, route } of MATERIAL_PAGES) {
    if (!opens(tenant, page)) continue;
    const condition = filters.containsAny(
      [materials.code, materials.name, materials.nameEn, materials.batchNo],
      keyword,
    )!;
    const rows = (await find(db, tenant, materials, condition, [
      eq(materials.nature, nature),
    ])) as (typeof materials.$inferSelect)[];
    for (const m of rows) {
      const [matched] = firstMatch(keyword, [
        ['code', m.code],
        ['batchNo', m.batchNo],
        ['name', `${m.name} ${m.nameEn}`],
      ]);
      hits.push({
        kind: 'material',
        page,
        route,
        query: matched === 'batchNo' ? { code: m.code, batchNo: m.batchNo } : { code: m.code },
        title: m.code,
        detail: join(m.name, m.nameEn, m.batchNo),
        matched,
      });
    }
  }
  return hits;
}

async function productHits(db: Db, tenant: TenantContext, keyword: string): Promise<TSearchHit[]> {
  if (!opens(tenant, 'Product')) return [];
  const condition = filters.containsAny(
    [products.code, products.name, products.nameEn, products.batchNo, products.vinSn],
    keyword,
  )!;
  const rows = (await find(db, tenant, products, condition)) as (typeof products.$inferSelect)[];
  return rows.map((p) => {
    const [matched, value] = firstMatch(keyword, [
      ['code', p.code],
      ['batchNo', p.batchNo],
      ['vinSn', p.vinSn],
      ['name', `${p.name} ${p.nameEn}`],
    ]);
    return {
      kind: 'product',
      page: 'Product',
      route: 'basicData/product',
      query: matched === 'name' ? { code: p.code } : { [matched]: value },
      title: p.code,
      detail: join(p.name, p.nameEn, p.batchNo, p.vinSn),
      matched,
    };
  });
}

/** A project opens its data drill-down (its products, VINs and suppliers) where the member may. */
async function projectHits(db: Db, tenant: TenantContext, keyword: string): Promise<TSearchHit[]> {
  const drill = opens(tenant, DATA_MANAGEMENT_CODE);
  if (!drill && !opens(tenant, 'Project')) return [];
  const rows = (await find(
    db,
    tenant,
    projectCodes,
    filters.contains(projectCodes.code, keyword)!,
  )) as (typeof projectCodes.$inferSelect)[];
  return rows.map((p): TSearchHit => {
    const query: Record<string, string> = drill
      ? { projectCodeId: String(p.id), project: p.code }
      : { code: p.code };
    return {
      kind: 'project',
      page: drill ? DATA_MANAGEMENT_CODE : 'Project',
      route: drill ? 'dataManagement/vinsnList' : 'basicData/project',
      query,
      title: p.code,
      detail: p.notes,
      matched: 'code',
    };
  });
}

/** Every source's hits in the contract's order of kinds, at most SEARCH_LIMITS.total. */
export async function searchEverything(
  db: Db,
  tenant: TenantContext,
  keyword: string,
): Promise<{ hits: TSearchHit[] }> {
  const hits: TSearchHit[] = [];
  // One after the other: a tenant transaction is one connection.
  for (const source of [documentHits, partnerHits, materialHits, productHits, projectHits]) {
    hits.push(...(await source(db, tenant, keyword)));
  }
  return { hits: hits.slice(0, SEARCH_LIMITS.total) };
}
