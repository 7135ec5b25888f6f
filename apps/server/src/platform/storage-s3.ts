import type * as S3 from '@aws-sdk/client-s3';
import type { Readable } from 'node:stream';
import { bufferedWriter, checkedKey, type FileStorage } from './storage.ts';

export interface S3StorageOptions {
  bucket: string;
  /** The service's URL (MinIO, Ceph RGW, Aliyun OSS ...); AWS S3's endpoint of the region when absent. */
  endpoint?: string | undefined;
  region: string;
  /** Folder of the bucket the keys go under (`a/b` or `a/b/`); the bucket's root when absent. */
  prefix?: string | undefined;
  /** `<endpoint>/<bucket>/<key>` instead of `<bucket>.<endpoint>/<key>`. */
  forcePathStyle: boolean;
  /** Static credentials; the SDK's default chain (AWS_* variables, profile, instance role) when absent. */
  credentials?: { accessKeyId: string; secretAccessKey: string } | undefined;
}

/** Whether an SDK error says that no object is stored under the key (a missing bucket is not that). */
function isMissingKey(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  if (err.name === 'NoSuchKey') return true;
  // Some services answer a bare 404 whose body the SDK cannot name.
  const status = (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  return status === 404 && err.name !== 'NoSuchBucket';
}

/**
 * Files as objects of an S3-compatible bucket, shared by every process that names it. The SDK is loaded on
 * first use, so that processes storing on disk never load it.
 */
export function s3Storage(opts: S3StorageOptions): FileStorage {
  const prefix = opts.prefix ? `${opts.prefix.replace(/\/+$/, '')}/` : '';
  const Bucket = opts.bucket;
  const objectKey = (key: string) => prefix + checkedKey(key);
  let loading: Promise<{ sdk: typeof S3; client: S3.S3Client }> | null = null;
  const connect = () =>
    (loading ??= import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region: opts.region,
        endpoint: opts.endpoint,
        forcePathStyle: opts.forcePathStyle,
        credentials: opts.credentials,
        // Not every S3-compatible service (older MinIO or Ceph releases, some vendors) accepts the CRC32
        // checksum headers the SDK adds by default since 2025; the body's SHA-256 stays in the signed
        // x-amz-content-sha256 header either way.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
        // Without them an unreachable or stalled service would hold an upload forever.
        requestHandler: { connectionTimeout: 10_000, socketTimeout: 60_000 },
      }),
    })));
  const storage: FileStorage = {
    async put(key, content) {
      const Key = objectKey(key);
      const { sdk, client } = await connect();
      await client.send(
        new sdk.PutObjectCommand({ Bucket, Key, Body: content, ContentLength: content.length }),
      );
    },
    async get(key) {
      const Key = objectKey(key);
      const { sdk, client } = await connect();
      try {
        const res = await client.send(new sdk.GetObjectCommand({ Bucket, Key }));
        if (!res.Body) return Buffer.alloc(0);
        const bytes = await res.Body.transformToByteArray();
        return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      } catch (err) {
        if (isMissingKey(err)) return null;
        throw err;
      }
    },
    async remove(key) {
      const Key = objectKey(key);
      const { sdk, client } = await connect();
      // S3 answers success for a key that holds nothing, like the disk storage's forced rm.
      await client.send(new sdk.DeleteObjectCommand({ Bucket, Key }));
    },
    // One PutObject at the end: a package is bounded (EVIDENCE_PACKAGE_MAX_BYTES); a multipart upload
    // would hold less, at the cost of parts to clean up after a crash.
    writer: (key) => bufferedWriter((content) => storage.put(key, content)),
    async reader(key) {
      const Key = objectKey(key);
      const { sdk, client } = await connect();
      try {
        const res = await client.send(new sdk.GetObjectCommand({ Bucket, Key }));
        return (res.Body as Readable | undefined) ?? null;
      } catch (err) {
        if (isMissingKey(err)) return null;
        throw err;
      }
    },
  };
  return storage;
}
