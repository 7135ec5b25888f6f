// Bundles the server into dist/main.js. Workspace packages (@tracehub/*) are TypeScript sources and are
// bundled in; every npm dependency stays external and is loaded from node_modules at run time.
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((d) => !d.startsWith('@tracehub/'));

await build({
  // The sheet worker runs in a worker thread of its own (platform/imports/sheet-thread.ts): its own bundle.
  entryPoints: { main: 'src/main.ts', 'sheet-worker': 'src/modules/sheet-worker.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  external: [...external, ...external.map((d) => `${d}/*`)],
  logLevel: 'warning',
});
