import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql, type Query, type SQL } from 'drizzle-orm';
import type { PGlite as PGliteClient } from '@electric-sql/pglite';
import type { NodePgSession } from 'drizzle-orm/node-postgres';
import type { PgliteSession } from 'drizzle-orm/pglite';
import type { PgDatabase, PgDialect, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { Pool, PoolClient, QueryConfig, QueryResult } from 'pg';
import { DurableNodeFS, durableStartParams } from './pglite-durable-fs.ts';
import { PgliteStatements, type PgliteTransactionClient } from './pglite-statements.ts';
import { isRefusal, PreludeRefused, type Prelude } from './prelude.ts';
import { cacheStatementTexts } from './statement-cache.ts';
/**
 * The common Drizzle surface of PGlite and node-postgres: services never know which one runs. Without the
 * relational query API (`db.query.<table>`, unused): given a schema, Drizzle builds a query helper per table
 * for every transaction it opens, 2 % of a list request's time.
 */
export type Db = PgDatabase<PgQueryResultHKT>;
export type DbKind = 'pglite' | 'postgres';

export interface Database {
  db: Db;
  kind: DbKind;
  migrate(): Promise<void>;
  /**
   * Runs `work` while holding a database-wide lock of that name: processes on several machines that start
   * together take turns (migrations, demo seed). The embedded database has one process: it just runs.
   */
  exclusively<T>(lockKey: bigint, work: () => Promise<T>): Promise<T>;
  /** The embedded database's data directory as a tarball (PGlite only): what `initialData` takes back. */
  dumpData?(): Promise<Blob>;
  /**
   * Where a pooled connection's failure outside a statement is reported (PostgreSQL only: a restart, a
   * failover, `pg_terminate_backend`, an idle timeout). Until set, it is written to stderr.
   */
  onConnectionError?(report: (err: Error) => void): void;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres:// URL; without it the embedded PGlite under dataDir is used. */
  url?: string | undefined;
  /** Directory of the embedded database; `memory://` keeps it in memory (tests). */
  dataDir: string;
  migrationsDir: string;
  /** Connections of this process's PostgreSQL pool. */
  poolSize?: number | undefined;
  /** The embedded PGlite's shared_buffers, in megabytes (PGlite's own default: 128). */
  pgliteSharedBuffersMb?: number | undefined;
  /**
   * PGlite in memory only: start from this dumped data directory instead of an empty cluster (tests start
   * from one migrated copy rather than running initdb and every migration for each server they open).
   */
  initialData?: Blob | undefined;
}

export { PRELUDE_REFUSED_MARK, PreludeRefused, isRefusal, type Prelude } from './prelude.ts';

type Folded = (prelude: Prelude, fn: (tx: Db) => Promise<unknown>) => Promise<unknown>;
/** The root handles' own transactions: for handlers that write, and for those that only read. */
const folded = new WeakMap<Db, { write: Folded; read: Folded }>();

/**
 * Runs `fn` in a transaction opened by the prelude, a statement written by the server (compiled once,
 * platform/tenancy.ts). On PostgreSQL the BEGIN, the guard and the handler's first statement are pipelined
 * (one round trip where there were three), every statement is a prepared statement of its connection
 * (planned once, not per request), and a refused guard fails every statement sent after it: the handler's
 * statements never run without the tenant's settings, and the transaction is rolled back. On PGlite BEGIN
 * and the prelude go in one call into it. `db` is the root handle of openDatabase (another handle takes two
 * steps).
 */
export function transactionWith<T>(db: Db, prelude: Prelude, fn: (tx: Db) => Promise<T>): Promise<T> {
  const own = folded.get(db);
  if (own) return own.write(prelude, fn) as Promise<T>;
  // Another handle on the same client (the query-plan review's recording one): BEGIN, then the prelude.
  return db.transaction(async (tx) => {
    const opened = (await tx.execute(queryAsSql(prelude.select))) as unknown as { rows: unknown[] };
    if (opened.rows.length === 0) throw new PreludeRefused();
    return fn(tx as unknown as Db);
  });
}

/** transactionWith for a handler that only reads: the transaction is read-only, and the database refuses any write. */
export function readWith<T>(db: Db, prelude: Prelude, fn: (tx: Db) => Promise<T>): Promise<T> {
  const own = folded.get(db);
  if (own) return own.read(prelude, fn) as Promise<T>;
  return transactionWith(db, prelude, fn);
}

/** A written statement as SQL again: its text around its parameters ($1, $2 …). */
function queryAsSql({ sql: text, params }: Query): SQL {
  const parts = text.split(/\$(\d+)/);
  return sql.join(parts.map((p, i) => (i % 2 === 0 ? sql.raw(p) : sql`${params[Number(p) - 1]}`)));
}

/**
 * PostgreSQL connections a process opens unless told otherwise (`DB_POOL_SIZE`). Four keeps the database's busy
 * backends near its cores: a request waits for a connection in the process's queue instead of PostgreSQL
 * switching between more backends than it can run (the load mix on two cores, `--api 2 --workers 1`: 4 gave
 * 392-413 req/s and p99 330-357 ms where 10 gave 339-368 and 443-654; docs/performance.md, thirteenth pass).
 */
export const DEFAULT_POOL_SIZE = 4;

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.url) {
    const { Pool } = (await import('pg')).default;
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const pool = new Pool({ connectionString: opts.url, max: opts.poolSize ?? DEFAULT_POOL_SIZE });
    // A connection that the server closes emits 'error' (on the pool while idle, on the client while checked
    // out between statements), which would end the process without a listener. The pool drops an idle one;
    // a checked-out one fails its next statement, and the transaction releases it as broken.
    let reportConnectionError = (err: Error): void => {
      process.stderr.write(`PostgreSQL closed a pooled connection: ${err.message}\n`);
    };
    pool.on('error', (err) => reportConnectionError(err));
    pool.on('connect', (client) => client.on('error', (err) => reportConnectionError(err)));
    const db = drizzle(pool);
    cacheStatementTexts(dialectOf(db), { verify: process.env.TRACEHUB_VERIFY_STATEMENTS === '1' });
    folded.set(db as unknown as Db, await foldedPgTransactions(db as unknown as Db));
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      migrate: () => migrate(db, { migrationsFolder: opts.migrationsDir }),
      async exclusively(lockKey, work) {
        // A session-level lock on a connection of its own: the work itself may use any pooled connection.
        const holder = await pool.connect();
        try {
          await holder.query('select pg_advisory_lock($1::bigint)', [lockKey.toString()]);
          try {
            return await work();
          } finally {
            await holder.query('select pg_advisory_unlock($1::bigint)', [lockKey.toString()]);
          }
        } finally {
          holder.release();
        }
      },
      onConnectionError(report) {
        reportConnectionError = report;
      },
      close: () => pool.end(),
    };
  }
  const { PGlite, protocol } = await import('@electric-sql/pglite');
  // The trigram indexes of the lists' "contains" searches (migration 0013) need pg_trgm; PGlite ships it
  // as a contrib extension, loaded here so that CREATE EXTENSION finds it.
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  let dataDir = opts.dataDir;
  if (!dataDir.startsWith('memory://')) {
    dataDir = pgliteDir(opts.dataDir);
    fs.mkdirSync(dataDir, { recursive: true });
  }
  const initial =
    dataDir.startsWith('memory://') && opts.initialData ? { loadDataDir: opts.initialData } : {};
  // On disk, commits are synced to it (DurableNodeFS); in memory there is nothing to sync.
  const onDisk = !dataDir.startsWith('memory://');
  const startParams = [
    ...(onDisk ? durableStartParams(PGlite.defaultStartParams) : PGlite.defaultStartParams),
    ...(opts.pgliteSharedBuffersMb ? ['-c', `shared_buffers=${opts.pgliteSharedBuffersMb}MB`] : []),
    // Changes of sessions' facts are announced (migration 0041) to this process, the database's only client.
    '-c',
    'tracehub.session_facts_notify=on',
  ];
  const client = await PGlite.create({
    ...(onDisk ? { fs: new DurableNodeFS(dataDir) } : { dataDir }),
    extensions: { pg_trgm },
    startParams,
    ...initial,
  });
  // Drizzle talks to PGlite through PgliteStatements: one call into PGlite per statement, each planned once.
  const statements = new PgliteStatements(client, protocol);
  await statements.listenForSessionFacts();
  const db = drizzle({ client: statements as unknown as PGliteClient });
  cacheStatementTexts(dialectOf(db), { verify: process.env.TRACEHUB_VERIFY_STATEMENTS === '1' });
  folded.set(db as unknown as Db, await foldedPgliteTransactions(db as unknown as Db, statements));
  embedded.set(db as unknown as Db, statements);
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    migrate: () => migrate(db, { migrationsFolder: opts.migrationsDir }),
    exclusively: (_lockKey, work) => work(),
    dumpData: async () => {
      await statements.flush();
      return client.dumpDataDir('none');
    },
    close: async () => {
      await statements.flush();
      await client.close();
    },
  };
}

