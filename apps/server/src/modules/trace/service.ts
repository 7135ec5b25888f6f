import type {
  api,
  TListResponse,
  TMaterialData,
  TParsed,
  TProductData,
  TProjectData,
  TSupplierTier,
  TTrace,
  TTraceEnterprise,
} from '@tracehub/contract';
import { LIMITS } from '@tracehub/contract';
import type { Db } from '../../db/client.ts';
import type { TenantContext } from '../../platform/context.ts';
import { decimalText } from '../../platform/decimal.ts';
import { AppError } from '../../platform/errors.ts';
import { runListQuery } from '../../platform/list-query.ts';
import { enterpriseIdentities, type EnterpriseIdentity, type LotKey } from './links.ts';
import {
  materialLines,
  ownPartners,
  ownsLot,
  ownVin,
  productDataPage,
  projectDataQuery,
  receiptPartnersOf,
} from './repo.ts';
import { endsOf, walk, type TraceGraph } from './walk.ts';

// The /dataManagement drill-down and the traces (rules in walk.ts). Reads only: nothing here changes data,
// so nothing is recorded as evidence. A trace starts only from the caller's own VIN or lot (E1003 otherwise).

type Input<K extends keyof typeof api.trace> = TParsed<(typeof api.trace)[K]>;

/**
 * A page of rows computed in memory (a trace's or a product's lines), in the list contract's shape: its total
 * capped like every list's (LIMITS.maxCountedTotal, spec 9).
 */
function pageOf<T>(rows: T[], req: { pageNo: number; pageSize: number }): TListResponse<T> {
  const from = (req.pageNo - 1) * req.pageSize;
  return {
    list: rows.slice(from, from + req.pageSize),
    total: Math.min(rows.length, LIMITS.maxCountedTotal),
  };
}

// ---- traces ---------------------------------------------------------------------------------------

/** Where a trace of the caller starts: its VIN/SN (down) or its lot (up); E1003 when it is not the caller's. */
async function vinStart(db: Db, tenant: TenantContext, vinSn: string) {
  const own = await ownVin(db, tenant, vinSn);
  if (!own) throw new AppError('NOT_FOUND');
  const key: LotKey = { ent: tenant.enterpriseUuid, item: '', lot: vinSn };
  return { key, fields: { itemCode: own.itemCode, batchNo: '', vinSn } };
}

async function lotStart(db: Db, tenant: TenantContext, itemCode: string, batchNo: string) {
  if (!(await ownsLot(db, tenant, itemCode, batchNo))) throw new AppError('NOT_FOUND');
  const key: LotKey = { ent: tenant.enterpriseUuid, item: itemCode, lot: batchNo };
  return { key, fields: { itemCode, batchNo, vinSn: '' } };
}

/** The identities of the enterprises a graph reached, in the order they appear (the caller's first). */
async function identitiesOf(db: Db, tenant: TenantContext, graph: TraceGraph) {
  const order: string[] = [];
  const note = (uuid: string | null) => {
    if (uuid && !order.includes(uuid)) order.push(uuid);
  };
  graph.nodes.forEach((n) => note(n.key.ent));
  graph.gaps.forEach((g) => note(g.supplier));
  const found = await enterpriseIdentities(db, order);
  const index = new Map(order.map((uuid, i) => [uuid, i]));
  const list: TTraceEnterprise[] = order.map((uuid) => {
    const e: EnterpriseIdentity | undefined = found.get(uuid);
    return {
      name: e?.name ?? '',
      nameEn: e?.nameEn ?? '',
      usci: e?.usci ?? '',
      did: e?.did ?? null,
      own: uuid === tenant.enterpriseUuid,
    };
  });
  return { list, index, order };
}

/** A walk as the contract answers it: enterprises by identity only, nodes by position. */
async function toTrace(db: Db, tenant: TenantContext, graph: TraceGraph): Promise<TTrace> {
  return (await traceWithUuids(db, tenant, graph)).trace;
}

