import { mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, type Database } from '../src/db/client.ts';
import { fileSync } from '../src/db/pglite-durable-fs.ts';
import { MIGRATIONS_DIR } from '../src/paths.ts';
import { loadMasterKey } from '../src/platform/keys.ts';
import { diskStorage } from '../src/platform/storage.ts';
import { rowsOf } from '../src/platform/ledger/nodes.ts';

// The embedded database on disk syncs a commit to the disk before it reports it (db/pglite-durable-fs.ts):
// PGlite's defaults (fsync off, a file system without sync) would leave it in the operating system's cache,
// lost with the machine's power. Seen from outside: PostgreSQL's settings, and the sync calls themselves, on
// the write-ahead log's files, made by the commit. The files kept beside it (uploads, the master key that
// encrypts the enterprises' keys) are synced with their directory entries too.

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

  it('syncs the data files and the directories PostgreSQL syncs at a checkpoint', async () => {
    const synced: string[] = [];
    const files = vi.spyOn(fileSync, 'sync');
    const directories = vi.spyOn(fileSync, 'syncDirectory').mockImplementation((d) => {
      synced.push(path.relative(dir, d));
    });
    try {
      await database.db.execute(sql`insert into durable_probe (note) values ('checkpointed')`);
      await database.db.execute(sql`checkpoint`);
      expect(files.mock.calls.length).toBeGreaterThan(1);
      expect(synced).toContain(path.join('pglite', 'pg_xact'));
      expect(synced.every((d) => !d.startsWith('..'))).toBe(true);
    } finally {
      files.mockRestore();
      directories.mockRestore();
    }
  });

  it('keeps what was committed when the directory is opened again', async () => {
    await database.close();
    database = await openDatabase({ dataDir: dir, migrationsDir: MIGRATIONS_DIR });
    const rows = rowsOf<{ note: string }>(await database.db.execute(sql`select note from durable_probe`));
    expect(rows.map((r) => r.note)).toEqual(['committed', 'checkpointed']);
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

describe('files beside the database', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tracehub-durable-files-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('stores a file whole under its key and syncs the directory that names it', async () => {
    const storage = diskStorage(path.join(dir, 'files'));
    const opened = vi.spyOn(fsp, 'open');
    try {
      await storage.put('ab/ab00000000000000', Buffer.from('whole'));
      const writer = storage.writer('cd/cd00000000000000');
      await writer.write(Buffer.from('in '));
      await writer.write(Buffer.from('parts'));
      await writer.end();
      const dirs = opened.mock.calls.map(([p]) => path.relative(dir, String(p)));
      expect(dirs).toEqual([path.join('files', 'ab'), path.join('files', 'cd')]);
    } finally {
      opened.mockRestore();
    }
    expect((await storage.get('ab/ab00000000000000'))?.toString()).toBe('whole');
    expect((await storage.get('cd/cd00000000000000'))?.toString()).toBe('in parts');
    expect(readdirSync(path.join(dir, 'files', 'ab'))).toEqual(['ab00000000000000']);
    expect(readdirSync(path.join(dir, 'files', 'cd'))).toEqual(['cd00000000000000']);
  });

  it('writes the master key once and reads the same key afterwards', () => {
    const keyDir = path.join(dir, 'data');
    const key = loadMasterKey(keyDir, undefined);
    expect(key).toHaveLength(32);
    expect(readFileSync(path.join(keyDir, 'master.key'), 'utf8')).toBe(key.toString('hex'));
    expect(loadMasterKey(keyDir, undefined).equals(key)).toBe(true);
    // Written beside and linked into place: nothing else is left in the directory.
    expect(readdirSync(keyDir)).toEqual(['master.key']);
  });
});
