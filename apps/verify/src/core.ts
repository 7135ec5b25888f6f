import { ed25519 } from '@noble/curves/ed25519.js';
import { sha256 } from '@noble/hashes/sha2.js';
import {
  PACKAGE_FILES,
  ZManifestSignatures,
  ZPackageConsistency,
  ZPackageManifest,
  ZPackagePlatformKey,
  ZPackageRecord,
  ZSignedBlock,
  type TPackageManifest,
  type TSignedBlock,
} from '@tracehub/contract';
import {
  blockHash,
  canonicalize,
  ethrDidAddress,
  fromHex,
  hex,
  isBatchSigner,
  isHashHex,
  leafHash,
  parseEvidenceLeaf,
  verifyBlockSignature,
  verifyConsistency,
  evidenceBatchDigest,
  EVIDENCE_BATCH_VERSION,
  isEvidenceBatchId,
  verifyEvidencePayload,
  verifyInclusion,
  verifyPayloadSignature,
  type EvidenceBatchProof,
} from '@tracehub/ledger';
import type { z } from 'zod';
import { DEFAULT_UNZIP_LIMITS, UnzipError, unzipBounded, type UnzipLimits } from './unzip.ts';

/*
 * The offline check of an evidence package (docs/evidence-format.md section 7). Isomorphic: bytes in, a
 * report out, no I/O and no network, so the CLI and the /verify page run the same code. Every check reports
 * a problem code (messages.ts words it in zh and en) instead of stopping, so one tampered byte is named
 * where it is, and the overall result fails when anything does.
 */

export type ProblemCode =
  | 'zipMalformed'
  | 'zipTooLarge'
  | 'zipTooManyEntries'
  | 'zipBadName'
  | 'manifestMissing'
  | 'manifestNotCanonical'
  | 'manifestInvalid'
  | 'signaturesMissing'
  | 'platformKeyInvalid'
  | 'platformSignature'
  | 'enterpriseSignature'
  | 'enterpriseUnsigned'
  | 'fileMissing'
  | 'fileHash'
  | 'fileUnlisted'
  | 'recordInvalid'
  | 'leafInvalid'
  | 'leafHash'
  | 'inclusion'
  | 'blockHash'
  | 'blockSignature'
  | 'batchSignature'
  | 'leafSignature'
  | 'opening'
  | 'attachmentMissing'
  | 'attachmentHash'
  | 'consistencyMissing'
  | 'consistency'
  | 'didDocument';

export interface Problem {
  code: ProblemCode;
  /** The package file the problem is in. */
  path?: string;
  detail?: string;
}

export type Disclosure = 'opened' | 'withheld' | 'notDisclosed';

export interface RecordResult {
  path: string;
  tier: number;
  direction: string;
  own: boolean;
  eventType: string;
  subjectType: string;
  subjectId: string;
  leafHash: string;
  blockHeight: number | null;
  disclosure: Disclosure;
  withheld: string[];
  problems: Problem[];
  ok: boolean;
}

export interface TierResult {
  tier: number;
  records: number;
  failed: number;
  ok: boolean;
}

export interface PackageReport {
  ok: boolean;
  manifest: TPackageManifest | null;
  platformKey: string | null;
  /** Problems of the package as a whole: zip, manifest, signatures, files, blocks. */
  problems: Problem[];
  records: RecordResult[];
  tiers: TierResult[];
  blocks: { height: number; ok: boolean }[];
}

const utf8 = new TextDecoder('utf-8', { fatal: true });
const sha256Hex = (bytes: Uint8Array) => hex(sha256(bytes));

/** JSON text that must be its own RFC 8785 form; the parsed value, or null. */
function canonicalJson(bytes: Uint8Array): unknown {
  try {
    const text = utf8.decode(bytes);
    const value: unknown = JSON.parse(text);
    return canonicalize(value) === text ? value : null;
  } catch {
    return null;
  }
}

function parsed<T extends z.ZodType>(schema: T, bytes: Uint8Array | undefined): z.infer<T> | null {
  if (!bytes) return null;
  const value = canonicalJson(bytes);
  if (value === null) return null;
  const result = schema.safeParse(value);
  return result.success ? result.data : null;
}