/** toTrace, with the enterprises' uuids in the order of `trace.enterprises` (for the server's own reads). */
async function traceWithUuids(
  db: Db,
  tenant: TenantContext,
  graph: TraceGraph,
): Promise<{ trace: TTrace; uuids: string[] }> {
  const { list, index, order } = await identitiesOf(db, tenant, graph);
  const id = (i: number) => `n${i}`;
  const ownGaps = graph.gaps.filter((g) => graph.nodes[g.from]!.tier === 0 && g.partnerId !== null);
  const partners = await ownPartners(
    db,
    tenant,
    ownGaps.map((g) => g.partnerId!),
  );
  const trace: TTrace = {
    direction: graph.direction,
    root: id(0),
    enterprises: list,
    nodes: graph.nodes.map((n) => ({
      id: id(n.index),
      enterprise: index.get(n.key.ent)!,
      tier: n.tier,
      itemCode: n.fields.itemCode,
      batchNo: n.fields.batchNo,
      vinSn: n.fields.vinSn,
      sites: n.sites,
    })),
    links: graph.edges.map((e) => ({ from: id(e.from), to: id(e.to), kind: e.kind, documents: e.documents })),
    gaps: graph.gaps.map((g) => {
      const own =
        graph.nodes[g.from]!.tier === 0 && g.partnerId !== null ? partners.get(g.partnerId) : undefined;
      return {
        from: id(g.from),
        kind: g.kind,
        document: g.document,
        supplier: g.supplier === null ? null : (index.get(g.supplier) ?? null),
        partnerName: own?.name ?? '',
        partnerNameEn: own?.nameEn ?? '',
      };
    }),
    ends: endsOf(graph).map((n) => id(n.index)),
    levels: Math.max(0, ...graph.nodes.map((n) => n.tier)),
    truncated: graph.truncated,
  };
  return { trace, uuids: order };
}

/** A VIN/SN of the caller, down to the lots it is made of, across its suppliers to the mine. */
export async function traceVin(db: Db, tenant: TenantContext, input: Input<'traceVin'>): Promise<TTrace> {
  const start = await vinStart(db, tenant, input.vinSn);
  return toTrace(db, tenant, await walk(db, 'down', start.key, start.fields));
}

/**
 * One of the caller's VINs/SNs or lots down to the mine (the product network): what it was made of, across
 * its suppliers, with the uuids of its enterprises (for reads the server makes of them, never answered).
 * E1003 when it is not the caller's.
 */
export async function traceDown(
  db: Db,
  tenant: TenantContext,
  start: { vinSn: string } | { itemCode: string; batchNo: string },
): Promise<{ trace: TTrace; uuids: string[] }> {
  const from =
    'vinSn' in start
      ? await vinStart(db, tenant, start.vinSn)
      : await lotStart(db, tenant, start.itemCode, start.batchNo);
  return traceWithUuids(db, tenant, await walk(db, 'down', from.key, from.fields));
}

/** A lot of the caller, up to every VIN/SN it went into, across its clients. */
export async function traceLot(db: Db, tenant: TenantContext, input: Input<'traceLot'>): Promise<TTrace> {
  const start = await lotStart(db, tenant, input.itemCode, input.batchNo);
  return toTrace(db, tenant, await walk(db, 'up', start.key, start.fields));
}

// ---- drill-down -----------------------------------------------------------------------------------

export async function projectPage(
  db: Db,
  tenant: TenantContext,
  req: Input<'projectPage'>,
): Promise<TListResponse<TProjectData>> {
  const { list, total } = await runListQuery(db, projectDataQuery(tenant, req));
  return { list: list.map((r) => ({ ...r, createdAt: r.createdAt.getTime() })), total };
}

export async function productPage(
  db: Db,
  tenant: TenantContext,
  req: Input<'productPage'>,
): Promise<TListResponse<TProductData>> {
  const { list, total } = await productDataPage(db, tenant, req);
  return {
    list: list.map((r) => ({
      ...r,
      key: JSON.stringify([r.productId, r.code, r.batchNo, r.vinSn]),
      source: r.productId === null ? ('document' as const) : ('product' as const),
    })),
    total,
  };
}

/** A lot as one text: its item with its batch, or with its VIN/SN when it has no batch. */
const lotText = (l: { itemCode: string; batchNo: string; vinSn: string }) =>
  JSON.stringify(l.batchNo ? [l.itemCode, l.batchNo, ''] : [l.itemCode, '', l.vinSn]);

