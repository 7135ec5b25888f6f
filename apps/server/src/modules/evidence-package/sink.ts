import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { Zip, ZipDeflate } from 'fflate';
import type { z } from 'zod';
import type { ZManifestFile } from '@tracehub/contract';
import { AppError } from '../../platform/errors.ts';

/** Where a package's zip bytes go, chunk by chunk: a file, an upload, a response. */
export interface PackageSink {
  write(chunk: Uint8Array): Promise<void>;
  end(): Promise<void>;
}

/** A sink over a Node writable stream, honouring its back-pressure. */
export function streamSink(stream: Writable): PackageSink {
  return {
    async write(chunk) {
      if (!stream.write(chunk)) await once(stream, 'drain');
    },
    async end() {
      stream.end();
      await once(stream, 'finish');
    },
  };
}

/** A sink writing a file (the task kit's exports live under DATA_DIR). */
export function fileSink(path: string): PackageSink {
  return streamSink(createWriteStream(path, { mode: 0o600 }));
}

/** A sink keeping the bytes in memory: tests and small packages. */
export function memorySink(): PackageSink & { bytes(): Uint8Array } {
  const chunks: Uint8Array[] = [];
  return {
    async write(chunk) {
      chunks.push(chunk);
    },
    async end() {},
    bytes: () => Buffer.concat(chunks),
  };
}

type ManifestFile = z.infer<typeof ZManifestFile>;

/**
 * A zip written entry by entry (fflate's streaming Zip, deflate): each entry is compressed and handed to the
 * sink before the next is made, so memory holds one entry at a time whatever the package's size. The
 * SHA-256 and size of each listed entry are kept for the manifest.
 */
export class PackageZip {
  readonly files: ManifestFile[] = [];
  private pending: Uint8Array[] = [];
  private failure: Error | null = null;
  private bytesOut = 0;
  private readonly zip: Zip;

  /** `maxBytes`: the zip may not grow past it (B2213 "package too large"). */
  constructor(
    private readonly sink: PackageSink,
    private readonly maxBytes = Number.POSITIVE_INFINITY,
  ) {
    this.zip = new Zip((err, chunk, _final) => {
      if (err) this.failure = err;
      else this.pending.push(chunk);
    });
  }

  get size(): number {
    return this.bytesOut;
  }

  async add(path: string, content: Uint8Array, listed = true): Promise<void> {
    const entry = new ZipDeflate(path, { level: 6 });
    this.zip.add(entry);
    entry.push(content, true);
    if (listed)
      this.files.push({
        path,
        sha256: createHash('sha256').update(content).digest('hex'),
        size: content.length,
      });
    await this.flush();
  }

  async end(): Promise<void> {
    this.zip.end();
    await this.flush();
    await this.sink.end();
  }

  private async flush(): Promise<void> {
    if (this.failure) throw this.failure;
    const chunks = this.pending;
    this.pending = [];
    for (const c of chunks) {
      this.bytesOut += c.length;
      if (this.bytesOut > this.maxBytes) throw new AppError('EVIDENCE_PACKAGE_TOO_LARGE');
      await this.sink.write(c);
    }
  }
}
