import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  ERRORS,
  TASK_ACTION_FROM,
  taskAccess,
  type TErrorKey,
  type TTaskKind,
  type TTaskStatus,
} from '@tracehub/contract';
import type { Db } from '../../db/client.ts';
import { tasks } from '../../db/schema.ts';
import type { AppDeps, TenantContext } from '../context.ts';
import { AppError } from '../errors.ts';
import { JobInterrupted, defineJob, type JobContext, type JobKind, type JobLog } from '../jobs/queue.ts';
import { wakeJobWorkers } from '../jobs/worker.ts';
import { storageKeyOf } from '../storage.ts';
import { withTenant } from '../tenancy.ts';

/*
 * The task kit (ARCHITECTURE 2 "Background work"): a kind of background task is one defineTask call: its
 * typed payload and its run. The kit keeps a task row per task (status in the spec's words, progress,
 * reason, result file) and runs the work as jobs of the queue (platform/jobs: leases, FOR UPDATE SKIP
 * LOCKED), so a task whose process died is claimed again once its lease runs out and resumes from its last
 * checkpoint. Every change to a resting status (completed, failed, suspended, cancelled, withdrawn) runs the
 * kind's onSettled and the onTaskSettled listeners in the transaction that makes it.
 */

export type TaskRow = typeof tasks.$inferSelect;
type Tenant = Pick<TenantContext, 'enterpriseUuid' | 'userId'>;

export interface TaskProgressUpdate {
  done: number;
  total: number;
  /** A key of the contract's TASK_PHASE_LABELS. */
  phase?: string | null;
}

/** What a task's run receives. */
export interface TaskContext<P> {
  deps: AppDeps;
  /** The task as the run found it (status underway). */
  task: TaskRow;
  payload: P;
  /** The enterprise and the member who created the task: its work runs in their tenant transactions. */
  tenant: Tenant;
  /** 1 on the first run; a run resumed after a crash or a failure sees a higher number. */
  attempt: number;
  /** What the last progress call stored as its checkpoint (null on a fresh start). */
  checkpoint: unknown;
  /**
   * Stores progress (and a checkpoint to resume from) and renews the lease. Throws when the task was
   * cancelled meanwhile: the run ends there (the kit catches it). Call it between steps, outside any
   * transaction of the run's own (on PGlite the one connection would wait for it).
   */
  progress(update: TaskProgressUpdate, checkpoint?: unknown): Promise<void>;
  /**
   * Runs `work` in one tenant transaction of the task's enterprise, with progress between its steps (see
   * {@link TaskTransaction}): for work whose results must land together, or not at all.
   */
  transaction<T>(work: (t: TaskTransaction) => Promise<T>): Promise<T>;
  /** True once the worker is stopping: finish the step, then throw {@link TaskInterrupted}. */
  stopping(): boolean;
  log: JobLog;
}

/**
 * A run's transaction whose progress shows while it is open. On PostgreSQL it is one transaction, and each
 * step's progress is stored at once on another connection of the pool. PGlite has one connection, which an
 * open transaction holds (and which answers within the process's turn, so a run of statements never lets a
 * request in): no request is answered, not even the task's status, until it ends. There a step that comes
 * once the transaction has held the connection for {@link STEP_HOLD_MS} stores the progress in it, commits
 * it, pauses a moment for the requests waiting meanwhile, and goes on in a new transaction: what the steps
 * before wrote is committed then, so such work reads until its last step and writes after it. Temporary
 * tables of the session outlive the commit; `on commit drop` ones do not.
 */
export interface TaskTransaction {
  /** The transaction to run statements in: read it at each use (a step may have replaced it). */
  readonly tx: Db;
  /** Progress between two steps; throws when the task was cancelled meanwhile (its run ends there). */
  step(update: TaskProgressUpdate): Promise<void>;
}

/** How long a run's transaction holds the embedded database's one connection before a step gives it up. */
export const STEP_HOLD_MS = 250;
/** How long a step that gave the connection up lets the process serve others before going on. */
const STEP_PAUSE_MS = 25;

