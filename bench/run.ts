// `npm run bench`: every scenario under bench/scenarios, printed as one table with same-run references.
import { printTable, type Row } from './lib/report.ts';
import { apiScenarios } from './scenarios/api.ts';

const rows: Row[] = [];
rows.push(...(await apiScenarios()));
printTable(rows);
