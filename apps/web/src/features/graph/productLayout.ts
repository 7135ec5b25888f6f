import type { TDocumentEvidence, TProductNetwork, TTraceDocument, TTraceNode } from '@tracehub/contract';
import { NETWORK_COLORS, type TDrawnNetwork } from './networkLayout';

/*
 * The product network as drawn: the product's lot on the right, what it was made of to its left, column by
 * column down to the mine (material flows left to right, as in the supply-chain network), and each gap of
 * the trace (a supplier not on the platform, a delivery not recorded) as a node of its own. Pure.
 */

const DEPTH_GAP = 30;
const ROW_GAP = 4;

export const GAP_COLOR = NETWORK_COLORS.unmatched;
const TRACING_COLOR = '#d4b106';

/** Each node's steps from the root along the trace's links (a node reached twice keeps the shorter). */
function depths(network: TProductNetwork): Map<string, number> {
  const { trace } = network;
  const next = new Map<string, string[]>();
  for (const l of trace.links) next.set(l.from, [...(next.get(l.from) ?? []), l.to]);
  const depth = new Map([[trace.root, 0]]);
  let frontier = [trace.root];
  while (frontier.length) {
    const following: string[] = [];
    for (const id of frontier)
      for (const to of next.get(id) ?? [])
        if (!depth.has(to)) {
          depth.set(to, depth.get(id)! + 1);
          following.push(to);
        }
    frontier = following;
  }
  return depth;
}

/** The key a document's evidence is found by. */
export const evidenceKey = (enterprise: number, d: Pick<TTraceDocument, 'typeCode' | 'billNo'>) =>
  `${enterprise}\u0000${d.typeCode}\u0000${d.billNo}`;

export function evidenceIndex(network: TProductNetwork): Map<string, TDocumentEvidence> {
  return new Map(network.evidence.map((e) => [evidenceKey(e.enterprise, e), e]));
}

export function layoutProductNetwork(
  network: TProductNetwork,
  labelOf: (n: TTraceNode) => string,
  gapLabel: (kind: TProductNetwork['trace']['gaps'][number]['kind']) => string,
  tracingCodes: ReadonlySet<string>,
): TDrawnNetwork {
  const { trace } = network;
  const depth = depths(network);
  const sources = new Set(trace.ends);
  const columns = new Map<number, string[]>();
  const place = (id: string, d: number) => columns.set(d, [...(columns.get(d) ?? []), id]);
  for (const n of trace.nodes) place(n.id, depth.get(n.id) ?? 0);
  trace.gaps.forEach((g, i) => place(`gap:${i}`, (depth.get(g.from) ?? 0) + 1));
  const position = new Map<string, { x: number; y: number }>();
  for (const [d, ids] of columns)
    ids.forEach((id, i) => position.set(id, { x: -d * DEPTH_GAP, y: (i - (ids.length - 1) / 2) * ROW_GAP }));

  const colorOf = (n: TTraceNode) => {
    if (tracingCodes.has(n.itemCode)) return TRACING_COLOR;
    if (n.tier === 0) return NETWORK_COLORS.own;
    if (sources.has(n.id) && n.sites.length > 0) return NETWORK_COLORS.source;
    return NETWORK_COLORS.supplier;
  };
  return {
    nodes: [
      ...trace.nodes.map((n) => ({
        id: n.id,
        label: labelOf(n),
        ...position.get(n.id)!,
        size: n.id === trace.root ? 14 : 8,
        color: colorOf(n),
        tier: n.tier,
        company: null,
        count: 1,
      })),
      ...trace.gaps.map((g, i) => ({
        id: `gap:${i}`,
        label: gapLabel(g.kind),
        ...position.get(`gap:${i}`)!,
        size: 6,
        color: GAP_COLOR,
        tier: -1,
        company: null,
        count: 1,
      })),
    ],
    edges: [
      // Drawn from the material to what it went into (the lot further down supplies the nearer one); one edge
      // per pair.
      ...new Map(
        trace.links.map((l) => [
          `${l.to}>${l.from}`,
          {
            id: `${l.to}>${l.from}`,
            source: l.to,
            target: l.from,
            size: l.kind === 'supplied' ? 2 : 1.2,
            color: NETWORK_COLORS.edge,
            flows: [],
          },
        ]),
      ).values(),
      ...trace.gaps.map((g, i) => ({
        id: `gap:${i}>${g.from}`,
        source: `gap:${i}`,
        target: g.from,
        size: 1.2,
        color: GAP_COLOR,
        flows: [],
      })),
    ],
  };
}