/** A result file of a completed task (stored through deps.storage, downloaded from GET /task/:id/result). */
export interface TaskResult {
  fileName: string;
  content: Buffer;
}

export interface TaskDefinition<P> {
  kind: TTaskKind;
  payload: z.ZodType<P>;
  /** Runs before the task fails for good (default 3); a crash counts as a run. */
  maxAttempts?: number;
  /** The reason a task gets when its runs kept failing (default TASK_GAVE_UP). */
  gaveUpReason?: TErrorKey;
  /** The work. Throw TaskFailed / TaskSuspended to stop with a reason; any other error is retried. */
  run(ctx: TaskContext<P>): Promise<{ result?: TaskResult } | void>;
  /** In the transaction that puts the task to rest, before the listeners: the kind's records follow. */
  onSettled?(tx: Db, task: TaskRow): Promise<void>;
  /** In the transaction of a retry (the task pending again). */
  onRetry?(tx: Db, task: TaskRow): Promise<void>;
}

/** Stops a run: the task fails with a catalogue reason, at once (no retry by the queue). */
export class TaskFailed extends Error {
  constructor(readonly reason: TErrorKey) {
    super(`task failed: ${reason}`);
    this.name = 'TaskFailed';
  }
}

/** Stops a run: the task is suspended with a catalogue reason until someone retries it. */
export class TaskSuspended extends Error {
  constructor(readonly reason: TErrorKey) {
    super(`task suspended: ${reason}`);
    this.name = 'TaskSuspended';
  }
}

/** The worker is stopping: the task goes back to the queue, the run uncounted, and resumes later. */
export const TaskInterrupted = JobInterrupted;

/** The task left 'underway' under the run (cancelled): the run ends without touching it. */
class TaskStopped extends Error {}

export interface TaskKind<P> {
  kind: TTaskKind;
  /**
   * Creates a task and queues its first run in the caller's tenant transaction (so it exists exactly when
   * the change that needs it commits); call {@link wakeTaskWorkers} once that has committed.
   */
  create(db: Db, tenant: Tenant, input: { page: string; payload: P; id?: string }): Promise<TaskRow>;
}

/** Called in the transaction that puts a task to rest, with the task as it now is. Throwing rolls it back. */
export type TaskSettledListener = (tx: Db, task: TaskRow) => Promise<void>;

interface Registered {
  definition: TaskDefinition<unknown>;
  job: JobKind<{ taskId: string }>;
}
const kinds = new Map<string, Registered>();
const listeners: TaskSettledListener[] = [];

/**
 * Registers a listener of every task's coming to rest (messages "import finished/failed"): it runs in the
 * same transaction as the status change, so its writes and the change commit together. Returns a remover.
 */
export function onTaskSettled(listener: TaskSettledListener): () => void {
  listeners.push(listener);
  return () => {
    const i = listeners.indexOf(listener);
    if (i >= 0) listeners.splice(i, 1);
  };
}

/** Tells this process's workers a task was queued (after the creating transaction committed). */
export const wakeTaskWorkers = wakeJobWorkers;

const ZTaskJob = z.looseObject({ taskId: z.string() });

