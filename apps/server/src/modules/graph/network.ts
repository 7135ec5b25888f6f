import { GRAPH_LIMITS, type TFlowDocument } from '@tracehub/contract';
import type { LinkDoc, TraceGraph, TraceNode } from '../trace/public.ts';

/*
 * The supply-chain network from two walks of the trace (modules/trace walk.ts): down from the enterprise's
 * lots to their suppliers, up from them to their clients. Lots are summed by company: a company is a node,
 * the lots one company delivered to another are one flow. Pure: the reads happen in service.ts.
 *
 * Down, a 'supplied' edge runs from the client's lot (nearer the start) to the supplier's; its documents are
 * the client's receipt then the supplier's delivery. Up, it runs from the supplier's lot to the client's,
 * with the delivery then the receipt. A receipt with no matching delivery (a gap of the walk) is a flow too,
 * not matched: from the settled supplier it names, or from a supplier not on the platform.
 */

/** A company as the aggregation knows it, before its identity is read. */
export interface CompanyDraft {
  key: string;
  /** The enterprise (settled); null for a supplier not on the platform. */
  ent: string | null;
  /** The enterprise's own partner, for an unsettled supplier of its own. */
  partnerId: number | null;
  tier: number;
  lots: Set<string>;
}

/** A line of the enterprise's own documents in a flow: what its quantities sum. */
export interface OwnLineKey {
  typeCode: number;
  billNo: string;
  itemCode: string;
  batchNo: string;
  vinSn: string;
}

export interface FlowDraft {
  key: string;
  from: string;
  to: string;
  matched: boolean;
  lots: Set<string>;
  materials: Map<string, Set<string>>;
  documents: Map<string, TFlowDocument>;
  ownLines: Map<string, OwnLineKey>;
  firstTime: number | null;
  lastTime: number | null;
}

export interface NetworkDraft {
  companies: Map<string, CompanyDraft>;
  flows: Map<string, FlowDraft>;
}

const lotId = (n: TraceNode) => `${n.key.ent}\u0000${n.key.item}\u0000${n.key.lot}`;
export const lineKey = (l: OwnLineKey) =>
  `${l.typeCode}\u0000${l.billNo}\u0000${l.itemCode}\u0000${l.batchNo}\u0000${l.vinSn}`;

class NetworkBuilder {
  readonly companies = new Map<string, CompanyDraft>();
  readonly flows = new Map<string, FlowDraft>();

  constructor(
    private readonly own: string,
    private readonly maxTiers: number,
  ) {
    this.company(`e:${own}`, own, null, 0);
  }

  /** The company of a key, registered at the tier it was first reached (the enterprise stays at 0). */
  company(key: string, ent: string | null, partnerId: number | null, tier: number): CompanyDraft {
    let c = this.companies.get(key);
    if (!c) {
      c = { key, ent, partnerId, tier, lots: new Set() };
      this.companies.set(key, c);
    } else if (c.tier !== 0 && Math.abs(tier) < Math.abs(c.tier)) {
      c.tier = tier;
    }
    return c;
  }

  /** Whether a tier (signed) is within the tiers asked for. */
  shows(tier: number): boolean {
    return Math.abs(tier) <= this.maxTiers;
  }

  node(n: TraceNode, sign: 1 | -1): CompanyDraft | null {
    const tier = n.tier * sign;
    if (!this.shows(tier)) return null;
    const c = this.company(`e:${n.key.ent}`, n.key.ent, null, tier);
    c.lots.add(lotId(n));
    return c;
  }

  flow(supplier: CompanyDraft, client: CompanyDraft, matched: boolean): FlowDraft {
    const key = `${supplier.key}>${client.key}`;
    let f = this.flows.get(key);
    if (!f) {
      f = {
        key,
        from: supplier.key,
        to: client.key,
        matched,
        lots: new Set(),
        materials: new Map(),
        documents: new Map(),
        ownLines: new Map(),
        firstTime: null,
        lastTime: null,
      };
      this.flows.set(key, f);
    }
    // A pair with one matched delivery is a matched flow; its unmatched receipts are still listed.
    f.matched ||= matched;
    return f;
  }

  document(f: FlowDraft, doc: LinkDoc, side: TFlowDocument['side']): void {
    const key = `${side}\u0000${doc.typeCode}\u0000${doc.billNo}`;
    if (!f.documents.has(key)) f.documents.set(key, { ...doc, side });
    f.firstTime = f.firstTime === null ? doc.bizTime : Math.min(f.firstTime, doc.bizTime);
    f.lastTime = f.lastTime === null ? doc.bizTime : Math.max(f.lastTime, doc.bizTime);
  }

  lot(f: FlowDraft, lot: string, clientItemCode: string): void {
    f.lots.add(lot);
    const lots = f.materials.get(clientItemCode) ?? new Set<string>();
    lots.add(lot);
    f.materials.set(clientItemCode, lots);
  }

  /** An own document line of a flow, for its quantity: the enterprise's own lot `n` on `doc`. */
  ownLine(f: FlowDraft, company: CompanyDraft, doc: LinkDoc, n: TraceNode): void {
    if (company.ent !== this.own) return;
    const line = {
      typeCode: doc.typeCode,
      billNo: doc.billNo,
      itemCode: n.fields.itemCode,
      batchNo: n.fields.batchNo,
      vinSn: n.fields.batchNo ? '' : n.fields.vinSn,
    };
    f.ownLines.set(lineKey(line), line);
  }

