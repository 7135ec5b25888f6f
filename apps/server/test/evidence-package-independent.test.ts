import { unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { AUTO_UUID, call, signIn, useTestApp } from './support/app.ts';
import { expectOk } from './support/helpers.ts';
import { jcs, type Json } from './support/independent-jcs.ts';
import {
  buf,
  ed25519Verify,
  hexOf,
  leaf,
  sha256,
  verifyBlock,
  verifyConsistency,
  verifyInclusion,
  type Block,
} from './support/independent-rfc.ts';
import { seal } from './support/ledger.ts';
import { runJobsUntilIdle } from '../src/platform/jobs/worker.ts';
import { demoVin } from '../src/seed/demo-supply-chain.ts';

// An evidence package downloaded as a customer would (an export task's 3-minute link) and checked by a
// verifier written from the RFCs and docs/evidence-format.md alone (support/independent-rfc.ts: node:crypto,
// RFC 9162, RFC 8785, RFC 8032), not by apps/verify: the manifest's hashes and platform signature, every
// block's hash and signature, every consistency proof to the newest block, every record's canonical leaf,
// leaf hash, inclusion proof and, where opened, its salted payload commitment. One changed byte fails it.

type Files = Record<string, Uint8Array>;
const text = (bytes: Uint8Array) => Buffer.from(bytes).toString('utf8');
const json = <T>(bytes: Uint8Array): T => JSON.parse(text(bytes)) as T;

interface RecordFile {
  proof: {
    leafIndex: number;
    treeSize: number;
    leafHash: string;
    auditPath: string[];
    rootHash: string;
    block: Block;
    leafData: string;
  };
  opening: { payload: Json; salt: string | null } | null;
}

/** The problems an independent reader finds in a package; none for a good one. */
function independentProblems(files: Files): string[] {
  const problems: string[] = [];
  const key = json<{ publicKey: string }>(files['platform-key.json']!).publicKey;
  const manifestBytes = files['manifest.json']!;
  const manifest = json<{ files: { path: string; sha256: string; size: number }[] }>(manifestBytes);
  // RFC 8785: the manifest is canonical, and the platform's Ed25519 signature is over its exact bytes.
  if (jcs(json<Json>(manifestBytes)) !== text(manifestBytes)) problems.push('manifest not canonical');
  const sigs = json<{ platform: { signature: string } }>(files['manifest.sig.json']!);
  if (!ed25519Verify(key, Buffer.from(manifestBytes), buf(sigs.platform.signature)))
    problems.push('manifest signature');
  for (const f of manifest.files) {
    const content = files[f.path];
    if (!content || hexOf(sha256(Buffer.from(content))) !== f.sha256) problems.push(`hash of ${f.path}`);
  }
  const blocks = new Map<number, Block>();
  for (const [path, content] of Object.entries(files))
    if (path.startsWith('blocks/')) {
      const block = json<Block>(content);
      if (!verifyBlock(block, key)) problems.push(`block ${path}`);
      blocks.set(block.header.height, block);
    }
  const newest = Math.max(...blocks.keys());
  for (const [path, content] of Object.entries(files))
    if (path.startsWith('consistency/')) {
      const c = json<{ from: Block; to: Block; proof: string[] }>(content);
      const ok =
        c.to.header.height === newest &&
        c.to.hash === blocks.get(newest)?.hash &&
        verifyConsistency(
          c.from.header.treeSize,
          c.to.header.treeSize,
          buf(c.from.header.rootHash),
          buf(c.to.header.rootHash),
          c.proof.map(buf),
        );
      if (!ok) problems.push(`consistency ${path}`);
    }
  for (const [path, content] of Object.entries(files)) {
    if (!path.startsWith('records/')) continue;
    const { proof, opening } = json<RecordFile>(content);
    const leafData = json<{ payloadHash: string; v: number }>(Buffer.from(proof.leafData));
    const block = blocks.get(proof.block.header.height);
    const ok =
      jcs(leafData as unknown as Json) === proof.leafData &&
      hexOf(leaf(proof.leafData)) === proof.leafHash &&
      block?.hash === proof.block.hash &&
      proof.rootHash === block.header.rootHash &&
      proof.treeSize === block.header.treeSize &&
      verifyInclusion(
        proof.leafIndex,
        proof.treeSize,
        buf(proof.leafHash),
        proof.auditPath.map(buf),
        buf(proof.rootHash),
      ) &&
      // v2/v3 payload commitment: SHA-256 of the RFC 8785 bytes of {payload, salt}.
      (opening === null ||
        hexOf(sha256(jcs({ payload: opening.payload, salt: opening.salt } as Json))) ===
          leafData.payloadHash);
    if (!ok) problems.push(`record ${path}`);
  }
  return problems;
}

describe('evidence packages checked by an independent verifier (RFC 9162, 8785, 8032)', () => {
  const t = useTestApp({}, { SEED_DEMO_CHAIN: 'true' });
  let files: Files;

  beforeAll(async () => {
    const auto = await signIn(t.app, 'demo-auto', AUTO_UUID);
    await seal(t);
    // A later block, so that the package proves its records' block consistent with the newest.
    expectOk(
      await call(t.app, '/product/addProduct', {
        token: auto,
        body: { name: '星河 EV9', code: 'XH-EV9', vinSn: demoVin(999), unit: '辆' },
      }),
    );
    await seal(t);
    const task = expectOk(
      await call<{ taskId: string }>(t.app, '/task/createEvidenceTask', {
        token: auto,
        body: { taskType: 1, productCode: 'XH-EV7' },
      }),
    );
    await runJobsUntilIdle(t.runtime.deps);
    const link = expectOk(
      await call<{ url: string }>(t.app, '/file/preDownload', { token: auto, body: { taskId: task.taskId } }),
    );
    const res = await t.app.inject({ method: 'GET', url: link.url });
    files = unzipSync(new Uint8Array(res.rawPayload));
  });

  it('verifies every file, block, consistency proof and record of a downloaded package', () => {
    const records = Object.keys(files).filter((p) => p.startsWith('records/'));
    expect(records.length).toBeGreaterThan(10);
    expect(Object.keys(files).some((p) => p.startsWith('consistency/'))).toBe(true);
    expect(independentProblems(files)).toEqual([]);
  });

  it('finds one changed byte in a record, a block or the manifest', () => {
    const flip = (bytes: Uint8Array, find: RegExp): Uint8Array => {
      const s = text(bytes);
      const m = find.exec(s)!;
      const at = m.index + m[0].length;
      const c = s[at] === '0' ? '1' : '0';
      return Buffer.from(s.slice(0, at) + c + s.slice(at + 1));
    };
    const record = Object.keys(files).find((p) => p.startsWith('records/'))!;
    const block = Object.keys(files).find((p) => p.startsWith('blocks/'))!;
    expect(independentProblems({ ...files, [record]: flip(files[record]!, /"auditPath":\["/) })).toEqual(
      expect.arrayContaining([`hash of ${record}`, `record ${record}`]),
    );
    expect(independentProblems({ ...files, [block]: flip(files[block]!, /"rootHash":"/) })).toEqual(
      expect.arrayContaining([`block ${block}`]),
    );
    expect(
      independentProblems({ ...files, 'manifest.json': flip(files['manifest.json']!, /"sha256":"/) }),
    ).toContain('manifest signature');
  });
});