/** Where the embedded database keeps its files under DATA_DIR. */
export function pgliteDir(dataDir: string): string {
  return path.join(dataDir, 'pglite');
}

/** Whether DATA_DIR holds no embedded database yet (a first start creates, migrates and seeds it). */
export function isNewPgliteDir(dataDir: string): boolean {
  return !dataDir.startsWith('memory://') && !fs.existsSync(path.join(pgliteDir(dataDir), 'PG_VERSION'));
}

/**
 * The PGlite forms of transactionWith and readWith. A write sends BEGIN and the prelude's select form in one
 * call into PGlite and knows its answer before the handler starts; a read sends BEGIN READ ONLY and the guard
 * with the handler's first statement (one call fewer per read). A cached session's proof is left out when no
 * change of the facts it compares has been committed since the session was resolved, which is known only
 * once the transaction holds the one connection: the form is chosen then.
 */
async function foldedPgliteTransactions(
  db: Db,
  statements: PgliteStatements,
): Promise<{ write: Folded; read: Folded }> {
  const { PgliteSession, PgliteTransaction } = await import('drizzle-orm/pglite');
  const own = (db as unknown as { session: PgliteSessionParts }).session;
  const transactionOn = (tx: PgliteTransactionClient) => {
    const session = new PgliteSession(tx as unknown as PGliteClient, own.dialect, own.schema, own.options);
    return new PgliteTransaction(own.dialect, session, own.schema) as unknown as Db;
  };
  /** The prelude's form, chosen when the transaction holds the connection (Prelude `unproven`). */
  const opening = (prelude: Prelude, form: 'select' | 'guard') => (): { text: string; params: unknown[] } => {
    const { unproven } = prelude;
    const { sql: text, params } =
      unproven?.sessionFactsChanges === statements.sessionFactsChanges ? unproven[form] : prelude[form];
    return { text, params };
  };
  return {
    write: (prelude, fn) =>
      statements.transaction(
        async (tx, opened) => {
          if (opened?.rows.length === 0) throw new PreludeRefused();
          return fn(transactionOn(tx));
        },
        opening(prelude, 'select'),
      ),
    read: (prelude, fn) =>
      statements.readTransaction(
        (tx) => fn(transactionOn(tx)),
        opening(prelude, 'guard'),
        () => new PreludeRefused(),
      ),
  };
}

