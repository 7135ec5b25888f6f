import { and, asc, eq, inArray, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { jobs } from '../../db/schema.ts';
import type { AppDeps } from '../context.ts';
import { JobInterrupted, jobDefinition, knownJobKinds, type JobContext, type JobLog } from './queue.ts';

type JobRow = typeof jobs.$inferSelect;

interface RunOptions {
  /** How long a claim lasts without renewal (JOB_LEASE_MS). */
  leaseMs: number;
  log?: JobLog | undefined;
  /** Asked between a job's steps; true makes the job stop and go back to the queue. */
  stopping?: () => boolean;
}

const DEFAULT_MAX_ATTEMPTS = 3;
const SILENT: JobLog = { error: () => undefined };
const ERROR_TEXT_MAX = 2000;
/** Retries wait 5 s, 10 s, 20 s ... at most 5 minutes. */
const retryDelayMs = (attempt: number) => Math.min(5_000 * 2 ** (attempt - 1), 300_000);

/**
 * Claims the oldest due job this process can run: a queued one whose time has come, or a running one whose
 * lease has expired (its process died). FOR UPDATE SKIP LOCKED lets any number of workers claim at once
 * without waiting for or taking each other's jobs; the attempt count it increments is the claim's token.
 */
async function claimNext(db: Db, leaseMs: number): Promise<JobRow | null> {
  const kinds = knownJobKinds();
  if (kinds.length === 0) return null;
  const due = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        inArray(jobs.kind, kinds),
        or(
          and(eq(jobs.status, 'queued'), lte(jobs.runAfter, sql`now()`)),
          and(
            eq(jobs.status, 'running'),
            lt(jobs.lockedAt, sql`now() - ${leaseMs} * interval '1 millisecond'`),
          ),
        ),
      ),
    )
    .orderBy(asc(jobs.runAfter), asc(jobs.id))
    .limit(1)
    .for('update', { skipLocked: true });
  const [row] = await db
    .update(jobs)
    .set({
      status: 'running',
      attempts: sql`${jobs.attempts} + 1`,
      lockedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(inArray(jobs.id, due))
    .returning();
  return row ?? null;
}

/** Updates the job only while this claim holds it (a claim taken over after a lost lease is not ours). */
const ownClaim = (job: JobRow) => and(eq(jobs.id, job.id), eq(jobs.attempts, job.attempts));

const errorText = (err: unknown) =>
  (err instanceof Error ? err.message : String(err)).slice(0, ERROR_TEXT_MAX) || 'failed';

async function finish(db: Db, job: JobRow, status: 'done' | 'failed', error: string | null) {
  await db
    .update(jobs)
    .set({ status, error, lockedAt: null, updatedAt: sql`now()`, finishedAt: sql`now()` })
    .where(ownClaim(job));
}

async function failForGood(deps: AppDeps, job: JobRow, payload: unknown, error: string, log?: JobLog) {
  await finish(deps.db, job, 'failed', error);
  try {
    await jobDefinition(job.kind)?.onFailed?.(deps, payload, error);
  } catch (err) {
    log?.error({ err, jobId: job.id, kind: job.kind }, 'job failure handler failed');
  }
}

/** Runs one claimed job to its end: done, failed for good, back in the queue for a retry, or interrupted. */
async function runClaimed(deps: AppDeps, job: JobRow, opts: RunOptions): Promise<void> {
  const definition = jobDefinition(job.kind)!;
  const maxAttempts = definition.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  const parsed = definition.payload.safeParse(job.payload);
  if (!parsed.success) {
    await finish(deps.db, job, 'failed', `invalid payload: ${parsed.error.message}`.slice(0, ERROR_TEXT_MAX));
    return;
  }
  if (job.attempts > maxAttempts) {
    // Claimed again after its lease expired this many times: the job itself keeps killing its process.
    const error = `gave up after ${maxAttempts} attempts`;
    await failForGood(deps, job, parsed.data, error, opts.log);
    return;
  }
  const ctx: JobContext = {
    jobId: job.id,
    attempt: job.attempts,
    async progress(value) {
      await deps.db
        .update(jobs)
        .set({ progress: value, lockedAt: sql`now()`, updatedAt: sql`now()` })
        .where(ownClaim(job));
    },
    stopping: opts.stopping ?? (() => false),
    log: opts.log ?? SILENT,
  };
  try {
    await definition.run(deps, parsed.data, ctx);
    await finish(deps.db, job, 'done', null);
  } catch (err) {
    if (err instanceof JobInterrupted) {
      // Not the job's fault: back to the queue as it was, the interrupted run uncounted.
      await deps.db
        .update(jobs)
        .set({ status: 'queued', attempts: job.attempts - 1, lockedAt: null, updatedAt: sql`now()` })
        .where(ownClaim(job));
      return;
    }
    opts.log?.error({ err, jobId: job.id, kind: job.kind, attempt: job.attempts }, 'job failed');
    const error = errorText(err);
    if (job.attempts >= maxAttempts) {
      await failForGood(deps, job, parsed.data, error, opts.log);
      return;
    }
    await deps.db
      .update(jobs)
      .set({
        status: 'queued',
        error,
        lockedAt: null,
        runAfter: sql`now() + ${retryDelayMs(job.attempts)} * interval '1 millisecond'`,
        updatedAt: sql`now()`,
      })
      .where(ownClaim(job));
  }
}

/** Claims and runs the next due job; false when none was due. */
export async function runNextJob(deps: AppDeps, opts: RunOptions): Promise<boolean> {
  const job = await claimNext(deps.db, opts.leaseMs);
  if (!job) return false;
  await runClaimed(deps, job, opts);
  return true;
}

/**
 * Runs due jobs one after the other until none is left (tests, and the worker's tick); returns how many
 * ran. Jobs waiting for a retry are not due and do not count.
 */
export async function runJobsUntilIdle(deps: AppDeps, opts: Partial<RunOptions> = {}): Promise<number> {
  const full: RunOptions = { leaseMs: deps.config.JOB_LEASE_MS, ...opts };
  let ran = 0;
  while (!full.stopping?.() && (await runNextJob(deps, full))) ran++;
  return ran;
}

export interface JobWorker {
  /** Looks for jobs now instead of at the next tick. */
  wake(): void;
  /** Stops polling; a running job stops after its current step and goes back to the queue. */
  stop(): Promise<void>;
}

const workers = new Set<JobWorker>();

/**
 * Tells this process's workers that a job was queued (call it after the enqueueing transaction commits);
 * other processes find it at their next tick.
 */
export function wakeJobWorkers(): void {
  for (const worker of workers) worker.wake();
}

/**
 * The in-process worker: every `intervalMs` it runs the due jobs one by one until the queue is idle. With
 * `startAfter` (the server listening) it claims nothing before that promise settles, so that start-up never
 * waits on a queued job, whatever the job does.
 */
export function startJobWorker(
  deps: AppDeps,
  opts: { intervalMs: number; leaseMs: number; log: JobLog; startAfter?: Promise<unknown> },
): JobWorker {
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let wokenWhileRunning = false;
  let started = !opts.startAfter;

  const tick = () => {
    timer = null;
    running = runJobsUntilIdle(deps, { leaseMs: opts.leaseMs, log: opts.log, stopping: () => stopped })
      .then(
        () => undefined,
        (err: unknown) => opts.log.error({ err }, 'job worker tick failed'),
      )
      .finally(() => {
        running = null;
        const again = wokenWhileRunning;
        wokenWhileRunning = false;
        schedule(again ? 0 : opts.intervalMs);
      });
  };
  const schedule = (delay: number) => {
    if (stopped || timer || !started) return;
    timer = setTimeout(tick, delay);
    timer.unref();
  };

  const worker: JobWorker = {
    wake() {
      if (stopped) return;
      if (running) {
        wokenWhileRunning = true;
        return;
      }
      if (timer) clearTimeout(timer);
      timer = null;
      schedule(0);
    },
    async stop() {
      stopped = true;
      workers.delete(worker);
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
    },
  };
  workers.add(worker);
  if (opts.startAfter) {
    const begin = () => {
      started = true;
      schedule(0);
    };
    opts.startAfter.then(begin, begin);
  } else schedule(0);
  return worker;
}
