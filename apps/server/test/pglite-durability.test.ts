import { mkdtempSync, readlinkSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, type Database } from '../src/db/client.ts';
import { fileSync } from '../src/db/pglite-durable-fs.ts';
import { MIGRATIONS_DIR } from '../src/paths.ts';
import { rowsOf } from '../src/platform/ledger/nodes.ts';

// The embedded database on disk syncs a commit to the disk before it reports it (db/pglite-durable-fs.ts):
// PGlite's defaults (fsync off, a file system without sync) would leave it in the operating system's cache,
// lost with the machine's power. Seen from outside: PostgreSQL's settings, and the sync calls themselves, on
// the write-ahead log's files, made by the commit.

const setting = async (database: Database, name: string) =>
  rowsOf<{ v: string }>(await database.db.execute(sql`select current_setting(${name}) as v`))[0]!.v;

describe.skipIf(Boolean(process.env.DATABASE_URL))('commits of the embedded database on disk', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tracehub-durable-'));
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ dataDir: dir, migrationsDir: MIGRATIONS_DIR });
    await database.db.execute(sql`create table durable_probe (id serial primary key, note text not null)`);
  });
  afterAll(async () => {
    await database?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('runs PostgreSQL with fsync on, the log flushed by fsync()', async () => {
    expect(await setting(database, 'fsync')).toBe('on');
    expect(await setting(database, 'wal_sync_method')).toBe('fsync');
  });

  it('syncs the write-ahead log to the disk when a write commits, and not for a read', async () => {
    const original = fileSync.sync;
    const synced: string[] = [];
    const sync = vi
      .spyOn(fileSync, 'sync')
      .mockImplementation((fd) => (synced.push(readlinkSync(`/proc/self/fd/${fd}`)), original(fd)));
    try {
      await database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into durable_probe (note) values ('committed')`);
        expect(sync).not.toHaveBeenCalled();
      });
      expect(synced.some((file) => file.includes(`${path.sep}pg_wal${path.sep}`))).toBe(true);
      sync.mockClear();
      await database.db.execute(sql`select count(*) from durable_probe`);
      expect(sync).not.toHaveBeenCalled();
    } finally {
      sync.mockRestore();
    }
  });

  it('keeps what was committed when the directory is opened again', async () => {
    await database.close();
    database = await openDatabase({ dataDir: dir, migrationsDir: MIGRATIONS_DIR });
    const rows = rowsOf<{ note: string }>(await database.db.execute(sql`select note from durable_probe`));
    expect(rows.map((r) => r.note)).toEqual(['committed']);
  });

  it('leaves an in-memory database as PGlite starts it (nothing to sync)', async () => {
    const memory = await openDatabase({ dataDir: 'memory://', migrationsDir: MIGRATIONS_DIR });
    try {
      expect(await setting(memory, 'fsync')).toBe('off');
    } finally {
      await memory.close();
    }
  });
});
