export interface PeriodicJob {
  /** Stops the timer and waits for a run in progress (then `finalRun`, when one was given). */
  stop(): Promise<void>;
}

/**
 * Runs `run` every `intervalMs`, one run at a time (the next waits for the previous to finish); a failure
 * is logged and the work is retried at the next tick. The timer does not keep the process alive.
 */
export function startPeriodic(opts: {
  name: string;
  intervalMs: number;
  run: () => Promise<unknown>;
  log: { error(obj: unknown, msg: string): void };
  /** Work to do once more on stop, e.g. sealing what is still pending. */
  finalRun?: boolean;
}): PeriodicJob {
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  const runLogged = async () => {
    try {
      await opts.run();
    } catch (err) {
      opts.log.error({ err }, `${opts.name} failed`);
    }
  };
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = runLogged().finally(() => {
        running = null;
        schedule();
      });
    }, opts.intervalMs);
    timer.unref();
  };
  schedule();
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
      if (opts.finalRun) await runLogged();
    },
  };
}
