import { TRACE_LIMITS, type TVinMapGapKind, type TVinMapNode, type TVinMapTree } from '@tracehub/contract';
import type { Db } from '../../db/client.ts';
import {
  enterpriseIdentities,
  sourceEnterprises,
  walk,
  walkMany,
  type LinkDoc,
  type LotKey,
  type TraceEdge,
  type TraceGraph,
} from '../trace/public.ts';
import { supplierPartners, vinProductions } from './repo.ts';

/*
 * The VIN map check (spec 2.4 "VIN map check result", 4 "Map check"; issue 16 item 4). A VIN is complete
 * when every branch of its chain down (trace walk, modules/trace/walk.ts) reaches a source company (an
 * enterprise of kind 'mineral'); anywhere else a branch stops is a gap (contract VIN_MAP_GAP_KINDS). The
 * troubleshooting run maps all VINs of its scope in one walk (each step reads the lots of every VIN at
 * once) and counts the complete ones; a VIN's tree is one walk from it, evaluated by the same rules.
 */

/** Bound of the run's one walk: every VIN of a task (at most 10,000) with room for its parts and chain. */
export const MAP_MAX_NODES = TRACE_LIMITS.maxNodes * 20;

export interface MapGap {
  kind: TVinMapGapKind;
  document: LinkDoc | null;
  /** The settled supplier's enterprise (unmatched). */
  supplier: string | null;
  /** The caller's own supplier partner (a receipt of the caller's own). */
  partnerId: number | null;
}

export interface EvaluatedMap {
  graph: TraceGraph;
  /** Each node's own gaps. */
  gaps: Map<number, MapGap[]>;
  /** Edges by their upper node. */
  below: Map<number, TraceEdge[]>;
  /** Nodes with a gap at or below them. */
  incomplete: Set<number>;
  sources: Set<string>;
  /** The production completion of each root VIN that has one. */
  productions: Map<string, LinkDoc>;
}

/** Evaluates a walk down from VINs: each node's gaps, and which nodes have a gap somewhere below. */
async function evaluate(db: Db, enterpriseUuid: string, graph: TraceGraph): Promise<EvaluatedMap> {
  const ents = [...new Set(graph.nodes.map((n) => n.key.ent))];
  const sources = await sourceEnterprises(db, ents);
  const rootVins = graph.roots.map((i) => graph.nodes[i]!.key.lot);
  const produced = await vinProductions(db, enterpriseUuid, rootVins);
  const gaps = new Map<number, MapGap[]>();
  const push = <K, V>(m: Map<K, V[]>, k: K, v: V) => {
    const list = m.get(k);
    if (list) list.push(v);
    else m.set(k, [v]);
  };
  const add = (node: number, gap: MapGap) => push(gaps, node, gap);
  const below = new Map<number, TraceEdge[]>();
  const above = new Map<number, number[]>();
  for (const e of graph.edges) {
    push(below, e.from, e);
    push(above, e.to, e.from);
  }
  const received = new Set(graph.gaps.map((g) => g.from));
  for (const g of graph.gaps)
    add(g.from, { kind: g.kind, document: g.document, supplier: g.supplier, partnerId: g.partnerId });
  const none = { document: null, supplier: null, partnerId: null };
  const productions = new Map<string, LinkDoc>();
  for (const i of new Set(graph.roots)) {
    const root = graph.nodes[i]!;
    const made = produced.get(root.key.lot);
    if (!made) add(i, { kind: 'noProduction', ...none });
    else {
      productions.set(root.key.lot, { typeCode: made.typeCode, billNo: made.billNo, bizTime: made.bizTime });
      // A VIN is walked by its number alone: its completion names the product it is.
      if (!root.fields.itemCode) root.fields = { ...root.fields, itemCode: made.itemCode };
    }
  }
  for (const n of graph.nodes) {
    if (n.cut || !n.expanded) add(n.index, { kind: 'truncated', ...none });
    else if (!below.has(n.index) && !received.has(n.index) && !sources.has(n.key.ent))
      // The branch ends at a company that is not a source: nothing received, picked or fitted for the lot.
      add(n.index, { kind: 'noInputs', ...none });
  }
  // A gap makes every node above it incomplete (a reverse walk, so shared lots and cycles are read once).
  const incomplete = new Set<number>();
  const stack = [...gaps.keys()];
  while (stack.length > 0) {
    const at = stack.pop()!;
    if (incomplete.has(at)) continue;
    incomplete.add(at);
    stack.push(...(above.get(at) ?? []));
  }
  return { graph, gaps, below, incomplete, sources, productions };
}

