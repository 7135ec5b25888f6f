import type { TDrawnNetwork } from './networkLayout';

/*
 * Draws a laid-out network on a Canvas 2D, with pan (drag), zoom (wheel) and clicks on nodes. Measured
 * before choosing (bench/scenarios/graph.ts, docs/bench): in headless Chromium without a GPU, sigma.js 4
 * (WebGL 2 through SwiftShader) panned 10,000 companies and 20,000 flows at 1 to 8 frames/s, a plain Canvas
 * 2D drawing of them at about 30. So: Canvas 2D, with what keeps it fluid at any size: only what is in view
 * is drawn, edges and nodes are batched into one path per colour, labels only while few nodes are in view,
 * and while the mouse moves the last full picture is moved and scaled as a bitmap (one drawImage a frame),
 * the full picture being drawn again once the movement rests. Plain TypeScript: the page wraps it
 * (NetworkCanvas.tsx) and the bench drives it directly.
 */

export interface TNetworkRenderer {
  /** Replaces what is drawn and frames it. */
  draw(network: TDrawnNetwork): void;
  /** Emphasises these nodes (their edges stay, the rest fades); null shows everything plainly. */
  emphasise(ids: ReadonlySet<string> | null): void;
  /** Moves the view onto a node. */
  focus(id: string): void;
  /** Frames the whole network. */
  fit(): void;
  /** The current picture as a PNG data URL. */
  toPng(background: string): string;
  kill(): void;
}

const FADED = '#e5e8ee';
/** Nodes in view up to which every label is written. */
const LABELS_UP_TO = 150;
/** Margin around the framed network, in CSS pixels, with room for the labels where they sit. */
const PADDINGS = {
  right: { left: 40, right: 180, top: 30, bottom: 30 },
  below: { left: 140, right: 140, top: 30, bottom: 40 },
} as const;
/** A press that moves less than this is a click. */
const CLICK_SLOP = 4;
/** The full picture is drawn again this long after the last movement. */
const SETTLE_MS = 120;
const MIN_SCALE = 0.005;
const MAX_SCALE = 200;
const FONT =
  '12px -apple-system, "Segoe UI", "PingFang SC", "Noto Sans CJK SC", "Microsoft YaHei", sans-serif';

/** Screen radius of a node of layout size `size` (the layout's sizes are diameters in pixels). */
const radiusOf = (size: number) => size / 2;

interface TView {
  scale: number;
  tx: number;
  ty: number;
}

/** Whether this browser can draw the network (a 2D canvas); the page falls back to the list otherwise. */
export function canRenderNetwork(): boolean {
  try {
    return document.createElement('canvas').getContext('2d') !== null;
  } catch {
    return false;
  }
}

/** Where labels sit: right of their nodes (columns of companies) or below them (a chain of lots). */
export type TLabelPlacement = 'right' | 'below';

