import { TRACE_LIMITS } from '@tracehub/contract';
import type { Db } from '../../db/client.ts';
import {
  lotClients,
  lotInputs,
  lotKeyOf,
  lotOutputs,
  lotSuppliers,
  type AcrossRow,
  type LinkDoc,
  type LotFields,
  type LotKey,
  type WithinRow,
} from './links.ts';

/*
 * How documents link, inside an enterprise and between companies (spec 1, 2.2 /dataManagement, 9).
 *
 * A lot is an item code with a batch number in one enterprise; a unit known by its VIN/SN is a lot of its
 * own (whatever the item). A document line carries the lot of its batch, or of its VIN/SN when it has no
 * batch; a fit row (B1-1, C1-1) carries the vehicle's VIN and the fitted part's lot.
 *
 * Inside an enterprise:
 * - a document's related numbers resolve to the enterprise's documents of the types its catalogue entry
 *   `relatesTo` names (the document module answers them);
 * - production: a completion (role 'produce': ProductionEnd, ProductionEndNew) consumed the lots of the
 *   pickings (role 'consume': ProductionStart) whose numbers it lists; the produced lot is its
 *   (item code, batch) or its VIN/SN;
 * - a fit row links a vehicle's VIN to the part lot fitted into it.
 *
 * Between companies: a lot received by enterprise E (role 'receipt', or a fit row: both name the supplier
 * partner P) from P settled as enterprise S (a certified enterprise with P's USCI) is S's lot delivered
 * (role 'delivery') to a client partner of S settled as E, with the same batch (or VIN/SN), under S's item
 * code: E's supplier mapping of its own code for P (material_relations, direction 'supplier'), or E's code
 * itself when it has no mapping.
 *
 * Walking down (from a VIN or lot to what it is made of), each step from a set of lots: the completions
 * producing them and the pickings those consumed, the parts fitted into a VIN, the mine's or smelter's rows
 * of the lot (its site); and the receipts of each lot, matched to the supplier's delivery. A lot with
 * nothing received and nothing consumed is an origin (a mine's lot). Walking up (from a lot to every VIN):
 * the pickings of the lot and the completions naming them, the fit rows using it (giving VINs), and the
 * deliveries of the lot matched to the clients' receipts.
 *
 * Each step reads all lots of the frontier in two queries (inside enterprises, between them), through the
 * link functions of links.ts. A lot is visited once (so cycles end), and the walk stops at
 * TRACE_LIMITS: maxHops steps, maxTiers enterprises away from the start (spec 9: five levels), maxNodes lots;
 * `truncated` says one of them cut it short.
 */

export type TraceDirection = 'down' | 'up';
export type LinkKind = 'consumed' | 'fitted' | 'supplied';

export interface TraceNode {
  index: number;
  key: LotKey;
  tier: number;
  fields: LotFields;
  sites: { siteName: string; siteCountry: string }[];
  /** The mine's or smelter's rows naming its site (the documents of `sites`). */
  sourceDocs: LinkDoc[];
  /** The walk read what follows from it. */
  expanded: boolean;
  /** A bound (nodes or tiers) dropped a lot that follows from it. */
  cut: boolean;
}

export interface TraceEdge {
  from: number;
  to: number;
  kind: LinkKind;
  documents: LinkDoc[];
}

export interface TraceGapRow {
  from: number;
  kind: 'unsettled' | 'unmatched';
  document: LinkDoc;
  supplier: string | null;
  partnerId: number | null;
}

export interface TraceGraph {
  direction: TraceDirection;
  nodes: TraceNode[];
  edges: TraceEdge[];
  gaps: TraceGapRow[];
  truncated: boolean;
  /** The starts' node indexes, in the order given (one walk from many starts shares what they share). */
  roots: number[];
}

const nodeId = (k: LotKey) => `${k.ent}\u0000${k.item}\u0000${k.lot}`;

/** The graph being built: nodes by key, edges without repeats. */
class GraphBuilder {
  readonly nodes: TraceNode[] = [];
  readonly edges: TraceEdge[] = [];
  readonly gaps: TraceGapRow[] = [];
  truncated = false;
  private readonly byKey = new Map<string, TraceNode>();
  private readonly edgeKeys = new Set<string>();

  constructor(
    readonly direction: TraceDirection,
    private readonly maxNodes: number,
  ) {}

  /** The node of a lot, created when new (null when the node bound is reached). */
  node(key: LotKey, tier: number, fields: LotFields): { node: TraceNode; created: boolean } | null {
    const id = nodeId(key);
    const found = this.byKey.get(id);
    if (found) {
      // The same vehicle reached through a fit row (no item) and a completion (with one): keep the item.
      if (!found.fields.itemCode && fields.itemCode)
        found.fields = { ...found.fields, itemCode: fields.itemCode };
      return { node: found, created: false };
    }
    if (this.nodes.length >= this.maxNodes) {
      this.truncated = true;
      return null;
    }
    const node: TraceNode = {
      index: this.nodes.length,
      key,
      tier,
      fields,
      sites: [],
      sourceDocs: [],
      expanded: false,
      cut: false,
    };
    this.nodes.push(node);
    this.byKey.set(id, node);
    return { node, created: true };
  }

  edge(from: TraceNode, to: TraceNode, kind: LinkKind, documents: LinkDoc[]): void {
    if (from === to) return;
    const id = `${from.index}:${to.index}:${kind}`;
    if (this.edgeKeys.has(id)) return;
    this.edgeKeys.add(id);
    this.edges.push({ from: from.index, to: to.index, kind, documents });
  }