function failed(problems: Problem[]): PackageReport {
  return { ok: false, manifest: null, platformKey: null, problems, records: [], tiers: [], blocks: [] };
}

const UNZIP_CODES: Record<UnzipError['reason'], ProblemCode> = {
  malformed: 'zipMalformed',
  tooLarge: 'zipTooLarge',
  tooManyEntries: 'zipTooManyEntries',
  badName: 'zipBadName',
};

// Thousands of records share a few blocks and batches: each distinct block, and each distinct batch
// statement signature, is checked once per package (a signature check costs about a millisecond).
type Memo = Map<string, boolean>;

function blockProblems(block: TSignedBlock, publicKey: string, path: string, memo?: Memo): Problem[] {
  const key = memo ? canonicalize(block) : '';
  const known = memo?.get(key);
  if (known === true) return [];
  const out: Problem[] = [];
  let hashOk: boolean;
  try {
    hashOk = blockHash(block.header) === block.hash;
  } catch {
    hashOk = false;
  }
  if (!hashOk) out.push({ code: 'blockHash', path, detail: `#${block.header.height}` });
  if (!verifyBlockSignature(block.header, block.signature, publicKey))
    out.push({ code: 'blockSignature', path, detail: `#${block.header.height}` });
  memo?.set(key, out.length === 0);
  return out;
}

/** verifyEvidenceBatch, with the batch statement's signature checked once per distinct batch. */
function batchHolds(
  signer: { did: string; batch: string },
  leafHashHex: string,
  proof: EvidenceBatchProof,
  memo: Memo,
): boolean {
  if (proof.id !== signer.batch || proof.did !== signer.did) return false;
  if (!isHashHex(leafHashHex) || !isHashHex(proof.rootHash) || !proof.auditPath.every(isHashHex))
    return false;
  if (
    !verifyInclusion(
      proof.index,
      proof.size,
      fromHex(leafHashHex),
      proof.auditPath.map(fromHex),
      fromHex(proof.rootHash),
    )
  )
    return false;
  const key = canonicalize([proof.id, proof.did, proof.rootHash, proof.size, proof.signature]);
  let ok = memo.get(key);
  if (ok === undefined) {
    const digest = evidenceBatchDigest({
      batch: proof.id,
      did: proof.did,
      root: proof.rootHash,
      size: proof.size,
      v: EVIDENCE_BATCH_VERSION,
    });
    ok = isEvidenceBatchId(proof.id) && verifyPayloadSignature(digest, proof.signature, proof.did);
    memo.set(key, ok);
  }
  return ok;
}

