import fs from 'node:fs';
import path from 'node:path';
import type { SQL } from 'drizzle-orm';
import type { NodePgSession } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgDialect, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { Pool } from 'pg';
import * as schema from './schema.ts';

export type Schema = typeof schema;
/** The common Drizzle surface of PGlite and node-postgres: services never know which one runs. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
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
}

/**
 * Runs `fn` in a transaction whose first statement, `prelude`, travels with its BEGIN: on PostgreSQL both go
 * in one simple-protocol message (one round trip instead of two); on PGlite, whose transactions take its one
 * connection's lock, the prelude runs first inside the transaction. The prelude is one statement written by
 * the server; its parameters are sent as escaped literals on PostgreSQL.
 */
export function transactionWith<T>(db: Db, prelude: SQL, fn: (tx: Db) => Promise<T>): Promise<T> {
  const folded = foldedTransactions.get(db);
  if (folded) return folded(prelude, fn) as Promise<T>;
  return db.transaction(async (tx) => {
    const opened = (await tx.execute(prelude)) as unknown as { rows: unknown[] };
    if (opened.rows.length === 0) throw new PreludeRefused();
    return fn(tx as unknown as Db);
  });
}

/**
 * The prelude of transactionWith returned no row (a condition in it failed): nothing else ran, and the
 * transaction is rolled back.
 */
export class PreludeRefused extends Error {
  constructor() {
    super('the opening statement of the transaction returned no row');
  }
}

type FoldedTransaction = (prelude: SQL, fn: (tx: Db) => Promise<unknown>) => Promise<unknown>;
const foldedTransactions = new WeakMap<Db, FoldedTransaction>();

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.url) {
    const { Pool } = (await import('pg')).default;
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const pool = new Pool({ connectionString: opts.url, max: opts.poolSize ?? 10 });
    const db = drizzle(pool, { schema });
    foldedTransactions.set(db as unknown as Db, await foldedPgTransaction(db as unknown as Db));
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
      close: () => pool.end(),
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  // The trigram indexes of the lists' "contains" searches (migration 0013) need pg_trgm; PGlite ships it
  // as a contrib extension, loaded here so that CREATE EXTENSION finds it.
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  let dataDir = opts.dataDir;
  if (!dataDir.startsWith('memory://')) {
    dataDir = path.join(opts.dataDir, 'pglite');
    fs.mkdirSync(dataDir, { recursive: true });
  }
  const client = await PGlite.create(dataDir, { extensions: { pg_trgm } });
  const db = drizzle(client, { schema });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    migrate: () => migrate(db, { migrationsFolder: opts.migrationsDir }),
    exclusively: (_lockKey, work) => work(),
    close: () => client.close(),
  };
}

/** The PostgreSQL form of transactionWith: BEGIN and the prelude in one message, on a connection of the pool. */
async function foldedPgTransaction(db: Db): Promise<FoldedTransaction> {
  const { NodePgSession: Session, NodePgTransaction } = await import('drizzle-orm/node-postgres');
  // The pool's session holds what a transaction's session needs (Drizzle builds them the same way).
  const pooled = (db as unknown as { session: NodePgSessionParts }).session;
  const dialect: PgDialect = pooled.dialect;
  const pool = pooled.client as Pool;
  return async (prelude, fn) => {
    const { sql: text, params } = dialect.sqlToQuery(prelude);
    const client = await pool.connect();
    let failure: Error | undefined;
    try {
      const opening = text.replace(/\$(\d+)/g, (_m, n: string) => {
        const value = params[Number(n) - 1];
        return value === null || value === undefined ? 'null' : client.escapeLiteral(String(value));
      });
      // Several statements in one simple-protocol query answer one result each: BEGIN's, then the prelude's.
      const opened = (await client.query(`begin; ${opening}`)) as unknown as { rows: unknown[] }[];
      if (opened[1]?.rows.length === 0) throw new PreludeRefused();
      const session = new Session(client, dialect, pooled.schema, pooled.options);
      const result = await fn(new NodePgTransaction(dialect, session, pooled.schema) as unknown as Db);
      await client.query('commit');
      return result;
    } catch (err) {
      await client.query('rollback').catch((rollbackFailed: Error) => {
        // A connection that cannot roll back is not given back to the pool.
        failure = rollbackFailed;
      });
      throw err;
    } finally {
      client.release(failure);
    }
  };
}

interface NodePgSessionParts {
  client: unknown;
  dialect: PgDialect;
  schema: ConstructorParameters<typeof NodePgSession>[2];
  options: ConstructorParameters<typeof NodePgSession>[3];
}