export async function materialPage(
  db: Db,
  tenant: TenantContext,
  req: Input<'materialPage'>,
): Promise<TListResponse<TMaterialData>> {
  const lines = await materialLines(db, tenant, req);
  const receipts = await receiptPartnersOf(
    db,
    tenant,
    lines.filter((l) => l.link === 'consumed'),
  );
  const receivedFrom = new Map<string, number[]>();
  for (const r of receipts)
    receivedFrom.set(lotText(r), [...(receivedFrom.get(lotText(r)) ?? []), r.partnerId]);
  const supplierIds = (l: (typeof lines)[number]) =>
    l.link === 'fitted' ? (l.partnerId === null ? [] : [l.partnerId]) : (receivedFrom.get(lotText(l)) ?? []);
  const partners = await ownPartners(db, tenant, lines.flatMap(supplierIds));
  const rows: TMaterialData[] = lines.map((l) => ({
    key: JSON.stringify([l.link, l.docType, l.billNo, l.itemCode, l.batchNo, l.vinSn]),
    link: l.link,
    itemCode: l.itemCode,
    itemName: l.itemName,
    batchNo: l.batchNo,
    vinSn: l.vinSn,
    quantity: decimalText(l.quantity),
    unit: l.unit,
    typeCode: l.docType,
    billNo: l.billNo,
    bizTime: l.bizTime.getTime(),
    suppliers: [...new Set(supplierIds(l))].flatMap((id) => {
      const p = partners.get(id);
      return p ? [{ code: p.code, name: p.name, nameEn: p.nameEn, settled: p.settled }] : [];
    }),
  }));
  rows.sort(
    (a, b) =>
      a.link.localeCompare(b.link) ||
      a.itemCode.localeCompare(b.itemCode) ||
      a.batchNo.localeCompare(b.batchNo) ||
      a.billNo.localeCompare(b.billNo),
  );
  return pageOf(rows, req);
}

/**
 * Whether a lot reached by a delivery is an origin: nothing it was made of (inside its enterprise) was
 * received from anyone, recorded or not, and the walk read it to the end.
 */
function originsOf(trace: TTrace): (id: string) => boolean {
  const within = new Map<string, string[]>();
  const receives = new Set<string>(trace.gaps.map((g) => g.from));
  for (const link of trace.links) {
    if (link.kind === 'supplied') receives.add(link.from);
    else within.set(link.from, [...(within.get(link.from) ?? []), link.to]);
  }
  return (id) => {
    if (trace.truncated) return false;
    const seen = new Set<string>();
    const stack = [id];
    while (stack.length > 0) {
      const at = stack.pop()!;
      if (seen.has(at)) continue;
      seen.add(at);
      if (receives.has(at)) return false;
      stack.push(...(within.get(at) ?? []));
    }
    return true;
  };
}

/**
 * The related suppliers of a lot: its trace down as one row per link between two enterprises (and per
 * receipt whose supplier is unsettled or whose delivery is missing), nearest tier first.
 */
export async function supplierPage(
  db: Db,
  tenant: TenantContext,
  req: Input<'supplierPage'>,
): Promise<TListResponse<TSupplierTier>> {
  const start = await lotStart(db, tenant, req.itemCode, req.batchNo);
  const trace = await toTrace(db, tenant, await walk(db, 'down', start.key, start.fields));
  const node = new Map(trace.nodes.map((n) => [n.id, n]));
  const origin = originsOf(trace);
  const enterprise = (i: number | null) => (i === null ? undefined : trace.enterprises[i]);
  const rows: TSupplierTier[] = [];
  for (const link of trace.links) {
    if (link.kind !== 'supplied') continue;
    const from = node.get(link.from)!;
    const to = node.get(link.to)!;
    const client = enterprise(from.enterprise)!;
    const supplier = enterprise(to.enterprise)!;
    rows.push({
      key: `${link.from}:${link.to}`,
      tier: to.tier,
      clientName: client.name,
      clientNameEn: client.nameEn,
      receipt: link.documents[0]!,
      settled: true,
      supplierName: supplier.name,
      supplierNameEn: supplier.nameEn,
      supplierUsci: supplier.usci,
      supplierDid: supplier.did,
      delivery: link.documents[1] ?? null,
      itemCode: to.itemCode,
      batchNo: to.batchNo,
      vinSn: to.vinSn,
      origin: origin(to.id),
    });
  }
  for (const gap of trace.gaps) {
    const from = node.get(gap.from)!;
    const client = enterprise(from.enterprise)!;
    const supplier = enterprise(gap.supplier);
    rows.push({
      key: `${gap.from}:${gap.document.typeCode}:${gap.document.billNo}`,
      tier: from.tier + 1,
      clientName: client.name,
      clientNameEn: client.nameEn,
      receipt: gap.document,
      settled: gap.kind === 'unmatched',
      supplierName: supplier?.name ?? gap.partnerName,
      supplierNameEn: supplier?.nameEn ?? gap.partnerNameEn,
      supplierUsci: supplier?.usci ?? '',
      supplierDid: supplier?.did ?? null,
      delivery: null,
      itemCode: from.itemCode,
      batchNo: from.batchNo,
      vinSn: from.vinSn,
      origin: false,
    });
  }
  rows.sort(
    (a, b) =>
      a.tier - b.tier ||
      a.clientName.localeCompare(b.clientName) ||
      a.receipt.billNo.localeCompare(b.receipt.billNo) ||
      a.key.localeCompare(b.key),
  );
  return pageOf(rows, req);
}
