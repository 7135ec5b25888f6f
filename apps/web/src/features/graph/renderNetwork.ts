import Graph from 'graphology';
import Sigma from 'sigma';
import type { TDrawnNetwork } from './networkLayout';

/*
 * Draws a laid-out network with sigma.js (WebGL 2): nodes, edges and labels on the GPU, so panning and
 * zooming stay fluid with ten thousand companies (bench/scenarios/graph-render.ts measures it). Plain
 * TypeScript, no React: the page wraps it (NetworkCanvas.tsx) and the bench drives it directly.
 */

export interface TNetworkRenderer {
  /** Replaces what is drawn and frames it. */
  draw(network: TDrawnNetwork): void;
  /** Emphasises these nodes (their edges stay, the rest fades); null shows everything plainly. */
  emphasise(ids: ReadonlySet<string> | null): void;
  /** Moves the camera onto a node. */
  focus(id: string): void;
  /** Frames the whole network. */
  fit(): void;
  /** The current picture as a PNG data URL. */
  toPng(background: string): string;
  kill(): void;
}

const FADED = '#e5e8ee';
/** Networks up to this size show every node's label. */
const ALL_LABELS_UP_TO = 150;

/** Whether this browser can draw with WebGL 2 (sigma 4 needs it); the page falls back to the list. */
export function canRenderNetwork(): boolean {
  try {
    return document.createElement('canvas').getContext('webgl2') !== null;
  } catch {
    return false;
  }
}

export function createNetworkRenderer(
  container: HTMLElement,
  onNodeClick: (id: string) => void,
  onStageClick: () => void = () => undefined,
): TNetworkRenderer {
  const graph = new Graph({ type: 'directed', multi: false });
  const sigma = new Sigma(graph, container, {
    settings: {
      // Node sizes and edge widths in screen pixels, whatever the graph's extent.
      itemSizesReference: 'screen',
      labelRenderedSizeThreshold: 7,
      labelDensity: 0.6,
      stagePadding: 90,
      minCameraRatio: 0.02,
      maxCameraRatio: 6,
    },
  });
  sigma.on('clickNode', ({ node }) => onNodeClick(node));
  sigma.on('clickStage', () => onStageClick());
  let colors = new Map<string, string>();
  let edgeColors = new Map<string, string>();

  return {
    draw(network) {
      graph.clear();
      for (const n of network.nodes)
        graph.addNode(n.id, { x: n.x, y: -n.y, size: n.size, color: n.color, label: n.label });
      for (const e of network.edges)
        graph.addDirectedEdgeWithKey(e.id, e.source, e.target, { size: e.size, color: e.color });
      // Every label while they can be read; beyond, the larger nodes' (and any hovered or searched one).
      sigma.setSetting('labelRenderedSizeThreshold', network.nodes.length <= ALL_LABELS_UP_TO ? 0 : 9);
      colors = new Map(network.nodes.map((n) => [n.id, n.color]));
      edgeColors = new Map(network.edges.map((e) => [e.id, e.color]));
      sigma.refresh();
      void sigma.getCamera().reset({ duration: 0 });
    },
    emphasise(ids) {
      graph.forEachNode((id) => {
        const on = !ids || ids.has(id);
        graph.mergeNodeAttributes(id, { color: on ? colors.get(id) : FADED });
        sigma.setNodeState(id, { isHighlighted: Boolean(ids?.has(id)) });
      });
      graph.forEachEdge((id, _attributes, source, target) => {
        const on = !ids || ids.has(source) || ids.has(target);
        graph.mergeEdgeAttributes(id, { color: on ? edgeColors.get(id) : FADED });
      });
    },
    focus(id) {
      const display = sigma.getNodeDisplayData(id);
      if (!display) return;
      void sigma.getCamera().animate({ x: display.x, y: display.y, ratio: 0.35 }, { duration: 400 });
    },
    fit() {
      void sigma.getCamera().reset({ duration: 300 });
    },
    toPng(background) {
      // Rendered now and read in the same task, before the browser may clear the WebGL drawing buffer.
      sigma.refresh();
      const source = sigma.getStageCanvas();
      const out = document.createElement('canvas');
      out.width = source.width;
      out.height = source.height;
      const ctx = out.getContext('2d')!;
      ctx.fillStyle = background;
      ctx.fillRect(0, 0, out.width, out.height);
      ctx.drawImage(source, 0, 0);
      return out.toDataURL('image/png');
    },
    kill() {
      sigma.kill();
    },
  };
}
