import { Worker } from 'node:worker_threads';
import type { TErrorKey, TLang } from '@tracehub/contract';
import type { PlannedRow } from './plan.ts';
import { MAX_INFLATED_BYTES } from './workbook-read.ts';

/*
 * Reading and validating an uploaded sheet runs in a worker thread (sheet-worker.ts), with a memory and a
 * time limit (ARCHITECTURE 2 "Background work"): the API's event loop stays free while an import parses,
 * and a file that needs more memory or time than an import may use fails the import instead of the process.
 * One thread is kept for the next import; a thread that failed or ran out of a limit is thrown away.
 */

export interface SheetLimits {
  /** From asking to the last row, the thread's start included. */
  timeoutMs: number;
  /** The thread's V8 heap (old generation); beyond it the thread dies, not the process. */
  maxHeapMb: number;
  maxInflatedBytes: number;
}

export const SHEET_LIMITS: SheetLimits = {
  timeoutMs: 120_000,
  maxHeapMb: 512,
  maxInflatedBytes: MAX_INFLATED_BYTES,
};

/** The planned rows of a sheet, or why the file cannot be imported; with the bytes it inflated to. */
export type PlannedSheet = ({ rows: PlannedRow[] } | { failure: TErrorKey }) & { inflatedBytes: number };

export interface SheetRequest {
  id: number;
  content: Uint8Array;
  kind: string;
  lang: TLang;
  maxInflatedBytes: number;
}

/** Asks the thread for the next batch of rows of request `id`. */
export interface SheetNext {
  id: number;
  next: true;
}

export type SheetReply =
  | { type: 'ready' }
  | { id: number; type: 'rows'; rows: PlannedRow[] }
  | { id: number; type: 'done'; inflatedBytes: number }
  | { id: number; type: 'failure'; failure: TErrorKey; inflatedBytes: number }
  | { id: number; type: 'error'; message: string };

/** An idle thread is ended after this long without work. */
const IDLE_MS = 60_000;
/**
 * A thread that read more rows than this is ended at once instead of kept: its heap grew with the sheet
 * (tens of megabytes for 20,000 rows) and would stay resident through the import's writing and the idle
 * minute after it; starting a thread again costs far less than writing such a sheet.
 */
const KEEP_THREAD_MAX_ROWS = 2_000;

interface SheetThread {
  worker: Worker;
  maxHeapMb: number;
  ready: Promise<void>;
  idleTimer: NodeJS.Timeout | null;
}

let idle: SheetThread | null = null;
let nextId = 1;

/** Threads started and sheets read by them in this process (tests see that the work left the main thread). */
export const sheetThreadStats = { started: 0, sheets: 0 };

/** The worker thread's entry module: the app's, which loads its importers before the reader. */
let workerEntry: URL | null = null;

/** Names the sheet worker's entry (modules/importers.ts does, so that platform knows no module). */
export function useSheetWorker(entry: URL): void {
  workerEntry = entry;
}

function spawn(maxHeapMb: number): SheetThread {
  if (!workerEntry) throw new Error('no sheet worker entry: load the importers (modules/importers.ts) first');
  // A young generation of 12 MB (32 before): the thread's committed heap counts in the import's peak RSS
  // while it reads (docs/performance.md, eleventh pass).
  const resourceLimits = { maxOldGenerationSizeMb: maxHeapMb, maxYoungGenerationSizeMb: 12, stackSizeMb: 4 };
  // From the sources (tests, tsx) the thread loads the TypeScript module through tsx, whose hooks do not
  // reach worker threads by themselves; the bundle (build.mjs) has it as dist/sheet-worker.js.
  const worker = workerEntry.href.endsWith('.ts')
    ? new Worker(
        `import('tsx/esm/api').then((api) => api.tsImport(${JSON.stringify(workerEntry.href)}, ${JSON.stringify(
          import.meta.url,
        )}))`,
        { eval: true, resourceLimits },
      )
    : new Worker(workerEntry, { resourceLimits });
  sheetThreadStats.started++;
  const thread: SheetThread = { worker, maxHeapMb, ready: Promise.resolve(), idleTimer: null };
  // An idle thread that fails or ends is forgotten (an unheard 'error' would throw in the main thread).
  worker.on('error', () => undefined);
  worker.on('exit', () => {
    if (idle === thread) idle = null;
  });
  thread.ready = new Promise<void>((resolve) => {
    const onReady = (m: SheetReply) => {
      if (m.type === 'ready') {
        worker.off('message', onReady);
        resolve();
      }
    };
    worker.on('message', onReady);
  });
  return thread;
}