/** Registers a kind of task (once per process, at module load). */
export function defineTask<P>(definition: TaskDefinition<P>): TaskKind<P> {
  if (kinds.has(definition.kind)) throw new Error(`task kind ${definition.kind} is defined twice`);
  const def = definition as unknown as TaskDefinition<unknown>;
  const job = defineJob<{ taskId: string }>({
    kind: definition.kind,
    payload: ZTaskJob,
    ...(definition.maxAttempts ? { maxAttempts: definition.maxAttempts } : {}),
    run: (deps, { taskId }, ctx) => runTask(deps, def, taskId, ctx),
    onFailed: (deps, { taskId }) =>
      settleFromWorker(deps, taskId, 'failed', ['pending', 'underway'], {
        reasonCode: ERRORS[def.gaveUpReason ?? 'TASK_GAVE_UP'].code,
      }).then(() => undefined),
  });
  kinds.set(definition.kind, { definition: def, job });
  return {
    kind: definition.kind,
    async create(db, tenant, input) {
      if (!taskAccess(definition.kind, input.page))
        throw new Error(`task kind ${definition.kind} has no page ${input.page}`);
      const id = input.id ?? randomUUID();
      const payload = definition.payload.parse(input.payload) as Record<string, unknown>;
      // The job carries the payload too, so that the queue's rows say what they work on.
      const jobId = await job.enqueue(db, tenant.enterpriseUuid, { ...payload, taskId: id });
      const [row] = await db
        .insert(tasks)
        .values({
          id,
          enterpriseUuid: tenant.enterpriseUuid,
          kind: definition.kind,
          page: input.page,
          payload,
          jobId,
          createdBy: tenant.userId,
        })
        .returning();
      return row!;
    },
  };
}

/** The task of `id` in `db` (a tenant transaction sees only its enterprise's), or null. */
export async function taskRow(db: Db, id: string, opts: { forUpdate?: boolean } = {}) {
  const q = db.select().from(tasks).where(eq(tasks.id, id)).limit(1);
  const [row] = opts.forUpdate ? await q.for('update') : await q;
  return row ?? null;
}

async function runTask(
  deps: AppDeps,
  def: TaskDefinition<unknown>,
  taskId: string,
  jobCtx: JobContext,
): Promise<void> {
  const found = await taskRow(deps.db, taskId);
  // A job of an earlier run (the task was retried since) or of a task that came to rest: nothing to do.
  if (!found || found.jobId !== jobCtx.jobId) return;
  let task: TaskRow = found;
  if (task.status === 'pending') {
    const [started] = await deps.db
      .update(tasks)
      .set({ status: 'underway', startedAt: sql`coalesce(${tasks.startedAt}, now())`, updatedAt: sql`now()` })
      .where(and(eq(tasks.id, taskId), eq(tasks.status, 'pending')))
      .returning();
    if (!started) return;
    task = started;
  } else if (task.status !== 'underway') return;

  /** Stores progress in `db` (the platform's, or a transaction of the task's enterprise). */
  const storeProgress = async (db: Db, update: TaskProgressUpdate, checkpoint?: unknown) => {
    const [still] = await db
      .update(tasks)
      .set({
        progressDone: update.done,
        progressTotal: update.total,
        ...(update.phase !== undefined ? { phase: update.phase } : {}),
        ...(checkpoint !== undefined ? { checkpoint } : {}),
        updatedAt: sql`now()`,
      })
      .where(and(eq(tasks.id, taskId), eq(tasks.status, 'underway'), eq(tasks.jobId, jobCtx.jobId)))
      .returning({ id: tasks.id });
    if (!still) throw new TaskStopped();
  };
  const parsed = def.payload.safeParse(task.payload);
  if (!parsed.success) {
    jobCtx.log.error({ taskId, err: parsed.error }, 'task payload invalid');
    await settleFromWorker(deps, taskId, 'failed', ['underway'], {
      reasonCode: ERRORS[def.gaveUpReason ?? 'TASK_GAVE_UP'].code,
    });
    return;
  }
  const ctx: TaskContext<unknown> = {
    deps,
    task,
    payload: parsed.data,
    tenant: { enterpriseUuid: task.enterpriseUuid, userId: task.createdBy },
    attempt: jobCtx.attempt,
    checkpoint: task.checkpoint,
    async progress(update, checkpoint) {
      await storeProgress(deps.db, update, checkpoint);
      await jobCtx.progress({ processed: update.done, total: update.total });
    },
    transaction: (work) =>
      taskTransaction(deps, { enterpriseUuid: task.enterpriseUuid, userId: task.createdBy }, work, {
        store: (db, update) => storeProgress(db, update),
        renew: (update) => jobCtx.progress({ processed: update.done, total: update.total }),
      }),
    stopping: jobCtx.stopping,
    log: jobCtx.log,
  };
  try {
    const outcome = await def.run(ctx);
    let result: { resultKey: string; resultName: string } | null = null;
    if (outcome?.result) {
      const key = storageKeyOf(randomBytes(16).toString('hex'));
      await deps.storage.put(key, outcome.result.content);
      result = { resultKey: key, resultName: outcome.result.fileName };
    }
    const settled = await settleFromWorker(deps, taskId, 'completed', ['underway'], result ?? {});
    if (!settled && result) await deps.storage.remove(result.resultKey);
  } catch (err) {
    if (err instanceof TaskStopped) return;
    if (err instanceof TaskFailed || err instanceof TaskSuspended) {
      const status = err instanceof TaskFailed ? 'failed' : 'suspended';
      await settleFromWorker(deps, taskId, status, ['underway'], { reasonCode: ERRORS[err.reason].code });
      return;
    }
    throw err;
  }
}

