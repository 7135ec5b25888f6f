import fs from 'node:fs';
import path from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
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

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.url) {
    const { Pool } = (await import('pg')).default;
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const pool = new Pool({ connectionString: opts.url, max: opts.poolSize ?? 10 });
    const db = drizzle(pool, { schema });
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