/** The embedded database's client behind a root handle (PGlite only). */
const embedded = new WeakMap<Db, PgliteStatements>();

/**
 * The changes of sessions' facts the embedded database has committed so far (db/pglite-statements.ts), to be
 * read before a session is resolved; null on PostgreSQL, or for a handle other than the root one, where every
 * cached session is proved in its transaction's opening statement.
 */
export function sessionFactsChanges(db: Db): number | null {
  return embedded.get(db)?.sessionFactsChanges ?? null;
}

const socketOf = (client: PoolClient) =>
  (client as unknown as { connection: { stream: NodeJS.WritableStream & Corkable } }).connection.stream;

/**
 * The PostgreSQL transactions of transactionWith and readWith, on a connection of the pool in node-postgres's
 * pipeline mode: a statement goes out when it is made, and statements made together (BEGIN with the guard and
 * the handler's first statement, a handler's Promise.all) leave in one write and one round trip. Each has its
 * own Sync: a failure fails it and, the transaction being aborted, those after it.
 */
async function foldedPgTransactions(db: Db): Promise<{ write: Folded; read: Folded }> {
  const { NodePgSession: Session, NodePgTransaction } = await import('drizzle-orm/node-postgres');
  // The pool's session holds what a transaction's session needs (Drizzle builds them the same way).
  const pooled = (db as unknown as { session: NodePgSessionParts }).session;
  const dialect: PgDialect = pooled.dialect;
  const pool = pooled.client as Pool;
  const transactionOn = (statements: PipeliningClient) => {
    const session = new Session(statements as unknown as PoolClient, dialect, pooled.schema, pooled.options);
    return new NodePgTransaction(dialect, session, pooled.schema) as unknown as Db;
  };
  /**
   * Runs the handler to its end, then waits for the guards: a refused one is the answer (PreludeRefused), any
   * other failure of theirs comes next, then the handler's own failure, else its result.
   */
  const guarded = async (handler: () => Promise<unknown>, guards: () => Promise<unknown>) => {
    let result: unknown;
    let failure: unknown;
    try {
      result = await handler();
    } catch (err) {
      failure = err;
    }
    await guards().catch((err: unknown) => {
      throw isRefusal(err) ? new PreludeRefused() : err;
    });
    if (failure !== undefined) throw failure;
    return result;
  };

  const write: Folded = async ({ guard }, fn) => {
    const client = (await pool.connect()) as PipelinedClient;
    const statements = new PipeliningClient(client);
    let broken: Error | undefined;
    client.pipeline = true;
    // Sent at once, without waiting for their answers; the handler's first statement follows them. The
    // socket is corked until the handler has sent it (its promise callbacks have all run by the next turn
    // of the event loop): node-postgres writes each pipelined query by itself, and on this kind of machine
    // a write costs more than the statement (docs/performance.md).
    const socket = socketOf(client);
    socket.cork();
    setImmediate(() => socket.uncork());
    const opened = Promise.all([
      statements.query('begin'),
      statements.query({ text: guard.sql }, guard.params as unknown[]),
    ]);
    opened.catch(() => undefined); // answered below, after the handler
    try {
      // A refused guard made every later statement fail ("transaction is aborted"), whatever the handler
      // made of that: the refusal is the answer, and nothing is committed.
      const result = await guarded(
        () => fn(transactionOn(statements)),
        () => opened,
      );
      await statements.settled();
      await client.query('commit');
      return result;
    } catch (err) {
      await statements.settled();
      await client.query('rollback').catch((rollbackFailed: Error) => {
        broken = rollbackFailed; // a connection that cannot roll back is not given back to the pool
      });
      throw err;
    } finally {
      client.pipeline = false;
      client.release(broken);
    }
  };

  /*
   * A read is a read-only transaction per batch of statements: each batch leaves as BEGIN READ ONLY, the
   * guard, its statements and COMMIT, in one write. A list's page is one batch, so it costs one round trip
   * (there were two: the batch, then COMMIT; on this kind of machine each write to PostgreSQL costs more
   * than the statements, docs/performance.md). At READ COMMITTED each statement reads its own snapshot
   * anyway, so statements in one transaction or in several read alike; every one of them runs behind a
   * guard of its own batch, never without the tenant's settings and role.
   */
  const read: Folded = async ({ guard }, fn) => {
    const client = (await pool.connect()) as PipelinedClient;
    client.pipeline = true;
    const statements = new PipeliningClient(client, { begin: 'begin read only', guard });
    try {
      // Any batch's refused guard is the answer, whatever the handler made of its statements' failures; a
      // handler that asked nothing has its session's proof confirmed all the same (a batch of its own).
      return await guarded(
        () => fn(transactionOn(statements)),
        () => {
          statements.confirmOnce();
          return statements.guardsAnswered();
        },
      );
    } finally {
      await statements.settled();
      client.pipeline = false;
      // Every batch ended with its COMMIT; a connection that could not end one is not given back to the pool.
      client.release(statements.broken);
    }
  };
  return { write, read };
}

