import { parentPort } from 'node:worker_threads';
import { importerOf } from './importer.ts';
import { rowPlanner } from './plan.ts';
import type { SheetNext, SheetReply, SheetRequest } from './sheet-thread.ts';
import { readImportSheet } from './workbook-read.ts';

// The sheet worker (a worker thread, see sheet-thread.ts; its entry, which loads the importers first, is
// modules/sheet-worker.ts): reads an uploaded workbook and validates its rows
// with the importer's contract schema, off the event loop that serves the API. It answers plain row objects
// in batches, so that the main thread takes each batch in a short step of its own.

/** Rows per message: each is deserialised on the main thread in one go, so keep it short. */
const BATCH_ROWS = 500;

const port = parentPort!;
const send = (reply: SheetReply) => port.postMessage(reply);

async function handle(req: SheetRequest): Promise<void> {
  const importer = importerOf(req.kind);
  if (!importer) {
    send({ id: req.id, type: 'error', message: `the sheet worker has no importer of kind ${req.kind}` });
    return;
  }
  const content = Buffer.from(req.content.buffer, req.content.byteOffset, req.content.byteLength);
  const sheet = await readImportSheet(content, importer.columns, { maxInflatedBytes: req.maxInflatedBytes });
  if ('failure' in sheet) {
    send({ id: req.id, type: 'failure', failure: sheet.failure, inflatedBytes: sheet.inflatedBytes });
    return;
  }
  const plan = rowPlanner(importer, req.lang);
  // One batch at a time, the next when the main thread asks: messages that queue up are taken in one go,
  // which would hold its event loop for all of them. Each batch is planned as it leaves and its read rows
  // let go, so the thread never holds a sheet's rows twice (read and planned) at once.
  const { rows } = sheet;
  while (rows.length > 0) {
    send({ id: req.id, type: 'rows', rows: rows.splice(0, BATCH_ROWS).map(plan) });
    await nextBatchWanted(req.id);
  }
  send({ id: req.id, type: 'done', inflatedBytes: sheet.inflatedBytes });
}

let wanted: { id: number; resolve: () => void } | null = null;
const nextBatchWanted = (id: number) =>
  new Promise<void>((resolve) => {
    wanted = { id, resolve };
  });

port.on('message', (req: SheetRequest | SheetNext) => {
  if ('next' in req) {
    if (wanted?.id === req.id) wanted.resolve();
    return;
  }
  handle(req).catch((err: unknown) =>
    send({ id: req.id, type: 'error', message: err instanceof Error ? err.message : String(err) }),
  );
});
send({ type: 'ready' });
