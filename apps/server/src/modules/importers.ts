import { useSheetWorker } from '../platform/imports/sheet-thread.ts';
/*
 * Every importer of the app: each module declares its own (defineImporter in its import-export.ts) and is
 * listed here; platform/imports knows none of them. The sheet worker thread loads this file too (through
 * ./sheet-worker.ts), so that it validates rows with the same declarations as the task; a module with an
 * importer must be listed here (import-hostile.test.ts checks every import kind).
 */
import './document/import-export.ts';
import './material/import-export.ts';
import './material-relation/import-export.ts';
import './partner/import-export.ts';
import './product/import-export.ts';
import './project/import-export.ts';

// From the sources (tests, tsx) the thread runs ./sheet-worker.ts; the bundle (build.mjs) has it beside
// main.js as sheet-worker.js.
useSheetWorker(
  new URL(import.meta.url.endsWith('.ts') ? './sheet-worker.ts' : './sheet-worker.js', import.meta.url),
);