/** The gaps at or below a node, each once. */
export function gapsBelow(map: EvaluatedMap, start: number): MapGap[] {
  const out: MapGap[] = [];
  if (!map.incomplete.has(start)) return out;
  const seen = new Set<number>();
  const stack = [start];
  while (stack.length > 0) {
    const at = stack.pop()!;
    if (seen.has(at) || !map.incomplete.has(at)) continue;
    seen.add(at);
    out.push(...(map.gaps.get(at) ?? []));
    for (const e of map.below.get(at) ?? []) stack.push(e.to);
  }
  return out;
}

export interface VinMapResult {
  vin: string;
  complete: boolean;
  gapCount: number;
  gapKinds: TVinMapGapKind[];
}

const vinStart = (enterpriseUuid: string, vin: string) => ({
  key: { ent: enterpriseUuid, item: '', lot: vin } satisfies LotKey,
  fields: { itemCode: '', batchNo: '', vinSn: vin },
});

/** Maps many VINs of the enterprise in one walk (the troubleshooting run). */
export async function mapVins(
  db: Db,
  enterpriseUuid: string,
  vins: readonly string[],
): Promise<VinMapResult[]> {
  if (vins.length === 0) return [];
  const graph = await walkMany(
    db,
    'down',
    vins.map((v) => vinStart(enterpriseUuid, v)),
    MAP_MAX_NODES,
  );
  const map = await evaluate(db, enterpriseUuid, graph);
  return vins.map((vin, i) => {
    const gaps = gapsBelow(map, graph.roots[i]!);
    return {
      vin,
      complete: gaps.length === 0,
      gapCount: gaps.length,
      gapKinds: [...new Set(gaps.map((g) => g.kind))],
    };
  });
}

/** One VIN walked and evaluated (its tree, its tracing report). */
export async function mapOneVin(db: Db, enterpriseUuid: string, vin: string): Promise<EvaluatedMap> {
  const start = vinStart(enterpriseUuid, vin);
  return evaluate(db, enterpriseUuid, await walk(db, 'down', start.key, start.fields));
}

/** The names of the companies and partners a map names. */
export async function namesOf(db: Db, map: EvaluatedMap) {
  const ents = new Set(map.graph.nodes.map((n) => n.key.ent));
  const partnerIds = new Set<number>();
  for (const list of map.gaps.values())
    for (const g of list) {
      if (g.supplier) ents.add(g.supplier);
      if (g.partnerId !== null) partnerIds.add(g.partnerId);
    }
  const companies = await enterpriseIdentities(db, [...ents]);
  const partners = new Map((await supplierPartners(db, [...partnerIds])).map((p) => [p.id, p]));
  const gapSupplier = (g: MapGap) => {
    const e = g.supplier ? companies.get(g.supplier) : undefined;
    if (e) return { name: e.name, nameEn: e.nameEn };
    const p = g.partnerId === null ? undefined : partners.get(g.partnerId);
    return { name: p?.name ?? '', nameEn: p?.nameEn ?? '' };
  };
  return { companies, gapSupplier };
}

/**
 * A VIN's map as a tree: the walk's graph unfolded from the VIN (a lot reached again by another path is
 * shown once more, marked repeated, without its branches), each node complete or not, with its own gaps.
 */
export async function vinTree(db: Db, enterpriseUuid: string, vin: string): Promise<TVinMapTree> {
  const map = await mapOneVin(db, enterpriseUuid, vin);
  const { graph } = map;
  const { companies, gapSupplier } = await namesOf(db, map);
  const nodes: TVinMapNode[] = [];
  const shown = new Set<number>();
  const visit = (index: number, parent: string | null, via: TraceEdge | null) => {
    const n = graph.nodes[index]!;
    // The link kind is part of the key: a lot both picked for and fitted into the VIN is two children.
    const key = parent === null ? `n${index}` : `${parent}/${via?.kind ?? ''}:n${index}`;
    const repeated = shown.has(index);
    shown.add(index);
    const company = companies.get(n.key.ent);
    nodes.push({
      key,
      parent,
      tier: n.tier,
      companyName: company?.name ?? '',
      companyNameEn: company?.nameEn ?? '',
      own: n.key.ent === enterpriseUuid,
      source: map.sources.has(n.key.ent),
      itemCode: n.fields.itemCode,
      batchNo: n.fields.batchNo,
      vinSn: n.fields.vinSn,
      link: via?.kind ?? null,
      documents: via?.documents ?? [],
      sites: n.sites,
      complete: !map.incomplete.has(index),
      gaps: repeated
        ? []
        : (map.gaps.get(index) ?? []).map((g) => {
            const s = gapSupplier(g);
            return { kind: g.kind, document: g.document, supplierName: s.name, supplierNameEn: s.nameEn };
          }),
      repeated,
    });
    if (repeated) return;
    for (const e of map.below.get(index) ?? []) visit(e.to, key, e);
  };
  const root = graph.roots[0]!;
  visit(root, null, null);
  return {
    vin,
    complete: !map.incomplete.has(root),
    gapCount: gapsBelow(map, root).length,
    nodes,
    truncated: graph.truncated,
  };
}
