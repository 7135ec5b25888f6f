// `npm run bench`: every scenario under bench/scenarios, printed as one table with same-run references,
// then the evidence ledger's figures. BENCH_ONLY=api or BENCH_ONLY=ledger runs one part.
import { printTable, type Row } from './lib/report.ts';
import { apiScenarios } from './scenarios/api.ts';
import { ledgerScenarios, printLedgerTable } from './scenarios/ledger.ts';

const only = process.env.BENCH_ONLY;
if (only !== 'ledger') {
  const rows: Row[] = [];
  rows.push(...(await apiScenarios()));
  printTable(rows);
}
if (only !== 'api') printLedgerTable(await ledgerScenarios());
