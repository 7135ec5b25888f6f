import fs from 'node:fs';
import { NodeFS } from '@electric-sql/pglite/nodefs';
import { syncDirectorySync } from '../durable-files.ts';

type EmscriptenOpts = Parameters<NodeFS['init']>[1];
type PostgresMod = Parameters<NonNullable<EmscriptenOpts['preRun']>[number]>[0];

/**
 * PGlite's Node file system with its fsync made real, so that a commit the embedded database reports has
 * reached the disk (not just the operating system's cache) and a power loss or a crash of the machine
 * neither loses it nor leaves half-written pages behind.
 *
 * PGlite starts PostgreSQL with `-F` (fsync off), and Emscripten's Node file system has no sync operation:
 * a `fsync()` of PostgreSQL answers at once and `fdatasync()` is a no-op whatever is installed. Writes reach
 * the files synchronously (`fs.writeSync`), which a killed process does not undo, but nothing orders them to
 * the disk. So: an fsync operation on the file system's streams, PostgreSQL started without `-F`, and its
 * WAL flushed with `fsync()` (see {@link durableStartParams}), which reaches the operation.
 */
export class DurableNodeFS extends NodeFS {
  override async init(
    pg: Parameters<NodeFS['init']>[0],
    opts: EmscriptenOpts,
  ): Promise<{ emscriptenOpts: EmscriptenOpts }> {
    const { emscriptenOpts } = await super.init(pg, opts);
    return {
      emscriptenOpts: {
        ...emscriptenOpts,
        preRun: [
          ...(emscriptenOpts.preRun ?? []),
          (mod: PostgresMod) => {
            // Every file of the mount shares this stream_ops object (Emscripten's NODEFS assigns it to each
            // node it creates); PostgreSQL's fsync() calls the operation of the file's stream if it has one.
            const nodefs = (mod.FS as unknown as { filesystems: Record<string, NodefsLike> }).filesystems
              .NODEFS!;
            nodefs.stream_ops.fsync = (stream) => {
              if (typeof stream.nfd === 'number') {
                fileSync.sync(stream.nfd);
              } else if (stream.node && mod.FS.isDir(stream.node.mode)) {
                // NODEFS opens no descriptor for a directory; PostgreSQL syncs one after creating, renaming
                // or removing files in it (a recycled WAL segment), so its entries are synced by path.
                fileSync.syncDirectory(nodefs.realPath(stream.node));
              }
              return 0;
            };
          },
        ],
      },
    };
  }
}

interface EmscriptenNode {
  mode: number;
}

interface NodefsLike {
  realPath(node: EmscriptenNode): string;
  stream_ops: { fsync?: (stream: { nfd?: number; node?: EmscriptenNode }) => number };
}

/** The syncs themselves, properties of an object so that a test can count the calls. */
export const fileSync = {
  sync: (fd: number): void => fs.fdatasyncSync(fd),
  syncDirectory: syncDirectorySync,
};

/** PGlite's own start parameters without `-F`, the WAL flushed by fsync() (fdatasync() is a no-op here). */
export function durableStartParams(defaults: readonly string[]): string[] {
  return [...defaults.filter((p) => p !== '-F'), '-c', 'wal_sync_method=fsync'];
}
