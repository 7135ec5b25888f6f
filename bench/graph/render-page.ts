// The page the graph-render bench opens in Chromium (bundled by bench/scenarios/graph.ts with esbuild): the
// console's own layout and renderer (apps/web/src/features/graph) on a synthetic network, and the same
// network drawn whole on every frame as the reference.
import type { TEnterpriseNetwork, TNetworkCompany, TNetworkFlow } from '@tracehub/contract';
import { layoutNetwork, type TDrawnNetwork } from '../../apps/web/src/features/graph/networkLayout';
import { createNetworkRenderer } from '../../apps/web/src/features/graph/renderNetwork';
import type { TGraphBench } from './api';

/** A deterministic pseudo-random sequence (mulberry32), so every run draws the same network. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A large automaker's network: `nodes` companies over five supplier tiers and two client tiers (more of
 * them further up, as supply chains fan out), `edges` flows between neighbouring tiers.
 */
function syntheticNetwork(nodes: number, edges: number): TEnterpriseNetwork {
  const next = random(42);
  const shares: [number, number][] = [
    [-2, 0.03],
    [-1, 0.04],
    [1, 0.08],
    [2, 0.15],
    [3, 0.22],
    [4, 0.23],
    [5, 0.25],
  ];
  const companies: TNetworkCompany[] = [
    {
      id: 'c0',
      name: 'Own',
      nameEn: 'Own',
      usci: '',
      did: null,
      kind: 'automaker',
      settled: true,
      own: true,
      tier: 0,
      lots: 50,
      findings: null,
    },
  ];
  const byTier = new Map<number, string[]>([[0, ['c0']]]);
  for (const [tier, share] of shares) {
    const count = Math.round((nodes - 1) * share);
    const ids: string[] = [];
    for (let i = 0; i < count && companies.length < nodes; i++) {
      const id = `c${companies.length}`;
      ids.push(id);
      companies.push({
        id,
        name: `Company ${id}`,
        nameEn: `Company ${id}`,
        usci: '',
        did: null,
        kind: tier === 5 ? 'mineral' : 'manufacturing',
        settled: next() > 0.1,
        own: false,
        tier,
        lots: 1 + Math.floor(next() * 40),
        findings: null,
      });
    }
    byTier.set(tier, ids);
  }
  const pick = (ids: string[]) => ids[Math.floor(next() * ids.length)]!;
  const flows: TNetworkFlow[] = [];
  const seen = new Set<string>();
  const tiers = [-2, -1, 0, 1, 2, 3, 4, 5];
  while (flows.length < edges) {
    const i = Math.floor(next() * (tiers.length - 1));
    const near = tiers[i]!;
    const far = tiers[i + 1]!;
    // Flows run from the supplier (the tier further up) to the client.
    const supplier = pick(byTier.get(Math.max(near, far))!);
    const client = pick(byTier.get(Math.min(near, far))!);
    const key = `${supplier}>${client}`;
    if (seen.has(key)) continue;
    seen.add(key);
    flows.push({
      id: `f${flows.length}`,
      from: supplier,
      to: client,
      matched: next() > 0.05,
      lots: 1 + Math.floor(next() * 10),
      materials: [],
      materialCount: 0,
      documents: [],
      documentCount: 0,
      quantities: [],
      firstTime: null,
      lastTime: null,
    });
  }
  return { companies, flows, levelsUp: 5, levelsDown: 2, starts: 0, truncated: false };
}

const frame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve));

/** The network laid out as the page draws it, every tier expanded (the worst case). */
function drawnOf(nodes: number, edges: number): TDrawnNetwork {
  return layoutNetwork(
    syntheticNetwork(nodes, edges),
    new Set([-2, -1, 1, 2, 3, 4, 5]),
    (c) => c.name,
    (tier, count) => `${tier} · ${count}`,
  );
}

const container = () => document.getElementById('stage')!;

/** Frame times while something else (the bench's mouse) works the page. */
let times: number[] = [];
/** The current recording; a loop of an earlier one ends at its next frame. */
let recording = 0;
async function record() {
  const mine = ++recording;
  const own: number[] = [];
  times = own;
  while (recording === mine) own.push(await frame());
}

/** The same picture drawn whole on every frame from a moving offset: no culling, no bitmap while moving. */
function canvasReference(network: TDrawnNetwork) {
  const canvas = document.createElement('canvas');
  const box = container();
  canvas.width = box.clientWidth;
  canvas.height = box.clientHeight;
  box.appendChild(canvas);
  const ctx = canvas.getContext('2d')!;
  const xs = network.nodes.map((n) => n.x);
  const ys = network.nodes.map((n) => n.y);
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const scale = Math.min(canvas.width / (maxX - minX || 1), canvas.height / (maxY - minY || 1)) * 0.9;
  const at = new Map(network.nodes.map((n) => [n.id, n]));
  let offset = 0;
  let running = true;
  const draw = () => {
    if (!running) return;
    offset = (offset + 3) % 200;
    ctx.clearRect(0, 0, canvas.width, canvas.height);
    ctx.strokeStyle = '#b5c2d6';
    ctx.beginPath();
    for (const e of network.edges) {
      const s = at.get(e.source)!;
      const t = at.get(e.target)!;
      ctx.moveTo((s.x - minX) * scale + offset, (s.y - minY) * scale);
      ctx.lineTo((t.x - minX) * scale + offset, (t.y - minY) * scale);
    }
    ctx.stroke();
    for (const n of network.nodes) {
      ctx.fillStyle = n.color;
      ctx.beginPath();
      ctx.arc((n.x - minX) * scale + offset, (n.y - minY) * scale, 3, 0, Math.PI * 2);
      ctx.fill();
    }
    requestAnimationFrame(draw);
  };
  requestAnimationFrame(draw);
  return () => {
    running = false;
    canvas.remove();
  };
}

declare global {
  interface Window {
    bench: TGraphBench;
  }
}

let kill: (() => void) | null = null;
window.bench = {
  async firstRender(nodes, edges) {
    window.bench.clear();
    const t0 = performance.now();
    const drawn = drawnOf(nodes, edges);
    const t1 = performance.now();
    const renderer = createNetworkRenderer(container(), () => undefined);
    renderer.draw(drawn);
    // Drawn once the browser has presented the frame after the draw.
    await frame();
    await frame();
    const t2 = performance.now();
    kill = () => renderer.kill();
    return { layoutMs: t1 - t0, renderMs: t2 - t1 };
  },
  startFrames() {
    void record();
  },
  stopFrames() {
    recording++;
    return times.slice(1).map((t, i) => t - times[i]!);
  },
  startCanvasReference(nodes, edges) {
    window.bench.clear();
    kill = canvasReference(drawnOf(nodes, edges));
  },
  stopCanvasReference() {
    window.bench.clear();
  },
  clear() {
    kill?.();
    kill = null;
    container().innerHTML = '';
  },
};
