import type { TEnterpriseNetwork, TNetworkCompany } from '@tracehub/contract';

/*
 * The supply-chain network as drawn: companies in columns by tier (suppliers to the left of the enterprise,
 * clients to the right, so material flows left to right), a tallest column wrapped into sub-columns, and a
 * tier with more companies than AGGREGATE_ABOVE drawn as one node until it is expanded, with its flows
 * summed. Pure: the renderer (NetworkCanvas) only draws what this answers.
 */

/** A tier with more companies than this is drawn as one node until expanded. */
export const AGGREGATE_ABOVE = 60;

/** Distance between two tiers' columns, in graph units (a node is about 1 unit). */
const TIER_GAP = 40;
/** Vertical distance between two companies of a column. */
const ROW_GAP = 3;

export const NETWORK_COLORS = {
  own: '#1677ff',
  supplier: '#13a8a8',
  client: '#722ed1',
  source: '#d46b08',
  unsettled: '#bfbfbf',
  findings: '#cf1322',
  aggregate: '#8c8c8c',
  edge: '#b5c2d6',
  unmatched: '#faad14',
  dimmed: '#e8e8e8',
} as const;

export interface TDrawnNode {
  id: string;
  label: string;
  x: number;
  y: number;
  size: number;
  color: string;
  tier: number;
  /** The company drawn, or null for a tier's aggregate. */
  company: TNetworkCompany | null;
  /** Companies an aggregate stands for. */
  count: number;
}

export interface TDrawnEdge {
  id: string;
  source: string;
  target: string;
  size: number;
  color: string;
  /** The flows this edge draws (several when an end is an aggregate). */
  flows: string[];
}

export interface TDrawnNetwork {
  nodes: TDrawnNode[];
  edges: TDrawnEdge[];
}

/** The colour a company is drawn in: findings first, then what it is to the enterprise. */
export function companyColor(c: TNetworkCompany): string {
  if (c.findings && c.findings.fatal + c.findings.urgent + c.findings.minor > 0)
    return NETWORK_COLORS.findings;
  if (c.own) return NETWORK_COLORS.own;
  if (!c.settled) return NETWORK_COLORS.unsettled;
  if (c.kind === 'mineral') return NETWORK_COLORS.source;
  return c.tier > 0 ? NETWORK_COLORS.supplier : NETWORK_COLORS.client;
}

/** The positions of a column of `count` companies at `column`: wrapped into sub-columns within its band. */
function columnPositions(column: number, count: number): { x: number; y: number }[] {
  const perColumn = Math.max(25, Math.ceil(Math.sqrt(count * 6)));
  const columns = Math.ceil(count / perColumn);
  const band = TIER_GAP * 0.6;
  const step = columns > 1 ? band / (columns - 1) : 0;
  const x0 = column * TIER_GAP - (columns > 1 ? band / 2 : 0);
  const out: { x: number; y: number }[] = [];
  for (let i = 0; i < count; i++) {
    const sub = Math.floor(i / perColumn);
    const row = i % perColumn;
    const rows = Math.min(perColumn, count - sub * perColumn);
    // Odd sub-columns shift half a row, so that edges into a dense tier do not hide each other.
    out.push({ x: x0 + sub * step, y: (row - (rows - 1) / 2) * ROW_GAP + (sub % 2) * (ROW_GAP / 2) });
  }
  return out;
}

const nodeSize = (lots: number) => Math.min(16, 7 + Math.log2(1 + lots) * 1.5);

/**
 * Lays out the network: `expanded` names the tiers drawn company by company although they are large;
 * `labelOf` names a company in the current language.
 */
export function layoutNetwork(
  network: TEnterpriseNetwork,
  expanded: ReadonlySet<number>,
  labelOf: (c: TNetworkCompany) => string,
  aggregateLabel: (tier: number, count: number) => string,
  aggregateAbove = AGGREGATE_ABOVE,
): TDrawnNetwork {
  const byTier = new Map<number, TNetworkCompany[]>();
  for (const c of network.companies) byTier.set(c.tier, [...(byTier.get(c.tier) ?? []), c]);
  const nodes: TDrawnNode[] = [];
  const drawnAs = new Map<string, string>();
  for (const [tier, companies] of [...byTier.entries()].sort(([a], [b]) => a - b)) {
    // Suppliers sit left of the enterprise (negative x), clients right.
    const x = -tier;
    if (tier !== 0 && companies.length > aggregateAbove && !expanded.has(tier)) {
      const id = `tier:${tier}`;
      nodes.push({
        id,
        label: aggregateLabel(tier, companies.length),
        x: x * TIER_GAP,
        y: 0,
        size: Math.min(24, 10 + Math.log2(companies.length) * 1.5),
        color: NETWORK_COLORS.aggregate,
        tier,
        company: null,
        count: companies.length,
      });
      for (const c of companies) drawnAs.set(c.id, id);
      continue;
    }
    const sorted = [...companies].sort((a, b) => b.lots - a.lots || labelOf(a).localeCompare(labelOf(b)));
    const positions = columnPositions(x, sorted.length);
    sorted.forEach((c, i) => {
      nodes.push({
        id: c.id,
        label: labelOf(c),
        x: positions[i]!.x,
        y: positions[i]!.y,
        size: c.own ? 18 : nodeSize(c.lots),
        color: companyColor(c),
        tier,
        company: c,
        count: 1,
      });
      drawnAs.set(c.id, c.id);
    });
  }
  const edges = new Map<string, TDrawnEdge & { lots: number; matched: boolean }>();
  for (const f of network.flows) {
    const source = drawnAs.get(f.from);
    const target = drawnAs.get(f.to);
    if (!source || !target || source === target) continue;
    const id = `${source}>${target}`;
    const edge = edges.get(id) ?? {
      id,
      source,
      target,
      size: 1,
      color: '',
      flows: [],
      lots: 0,
      matched: false,
    };
    edge.flows.push(f.id);
    edge.lots += f.lots;
    edge.matched ||= f.matched;
    edges.set(id, edge);
  }
  return {
    nodes,
    edges: [...edges.values()].map(({ lots, matched, ...e }) => ({
      ...e,
      size: Math.min(6, 1.5 + Math.log2(1 + lots) * 0.6),
      color: matched ? NETWORK_COLORS.edge : NETWORK_COLORS.unmatched,
    })),
  };
}

/** Companies whose name, English name or USCI contains the text (case-insensitive). */
export function searchCompanies(companies: readonly TNetworkCompany[], text: string): TNetworkCompany[] {
  const needle = text.trim().toLowerCase();
  if (!needle) return [];
  return companies.filter((c) =>
    [c.name, c.nameEn, c.usci].some((v) => v !== '' && v.toLowerCase().includes(needle)),
  );
}