interface Corkable {
  cork(): void;
  uncork(): void;
}

/** node-postgres's pipeline switch (8.20+; not yet in @types/pg). */
type PipelinedClient = PoolClient & { pipeline: boolean };

/** Prepared statements a connection keeps at most; statements beyond them are parsed each time. */
const PREPARED_PER_CONNECTION = 500;

/** A read's batches: each opens its own read-only transaction with the guard and ends with COMMIT. */
interface Batches {
  begin: string;
  guard: Query;
}

/**
 * The client Drizzle's session is given inside the tenant's transactions (foldedPgTransactions), whose
 * connection is in node-postgres's pipeline mode: statements are sent as they are made, without waiting for
 * the answers of earlier ones, and it keeps track of them. Each statement with parameters is a named
 * prepared statement of its connection (named by its text's hash), so PostgreSQL plans it once per connection
 * rather than on every request: for a list, the planning, not the execution, was most of the database's time.
 * A connection keeps at most PREPARED_PER_CONNECTION of them; later ones are parsed each time. With `batches`
 * (reads) the statements made in one turn are wrapped in a transaction of their own.
 */
class PipeliningClient {
  constructor(
    private readonly client: PoolClient,
    private readonly batches?: Batches,
  ) {}

  private readonly pending = new Set<Promise<unknown>>();
  private corked = false;
  /** Whether the statements of this turn have their BEGIN and guard sent (reads). */
  private batchOpen = false;
  private readonly guards: Promise<unknown>[] = [];
  /** Why a batch's COMMIT failed: the connection is not fit to be pooled again. */
  broken: Error | undefined;

