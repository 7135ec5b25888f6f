import type { PGlite } from '@electric-sql/pglite';
import { sql, type Logger, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type pg from 'pg';
import {
  api,
  documentEndpoints,
  documentType,
  type TEndpoint,
  type TInput,
  type TParsed,
} from '@tracehub/contract';
import type { Db, DbKind } from '../../src/db/client.ts';
import * as schema from '../../src/db/schema.ts';
import { pageCurrentFootprints, pageFootprintHistory } from '../../src/modules/carbon/service.ts';
import { pageDocuments } from '../../src/modules/document/service.ts';
import { listApplications } from '../../src/modules/examine/audit.ts';
import { listRefusedTransfers } from '../../src/modules/file/transfer-errors.ts';
import { chainRecordsPage } from '../../src/modules/ledger/service.ts';
import { pageCandidates } from '../../src/modules/material-relation/own-items.ts';
import { pageRelations, partnerOptions } from '../../src/modules/material-relation/service.ts';
import { optionsOf, pageMaterials } from '../../src/modules/material/service.ts';
import { pageMembers } from '../../src/modules/member/service.ts';
import { certificationPage } from '../../src/modules/certification/audit.ts';
import { enterprisePage } from '../../src/modules/operator/enterprises.ts';
import { outboxPage } from '../../src/modules/operator/outbox.ts';
import { pagePartners } from '../../src/modules/partner/service.ts';
import { pageProducts, productPickerPage } from '../../src/modules/product/service.ts';
import { pageProjects } from '../../src/modules/project/service.ts';
import { pageRoles } from '../../src/modules/role/service.ts';
import {
  materialPage,
  productPage,
  projectPage,
  supplierPage,
  traceLot,
  traceVin,
} from '../../src/modules/trace/service.ts';
import type { TenantContext } from '../../src/platform/context.ts';
import { pageImportRecords } from '../../src/platform/imports/records.ts';
import { ALL_ENTERPRISE_CODES } from '../../src/platform/permissions.ts';
import { withTenant } from '../../src/platform/tenancy.ts';

/*
 * The query review behind test/query-plans.test.ts and bench/scenarios/explain.ts: every list, search and
 * trace of the server (HOT_QUERIES) is run through its own service function on a Drizzle handle that records
 * the statements it sends, inside a tenant transaction as the requests run it (role tracehub_app, row-level
 * security on); then each recorded statement is explained in the same setting. The trace's SECURITY DEFINER
 * functions appear as one Function Scan: their bodies are explained too, as their owner and with a generic
 * plan, as PostgreSQL plans the statements of an SQL function.
 */

export interface Statement {
  text: string;
  params: unknown[];
}

/** One node of a plan, flattened in plan order. */
export interface PlanNode {
  depth: number;
  type: string;
  relation: string | null;
  index: string | null;
  /** Index Cond, Recheck Cond, Filter and Join/Hash conditions, as EXPLAIN prints them. */
  conditions: string[];
  planRows: number;
  actualRows: number | null;
  loops: number | null;
}

export interface StatementPlan {
  /** The statement, or `function <name>` for the body of a trace function. */
  label: string;
  text: string;
  nodes: PlanNode[];
  planningMs: number | null;
  executionMs: number | null;
}

/** What a review of one hot query found. */
export interface QueryReview {
  query: HotQuery;
  plans: StatementPlan[];
}

/** The callers and the values the hot queries ask about; each data set (test, bench) names its own. */
export interface PlanSamples {
  /** The automaker: documents, master data, traces down. */
  auto: TenantContext;
  /** The mine: the trace up from its ore lot. */
  mine: TenantContext;
  /** A completion's number (ProductionEndNew), a receipt's batch, a VIN, an item code and name of them. */
  billNo: string;
  batchNo: string;
  vinSn: string;
  itemCode: string;
  itemName: string;
  /** A supplier partner's code and name (receipts name it), a number a completion relates to. */
  partnerCode: string;
  partnerName: string;
  relatedBillNo: string;
  /** The mine's ore lot (trace up) and the automaker's received lot (related suppliers). */
  oreLot: { itemCode: string; batchNo: string };
  receivedLot: { itemCode: string; batchNo: string };
  /** The automaker's project with products, and a material code and product code of it. */
  projectId: number;
  materialCode: string;
  productCode: string;
  /** Part of an evidence record's subject id (a record's id). */
  subjectId: string;
}

/**
 * A tenant of the review: every query runs as the enterprise's administrator, with every code and the whole
 * enterprise's data permission (lists that narrow by code, such as the evidence records, show everything).
 */
export const planTenant = (enterpriseUuid: string, userId: number): TenantContext => ({
  enterpriseUuid,
  userId,
  permissions: ALL_ENTERPRISE_CODES,
  dataScope: 'company',
  unconfigured: new Set(),
});

export interface HotQuery {
  name: string;
  /** The endpoint that runs it (spec 7 path below /api). */
  endpoint: string;
  /** Operator-end queries run as the platform, not in a tenant transaction. */
  platform?: boolean;
  /** The tenant it runs for (the automaker unless said). */
  caller?: 'mine';
  /** The search indexes the query must reach its rows through (contains-searches). */
  searchIndexes?: string[];
  run(db: Db, s: PlanSamples): Promise<unknown>;
}

/** The request as the route receives it: the endpoint's own schema applied (defaults included). */
const input = <E extends TEndpoint>(e: E, body: TInput<E>): TParsed<E> => e.input.parse(body) as TParsed<E>;

const page = { pageNo: 1, pageSize: 10 };
const ENDNEW = documentType('ProductionEndNew');
const RECEIPT = documentType('PurchaseReceipt');
/** A document list page of the automaker with these filters, parsed by the type's page schema. */
const documents = (s: PlanSamples, db: Db, def: typeof ENDNEW, filters: Record<string, unknown>) =>
  pageDocuments(db, s.auto, def, documentEndpoints[def.code]!.page.input.parse({ ...page, ...filters }));

/** Every list, search and trace of the server that reads a table growing with the business. */
export const HOT_QUERIES: HotQuery[] = [
  // Documents (one table for the 47 lists).
  {
    name: 'document list page',
    endpoint: '/stageProduction/endNew/page',
    run: (db, s) => documents(s, db, ENDNEW, {}),
  },
  {
    name: 'document list page 20',
    endpoint: '/stageProduction/endNew/page',
    run: (db, s) => documents(s, db, ENDNEW, { pageNo: 20 }),
  },
  {
    name: 'document list sorted by business time',
    endpoint: '/stageProduction/endNew/page',
    run: (db, s) => documents(s, db, ENDNEW, { sortField: 'bizTime', sortOrder: 'desc' }),
  },
  ...(
    [
      ['number', ENDNEW, 'billNo'],
      ['batch', RECEIPT, 'batchNo'],
      ['VIN', ENDNEW, 'vinSn'],
      ['item code', RECEIPT, 'itemCode'],
      ['item name', RECEIPT, 'itemName'],
      ['partner code', RECEIPT, 'partnerCode'],
      ['partner name', RECEIPT, 'partnerName'],
    ] as const
  ).map(([label, def, field]): HotQuery => ({
    name: `document search: ${label} contains`,
    endpoint: `/${def.route}/page`,
    searchIndexes: ['documents_search_idx'],
    run: (db, s) => documents(s, db, def, { [field]: s[field] }),
  })),
  {
    name: 'document search: related number',
    endpoint: '/stageProduction/endNew/page',
    searchIndexes: ['documents_related_idx'],
    run: (db, s) => documents(s, db, ENDNEW, { relatedBillNo: s.relatedBillNo }),
  },
  {
    name: 'document search: business time range',
    endpoint: '/stageProduction/endNew/page',
    run: (db, s) =>
      documents(s, db, ENDNEW, { bizFrom: Date.parse('2026-01-01'), bizTo: Date.parse('2026-02-01') }),
  },
  // Traces and the project data drill-down.
  {
    name: 'trace: VIN down to the mine',
    endpoint: '/trace/vin',
    run: (db, s) => traceVin(db, s.auto, input(api.trace.traceVin, { vinSn: s.vinSn })),
  },
  {
    name: 'trace: ore lot up to its VINs',
    endpoint: '/trace/lot',
    caller: 'mine',
    run: (db, s) => traceLot(db, s.mine, input(api.trace.traceLot, s.oreLot)),
  },
  {
    name: 'project data: projects',
    endpoint: '/dataManagement/projectPage',
    run: (db, s) => projectPage(db, s.auto, input(api.trace.projectPage, page)),
  },
  {
    name: 'project data: products and VINs',
    endpoint: '/dataManagement/productPage',
    run: (db, s) =>
      productPage(db, s.auto, input(api.trace.productPage, { ...page, projectCodeId: s.projectId })),
  },
  {
    name: 'project data: materials of a VIN',
    endpoint: '/dataManagement/materialPage',
    run: (db, s) =>
      materialPage(
        db,
        s.auto,
        input(api.trace.materialPage, { ...page, itemCode: s.productCode, vinSn: s.vinSn }),
      ),
  },
  {
    name: 'project data: related suppliers of a lot',
    endpoint: '/dataManagement/supplierPage',
    run: (db, s) => supplierPage(db, s.auto, input(api.trace.supplierPage, { ...page, ...s.receivedLot })),
  },
  // Master data.
  {
    name: 'partner list page',
    endpoint: '/partner/page',
    run: (db, s) => pagePartners(db, s.auto, input(api.partner.page, page)),
  },
  {
    name: 'partner search: name contains',
    endpoint: '/partner/page',
    searchIndexes: ['partners_search_idx'],
    run: (db, s) => pagePartners(db, s.auto, input(api.partner.page, { ...page, name: s.partnerName })),
  },
  {
    name: 'partner options: keyword',
    endpoint: '/materialRelation/partnerOptions',
    searchIndexes: ['partners_search_idx'],
    run: (db, s) => partnerOptions(db, s.auto, 'supplier', s.partnerCode),
  },
  {
    name: 'material list page',
    endpoint: '/materialData/page',
    run: (db, s) => pageMaterials(db, s.auto, 'purchased', input(api.materialData.page, page)),
  },
  {
    name: 'material search: code contains',
    endpoint: '/materialData/page',
    searchIndexes: ['materials_search_idx'],
    run: (db, s) =>
      pageMaterials(db, s.auto, 'purchased', input(api.materialData.page, { ...page, code: s.materialCode })),
  },
  {
    name: 'material options: keyword',
    endpoint: '/materialData/options',
    searchIndexes: ['materials_search_idx'],
    run: (db, s) => optionsOf(db, s.auto, 'purchased', { keyword: s.materialCode, limit: 20 }),
  },
  {
    name: 'product list page',
    endpoint: '/product/selectProductInfo',
    run: (db, s) => pageProducts(db, s.auto, input(api.product.selectProductInfo, page)),
  },
  {
    name: 'product search: VIN contains',
    endpoint: '/product/selectProductInfo',
    searchIndexes: ['products_search_idx'],
    run: (db, s) =>
      pageProducts(db, s.auto, input(api.product.selectProductInfo, { ...page, vinSn: s.vinSn })),
  },
  {
    name: 'product picker: keyword',
    endpoint: '/product/getProductList',
    searchIndexes: ['products_search_idx'],
    run: (db, s) =>
      productPickerPage(db, s.auto, input(api.product.getProductList, { ...page, keyword: s.vinSn })),
  },
  {
    name: 'material mapping list page',
    endpoint: '/materialRelation/page',
    run: (db, s) => pageRelations(db, s.auto, 'supplier', input(api.materialRelation.page, page)),
  },
  {
    name: 'material mapping search: partner material contains',
    endpoint: '/materialRelation/page',
    searchIndexes: ['material_relations_search_idx'],
    run: (db, s) =>
      pageRelations(
        db,
        s.auto,
        'supplier',
        input(api.materialRelation.page, { ...page, partnerName: s.partnerName }),
      ),
  },
  {
    name: 'material mapping link page: candidates',
    endpoint: '/materialRelation/candidates',
    searchIndexes: ['materials_search_idx'],
    run: (db, s) =>
      pageCandidates(db, s.auto, 'supplier', { ...page, kind: 'material', code: s.materialCode }),
  },
  {
    name: 'project list page',
    endpoint: '/project/page',
    run: (db, s) => pageProjects(db, s.auto, input(api.project.page, page)),
  },
  {
    name: 'carbon footprints: current',
    endpoint: '/carbon/selectCarbonList',
    run: (db, s) => pageCurrentFootprints(db, s.auto, input(api.carbon.selectCarbonList, page)),
  },
  {
    name: 'carbon footprints: history',
    endpoint: '/carbon/queryCarbonFootprintList',
    run: (db, s) => pageFootprintHistory(db, s.auto, input(api.carbon.queryCarbonFootprintList, page)),
  },
  // Evidence, imports, members and the enterprise's own records.
  {
    name: 'evidence records page',
    endpoint: '/blockchain/queryProductChainRecordsPage',
    run: (db, s) => chainRecordsPage(db, s.auto, input(api.ledger.queryProductChainRecordsPage, page)),
  },
  {
    name: 'evidence records search: subject contains',
    endpoint: '/blockchain/queryProductChainRecordsPage',
    searchIndexes: ['ledger_events_search_idx'],
    run: (db, s) =>
      chainRecordsPage(
        db,
        s.auto,
        input(api.ledger.queryProductChainRecordsPage, { ...page, subjectId: s.subjectId }),
      ),
  },
  {
    name: 'import records page',
    endpoint: '/stagePurchase/receipt/uploadOperation',
    run: (db, s) => pageImportRecords(db, s.auto, 'document:PurchaseReceipt', page),
  },
  {
    name: 'failed attachment transfers page',
    endpoint: '/stage/fileErrorLog/page',
    run: (db, s) => listRefusedTransfers(db, s.auto, input(api.fileErrorLog.page, page), 'zh'),
  },
  {
    name: 'member list page',
    endpoint: '/member/page',
    run: (db, s) => pageMembers(db, s.auto, input(api.member.page, page)),
  },
  {
    name: 'role list page',
    endpoint: '/role/page',
    run: (db, s) => pageRoles(db, s.auto, input(api.role.page, page)),
  },
  {
    name: 'member applications page',
    endpoint: '/account/selectExamineList',
    run: (db, s) => listApplications(db, s.auto, input(api.examine.selectExamineList, page)),
  },
  // The operator end (every enterprise).
  {
    name: 'operator: enterprises',
    endpoint: '/operator/enterprise/page',
    platform: true,
    run: (db) => enterprisePage(db, input(api.operator.enterprisePage, page)),
  },
  {
    name: 'operator: certification audit',
    endpoint: '/operator/certification/page',
    platform: true,
    run: (db) => certificationPage(db, input(api.operator.certification.page, page)),
  },
  {
    name: 'operator: mail outbox',
    endpoint: '/operator/outbox/page',
    platform: true,
    run: (db) => outboxPage(db, input(api.operator.outboxPage, page)),
  },
];

// ---- recording and explaining ----------------------------------------------------------------------

type Client = pg.Pool | PGlite;

/** A Drizzle handle on the same client as `db` that records every statement it sends. */
function recording(db: Db, kind: DbKind): { db: Db; statements: Statement[] } {
  const statements: Statement[] = [];
  const logger: Logger = { logQuery: (text, params) => void statements.push({ text, params }) };
  const client = (db as unknown as { $client: Client }).$client;
  const recorded =
    kind === 'postgres'
      ? drizzlePostgres(client as pg.Pool, { schema, logger })
      : drizzlePglite(client as PGlite, { schema, logger });
  return { db: recorded as unknown as Db, statements };
}

/** A recorded statement as SQL again: its text with its own parameters. */
function asSql(st: Statement): SQL {
  const parts = st.text.split(/\$(\d+)/);
  return sql.join(
    parts.map((p, i) => (i % 2 === 0 ? sql.raw(p) : sql`${sql.param(st.params[Number(p) - 1])}`)),
  );
}

interface RawPlan {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Plan Rows': number;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  Plans?: RawPlan[];
  [condition: string]: unknown;
}

const CONDITIONS = ['Index Cond', 'Recheck Cond', 'Filter', 'Join Filter', 'Hash Cond', 'One-Time Filter'];

function flatten(plan: RawPlan, depth = 0, out: PlanNode[] = []): PlanNode[] {
  out.push({
    depth,
    type: plan['Node Type'],
    relation: plan['Relation Name'] ?? null,
    index: plan['Index Name'] ?? null,
    conditions: CONDITIONS.flatMap((c) =>
      typeof plan[c] === 'string' ? [`${c}: ${plan[c] as string}`] : [],
    ),
    planRows: plan['Plan Rows'],
    actualRows: plan['Actual Rows'] ?? null,
    loops: plan['Actual Loops'] ?? null,
  });
  for (const child of plan.Plans ?? []) flatten(child, depth + 1, out);
  return out;
}

/** EXPLAIN (ANALYZE with `analyze`) of `statement` in `tx`, its nodes flattened in plan order. */
export async function explain(
  tx: Db,
  label: string,
  statement: SQL,
  text: string,
  analyze: boolean,
): Promise<StatementPlan> {
  const options = sql.raw(analyze ? 'analyze, buffers, format json' : 'format json');
  const result = (await tx.execute(sql`explain (${options}) ${statement}`)) as unknown as {
    rows: { 'QUERY PLAN': [{ Plan: RawPlan; 'Planning Time'?: number; 'Execution Time'?: number }] }[];
  };
  const [top] = result.rows[0]!['QUERY PLAN'];
  return {
    label,
    text,
    nodes: flatten(top.Plan),
    planningMs: top['Planning Time'] ?? null,
    executionMs: top['Execution Time'] ?? null,
  };
}

/** The trace functions a statement calls, with the parameters of its call: `fn($1::text[], ...)`. */
function functionCalls(st: Statement): { name: string; params: unknown[] }[] {
  return [...st.text.matchAll(/(tracehub_trace_\w+)\(([^()]*)\)/g)].map((m) => ({
    name: m[1]!,
    params: m[2]!.split(',').map((arg) => st.params[Number(/\$(\d+)/.exec(arg)![1]) - 1]),
  }));
}

/**
 * A function's body with its arguments as $1..$n: comments dropped, argument names outside string literals
 * replaced (the bodies of migration 0011 name no column like an argument).
 */
function bodyStatement(src: string, names: string[], types: string[]): string {
  const code = src.replace(/--[^\n]*/g, '');
  return code
    .split(/('(?:[^']|'')*')/)
    .map((part, i) =>
      i % 2 === 1
        ? part
        : names.reduce(
            (text, name, n) =>
              text.replace(new RegExp(`(?<![.\\w"])${name}(?![\\w"])`, 'g'), `($${n + 1}::${types[n]})`),
            part,
          ),
    )
    .join('');
}

/**
 * The plan of a trace function's body for these arguments: as its owner (SECURITY DEFINER) and with a
 * generic plan, as PostgreSQL plans an SQL function's statements (parameters unknown to the planner).
 */
async function explainFunction(
  tx: Db,
  call: { name: string; params: unknown[] },
  analyze: boolean,
): Promise<StatementPlan> {
  const found = (await tx.execute(sql`
    select p.prosrc as src, p.proargnames as names,
           array(select format_type(t, null) from unnest(p.proargtypes::oid[]) t) as types
    from pg_proc p where p.proname = ${call.name}`)) as unknown as {
    rows: { src: string; names: string[]; types: string[] }[];
  };
  const fn = found.rows[0]!;
  const inputs = fn.names.slice(0, fn.types.length);
  const body = bodyStatement(fn.src, inputs, fn.types);
  // Prepared statements outlive a failed transaction: each review names its own.
  const name = `tracehub_plan_review_${++prepared}`;
  await tx.execute(sql.raw('set local role none'));
  await tx.execute(sql.raw('set local plan_cache_mode = force_generic_plan'));
  await tx.execute(sql.raw(`prepare ${name}(${fn.types.join(', ')}) as ${body}`));
  // EXPLAIN EXECUTE takes no bound parameters: the arguments go in as literals.
  const args = call.params.map((p, i) => literal(p, fn.types[i]!)).join(', ');
  const plan = await explain(tx, `function ${call.name}`, sql.raw(`execute ${name}(${args})`), body, analyze);
  await tx.execute(sql.raw(`deallocate ${name}`));
  await tx.execute(sql.raw('set local plan_cache_mode = auto'));
  await tx.execute(sql.raw('set local role tracehub_app'));
  return plan;
}
let prepared = 0;

/** A value as an SQL literal of its type (texts, numbers and arrays of them: the trace functions' arguments). */
function literal(value: unknown, type: string): string {
  const one = (v: unknown) => (typeof v === 'number' ? String(v) : `'${String(v).replaceAll("'", "''")}'`);
  if (!Array.isArray(value)) return `${one(value)}::${type}`;
  return value.length ? `array[${value.map(one).join(', ')}]::${type}` : `'{}'::${type}`;
}

/** Statements worth explaining: reads (the tenant transaction's own settings are left out). */
const isQuery = (st: Statement) =>
  /^\s*(select|with)\b/i.test(st.text) && !/^\s*select set_config/i.test(st.text);

/**
 * Runs the query through its service on a recording handle, then explains every statement it sent in the
 * setting it ran in: the tenant's transaction (role tracehub_app, row-level security) or, for the operator
 * end, the platform's. `setup` runs first in the explaining transaction (planner settings).
 */
export async function reviewQuery(
  database: { db: Db; kind: DbKind },
  query: HotQuery,
  samples: PlanSamples,
  opts: { analyze: boolean; setup?: string[] },
): Promise<QueryReview> {
  const { db, statements } = recording(database.db, database.kind);
  const tenant = query.caller === 'mine' ? samples.mine : samples.auto;
  const scope = <T>(on: Db, fn: (tx: Db) => Promise<T>) =>
    query.platform ? on.transaction((tx) => fn(tx as unknown as Db)) : withTenant(on, tenant, fn);
  await scope(db, (tx) => query.run(tx, samples));
  const plans: StatementPlan[] = [];
  const explainIn = query.platform
    ? (fn: (tx: Db) => Promise<void>) => database.db.transaction((tx) => fn(tx as unknown as Db))
    : (fn: (tx: Db) => Promise<void>) => withTenant(database.db, tenant, fn);
  await explainIn(async (tx) => {
    for (const setting of opts.setup ?? []) await tx.execute(sql.raw(setting));
    for (const st of statements.filter(isQuery)) {
      plans.push(await explain(tx, 'statement', asSql(st), st.text, opts.analyze));
      for (const call of functionCalls(st)) plans.push(await explainFunction(tx, call, opts.analyze));
    }
  });
  return { query, plans };
}

// ---- reading plans -----------------------------------------------------------------------------------

/** The scans of a plan: the nodes that read a table or an index. */
export const scansOf = (plan: StatementPlan) =>
  plan.nodes.filter((n) => n.relation !== null || n.index !== null);

/** The tables a plan reads with a sequential scan. */
export const seqScannedTables = (plan: StatementPlan) =>
  plan.nodes.filter((n) => n.type === 'Seq Scan').map((n) => n.relation!);

/** The indexes a plan reads (Index Scan, Index Only Scan, Bitmap Index Scan). */
export const indexesOf = (plan: StatementPlan) => plan.nodes.flatMap((n) => (n.index ? [n.index] : []));

/** "documents: Index Scan Backward documents_list_idx (10 rows)" for each scan of a plan. */
export function describeScans(plan: StatementPlan): string[] {
  return scansOf(plan).map((n) => {
    const rows = n.actualRows === null ? `~${n.planRows}` : `${n.actualRows * (n.loops ?? 1)}`;
    return `${n.relation ?? ''}${n.relation ? ': ' : ''}${n.type}${n.index ? ` ${n.index}` : ''} (${rows} rows)`;
  });
}
