import fs from 'node:fs';
import fsp from 'node:fs/promises';

/*
 * A file's own sync does not cover its name: after creating or renaming a file, its directory is synced too,
 * or a power loss can leave the file's data on disk and no entry naming it. One place for the embedded
 * database's file system (db/pglite-durable-fs.ts), the master key and the file storage.
 */

/** Syncs a directory's entries (blocking: for code that runs synchronously, or at start). */
export function syncDirectorySync(dir: string): void {
  const fd = fs.openSync(dir, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/** Syncs a directory's entries without blocking the event loop (requests). */
export async function syncDirectory(dir: string): Promise<void> {
  const handle = await fsp.open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