  build(roots: number[]): TraceGraph {
    return {
      roots,
      direction: this.direction,
      nodes: this.nodes,
      edges: this.edges,
      gaps: this.gaps,
      truncated: this.truncated,
    };
  }
}

const docs = (row: { a: LinkDoc; b: LinkDoc | null }) => (row.b ? [row.a, row.b] : [row.a]);

/** Follows the rows of one step inside enterprises; answers the new nodes. */
function followWithin(g: GraphBuilder, frontier: TraceNode[], rows: WithinRow[]): TraceNode[] {
  const next: TraceNode[] = [];
  for (const row of rows) {
    const parent = frontier[row.index];
    if (!parent) continue;
    if (row.link === 'source') {
      const site = row.site;
      if (!parent.sites.some((s) => s.siteName === site.siteName && s.siteCountry === site.siteCountry))
        parent.sites.push(site);
      if (!parent.sourceDocs.some((d) => d.typeCode === row.a.typeCode && d.billNo === row.a.billNo))
        parent.sourceDocs.push(row.a);
      continue;
    }
    const key = lotKeyOf(parent.key.ent, row.lot);
    if (!key) continue;
    const made = g.node(key, parent.tier, row.lot);
    if (!made) {
      parent.cut = true;
      continue;
    }
    g.edge(parent, made.node, row.link, docs(row));
    if (made.created) next.push(made.node);
  }
  return next;
}

/**
 * Follows the rows of one step between enterprises; answers the new nodes. Walking down, a receipt with an
 * unsettled supplier, or a settled one without a matching delivery, is kept as a gap.
 */
function followAcross(g: GraphBuilder, frontier: TraceNode[], rows: AcrossRow[]): TraceNode[] {
  const next: TraceNode[] = [];
  const matched = new Set<string>();
  const unmatched: { parent: TraceNode; row: AcrossRow }[] = [];
  for (const row of rows) {
    const parent = frontier[row.index];
    if (!parent) continue;
    const receiptId = `${parent.index}:${row.a.typeCode}:${row.a.billNo}`;
    const key = row.other && row.b && row.lot ? lotKeyOf(row.other, row.lot) : null;
    if (!key || !row.b || !row.lot) {
      unmatched.push({ parent, row });
      continue;
    }
    matched.add(receiptId);
    if (parent.tier >= TRACE_LIMITS.maxTiers) {
      g.truncated = true;
      parent.cut = true;
      continue;
    }
    const made = g.node(key, parent.tier + 1, row.lot);
    if (!made) {
      parent.cut = true;
      continue;
    }
    g.edge(parent, made.node, 'supplied', docs(row));
    if (made.created) next.push(made.node);
  }
  if (g.direction === 'down') {
    const seen = new Set<string>();
    for (const { parent, row } of unmatched) {
      const receiptId = `${parent.index}:${row.a.typeCode}:${row.a.billNo}`;
      if (matched.has(receiptId) || seen.has(receiptId)) continue;
      seen.add(receiptId);
      g.gaps.push({
        from: parent.index,
        kind: row.other ? 'unmatched' : 'unsettled',
        document: row.a,
        supplier: row.other,
        partnerId: row.partnerId,
      });
    }
  }
  return next;
}

/**
 * Walks from one lot or VIN (already known to be the caller's) in one direction, a step at a time, and
 * answers the graph of what it reached.
 */
export async function walk(
  db: Db,
  direction: TraceDirection,
  start: LotKey,
  fields: LotFields,
): Promise<TraceGraph> {
  return walkMany(db, direction, [{ key: start, fields }], TRACE_LIMITS.maxNodes);
}

/**
 * Walks from many starts (the caller's, all at tier 0) at once: each step reads the frontier of every start
 * in the same two queries, and a lot shared by several starts is read once. `maxNodes` bounds the whole
 * graph; a node that lost a lot to a bound is marked `cut`.
 */
export async function walkMany(
  db: Db,
  direction: TraceDirection,
  starts: readonly { key: LotKey; fields: LotFields }[],
  maxNodes: number,
): Promise<TraceGraph> {
  const g = new GraphBuilder(direction, Math.max(maxNodes, starts.length));
  const roots = starts.map((s) => g.node(s.key, 0, s.fields)!.node);
  let frontier = [...new Set(roots)];
  for (let hop = 1; frontier.length > 0; hop++) {
    if (hop > TRACE_LIMITS.maxHops) {
      g.truncated = true;
      for (const n of frontier) n.cut = true;
      break;
    }
    const keys = frontier.map((n) => n.key);
    const within = direction === 'down' ? await lotInputs(db, keys) : await lotOutputs(db, keys);
    const across = direction === 'down' ? await lotSuppliers(db, keys) : await lotClients(db, keys);
    for (const n of frontier) n.expanded = true;
    frontier = [...followWithin(g, frontier, within), ...followAcross(g, frontier, across)];
  }
  return g.build(roots.map((r) => r.index));
}

/**
 * The ends of a walk: the lots it reached that lead nowhere further. Down: those it read past with nothing
 * made of, fitted into or received for them: the origins (a mine's lots). Up: the VINs/SNs, the end
 * products (a unit passed on by its serial number is not an end while it goes on into another).
 */
export function endsOf(graph: TraceGraph): TraceNode[] {
  const onward = new Set<number>([...graph.edges.map((e) => e.from), ...graph.gaps.map((g) => g.from)]);
  if (graph.direction === 'up')
    return graph.nodes.filter((n) => n.index !== 0 && n.fields.vinSn !== '' && !onward.has(n.index));
  return graph.nodes.filter((n) => n.expanded && !onward.has(n.index));
}
