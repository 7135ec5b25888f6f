import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { Page } from 'playwright-core';
// The browser tests' launch (flags of the project's browser checks, no GPU).
import { launchBrowser as launchChromium } from '../../e2e/support/browser.ts';
import type { TEnterpriseNetwork } from '@tracehub/contract';
import { injectCall } from '../lib/api-client.ts';
import { injectSignIn, openScaleData } from '../lib/scale-data.ts';
import { onEachDatabase, type BenchDatabase } from './documents.ts';
import type { TGraphBench } from '../graph/api.ts';
import type { LedgerFigure } from './ledger.ts';

// The bench page's API (the bench compiles without the DOM library).
declare const window: { bench: TGraphBench };

/*
 * The supply-chain network (issue 18 item 2): rendering 10,000 companies and 20,000 flows in headless
 * Chromium with the console's own layout and renderer (renderNetwork.ts), first render and frames per second
 * while the mouse pans and zooms (frame times from requestAnimationFrame); beside them, in the same browser,
 * an empty page's frame rate and the same network drawn whole on every frame (no culling, no bitmap). Then /graph/enterprise's time on the
 * seed:scale data, beside a one-aggregate read of the same documents.
 */

const NODES = 10_000;
const EDGES = 20_000;
const REPO = fileURLToPath(new URL('../..', import.meta.url));
const ms = (v: number) => `${Math.round(v)} ms`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** The bench page, bundled with the console's graph modules, served from a temporary directory. */
async function servePage(): Promise<{ url: string; close: () => void }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tracehub-bench-graph-'));
  await build({
    entryPoints: [path.join(REPO, 'bench/graph/render-page.ts')],
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    outfile: path.join(dir, 'page.js'),
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'error',
  });
  writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html><body style="margin:0"><div id="stage" style="width:1280px;height:720px;position:relative"></div><script type="module" src="page.js"></script></body></html>',
  );
  const server = createServer((req, res) => {
    const file = req.url?.startsWith('/page.js') ? 'page.js' : 'index.html';
    res.setHeader('content-type', file.endsWith('.js') ? 'text/javascript' : 'text/html');
    res.end(readFileSync(path.join(dir, file)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => {
      server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Pans (drags) and zooms (wheel) over the stage for about four seconds, as a user exploring the graph. */
async function panAndZoom(page: Page): Promise<void> {
  await page.mouse.move(640, 360);
  for (let round = 0; round < 3; round++) {
    await page.mouse.down();
    for (let i = 0; i < 30; i++)
      await page.mouse.move(640 + Math.sin(i / 5) * 200, 360 + i * 4, { steps: 2 });
    await page.mouse.up();
    for (let i = 0; i < 10; i++) {
      await page.mouse.wheel(0, i < 5 ? -120 : 120);
      await page.waitForTimeout(40);
    }
  }
}

/** Frames per second and the 95th percentile frame time while `gestures` run. */
async function framesWhile(page: Page, gestures: () => Promise<void>) {
  await page.evaluate(() => window.bench.startFrames());
  await gestures();
  const intervals = await page.evaluate(() => window.bench.stopFrames());
  const total = intervals.reduce((a, b) => a + b, 0);
  const sorted = [...intervals].sort((a, b) => a - b);
  return {
    fps: (intervals.length / total) * 1000,
    p95: sorted[Math.floor(sorted.length * 0.95)] ?? NaN,
  };
}

const fpsText = (f: { fps: number; p95: number }) => `${f.fps.toFixed(0)} frames/s (p95 frame ${ms(f.p95)})`;

async function renderScenario(): Promise<LedgerFigure[]> {
  const served = await servePage();
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
    const open = async () => {
      await page.goto(served.url);
      await page.waitForFunction(() => 'bench' in window);
    };
    const firsts: { layoutMs: number; renderMs: number }[] = [];
    const smalls: number[] = [];
    for (let i = 0; i < 3; i++) {
      await open();
      smalls.push((await page.evaluate(() => window.bench.firstRender(100, 200))).renderMs);
      await open();
      firsts.push(await page.evaluate(({ n, e }) => window.bench.firstRender(n, e), { n: NODES, e: EDGES }));
    }
    // The large network stays drawn: pan and zoom over it.
    const webgl = await framesWhile(page, () => panAndZoom(page));
    await page.evaluate(() => window.bench.clear());
    const empty = await framesWhile(page, () => panAndZoom(page));
    await page.evaluate(({ n, e }) => window.bench.startCanvasReference(n, e), { n: NODES, e: EDGES });
    const canvas = await framesWhile(page, () => panAndZoom(page));
    await page.evaluate(() => window.bench.stopCanvasReference());
    const layout = median(firsts.map((f) => f.layoutMs));
    const render = median(firsts.map((f) => f.renderMs));
    return [
      {
        scenario: `network of ${NODES.toLocaleString('en')} companies and ${EDGES.toLocaleString('en')} flows: first render (layout + Canvas 2D draw to a presented frame, median of 3)`,
        figure: `${ms(layout + render)} (layout ${ms(layout)}, draw ${ms(render)})`,
        reference: `100 companies, 200 flows: ${ms(median(smalls))}; target < 2000 ms`,
      },
      {
        scenario: `the same network: pan and zoom by mouse for ~4 s (requestAnimationFrame)`,
        figure: fpsText(webgl),
        reference: `empty page, same gestures: ${fpsText(empty)}; the whole network drawn again every frame: ${fpsText(canvas)}; target ≥ 30 frames/s`,
      },
    ];
  } finally {
    await browser.close();
    served.close();
  }
}

const VINS = 500;

/** /graph/enterprise of the seed:scale automaker by inject (median of 5), beside its business-date span. */
async function apiScenario(label: string, where: BenchDatabase): Promise<LedgerFigure[]> {
  const data = await openScaleData(`graph ${label}`, where, VINS, (line) => console.log(`  ${line}`));
  const { runtime } = data;
  try {
    const call = injectCall(runtime);
    const token = await injectSignIn(runtime, data.account, data.enterpriseUuid);
    const timed = async <T>(fn: () => Promise<T>) => {
      const times: number[] = [];
      let last: T | undefined;
      for (let i = 0; i < 5; i++) {
        const t0 = performance.now();
        last = await fn();
        times.push(performance.now() - t0);
      }
      return { ms: median(times), last: last! };
    };
    const network = await timed(() => call<TEnterpriseNetwork>('/graph/enterprise', {}, token));
    const span = await timed(() => call('/graph/getBizDate', {}, token));
    const n = network.last;
    return [
      { scenario: `graph ${label}: data`, figure: data.describe },
      {
        scenario: `graph ${label}: /graph/enterprise of the automaker (median of 5, by inject)`,
        figure: `${ms(network.ms)}: ${n.companies.length} companies, ${n.flows.length} flows, ${n.starts.toLocaleString('en')} starting lots, ${n.levelsUp} tiers up${n.truncated ? ' (truncated)' : ''}`,
        reference: `/graph/getBizDate (one aggregate over the same documents, same path): ${ms(span.ms)}`,
      },
    ];
  } finally {
    await runtime.app.close();
  }
}

/** BENCH_ONLY=graph; BENCH_GRAPH=render or api runs one half. */
export async function graphScenarios(): Promise<LedgerFigure[]> {
  const part = process.env.BENCH_GRAPH;
  return [
    ...(part !== 'api' ? await renderScenario() : []),
    ...(part !== 'render' ? await onEachDatabase('graph', apiScenario) : []),
  ];
}
