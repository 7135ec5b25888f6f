import { forwardRef, useEffect, useImperativeHandle, useRef } from 'react';
import type { TDrawnNetwork } from './networkLayout';
import { createNetworkRenderer, type TLabelPlacement, type TNetworkRenderer } from './renderNetwork';

/** Nodes listed as buttons beside the canvas (for keyboards and screen readers) up to this count. */
const ACCESSIBLE_NODES = 300;

export interface TNetworkCanvasHandle {
  fit(): void;
  focus(id: string): void;
  toPng(): string | null;
}

/**
 * A laid-out network drawn on a canvas (renderNetwork.ts): created once, redrawn when the network changes,
 * `emphasised` nodes standing out (a search, a selection), clicks reported by node id.
 */
export const NetworkCanvas = forwardRef<
  TNetworkCanvasHandle,
  {
    network: TDrawnNetwork;
    emphasised: ReadonlySet<string> | null;
    onNodeClick: (id: string) => void;
    /** Names the node list for assistive technology. */
    label: string;
    labels?: TLabelPlacement;
    height?: number;
    testId?: string;
  }
>(function NetworkCanvas(
  { network, emphasised, onNodeClick, label, labels = 'right', height = 560, testId = 'network-canvas' },
  ref,
) {
  const box = useRef<HTMLDivElement>(null);
  const renderer = useRef<TNetworkRenderer | null>(null);
  const onClick = useRef(onNodeClick);
  onClick.current = onNodeClick;

  useEffect(() => {
    const r = createNetworkRenderer(box.current!, (id) => onClick.current(id), { labels });
    renderer.current = r;
    return () => {
      r.kill();
      renderer.current = null;
    };
    // Made once: the label placement is fixed for a page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(() => {
    renderer.current?.draw(network);
  }, [network]);
  useEffect(() => {
    renderer.current?.emphasise(emphasised);
  }, [network, emphasised]);

  useImperativeHandle(ref, () => ({
    fit: () => renderer.current?.fit(),
    focus: (id) => renderer.current?.focus(id),
    toPng: () => renderer.current?.toPng('#ffffff') ?? null,
  }));

  return (
    <>
      <div
        ref={box}
        className="network-canvas"
        style={{ height }}
        data-testid={testId}
        data-nodes={network.nodes.length}
        data-edges={network.edges.length}
      />
      {/* The canvas is a picture to assistive technology: its nodes are buttons too, up to a readable count
          (beyond it the list view names every company). */}
      {network.nodes.length <= ACCESSIBLE_NODES && (
        <ul className="network-nodes" aria-label={label}>
          {network.nodes.map((n) => (
            <li key={n.id}>
              <button
                type="button"
                data-testid="network-node"
                data-node={n.id}
                onClick={() => onNodeClick(n.id)}
              >
                {n.label}
              </button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
});