  query(config: string | QueryConfig, values?: unknown[]): Promise<QueryResult> {
    if (typeof config !== 'string' && typeof (config as { submit?: unknown }).submit === 'function')
      throw new Error('cursors and streams cannot be pipelined; use the pool outside a tenant transaction');
    this.corkForThisTick();
    if (this.batches && !this.batchOpen) this.openBatch(this.batches);
    return this.send(config, values);
  }

  private send(config: string | QueryConfig, values?: unknown[]): Promise<QueryResult> {
    // In pipeline mode concurrent statements are what it is for: sent at once, not one after the other.
    const cfg: QueryConfig = typeof config === 'string' ? { text: config } : config;
    const params = values ?? cfg.values;
    const sent = this.client.query(params === undefined ? cfg : prepared(this.client, cfg), params);
    this.pending.add(sent);
    const forget = () => this.pending.delete(sent);
    sent.then(forget, forget);
    return sent;
  }

  private openBatch({ begin, guard }: Batches): void {
    this.batchOpen = true;
    this.send(begin).catch(() => undefined); // its failure fails the guard too
    const guarded = this.send({ text: guard.sql }, guard.params as unknown[]);
    guarded.catch(() => undefined); // answered by guardsAnswered
    this.guards.push(guarded);
  }

  /** Ends the turn's batch (before its statements leave): COMMIT, or ROLLBACK when the database aborted it. */
  private closeBatch(): void {
    if (!this.batchOpen) return;
    this.batchOpen = false;
    this.send('commit').catch((err: Error) => {
      this.broken ??= err;
    });
  }

  /** Sends a batch of nothing but BEGIN, the guard and COMMIT when no statement was made at all (reads). */
  confirmOnce(): void {
    if (!this.batches || this.guards.length > 0) return;
    this.corkForThisTick();
    this.openBatch(this.batches);
  }

  /** Every batch's guard has answered; fails with the first that failed. */
  async guardsAnswered(): Promise<void> {
    await Promise.all(this.guards);
  }

  /**
   * node-postgres writes each pipelined statement by itself, and on this kind of machine a write costs more
   * than a short statement (docs/performance.md). Statements made in the same turn (their promise callbacks
   * included: a nextTick queued from one runs once they have all run) leave in one write.
   */
  private corkForThisTick(): void {
    if (this.corked) return;
    this.corked = true;
    const socket = socketOf(this.client);
    socket.cork();
    process.nextTick(() => {
      this.corked = false;
      this.closeBatch();
      socket.uncork();
    });
  }

  /** Waits until every statement sent has been answered (whatever the answer), COMMITs of batches included. */
  async settled(): Promise<void> {
    while (this.pending.size > 0 || this.batchOpen) {
      if (this.batchOpen) await new Promise((resolve) => process.nextTick(resolve));
      await Promise.allSettled([...this.pending]);
    }
  }
}

const statementNames = new Map<string, string>();
function statementName(text: string): string {
  let name = statementNames.get(text);
  if (!name) {
    name = `th_${createHash('sha1').update(text).digest('base64url')}`;
    if (statementNames.size < 10_000) statementNames.set(text, name);
  }
  return name;
}

/** The statements each connection has been given names for (a connection keeps what it prepared). */
const preparedOn = new WeakMap<PoolClient, Set<string>>();

/** The statement under its name on this connection, while the connection holds fewer than the cap. */
function prepared(client: PoolClient, cfg: QueryConfig): QueryConfig {
  let names = preparedOn.get(client);
  if (!names) preparedOn.set(client, (names = new Set()));
  const name = statementName(cfg.text);
  if (!names.has(name)) {
    if (names.size >= PREPARED_PER_CONNECTION) return cfg;
    names.add(name);
  }
  return { ...cfg, name };
}

interface PgliteSessionParts {
  dialect: PgDialect;
  schema: ConstructorParameters<typeof PgliteSession>[2];
  options: ConstructorParameters<typeof PgliteSession>[3];
}

interface NodePgSessionParts {
  client: unknown;
  dialect: PgDialect;
  schema: ConstructorParameters<typeof NodePgSession>[2];
  options: ConstructorParameters<typeof NodePgSession>[3];
}

/** The dialect a Drizzle handle writes its statements with (shared by its transactions; not public in its types). */
export const dialectOf = (db: unknown): PgDialect => (db as { dialect: PgDialect }).dialect;