function acquire(maxHeapMb: number): SheetThread {
  const thread = idle;
  idle = null;
  if (thread && thread.maxHeapMb === maxHeapMb) {
    if (thread.idleTimer) clearTimeout(thread.idleTimer);
    thread.idleTimer = null;
    return thread;
  }
  if (thread) void thread.worker.terminate();
  return spawn(maxHeapMb);
}

function release(thread: SheetThread): void {
  thread.worker.unref();
  if (idle) {
    void thread.worker.terminate();
    return;
  }
  idle = thread;
  thread.idleTimer = setTimeout(() => {
    if (idle === thread) idle = null;
    void thread.worker.terminate();
  }, IDLE_MS);
  thread.idleTimer.unref();
}

/**
 * Reads the first sheet of `content` and validates its rows for the importer of `kind`, in a worker thread
 * within `limits`. A file that runs out of memory fails as IMPORT_SHEET_TOO_LARGE, one that runs out of time
 * as IMPORT_TIMED_OUT; a thread that breaks otherwise rejects (the job is retried).
 */
export async function readSheetOffThread(
  content: Buffer,
  kind: string,
  lang: TLang,
  limits: Partial<SheetLimits> = {},
): Promise<PlannedSheet> {
  const { timeoutMs, maxHeapMb, maxInflatedBytes } = { ...SHEET_LIMITS, ...limits };
  const thread = acquire(maxHeapMb);
  const { worker } = thread;
  sheetThreadStats.sheets++;
  // Busy, the thread keeps the process alive (a script awaiting an import must not exit under it).
  worker.ref();
  const id = nextId++;
  const rows: PlannedRow[] = [];
  let healthy = false;
  try {
    return await new Promise<PlannedSheet>((resolve, reject) => {
      const timer = setTimeout(() => {
        cleanup();
        resolve({ failure: 'IMPORT_TIMED_OUT', inflatedBytes: 0 });
      }, timeoutMs);
      const onMessage = (m: SheetReply) => {
        if (m.type === 'ready' || m.id !== id) return;
        if (m.type === 'rows') {
          for (const row of m.rows) rows.push(row);
          worker.postMessage({ id, next: true } satisfies SheetNext);
          return;
        }
        cleanup();
        if (m.type === 'error') {
          reject(new Error(`sheet worker: ${m.message}`));
          return;
        }
        healthy = true;
        resolve(
          m.type === 'done'
            ? { rows, inflatedBytes: m.inflatedBytes }
            : { failure: m.failure, inflatedBytes: m.inflatedBytes },
        );
      };
      const onError = (err: Error & { code?: string }) => {
        cleanup();
        if (err.code === 'ERR_WORKER_OUT_OF_MEMORY')
          resolve({ failure: 'IMPORT_SHEET_TOO_LARGE', inflatedBytes: 0 });
        else reject(err);
      };
      const onExit = (code: number) => {
        cleanup();
        reject(new Error(`sheet worker exited (${code})`));
      };
      const cleanup = () => {
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
      };
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
      const copy = new Uint8Array(content);
      const request: SheetRequest = { id, content: copy, kind, lang, maxInflatedBytes };
      void thread.ready.then(() => worker.postMessage(request, [copy.buffer]));
    });
  } finally {
    if (healthy && rows.length <= KEEP_THREAD_MAX_ROWS) release(thread);
    else void worker.terminate();
  }
}