/** Verifies the zip bytes of an evidence package. Never throws. */
export function verifyPackage(bytes: Uint8Array, limits: UnzipLimits = DEFAULT_UNZIP_LIMITS): PackageReport {
  let files: Map<string, Uint8Array>;
  try {
    files = unzipBounded(bytes, limits);
  } catch (err) {
    if (err instanceof UnzipError) return failed([{ code: UNZIP_CODES[err.reason], detail: err.message }]);
    return failed([{ code: 'zipMalformed', detail: String(err) }]);
  }
  const problems: Problem[] = [];

  // 1. The manifest, its two signatures and the platform key.
  const manifestBytes = files.get(PACKAGE_FILES.manifest);
  if (!manifestBytes) return failed([{ code: 'manifestMissing', path: PACKAGE_FILES.manifest }]);
  const manifestValue = canonicalJson(manifestBytes);
  if (manifestValue === null) return failed([{ code: 'manifestNotCanonical', path: PACKAGE_FILES.manifest }]);
  const manifestResult = ZPackageManifest.safeParse(manifestValue);
  if (!manifestResult.success)
    return failed([
      { code: 'manifestInvalid', path: PACKAGE_FILES.manifest, detail: manifestResult.error.message },
    ]);
  const manifest = manifestResult.data;

  const key = parsed(ZPackagePlatformKey, files.get(PACKAGE_FILES.platformKey));
  if (!key || !/^[0-9a-f]{64}$/.test(key.publicKey))
    return { ...failed([{ code: 'platformKeyInvalid', path: PACKAGE_FILES.platformKey }]), manifest };
  const signatures = parsed(ZManifestSignatures, files.get(PACKAGE_FILES.signatures));
  if (!signatures) problems.push({ code: 'signaturesMissing', path: PACKAGE_FILES.signatures });
  else {
    let platformOk: boolean;
    try {
      platformOk =
        signatures.platform.keyId === key.keyId &&
        ed25519.verify(fromHex(signatures.platform.signature), manifestBytes, fromHex(key.publicKey), {
          zip215: false,
        });
    } catch {
      platformOk = false;
    }
    if (!platformOk) problems.push({ code: 'platformSignature', path: PACKAGE_FILES.signatures });
    const digest = sha256Hex(manifestBytes);
    if (!signatures.enterprise) {
      if (manifest.enterprise.did)
        problems.push({ code: 'enterpriseUnsigned', path: PACKAGE_FILES.signatures });
    } else if (
      signatures.enterprise.did !== manifest.enterprise.did ||
      !verifyPayloadSignature(digest, signatures.enterprise.signature, signatures.enterprise.did)
    ) {
      problems.push({ code: 'enterpriseSignature', path: PACKAGE_FILES.signatures });
    }
  }

  // 2. Every file is listed with its SHA-256, and nothing else is in the zip.
  const listed = new Set<string>([PACKAGE_FILES.manifest, PACKAGE_FILES.signatures]);
  const corrupt = new Set<string>();
  for (const f of manifest.files) {
    listed.add(f.path);
    const content = files.get(f.path);
    if (!content) {
      problems.push({ code: 'fileMissing', path: f.path });
      corrupt.add(f.path);
    } else if (content.length !== f.size || sha256Hex(content) !== f.sha256) {
      problems.push({ code: 'fileHash', path: f.path });
      corrupt.add(f.path);
    }
  }
  for (const name of files.keys()) if (!listed.has(name)) problems.push({ code: 'fileUnlisted', path: name });

  // 3. DID documents name the address of their did:ethr.
  for (const f of manifest.files.filter((x) => x.path.startsWith('dids/'))) {
    const doc = canonicalJson(files.get(f.path) ?? new Uint8Array());
    const id = typeof doc === 'object' && doc !== null && 'id' in doc ? String(doc.id) : '';
    const address = ethrDidAddress(id);
    if (!address || !JSON.stringify(doc).toLowerCase().includes(address.toLowerCase()))
      problems.push({ code: 'didDocument', path: f.path });
  }

  // 4. Blocks: hash and platform signature; each consistent with the newest.
  const blocks = new Map<number, { block: TSignedBlock; ok: boolean }>();
  for (const f of manifest.files.filter((x) => x.path.startsWith('blocks/'))) {
    const block = parsed(ZSignedBlock, files.get(f.path));
    if (!block) {
      problems.push({ code: 'recordInvalid', path: f.path });
      continue;
    }
    const found = blockProblems(block, key.publicKey, f.path);
    problems.push(...found);
    blocks.set(block.header.height, { block, ok: found.length === 0 && !corrupt.has(f.path) });
  }
  const heights = [...blocks.keys()].sort((a, b) => a - b);
  const newest = heights.length > 0 ? blocks.get(heights[heights.length - 1]!)!.block : null;
  for (const h of heights) {
    if (!newest || h === newest.header.height) continue;
    const path = `consistency/${h}.json`;
    const proof = parsed(ZPackageConsistency, files.get(path));
    const entry = blocks.get(h)!;
    if (!proof) {
      problems.push({ code: 'consistencyMissing', path });
      entry.ok = false;
      continue;
    }
    const ok =
      proof.from.hash === entry.block.hash &&
      proof.to.hash === newest.hash &&
      proof.proof.every(isHashHex) &&
      verifyConsistency(
        entry.block.header.treeSize,
        newest.header.treeSize,
        fromHex(entry.block.header.rootHash),
        fromHex(newest.header.rootHash),
        proof.proof.map(fromHex),
      );
    if (!ok) {
      problems.push({ code: 'consistency', path });
      entry.ok = false;
    }
  }

  // 5. Records: leaf, inclusion in its block, the block itself, the enterprise's signature, the opening.
  const records: RecordResult[] = [];
  const memo = { blocks: new Map<string, boolean>(), batches: new Map<string, boolean>() };
  for (const f of manifest.files.filter((x) => x.path.startsWith('records/'))) {
    records.push(checkRecord(f.path, files, key.publicKey, blocks, corrupt, memo));
  }

  const tierMap = new Map<number, TierResult>();
  for (const r of records) {
    const t = tierMap.get(r.tier) ?? { tier: r.tier, records: 0, failed: 0, ok: true };
    t.records++;
    if (!r.ok) {
      t.failed++;
      t.ok = false;
    }
    tierMap.set(r.tier, t);
  }
  const tiers = [...tierMap.values()].sort((a, b) => a.tier - b.tier);
  return {
    ok: problems.length === 0 && records.every((r) => r.ok),
    manifest,
    platformKey: key.publicKey,
    problems,
    records,
    tiers,
    blocks: heights.map((height) => ({ height, ok: blocks.get(height)!.ok })),
  };
}

