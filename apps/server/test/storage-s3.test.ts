import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type ListObjectsV2CommandOutput,
} from '@aws-sdk/client-s3';
import { eq } from 'drizzle-orm';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';
import { importRecords } from '../src/db/schema.ts';
import { verifyLedger } from '../src/platform/ledger/verify.ts';
import { s3Storage } from '../src/platform/storage-s3.ts';
import { createStorage, storageKeyOf, type FileStorage } from '../src/platform/storage.ts';
import { AUTO_UUID, signIn, startTestApp } from './support/app.ts';
import { pngBytes, upload, viewFile } from './support/files.ts';
import { dbOf, expectOk } from './support/helpers.ts';
import { platformPublicKey } from './support/ledger.ts';
import { download, importAndRun, xlsxOf } from './support/workbooks.ts';

/** s3rver's built-in account; it accepts any SigV4 signature made with this access key id. */
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
const BUCKET = 'tracehub-files';
const storageKey = () => storageKeyOf(randomBytes(16).toString('hex'));
/** Every byte value, then noise: content that any text or encoding conversion would damage. */
const binary = () =>
  Buffer.concat([Buffer.from(Array.from({ length: 256 }, (_, i) => i)), randomBytes(64 * 1024)]);

describe('S3-compatible file storage (against s3rver, an S3 protocol server)', () => {
  let dir: string;
  let server: S3rver;
  let endpoint: string;
  /** A client of its own, to see what is really in the bucket. */
  let admin: S3Client;

  const storageWith = (prefix?: string, bucket = BUCKET): FileStorage =>
    s3Storage({
      bucket,
      endpoint,
      region: 'us-east-1',
      prefix,
      forcePathStyle: true,
      credentials: CREDENTIALS,
    });
  const objectKeys = async (prefix?: string): Promise<string[]> => {
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const page: ListObjectsV2CommandOutput = await admin.send(
        new ListObjectsV2Command({ Bucket: BUCKET, Prefix: prefix, ContinuationToken: token }),
      );
      keys.push(...(page.Contents ?? []).map((o) => o.Key!));
      token = page.NextContinuationToken;
    } while (token);
    return keys;
  };
  const objectBytes = async (key: string): Promise<Buffer> => {
    const res = await admin.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }));
    return Buffer.from(await res.Body!.transformToByteArray());
  };

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'tracehub-s3-'));
    server = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory: dir,
      configureBuckets: [{ name: BUCKET, configs: [] }],
    });
    const { port } = await server.run();
    endpoint = `http://127.0.0.1:${port}`;
    admin = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials: CREDENTIALS });
  });
  afterAll(async () => {
    admin?.destroy();
    await server?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('stores, reads, replaces and removes binary content under the prefix', async () => {
    const storage = storageWith('install-a/files/');
    const key = storageKey();
    const content = binary();
    await storage.put(key, content);
    // The object is in the bucket under the prefix, byte for byte.
    expect(await objectKeys('install-a/')).toEqual([`install-a/files/${key}`]);
    expect((await objectBytes(`install-a/files/${key}`)).equals(content)).toBe(true);
    expect((await storage.get(key))!.equals(content)).toBe(true);

    const replacement = binary();
    await storage.put(key, replacement);
    expect((await storage.get(key))!.equals(replacement)).toBe(true);

    await storage.remove(key);
    expect(await storage.get(key)).toBeNull();
    expect(await objectKeys('install-a/')).toEqual([]);
    // Removing what is not there is no error, as on the disk.
    await storage.remove(key);
  });

  it('answers null for a missing key, but an error for a missing bucket', async () => {
    expect(await storageWith('install-a').get(storageKey())).toBeNull();
    // A misconfigured bucket must not look like a deleted file.
    await expect(storageWith(undefined, 'no-such-bucket').get(storageKey())).rejects.toMatchObject({
      name: 'NoSuchBucket',
    });
    await expect(storageWith(undefined, 'no-such-bucket').put(storageKey(), binary())).rejects.toThrow();
  });

  it('keeps installations with different prefixes apart, and refuses keys it did not make', async () => {
    const a = storageWith('install-a');
    const b = storageWith('install-b');
    const root = storageWith();
    const key = storageKey();
    await a.put(key, Buffer.from('a'));
    expect(await b.get(key)).toBeNull();
    expect(await root.get(key)).toBeNull();
    await root.put(key, Buffer.from('root'));
    expect(await objectKeys(key.slice(0, 2))).toEqual([key]);
    expect((await a.get(key))!.toString()).toBe('a');
    for (const bad of ['../etc/passwd', 'ab/../../x', `${key}/x`, '']) {
      await expect(a.put(bad, Buffer.from('x'))).rejects.toThrow('invalid storage key');
      await expect(a.get(bad)).rejects.toThrow('invalid storage key');
    }
  });

  it('is what createStorage picks with S3_BUCKET, path-style by default with an endpoint', async () => {
    const config = loadConfig({
      DATA_DIR: path.join(dir, 'unused'),
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
      S3_PREFIX: 'configured',
    });
    expect(config.S3_REGION).toBe('us-east-1');
    expect(config.S3_FORCE_PATH_STYLE).toBeUndefined();
    const key = storageKey();
    await createStorage(config).put(key, Buffer.from('configured'));
    expect(await objectKeys('configured/')).toEqual([`configured/${key}`]);
    // Without S3_BUCKET the same settings keep files on the disk / in memory.
    expect(
      await createStorage({ ...config, S3_BUCKET: undefined, DATA_DIR: 'memory://' }).get(key),
    ).toBeNull();
  });

  it('checks the S3 settings at start', () => {
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig(env);
        return '';
      } catch (err) {
        expect(err).toBeInstanceOf(ConfigError);
        return (err as Error).message;
      }
    };
    expect(problems({ S3_BUCKET: BUCKET, S3_ACCESS_KEY_ID: 'id' })).toContain(
      'S3_SECRET_ACCESS_KEY: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together',
    );
    expect(problems({ S3_BUCKET: BUCKET, S3_SECRET_ACCESS_KEY: 'secret' })).toContain('S3_ACCESS_KEY_ID:');
    expect(problems({ S3_ENDPOINT: endpoint, S3_PREFIX: 'p' })).toMatch(
      /S3_ENDPOINT: is set but S3_BUCKET is not\n\s+S3_PREFIX: is set but S3_BUCKET is not/,
    );
    expect(problems({ S3_BUCKET: BUCKET, S3_PREFIX: '/abs' })).toContain('S3_PREFIX:');
    expect(problems({ S3_BUCKET: 'a b' })).toContain('S3_BUCKET:');
    expect(problems({ S3_BUCKET: BUCKET, S3_FORCE_PATH_STYLE: 'yes' })).toContain('S3_FORCE_PATH_STYLE:');
    expect(loadConfig({ S3_BUCKET: BUCKET, S3_FORCE_PATH_STYLE: 'false' }).S3_FORCE_PATH_STYLE).toBe(false);
    expect(problems({ S3_BUCKET: BUCKET })).toBe('');
  });

  it('keeps the app uploads and imports in the bucket, where the ledger check reads them', async () => {
    const t = await startTestApp({
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
      S3_PREFIX: 'app',
    });
    try {
      const token = await signIn(t.app, 'demo-auto', AUTO_UUID);

      // An upload: stored as an object under the prefix, and read back through the API from there.
      const content = pngBytes(64, true);
      const info = expectOk(
        await upload(t.app, {
          token,
          bizType: 'businessLicence',
          bizNo: 'cert-s3',
          fileName: 'l.png',
          content,
        }),
      );
      const objectKey = `app/${storageKeyOf(info.fileKey)}`;
      expect(await objectKeys('app/')).toContain(objectKey);
      expect((await objectBytes(objectKey)).equals(content)).toBe(true);
      const viewed = await viewFile(t.app, info.fileKey, token);
      expect(viewed.status).toBe(200);
      expect(viewed.raw.equals(content)).toBe(true);

      // An import: the workbook and the error log its job writes are objects in the bucket.
      const workbook = await xlsxOf([
        ['项目编号', '备注'],
        ['S3-OK-1', 'fine'],
        ['', 'no code'],
      ]);
      const done = await importAndRun(t.app, t.runtime.deps, '/project/importExcel', {
        token,
        content: workbook,
      });
      expect(done).toMatchObject({ status: 'completed', successNum: 1, defeatNum: 1, hasErrorLog: true });
      const [record] = await dbOf(t).select().from(importRecords).where(eq(importRecords.id, done.id));
      expect((await objectBytes(`app/${record!.storageKey}`)).equals(workbook)).toBe(true);
      const log = await download(t.app, `/import/records/${done.id}/errorLog`, { token });
      expect(log.status).toBe(200);
      expect(log.raw.equals(await objectBytes(`app/${record!.errorLogKey!}`))).toBe(true);

      // The whole-ledger check re-hashes files from the bucket: it passes, then sees a changed object.
      const verify = () =>
        verifyLedger(dbOf(t), { publicKeyHex: platformPublicKey(t), storage: t.runtime.deps.storage });
      expect((await verify()).problems).toEqual([]);
      await admin.send(new PutObjectCommand({ Bucket: BUCKET, Key: objectKey, Body: pngBytes(64, true) }));
      const report = await verify();
      expect(report.problems.map((p) => p.message)).toEqual([
        `file ${info.fileKey}: stored content does not hash to the evidenced SHA-256`,
      ]);
    } finally {
      await t.close();
    }
  });
});
