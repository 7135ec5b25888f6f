import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import { once } from 'node:events';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { TConfig } from '../config.ts';
import { syncDirectory } from '../durable-files.ts';
import { s3Storage } from './storage-s3.ts';

/**
 * Where uploaded content lives; the `files` table keeps its identity, owner and SHA-256. Keys are chosen
 * by the server (never by a client), so an implementation may map them to paths directly.
 */
export interface FileStorage {
  put(key: string, content: Buffer): Promise<void>;
  /** The content, or null when nothing is stored under the key. */
  get(key: string): Promise<Buffer | null>;
  remove(key: string): Promise<void>;
  /**
   * Writes content under `key` chunk by chunk (an evidence package of hundreds of megabytes never sits in
   * memory on disk storage); nothing is stored under the key until end() resolves, and abort() leaves
   * nothing behind.
   */
  writer(key: string): StorageWriter;
  /** The content as a stream, or null when nothing is stored under the key. */
  reader(key: string): Promise<Readable | null>;
}

export interface StorageWriter {
  write(chunk: Uint8Array): Promise<void>;
  end(): Promise<void>;
  abort(): Promise<void>;
}

/** A writer that gathers the chunks and puts them at the end: for stores without a streamed write. */
export function bufferedWriter(put: (content: Buffer) => Promise<void>): StorageWriter {
  let chunks: Uint8Array[] = [];
  return {
    async write(chunk) {
      chunks.push(chunk);
    },
    async end() {
      const content = Buffer.concat(chunks);
      chunks = [];
      await put(content);
    },
    async abort() {
      chunks = [];
    },
  };
}

// Keys are `<2 hex>/<hex>`: a short fan-out directory keeps any one directory small.
const KEY_RE = /^[0-9a-f]{2}\/[0-9a-f]{16,64}$/;

export function checkedKey(key: string): string {
  // A key that could climb out of the root never reaches the file system.
  if (!KEY_RE.test(key)) throw new Error(`invalid storage key: ${key}`);
  return key;
}

/** The storage key of a file key (random hex). */
export const storageKeyOf = (fileKey: string): string => checkedKey(`${fileKey.slice(0, 2)}/${fileKey}`);

/** Files on the local disk under `root` (by default `${DATA_DIR}/files`). */
export function diskStorage(root: string): FileStorage {
  const full = (key: string) => path.join(root, checkedKey(key));
  return {
    async put(key, content) {
      const file = full(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Written beside, synced and renamed, so a crash never leaves half a file under the key, and a file
      // whose record the database has committed (synced too) is on the disk with it.
      const partial = `${file}.partial`;
      await fs.writeFile(partial, content, { mode: 0o600, flush: true });
      await fs.rename(partial, file);
      await syncDirectory(path.dirname(file));
    },
    async get(key) {
      try {
        return await fs.readFile(full(key));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    async remove(key) {
      await fs.rm(full(key), { force: true });
    },
    writer(key) {
      const file = full(key);
      const partial = `${file}.partial`;
      let stream: ReturnType<typeof createWriteStream> | null = null;
      const open = async () => {
        if (stream) return stream;
        await fs.mkdir(path.dirname(file), { recursive: true });
        stream = createWriteStream(partial, { mode: 0o600, flush: true });
        return stream;
      };
      return {
        async write(chunk) {
          const s = await open();
          if (!s.write(chunk)) await once(s, 'drain');
        },
        async end() {
          const s = await open();
          s.end();
          await once(s, 'finish');
          await fs.rename(partial, file);
          await syncDirectory(path.dirname(file));
        },
        async abort() {
          stream?.destroy();
          await fs.rm(partial, { force: true });
        },
      };
    },
    async reader(key) {
      const file = full(key);
      try {
        await fs.access(file);
      } catch {
        return null;
      }
      return createReadStream(file);
    },
  };
}

/** Files in memory: for DATA_DIR memory:// (tests), where nothing may outlive the process. */
export function memoryStorage(): FileStorage {
  const store = new Map<string, Buffer>();
  return {
    async put(key, content) {
      store.set(checkedKey(key), Buffer.from(content));
    },
    async get(key) {
      return store.get(checkedKey(key)) ?? null;
    },
    async remove(key) {
      store.delete(checkedKey(key));
    },
    writer(key) {
      checkedKey(key);
      return bufferedWriter(async (content) => {
        store.set(key, content);
      });
    },
    async reader(key) {
      const content = store.get(checkedKey(key));
      return content ? Readable.from([content]) : null;
    },
  };
}

/** The settings createStorage reads. */
export type StorageConfig = Pick<
  TConfig,
  | 'DATA_DIR'
  | 'S3_BUCKET'
  | 'S3_ENDPOINT'
  | 'S3_REGION'
  | 'S3_ACCESS_KEY_ID'
  | 'S3_SECRET_ACCESS_KEY'
  | 'S3_FORCE_PATH_STYLE'
  | 'S3_PREFIX'
>;

/**
 * The configured storage: the S3 bucket when S3_BUCKET is set, otherwise memory for DATA_DIR memory://
 * and `${DATA_DIR}/files` for any other DATA_DIR.
 */
export function createStorage(config: StorageConfig): FileStorage {
  if (config.S3_BUCKET) {
    return s3Storage({
      bucket: config.S3_BUCKET,
      endpoint: config.S3_ENDPOINT,
      region: config.S3_REGION,
      prefix: config.S3_PREFIX,
      // A custom endpoint is most often MinIO or Ceph, whose buckets are not host names.
      forcePathStyle: config.S3_FORCE_PATH_STYLE ?? config.S3_ENDPOINT !== undefined,
      // loadConfig accepts both keys or neither.
      credentials:
        config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
          ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY }
          : undefined,
    });
  }
  const dataDir = config.DATA_DIR;
  return dataDir.startsWith('memory://') ? memoryStorage() : diskStorage(path.join(dataDir, 'files'));
}
