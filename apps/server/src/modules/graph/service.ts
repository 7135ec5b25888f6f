import {
  GRAPH_LIMITS,
  TRACE_LIMITS,
  type api,
  type TEnterpriseNetwork,
  type TNetworkCompany,
  type TParsed,
  type TProjectCascade,
  type TProductNetwork,
  type TFlowEvidence,
  type TSupplierMapItem,
} from '@tracehub/contract';
import type { Db } from '../../db/client.ts';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import {
  documentEvidence,
  enterpriseIdentities,
  enterpriseKinds,
  enterprisePlaces,
  ownPartners,
  traceDown,
  typesOf,
  walkMany,
  type LotKey,
} from '../trace/public.ts';
import {
  aggregateNetwork,
  lineKey,
  listedDocuments,
  listedMaterials,
  sumByUnit,
  type CompanyDraft,
} from './network.ts';
import { tracingObjects } from '../material/public.ts';
import { projectsWithProducts } from '../product/public.ts';
import * as repo from './repo.ts';

// The supply-chain network and the product network (contract graph.ts). Reads only.

type Input<K extends keyof typeof api.graph> = TParsed<(typeof api.graph)[K]>;

const RECEIPT = typesOf('receipt');
const FIT = typesOf('fit');
const DELIVERY = typesOf('delivery');
const PRODUCE = typesOf('produce');
/** The documents a network can start from: what the business-time filter ranges over. */
const TRACED = [...new Set([...RECEIPT, ...FIT, ...DELIVERY, ...PRODUCE])];

/** The project -> product cascade of the network's filters. */
export async function projectCascade(db: Db, tenant: TenantContext): Promise<TProjectCascade> {
  return (await projectsWithProducts(db, tenant)).map((p) => ({
    code: p.code,
    notes: p.notes,
    products: p.products.map(({ code, name, nameEn }) => ({ code, name, nameEn })),
  }));
}
export const bizDate = (db: Db, tenant: TenantContext) => repo.bizTimeSpan(db, tenant, TRACED);

/** Own lots as the starts of a walk, at most GRAPH_LIMITS.maxStarts (`cut` when there were more). */
async function startsOf(
  db: Db,
  tenant: TenantContext,
  where: Parameters<typeof repo.startLots>[2],
): Promise<{ starts: { key: LotKey; fields: repo.StartLot }[]; cut: boolean }> {
  const rows = await repo.startLots(db, tenant, where, GRAPH_LIMITS.maxStarts);
  const starts: { key: LotKey; fields: repo.StartLot }[] = [];
  for (const r of rows.slice(0, GRAPH_LIMITS.maxStarts)) {
    const key: LotKey = r.batchNo
      ? { ent: tenant.enterpriseUuid, item: r.itemCode, lot: r.batchNo }
      : { ent: tenant.enterpriseUuid, item: '', lot: r.vinSn };
    if (r.batchNo && !r.itemCode) continue;
    starts.push({ key, fields: r.batchNo ? { ...r, vinSn: '' } : r });
  }
  return { starts, cut: rows.length > GRAPH_LIMITS.maxStarts };
}

const TIER_ORDER = (tier: number) => (tier === 0 ? 0 : tier > 0 ? tier : 100 - tier);

/**
 * The supply-chain network (spec 2.2 /visual/chain-d3): walks down from what the enterprise received (or, for
 * a project or product, from the products it made and delivered) and up from what it delivered, and sums
 * the lots by company.
 */
export async function enterpriseNetwork(
  db: Db,
  tenant: TenantContext,
  input: Input<'enterprise'>,
): Promise<TEnterpriseNetwork> {
  return (await networkWithUuids(db, tenant, input)).network;
}

