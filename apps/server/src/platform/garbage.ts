import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/*
 * A long job that makes garbage steadily (an import writing 20,000 rows) lets V8's heap grow to the limit its
 * heuristics allow before the first major collection: on a machine with memory to spare that is about four
 * times the heap at rest, and the process's resident set holds those pages at the peak (docs/performance.md,
 * eleventh pass: 140 MB of an import's 150). Between its steps, such a job asks for a major collection once
 * the heap has grown by GROWTH_BYTES since the last one; incremental ("async"), so a request is not held for
 * a whole collection.
 *
 * V8's collection function is taken as Jest's leak detector takes it: the flag that exposes it is set at run
 * time and the function read from a new context, so that no launcher (npm start, the tests, the cluster's
 * workers, a bench) needs `--expose-gc` and the process's global object gains nothing.
 */

/** Heap growth that makes a step ask for a collection. */
export const GROWTH_BYTES = 48 * 1024 * 1024;

type Collect = (options?: { type?: 'major' | 'minor'; execution?: 'sync' | 'async' }) => void;

let collect: Collect | undefined;

function collector(): Collect {
  if (!collect) {
    const global = (globalThis as { gc?: Collect }).gc;
    if (global) {
      collect = global;
    } else {
      setFlagsFromString('--expose-gc');
      collect = runInNewContext('gc') as Collect;
    }
  }
  return collect;
}

/** Marks where the heap stands now: call at a long job's start. */
export function garbageMark(): { heapUsed: number } {
  return { heapUsed: getHeapStatistics().used_heap_size };
}

/**
 * Asks for a major collection if the heap grew by GROWTH_BYTES since `mark` (which follows the heap down as
 * collections free it), and moves the mark; answers whether it asked.
 */
export function collectIfGrown(mark: { heapUsed: number }): boolean {
  const used = getHeapStatistics().used_heap_size;
  if (used - mark.heapUsed < GROWTH_BYTES) {
    if (used < mark.heapUsed) mark.heapUsed = used;
    return false;
  }
  collector()({ type: 'major', execution: 'async' });
  mark.heapUsed = used;
  return true;
}
