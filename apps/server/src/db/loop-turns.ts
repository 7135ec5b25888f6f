/**
 * Lets the event loop turn while the embedded database's one connection is handed from one waiting
 * transaction to the next.
 *
 * PGlite answers in promise callbacks, and its lock hands the connection to the next waiter in another. Under
 * load, the waiting transactions then run one after another in microtasks and the event loop does not turn
 * until none is left: requests that arrived meanwhile are not read, timers do not fire, and a request that
 * waits on the loop itself (its body, a setImmediate) waits for the whole queue. Measured under the load mix
 * (docs/performance.md, twelfth pass): the loop turned every 150-300 ms, and the p99 was 1.2-1.4 s where the
 * p50 was 230 ms.
 */
export class LoopTurns {
  /** When a turn was asked for (a setImmediate that has not run yet), or null once it has run. */
  private askedAt: number | null = null;

  /** `afterMs`: how long the connection may be handed on without the loop turning. */
  constructor(private readonly afterMs: number) {}

  /**
   * Called by whoever takes the connection. Resolves at once, unless the loop has not turned for `afterMs`
   * since a turn was asked for: it then waits for that turn (in which the loop reads what arrived, and the
   * transactions it starts queue behind this one).
   */
  async turnIfHeld(): Promise<void> {
    const now = performance.now();
    if (this.askedAt === null) {
      this.askedAt = now;
      setImmediate(() => {
        this.askedAt = null;
      });
      return;
    }
    if (now - this.askedAt > this.afterMs) await new Promise((resolve) => setImmediate(resolve));
  }
}