/** The network, with each company's enterprise uuid (null for a supplier not on the platform) by its id. */
async function networkWithUuids(
  db: Db,
  tenant: TenantContext,
  input: Input<'enterprise'>,
): Promise<{ network: TEnterpriseNetwork; uuids: Map<string, string | null> }> {
  const codes = await repo.filteredProductCodes(db, tenant, input.projectCode, input.productCode);
  const range = { from: input.bizDateFrom, to: input.bizDateTo, itemCodes: codes };
  const down = await startsOf(db, tenant, {
    ...range,
    types: codes ? [...PRODUCE, ...DELIVERY] : [...RECEIPT, ...FIT],
  });
  const up = await startsOf(db, tenant, { ...range, types: DELIVERY });
  const downGraph = down.starts.length
    ? await walkMany(db, 'down', down.starts, TRACE_LIMITS.maxNodes)
    : null;
  const upGraph = up.starts.length ? await walkMany(db, 'up', up.starts, TRACE_LIMITS.maxNodes) : null;
  const draft = aggregateNetwork(tenant.enterpriseUuid, input.tiers, downGraph, upGraph);

  const drafts = [...draft.companies.values()];
  const uuids = drafts.flatMap((c) => (c.ent ? [c.ent] : []));
  const [identities, kinds, partners, findings] = [
    await enterpriseIdentities(db, uuids),
    await enterpriseKinds(db, uuids),
    await ownPartners(
      db,
      tenant,
      drafts.flatMap((c) => (c.partnerId === null ? [] : [c.partnerId])),
    ),
    await repo.latestFindings(db, tenant),
  ];

  const flows = [...draft.flows.values()];
  const lines = await repo.ownLines(db, tenant, [
    ...new Map(
      flows.flatMap((f) => [...f.ownLines.values()]).map((l) => [`${l.typeCode}\u0000${l.billNo}`, l]),
    ).values(),
  ]);
  const lineByKey = new Map(lines.map((l) => [lineKey(l), l]));

  const ordered = drafts.sort(
    (a, b) => TIER_ORDER(a.tier) - TIER_ORDER(b.tier) || (a.ent ?? a.key).localeCompare(b.ent ?? b.key),
  );
  const ids = new Map(ordered.map((c, i) => [c.key, `c${i}`]));
  const company = (c: CompanyDraft): TNetworkCompany => {
    const identity = c.ent ? identities.get(c.ent) : undefined;
    const partner = c.partnerId === null ? undefined : partners.get(c.partnerId);
    return {
      id: ids.get(c.key)!,
      name: identity?.name ?? partner?.name ?? '',
      nameEn: identity?.nameEn ?? partner?.nameEn ?? '',
      usci: identity?.usci ?? '',
      did: identity?.did ?? null,
      kind: c.ent ? (kinds.get(c.ent) ?? null) : null,
      settled: c.ent !== null,
      own: c.ent === tenant.enterpriseUuid,
      tier: c.tier,
      lots: c.lots.size,
      findings: (c.ent && findings.get(c.ent)) || null,
    };
  };
  const companies = ordered.map(company);
  const tiers = companies.map((c) => c.tier);
  const network: TEnterpriseNetwork = {
    companies,
    flows: flows.map((f, i) => ({
      id: `f${i}`,
      from: ids.get(f.from)!,
      to: ids.get(f.to)!,
      matched: f.matched,
      lots: f.lots.size,
      materials: listedMaterials(f),
      materialCount: f.materials.size,
      documents: listedDocuments(f),
      documentCount: f.documents.size,
      quantities: sumByUnit([...f.ownLines.keys()].flatMap((k) => lineByKey.get(k) ?? [])),
      firstTime: f.firstTime,
      lastTime: f.lastTime,
    })),
    levelsUp: Math.max(0, ...tiers),
    levelsDown: Math.max(0, ...tiers.map((t) => -t)),
    starts: down.starts.length + up.starts.length,
    truncated: down.cut || up.cut || Boolean(downGraph?.truncated) || Boolean(upGraph?.truncated),
  };
  return { network, uuids: new Map(ordered.map((c) => [ids.get(c.key)!, c.ent])) };
}

/**
 * The evidence of the documents a company's panel lists: the network drawn again with the same filters (its
 * ids are stable for them), the company's flows' listed documents, each on its side's enterprise.
 */