function checkRecord(
  path: string,
  files: Map<string, Uint8Array>,
  publicKey: string,
  blocks: Map<number, { block: TSignedBlock; ok: boolean }>,
  corrupt: Set<string>,
  memo: { blocks: Memo; batches: Memo },
): RecordResult {
  const problems: Problem[] = [];
  const base = {
    path,
    tier: 0,
    direction: '',
    own: false,
    eventType: '',
    subjectType: '',
    subjectId: '',
    leafHash: '',
    blockHeight: null,
    disclosure: 'notDisclosed' as Disclosure,
    withheld: [],
  };
  const record = parsed(ZPackageRecord, files.get(path));
  if (!record) return { ...base, problems: [{ code: 'recordInvalid', path }], ok: false };
  if (corrupt.has(path)) problems.push({ code: 'fileHash', path });
  const { proof } = record;
  const leaf = parseEvidenceLeaf(proof.leafData);
  const result: Omit<RecordResult, 'problems' | 'ok'> = {
    ...base,
    tier: record.tier,
    direction: record.direction,
    own: record.own,
    eventType: leaf?.type ?? '',
    subjectType: leaf?.subjectType ?? '',
    subjectId: leaf?.subjectId ?? '',
    leafHash: proof.leafHash,
    blockHeight: proof.block.header.height,
    withheld: record.withheld,
    disclosure: record.opening ? 'opened' : record.withheld.length > 0 ? 'withheld' : 'notDisclosed',
  };
  if (!leaf) {
    problems.push({ code: 'leafInvalid', path });
    return { ...result, problems, ok: false };
  }
  const computed = leafHash(new TextEncoder().encode(proof.leafData));
  if (hex(computed) !== proof.leafHash) problems.push({ code: 'leafHash', path });
  if (
    !proof.auditPath.every(isHashHex) ||
    !isHashHex(proof.rootHash) ||
    proof.rootHash !== proof.block.header.rootHash ||
    proof.treeSize !== proof.block.header.treeSize ||
    !verifyInclusion(
      proof.leafIndex,
      proof.treeSize,
      computed,
      proof.auditPath.map(fromHex),
      fromHex(proof.rootHash),
    )
  )
    problems.push({ code: 'inclusion', path });
  problems.push(...blockProblems(proof.block, publicKey, path, memo.blocks));
  // The proof's block must be the package's block of that height, which the consistency proofs tie together.
  const listed = blocks.get(proof.block.header.height);
  if (!listed || listed.block.hash !== proof.block.hash || !listed.ok)
    problems.push({ code: 'consistency', path, detail: `#${proof.block.header.height}` });
  if (leaf.signer) {
    if (isBatchSigner(leaf.signer)) {
      if (!proof.batch || !batchHolds(leaf.signer, proof.leafHash, proof.batch, memo.batches))
        problems.push({ code: 'batchSignature', path });
    } else if (!verifyPayloadSignature(leaf.payloadHash, leaf.signer.signature, leaf.signer.did)) {
      problems.push({ code: 'leafSignature', path });
    }
  }
  if (record.opening && !verifyEvidencePayload(leaf, record.opening.payload, record.opening.salt))
    problems.push({ code: 'opening', path });
  if (leaf.dataHash && record.attachment) {
    const content = files.get(record.attachment);
    if (!content) problems.push({ code: 'attachmentMissing', path: record.attachment });
    else if (sha256Hex(content) !== leaf.dataHash)
      problems.push({ code: 'attachmentHash', path: record.attachment });
  }
  return { ...result, problems, ok: problems.length === 0 };
}
