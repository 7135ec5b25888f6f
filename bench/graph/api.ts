/** What the graph-render bench page offers the bench (bench/scenarios/graph.ts) through `window.bench`. */
export interface TGraphBench {
  /** Lays out and draws a synthetic network, answering when its first frame is presented. */
  firstRender(nodes: number, edges: number): Promise<{ layoutMs: number; renderMs: number }>;
  /** Records requestAnimationFrame times until stopFrames, which answers the intervals. */
  startFrames(): void;
  stopFrames(): number[];
  /** The reference: the same network drawn with Canvas 2D on every frame. */
  startCanvasReference(nodes: number, edges: number): void;
  stopCanvasReference(): void;
  clear(): void;
}
