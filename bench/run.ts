// `npm run bench`: every scenario under bench/scenarios, printed as one table with same-run references,
// then the evidence ledger's and the chain anchoring's figures. BENCH_ONLY=api, ledger, chain, import, documents, checking,
// package, graph, load or browser runs one part.
import { printTable, type Row } from './lib/report.ts';
import { apiScenarios } from './scenarios/api.ts';
import { browserScenarios } from './scenarios/browser.ts';
import { chainScenarios } from './scenarios/chain.ts';
import { checkingScenarios } from './scenarios/checking.ts';
import { documentScenarios } from './scenarios/documents.ts';
import { evidencePackageScenarios } from './scenarios/evidence-package.ts';
import { graphScenarios } from './scenarios/graph.ts';
import { importScenarios } from './scenarios/import.ts';
import { ledgerScenarios, printLedgerTable } from './scenarios/ledger.ts';
import { loadScenarios, printSoakTable } from './scenarios/load.ts';

const only = process.env.BENCH_ONLY;
if (!only || only === 'api') {
  const rows: Row[] = [];
  rows.push(...(await apiScenarios()));
  printTable(rows);
}
if (!only || only === 'ledger') printLedgerTable(await ledgerScenarios());
if (!only || only === 'chain') printLedgerTable(await chainScenarios());
if (!only || only === 'import') printLedgerTable(await importScenarios());
if (!only || only === 'documents') printLedgerTable(await documentScenarios());
if (!only || only === 'checking') printLedgerTable(await checkingScenarios());
if (!only || only === 'package') printLedgerTable(await evidencePackageScenarios());
if (!only || only === 'graph') printLedgerTable(await graphScenarios());
// The EXPLAIN review at volume (docs/performance.md) runs only when asked for: BENCH_ONLY=explain.
if (only === 'explain') printLedgerTable(await (await import('./scenarios/explain.ts')).explainScenarios());
if (!only || only === 'browser') printLedgerTable(await browserScenarios());
if (!only || only === 'load') {
  const { rows, soaks } = await loadScenarios();
  printTable(rows);
  printSoakTable(soaks);
}