export async function companyEvidence(
  db: Db,
  tenant: TenantContext,
  input: Input<'companyEvidence'>,
): Promise<TFlowEvidence[]> {
  const { network, uuids } = await networkWithUuids(db, tenant, input.filters);
  const flows = network.flows.filter((f) => f.from === input.companyId || f.to === input.companyId);
  const docs = flows.flatMap((f) =>
    f.documents.map((d) => ({
      flowId: f.id,
      side: d.side,
      typeCode: d.typeCode,
      billNo: d.billNo,
      ent: uuids.get(d.side === 'supplier' ? f.from : f.to) ?? null,
    })),
  );
  const found = await documentEvidence(
    db,
    docs.map((d) => ({ ent: d.ent ?? '', typeCode: d.typeCode, billNo: d.billNo })),
  );
  return docs.map(({ ent: _ent, ...d }, i) => ({
    ...d,
    txHash: found[i]?.txHash ?? null,
    blockHeight: found[i]?.blockHeight ?? null,
  }));
}

/**
 * The supplier information map (spec 2.4): the network's suppliers with where they ship from, nearest tier
 * first; a supplier with no shipment or site recorded (or not on the platform) has no coordinates.
 */
export async function supplierMap(
  db: Db,
  tenant: TenantContext,
  input: Input<'supplierMap'>,
): Promise<TSupplierMapItem[]> {
  const { network, uuids } = await networkWithUuids(db, tenant, input);
  const suppliers = network.companies.filter((c) => c.tier > 0);
  const places = await enterprisePlaces(
    db,
    suppliers.flatMap((c) => uuids.get(c.id) ?? []),
  );
  return suppliers.map((c) => {
    const uuid = uuids.get(c.id);
    const place = uuid ? places.get(uuid) : undefined;
    return {
      id: c.id,
      supplierEnterpriseName: c.name,
      supplierEnterpriseNameEn: c.nameEn,
      supplierEnterpriseCode: c.usci,
      address: place?.address ?? '',
      latitude: place?.latitude ?? null,
      longitude: place?.longitude ?? null,
      tier: c.tier,
    };
  });
}

// ---- product network ------------------------------------------------------------------------------

export const traceLabels = (db: Db, tenant: TenantContext) => tracingObjects(db, tenant);

/** Where a product network starts: a product row's VIN/SN or lot, or the VIN/SN or lot asked for. */
async function productStart(db: Db, tenant: TenantContext, input: Input<'product'>) {
  if (!('productId' in input)) return input;
  const product = await repo.ownProduct(db, tenant, input.productId);
  if (!product) throw new AppError('NOT_FOUND');
  if (product.vinSn) return { vinSn: product.vinSn };
  if (product.batchNo) return { itemCode: product.code, batchNo: product.batchNo };
  throw new AppError('GRAPH_PRODUCT_NO_LOT');
}

/**
 * The product network (spec 2.2 /visual/product): the trace down to the mine with, per document, the leaf
 * hash and block of its newest sealed evidence (certified companies' and the enterprise's own).
 */
export async function productNetwork(
  db: Db,
  tenant: TenantContext,
  input: Input<'product'>,
): Promise<TProductNetwork> {
  const { trace, uuids } = await traceDown(db, tenant, await productStart(db, tenant, input));
  const nodeEnterprise = new Map(trace.nodes.map((n) => [n.id, n.enterprise]));
  const docs = new Map<string, { enterprise: number; typeCode: number; billNo: string }>();
  const note = (enterprise: number | undefined, d: { typeCode: number; billNo: string }) => {
    if (enterprise === undefined) return;
    docs.set(`${enterprise}\u0000${d.typeCode}\u0000${d.billNo}`, { enterprise, ...d });
  };
  for (const link of trace.links) {
    // Down: the first document is on the nearer lot's side, a second (a delivery, a picking) on the farther.
    const [near, far] = link.documents;
    if (near) note(nodeEnterprise.get(link.from), near);
    if (far) note(nodeEnterprise.get(link.kind === 'supplied' ? link.to : link.from), far);
  }
  for (const gap of trace.gaps) note(nodeEnterprise.get(gap.from), gap.document);
  const list = [...docs.values()];
  const found = await documentEvidence(
    db,
    list.map((d) => ({ ent: uuids[d.enterprise] ?? '', typeCode: d.typeCode, billNo: d.billNo })),
  );
  return {
    trace,
    evidence: list.map((d, i) => ({
      ...d,
      txHash: found[i]?.txHash ?? null,
      blockHeight: found[i]?.blockHeight ?? null,
    })),
  };
}