/** A tenant transaction opened and held until `end` is called with how it ends. */
interface HeldTransaction {
  tx: Db;
  end(commit: boolean): Promise<void>;
}

async function holdTransaction(db: Db, tenant: Tenant): Promise<HeldTransaction> {
  let opened!: (tx: Db) => void;
  let finish!: (commit: boolean) => void;
  const ready = new Promise<Db>((resolve) => (opened = resolve));
  const ended = new Promise<boolean>((resolve) => (finish = resolve));
  const done = withTenant(db, tenant, async (tx) => {
    opened(tx);
    // Rolled back by throwing: withTenant's transaction ends as the work does.
    if (!(await ended)) throw new RolledBack();
  }).catch((err: unknown) => {
    if (!(err instanceof RolledBack)) throw err;
  });
  const tx = await Promise.race([
    ready,
    done.then(() => Promise.reject(new Error('transaction not opened'))),
  ]);
  let open = true;
  return {
    tx,
    async end(commit) {
      if (!open) return;
      open = false;
      finish(commit);
      await done;
    },
  };
}

class RolledBack extends Error {}

/** How a run's transaction stores progress: in a transaction of the task's enterprise, and the lease. */
export interface StepProgress {
  /** Stores it in `db`; throws when the task is no longer underway (cancelled). */
  store(db: Db, update: TaskProgressUpdate): Promise<void>;
  /** Renews the job's lease (on the platform's connection). */
  renew(update: TaskProgressUpdate): Promise<void>;
}

/** TaskContext.transaction: see {@link TaskTransaction}. Exported for the kit's tests. */
export async function taskTransaction<T>(
  deps: Pick<AppDeps, 'db' | 'dbKind'>,
  tenant: Tenant,
  work: (t: TaskTransaction) => Promise<T>,
  progress: StepProgress,
): Promise<T> {
  if (deps.dbKind !== 'pglite')
    return withTenant(deps.db, tenant, (tx) =>
      work({
        tx,
        async step(update) {
          await progress.store(deps.db, update);
          await progress.renew(update);
        },
      }),
    );
  let held = await holdTransaction(deps.db, tenant);
  let since = Date.now();
  const t: TaskTransaction = {
    get tx() {
      return held.tx;
    },
    async step(update) {
      if (Date.now() - since < STEP_HOLD_MS) return;
      // Stored with what the run did so far, so that the requests waiting meanwhile read it.
      await progress.store(held.tx, update);
      await held.end(true);
      await progress.renew(update);
      // The embedded database answers within the process's own turn: a run of statements never lets the
      // event loop take a request in. A pause does, and its statements find the connection free.
      await new Promise((resolve) => setTimeout(resolve, STEP_PAUSE_MS));
      held = await holdTransaction(deps.db, tenant);
      since = Date.now();
    },
  };
  try {
    const result = await work(t);
    await held.end(true);
    return result;
  } catch (err) {
    await held.end(false);
    throw err;
  }
}

type SettleChanges = Partial<Pick<TaskRow, 'reasonCode' | 'resultKey' | 'resultName'>>;

/**
 * Puts a task to rest in `tx` if its status is one of `from`: the status, the reason and result, then the
 * kind's onSettled and the listeners, all in `tx`. Null when the task was not in one of `from`.
 */
