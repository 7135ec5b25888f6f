import type { Db } from '../db/client.ts';
import { startPeriodic, type PeriodicJob } from './jobs/periodic.ts';

/*
 * Housekeeping: rows that only matter for a while (sign-in attempts, mailed codes, expired sessions) are
 * deleted once no rule can look at them any more, so that those tables stay the size of their windows.
 * Each module registers what it prunes (modules/housekeeping.ts); platform/ knows none of their tables.
 * A prune is one idempotent DELETE, so processes of a scaled-out deployment may run it at the same time.
 */

export interface Prune {
  /** What it removes, for the log. */
  name: string;
  /** Deletes what has expired; answers how many rows went. */
  run(db: Db): Promise<number>;
}

const prunes: Prune[] = [];

export function registerPrune(prune: Prune): void {
  if (prunes.some((p) => p.name === prune.name)) throw new Error(`prune ${prune.name} registered twice`);
  prunes.push(prune);
}

/** Runs every registered prune once; answers the rows each removed, by name. */
export async function pruneExpired(db: Db): Promise<Record<string, number>> {
  const removed: Record<string, number> = {};
  for (const prune of prunes) removed[prune.name] = await prune.run(db);
  return removed;
}

/** Prunes every `intervalMs` in the background (worker processes). */
export function startHousekeeping(
  db: Db,
  opts: {
    intervalMs: number;
    log: { info(obj: unknown, msg: string): void; error(obj: unknown, msg: string): void };
  },
): PeriodicJob {
  return startPeriodic({
    name: 'housekeeping',
    intervalMs: opts.intervalMs,
    log: opts.log,
    run: async () => {
      const removed = await pruneExpired(db);
      if (Object.values(removed).some((n) => n > 0)) opts.log.info({ removed }, 'housekeeping');
    },
  });
}
