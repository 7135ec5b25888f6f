import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { jobs } from '../../db/schema.ts';
import type { AppDeps } from '../context.ts';

/** What a running job may do besides its work. */
export interface JobContext {
  jobId: number;
  /** 1 on the first run; a job resumed after a crash or a failure sees a higher number. */
  attempt: number;
  /**
   * Stores the job's progress and renews its lease. Call it between steps, outside any transaction of the
   * job's own (on PGlite the one connection would wait for that transaction).
   */
  progress(value: unknown): Promise<void>;
  /** True once the worker is stopping: finish the current step, then throw {@link JobInterrupted}. */
  stopping(): boolean;
  log: JobLog;
}

export interface JobLog {
  error(obj: unknown, msg: string): void;
}

/**
 * A kind of background job (STYLE 9): a name, the zod schema of its payload, and its handler. A job must be
 * safe to run again from the start or resume where its stored state says, since a crash re-runs it.
 */
export interface JobDefinition<P> {
  kind: string;
  payload: z.ZodType<P>;
  /** Runs before the job counts as failed for good (default 3). */
  maxAttempts?: number;
  run(deps: AppDeps, payload: P, ctx: JobContext): Promise<void>;
  /** Called once when the job has failed for good, e.g. to mark the business record failed. */
  onFailed?(deps: AppDeps, payload: P, error: string): Promise<void>;
}

/** A handler stopped early because the worker is stopping: the job goes back to the queue, uncounted. */
export class JobInterrupted extends Error {
  constructor() {
    super('job interrupted by shutdown');
    this.name = 'JobInterrupted';
  }
}

export interface JobKind<P> {
  kind: string;
  /**
   * Adds a job to the queue in the caller's transaction, so it exists exactly when the change that needs it
   * commits; `enterpriseUuid` is the enterprise it works for (a tenant transaction may enqueue only its own).
   */
  enqueue(db: Db, enterpriseUuid: string | null, payload: P): Promise<number>;
}

type AnyDefinition = JobDefinition<unknown>;
const definitions = new Map<string, AnyDefinition>();

/** Registers a kind of job (once per process, at module load) and returns its enqueue function. */
export function defineJob<P>(definition: JobDefinition<P>): JobKind<P> {
  if (definitions.has(definition.kind)) throw new Error(`job kind ${definition.kind} is defined twice`);
  definitions.set(definition.kind, definition as unknown as AnyDefinition);
  return {
    kind: definition.kind,
    async enqueue(db, enterpriseUuid, payload) {
      const [row] = await db
        .insert(jobs)
        .values({ kind: definition.kind, enterpriseUuid, payload: definition.payload.parse(payload) })
        .returning({ id: jobs.id });
      return row!.id;
    },
  };
}

export const jobDefinition = (kind: string): AnyDefinition | undefined => definitions.get(kind);

/** The kinds this process can run: a worker never claims a job of a kind it does not know. */
export const knownJobKinds = (): string[] => [...definitions.keys()];
