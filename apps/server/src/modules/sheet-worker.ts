/*
 * The entry of the sheet worker thread (platform/imports/sheet-thread.ts): the importers first, then the
 * platform's reader, which validates rows with them.
 */
import './importers.ts';
import '../platform/imports/sheet-worker.ts';