export async function settleTask(
  tx: Db,
  taskId: string,
  status: Exclude<TTaskStatus, 'pending' | 'underway'>,
  from: readonly TTaskStatus[],
  changes: SettleChanges = {},
): Promise<TaskRow | null> {
  const [row] = await tx
    .update(tasks)
    .set({ status, ...changes, finishedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(tasks.id, taskId), inArray(tasks.status, [...from])))
    .returning();
  if (!row) return null;
  await kinds.get(row.kind)?.definition.onSettled?.(tx, row);
  for (const listener of [...listeners]) await listener(tx, row);
  return row;
}

/** settleTask from a worker: in a tenant transaction of the task's enterprise and creator. */
async function settleFromWorker(
  deps: AppDeps,
  taskId: string,
  status: Exclude<TTaskStatus, 'pending' | 'underway'>,
  from: readonly TTaskStatus[],
  changes: SettleChanges = {},
): Promise<TaskRow | null> {
  const task = await taskRow(deps.db, taskId);
  if (!task) return null;
  return withTenant(deps.db, { enterpriseUuid: task.enterpriseUuid, userId: task.createdBy }, (tx) =>
    settleTask(tx, taskId, status, from, changes),
  );
}

// ---- Actions (a tenant transaction of the caller; access is checked by the caller) ----------------------

/** Reads the task for an action, locked: NOT_FOUND when the tenant has none of this id. */
async function lockedTask(tx: Db, tenant: Tenant, id: string): Promise<TaskRow> {
  const row = await taskRow(tx, id, { forUpdate: true });
  if (!row || row.enterpriseUuid !== tenant.enterpriseUuid) throw new AppError('NOT_FOUND');
  return row;
}

/** failed or suspended -> pending, with a new run queued (it resumes from the last checkpoint). */
export async function retryTask(tx: Db, tenant: Tenant, id: string): Promise<TaskRow> {
  const task = await lockedTask(tx, tenant, id);
  const registered = kinds.get(task.kind);
  if (!registered) throw new AppError('NOT_FOUND');
  if (!TASK_ACTION_FROM.retry.includes(task.status)) throw new AppError('TASK_STATE_INVALID');
  const payload = task.payload as Record<string, unknown>;
  const jobId = await registered.job.enqueue(tx, tenant.enterpriseUuid, { ...payload, taskId: id });
  const [row] = await tx
    .update(tasks)
    .set({ status: 'pending', reasonCode: null, finishedAt: null, jobId, updatedAt: sql`now()` })
    .where(eq(tasks.id, id))
    .returning();
  await registered.definition.onRetry?.(tx, row!);
  return row!;
}

/** pending, underway or suspended -> cancelled, for good; a running task stops at its next checkpoint. */
export async function cancelTask(tx: Db, tenant: Tenant, id: string): Promise<TaskRow> {
  const task = await lockedTask(tx, tenant, id);
  const row = await settleTask(tx, task.id, 'cancelled', TASK_ACTION_FROM.cancel, {
    reasonCode: ERRORS.TASK_CANCELLED.code,
  });
  if (!row) throw new AppError('TASK_STATE_INVALID');
  return row;
}

/** Its creator takes back a task that has not started: pending, never run -> withdrawn. */
export async function withdrawTask(tx: Db, tenant: Tenant, id: string): Promise<TaskRow> {
  const task = await lockedTask(tx, tenant, id);
  if (task.createdBy !== tenant.userId) throw new AppError('TASK_NOT_CREATOR');
  if (task.startedAt !== null || !TASK_ACTION_FROM.withdraw.includes(task.status))
    throw new AppError('TASK_STATE_INVALID');
  const row = await settleTask(tx, task.id, 'withdrawn', TASK_ACTION_FROM.withdraw, {
    reasonCode: ERRORS.TASK_WITHDRAWN.code,
  });
  if (!row) throw new AppError('TASK_STATE_INVALID');
  return row;
}