export function createNetworkRenderer(
  container: HTMLElement,
  onNodeClick: (id: string) => void,
  { labels = 'right' }: { labels?: TLabelPlacement } = {},
): TNetworkRenderer {
  const canvas = document.createElement('canvas');
  canvas.style.display = 'block';
  canvas.style.width = '100%';
  canvas.style.height = '100%';
  canvas.style.cursor = 'grab';
  canvas.style.touchAction = 'none';
  container.appendChild(canvas);
  const ctx = canvas.getContext('2d')!;
  // The last full picture and the view it was drawn in: moved and scaled while the mouse works.
  const snapshot = document.createElement('canvas');
  let snapshotView: TView = { scale: 1, tx: 0, ty: 0 };

  let network: TDrawnNetwork = { nodes: [], edges: [] };
  let index = new Map<string, number>();
  let emphasised: ReadonlySet<string> | null = null;
  let view: TView = { scale: 1, tx: 0, ty: 0 };
  let width = 0;
  let height = 0;
  let ratio = 1;
  let frameRequest = 0;
  let settleTimer = 0;
  let moving = false;

  const resize = () => {
    ratio = window.devicePixelRatio || 1;
    width = container.clientWidth;
    height = container.clientHeight;
    for (const c of [canvas, snapshot]) {
      c.width = Math.max(1, Math.round(width * ratio));
      c.height = Math.max(1, Math.round(height * ratio));
    }
  };

  const PADDING = PADDINGS[labels];
  const frame = (): TView => {
    if (network.nodes.length === 0) return { scale: 1, tx: width / 2, ty: height / 2 };
    let [minX, maxX, minY, maxY] = [Infinity, -Infinity, Infinity, -Infinity];
    for (const n of network.nodes) {
      minX = Math.min(minX, n.x);
      maxX = Math.max(maxX, n.x);
      minY = Math.min(minY, n.y);
      maxY = Math.max(maxY, n.y);
    }
    const w = Math.max(width - PADDING.left - PADDING.right, 1);
    const h = Math.max(height - PADDING.top - PADDING.bottom, 1);
    const scale = Math.min(w / Math.max(maxX - minX, 1e-9), h / Math.max(maxY - minY, 1e-9), 40);
    return {
      scale,
      tx: PADDING.left + (w - (maxX - minX) * scale) / 2 - minX * scale,
      ty: PADDING.top + (h - (maxY - minY) * scale) / 2 - minY * scale,
    };
  };

  const colorOf = (id: string, color: string) => (!emphasised || emphasised.has(id) ? color : FADED);

  /** The full picture in the current view: what is in view, batched by colour. */
  const paint = (target: CanvasRenderingContext2D, background: string | null) => {
    const { scale, tx, ty } = view;
    target.setTransform(ratio, 0, 0, ratio, 0, 0);
    target.clearRect(0, 0, width, height);
    if (background) {
      target.fillStyle = background;
      target.fillRect(0, 0, width, height);
    }
    const sx = (x: number) => x * scale + tx;
    const sy = (y: number) => y * scale + ty;
    const inView = (x: number, y: number, r: number) =>
      x + r >= 0 && x - r <= width && y + r >= 0 && y - r <= height;

    const edgeBatches = new Map<string, { width: number; segments: number[] }>();
    for (const e of network.edges) {
      const s = network.nodes[index.get(e.source)!]!;
      const t = network.nodes[index.get(e.target)!]!;
      const [x1, y1, x2, y2] = [sx(s.x), sy(s.y), sx(t.x), sy(t.y)];
      if (
        Math.max(x1, x2) < 0 ||
        Math.min(x1, x2) > width ||
        Math.max(y1, y2) < 0 ||
        Math.min(y1, y2) > height
      )
        continue;
      const on = !emphasised || emphasised.has(e.source) || emphasised.has(e.target);
      const color = on ? e.color : FADED;
      const key = `${color}|${e.size.toFixed(1)}`;
      const batch = edgeBatches.get(key) ?? { width: e.size, segments: [] };
      batch.segments.push(x1, y1, x2, y2);
      edgeBatches.set(key, batch);
    }
    for (const [key, batch] of edgeBatches) {
      target.strokeStyle = key.split('|')[0]!;
      target.lineWidth = Math.max(0.5, batch.width);
      target.beginPath();
      const seg = batch.segments;
      for (let i = 0; i < seg.length; i += 4) {
        target.moveTo(seg[i]!, seg[i + 1]!);
        target.lineTo(seg[i + 2]!, seg[i + 3]!);
      }
      target.stroke();
    }

    const visible: number[] = [];
    const nodeBatches = new Map<string, number[]>();
    network.nodes.forEach((n, i) => {
      const [x, y, r] = [sx(n.x), sy(n.y), radiusOf(n.size)];
      if (!inView(x, y, r)) return;
      visible.push(i);
      const color = colorOf(n.id, n.color);
      const batch = nodeBatches.get(color) ?? [];
      batch.push(x, y, r);
      nodeBatches.set(color, batch);
    });
    for (const [color, batch] of nodeBatches) {
      target.fillStyle = color;
      target.beginPath();
      for (let i = 0; i < batch.length; i += 3) {
        target.moveTo(batch[i]! + batch[i + 2]!, batch[i + 1]!);
        target.arc(batch[i]!, batch[i + 1]!, batch[i + 2]!, 0, Math.PI * 2);
      }
      target.fill();
    }

    // Labels: every one while they can be read, else only the emphasised nodes'.
    target.font = FONT;
    target.textBaseline = 'middle';
    target.textAlign = labels === 'below' ? 'center' : 'left';
    target.lineJoin = 'round';
    target.lineWidth = 3;
    target.strokeStyle = 'rgba(255,255,255,0.9)';
    target.fillStyle = '#262626';
    for (const i of visible) {
      const n = network.nodes[i]!;
      if (visible.length > LABELS_UP_TO && !emphasised?.has(n.id)) continue;
      if (emphasised && !emphasised.has(n.id) && visible.length > 20) continue;
      const x = labels === 'below' ? sx(n.x) : sx(n.x) + radiusOf(n.size) + 4;
      const y = labels === 'below' ? sy(n.y) + radiusOf(n.size) + 10 : sy(n.y);
      target.strokeText(n.label, x, y);
      target.fillText(n.label, x, y);
    }
  };

  const render = () => {
    paint(ctx, null);
    const snap = snapshot.getContext('2d')!;
    snap.setTransform(1, 0, 0, 1, 0, 0);
    snap.clearRect(0, 0, snapshot.width, snapshot.height);
    snap.drawImage(canvas, 0, 0);
    snapshotView = { ...view };
  };

  /** While moving: the last full picture, moved and scaled to the current view. */
  const renderMoving = () => {
    const k = view.scale / snapshotView.scale;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, canvas.width, canvas.height);
    ctx.setTransform(
      ratio * k,
      0,
      0,
      ratio * k,
      ratio * (view.tx - snapshotView.tx * k),
      ratio * (view.ty - snapshotView.ty * k),
    );
    ctx.drawImage(snapshot, 0, 0, snapshot.width / ratio, snapshot.height / ratio);
  };

  const schedule = () => {
    if (frameRequest) return;
    frameRequest = requestAnimationFrame(() => {
      frameRequest = 0;
      if (moving) renderMoving();
      else render();
    });
  };

  /** A movement of the view: drawn from the snapshot now, in full once it rests. */
  const move = () => {
    moving = true;
    schedule();
    window.clearTimeout(settleTimer);
    settleTimer = window.setTimeout(() => {
      moving = false;
      schedule();
    }, SETTLE_MS);
  };

  const nodeAt = (px: number, py: number): string | null => {
    let best: string | null = null;
    let bestDistance = Infinity;
    for (const n of network.nodes) {
      const dx = n.x * view.scale + view.tx - px;
      const dy = n.y * view.scale + view.ty - py;
      const d = dx * dx + dy * dy;
      const reach = radiusOf(n.size) + 3;
      if (d <= reach * reach && d < bestDistance) {
        best = n.id;
        bestDistance = d;
      }
    }
    return best;
  };

  const local = (event: { clientX: number; clientY: number }) => {
    const box = canvas.getBoundingClientRect();
    return { x: event.clientX - box.left, y: event.clientY - box.top };
  };

  let press: { x: number; y: number; tx: number; ty: number; dragged: boolean } | null = null;
  const onDown = (event: PointerEvent) => {
    const p = local(event);
    press = { ...p, tx: view.tx, ty: view.ty, dragged: false };
    canvas.setPointerCapture(event.pointerId);
    canvas.style.cursor = 'grabbing';
  };
  const onMove = (event: PointerEvent) => {
    const p = local(event);
    if (!press) {
      canvas.style.cursor = nodeAt(p.x, p.y) ? 'pointer' : 'grab';
      return;
    }
    const [dx, dy] = [p.x - press.x, p.y - press.y];
    if (!press.dragged && Math.hypot(dx, dy) < CLICK_SLOP) return;
    press.dragged = true;
    view = { ...view, tx: press.tx + dx, ty: press.ty + dy };
    move();
  };
  const onUp = (event: PointerEvent) => {
    const p = local(event);
    const wasClick = press !== null && !press.dragged;
    press = null;
    canvas.style.cursor = 'grab';
    if (!wasClick) return;
    const hit = nodeAt(p.x, p.y);
    if (hit) onNodeClick(hit);
  };
  const onWheel = (event: WheelEvent) => {
    event.preventDefault();
    const p = local(event);
    const factor = Math.exp(-event.deltaY * 0.0015);
    const scale = Math.min(MAX_SCALE, Math.max(MIN_SCALE, view.scale * factor));
    const k = scale / view.scale;
    view = { scale, tx: p.x - (p.x - view.tx) * k, ty: p.y - (p.y - view.ty) * k };
    move();
  };
  canvas.addEventListener('pointerdown', onDown);
  canvas.addEventListener('pointermove', onMove);
  canvas.addEventListener('pointerup', onUp);
  canvas.addEventListener('wheel', onWheel, { passive: false });
  const observer = new ResizeObserver(() => {
    resize();
    render();
  });
  observer.observe(container);
  resize();

  return {
    draw(next) {
      network = next;
      index = new Map(next.nodes.map((n, i) => [n.id, i]));
      view = frame();
      render();
    },
    emphasise(ids) {
      emphasised = ids;
      render();
    },
    focus(id) {
      const i = index.get(id);
      if (i === undefined) return;
      const n = network.nodes[i]!;
      const scale = Math.max(view.scale, frame().scale * 3);
      view = { scale, tx: width / 2 - n.x * scale, ty: height / 2 - n.y * scale };
      render();
    },
    fit() {
      view = frame();
      render();
    },
    toPng(background) {
      const out = document.createElement('canvas');
      out.width = canvas.width;
      out.height = canvas.height;
      paint(out.getContext('2d')!, background);
      return out.toDataURL('image/png');
    },
    kill() {
      observer.disconnect();
      cancelAnimationFrame(frameRequest);
      window.clearTimeout(settleTimer);
      canvas.remove();
    },
  };
}