  down(graph: TraceGraph): void {
    const companyOf = graph.nodes.map((n) => this.node(n, 1));
    for (const e of graph.edges) {
      if (e.kind !== 'supplied') continue;
      const client = companyOf[e.from];
      const supplier = companyOf[e.to];
      const clientNode = graph.nodes[e.from];
      const supplierNode = graph.nodes[e.to];
      if (!client || !supplier || !clientNode || !supplierNode) continue;
      const f = this.flow(supplier, client, true);
      this.lot(f, lotId(supplierNode), clientNode.fields.itemCode);
      const [receipt, delivery] = e.documents;
      if (receipt) {
        this.document(f, receipt, 'client');
        this.ownLine(f, client, receipt, clientNode);
      }
      if (delivery) {
        this.document(f, delivery, 'supplier');
        this.ownLine(f, supplier, delivery, supplierNode);
      }
    }
    for (const g of graph.gaps) {
      const clientNode = graph.nodes[g.from];
      const client = companyOf[g.from];
      if (!clientNode || !client || !this.shows(clientNode.tier + 1)) continue;
      const supplier = g.supplier
        ? this.company(`e:${g.supplier}`, g.supplier, null, clientNode.tier + 1)
        : clientNode.tier === 0 && g.partnerId !== null
          ? this.company(`p:${g.partnerId}`, null, g.partnerId, 1)
          : this.company(`u:${clientNode.key.ent}`, null, null, clientNode.tier + 1);
      const f = this.flow(supplier, client, false);
      this.lot(f, `gap\u0000${lotId(clientNode)}`, clientNode.fields.itemCode);
      this.document(f, g.document, 'client');
      this.ownLine(f, client, g.document, clientNode);
    }
  }

  up(graph: TraceGraph): void {
    const companyOf = graph.nodes.map((n) => this.node(n, -1));
    for (const e of graph.edges) {
      if (e.kind !== 'supplied') continue;
      const supplier = companyOf[e.from];
      const client = companyOf[e.to];
      const supplierNode = graph.nodes[e.from];
      const clientNode = graph.nodes[e.to];
      if (!client || !supplier || !clientNode || !supplierNode) continue;
      const f = this.flow(supplier, client, true);
      this.lot(f, lotId(supplierNode), clientNode.fields.itemCode);
      const [delivery, receipt] = e.documents;
      if (delivery) {
        this.document(f, delivery, 'supplier');
        this.ownLine(f, supplier, delivery, supplierNode);
      }
      if (receipt) {
        this.document(f, receipt, 'client');
        this.ownLine(f, client, receipt, clientNode);
      }
    }
  }
}

/** The companies and flows of the two walks, up to `maxTiers` each way. */
export function aggregateNetwork(
  own: string,
  maxTiers: number,
  down: TraceGraph | null,
  up: TraceGraph | null,
): NetworkDraft {
  const b = new NetworkBuilder(own, maxTiers);
  if (down) b.down(down);
  if (up) b.up(up);
  return { companies: b.companies, flows: b.flows };
}

/** The flow's documents as listed (newest first, at most GRAPH_LIMITS.flowDocuments). */
export function listedDocuments(f: FlowDraft): TFlowDocument[] {
  return [...f.documents.values()]
    .sort((a, b) => b.bizTime - a.bizTime || a.billNo.localeCompare(b.billNo))
    .slice(0, GRAPH_LIMITS.flowDocuments);
}

/** The flow's item codes by lots, most first (at most GRAPH_LIMITS.flowMaterials). */
export function listedMaterials(f: FlowDraft): { itemCode: string; lots: number }[] {
  return [...f.materials.entries()]
    .map(([itemCode, lots]) => ({ itemCode, lots: lots.size }))
    .sort((a, b) => b.lots - a.lots || a.itemCode.localeCompare(b.itemCode))
    .slice(0, GRAPH_LIMITS.flowMaterials);
}

const SCALE = 4;

/** Exact sums of decimal texts (numeric(13,4)) per unit, as decimal texts without trailing zeros. */
export function sumByUnit(lines: readonly { quantity: string | null; unit: string }[]) {
  const sums = new Map<string, bigint>();
  for (const l of lines) {
    if (l.quantity === null) continue;
    const [int = '0', frac = ''] = l.quantity.replace('-', '').split('.');
    const scaled =
      BigInt(int + frac.padEnd(SCALE, '0').slice(0, SCALE)) * (l.quantity.startsWith('-') ? -1n : 1n);
    sums.set(l.unit, (sums.get(l.unit) ?? 0n) + scaled);
  }
  return [...sums.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([unit, total]) => {
      const negative = total < 0n;
      const digits = (negative ? -total : total).toString().padStart(SCALE + 1, '0');
      const text = `${digits.slice(0, -SCALE)}.${digits.slice(-SCALE)}`.replace(/\.?0+$/, '');
      return { unit, quantity: `${negative ? '-' : ''}${text}` };
    });
}
