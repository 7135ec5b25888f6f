import { createHash } from 'node:crypto';
import { and, asc, gt, inArray, isNotNull, isNull } from 'drizzle-orm';
import {
  GENESIS_PREV_HASH,
  MerkleTreeBuilder,
  blockHash,
  blockHeaderProblem,
  canonicalize,
  consistencyProofFromSubtrees,
  evidenceBatchDigest,
  evidenceLeafText,
  evidencePayloadCommitment,
  fromHex,
  hex,
  isBatchSigner,
  isHashHex,
  leafHash,
  parseEvidenceLeaf,
  rootFromLeafHashes,
  verifyBlockSignature,
  verifyConsistency,
  verifyCredential,
  verifyPayloadSignature,
  type SubtreeNode,
} from '@tracehub/ledger';
import type { Db } from '../../db/client.ts';
import {
  certificates,
  enterprises,
  files,
  ledgerAnchors,
  ledgerBatches,
  ledgerBlocks,
  ledgerEvents,
} from '../../db/schema.ts';
import type { FileStorage } from '../storage.ts';
import { MissingNodeError, fetchNodes, nodeKey, withStoredSubtrees, type NodeRef } from './nodes.ts';
import { batchLeafHashes } from './proofs.ts';
import { toSignedBlock, type AnchorRow, type BlockRow, type EventRow } from './records.ts';
import { EVIDENCE, fileEvidencePayload } from './subjects.ts';

/** One finding of the verifier, with where it is: a block height, a leaf index, an event id. */
export interface LedgerProblem {
  location: string;
  message: string;
  height?: number;
  leafIndex?: number;
  eventId?: number;
}

export interface LedgerReport {
  ok: boolean;
  problems: LedgerProblem[];
  /** More problems than maxProblems were found; only the first are listed. */
  truncated: boolean;
  blocks: number;
  treeSize: number;
  sealedEvents: number;
  unsealedEvents: number;
  checkedFiles: number;
  checkedCertificates: number;
  /** Events whose leaf is v1 (unsalted payload hash, written before v2): valid, but open to guesses. */
  v1Events: number;
  /** Events whose leaf is v3, and the signed batches checked for them (each once while its leaves are read). */
  v3Events: number;
  batches: number;
  anchors: number;
}

export interface VerifyOptions {
  /** The platform's Ed25519 public key (hex) that must have signed every block. */
  publicKeyHex: string;
  /** When given, every file's stored content is hashed and compared with its evidence. */
  storage?: FileStorage | null;
  batchSize?: number;
  maxProblems?: number;
  /** The on-chain check of an anchor once anchoring is configured: a problem message, or null when it holds. */
  checkAnchor?: (anchor: AnchorRow, block: BlockRow) => Promise<string | null>;
}

const utf8 = new TextEncoder();
const sha256Hex = (data: Uint8Array | string) => createHash('sha256').update(data).digest('hex');

/**
 * Re-checks the whole ledger from the database (and the file storage): every block's hash, signature,
 * height and link to the previous block; every leaf against its stored record (leaf data hashes to the leaf
 * hash, the columns and payload are what the leaf data says, enterprise signatures recover to the
 * enterprise's DID); the leaf sequence without gaps; every block's root recomputed from the leaves; every
 * stored tree node equal to the one the leaves give; consistency proofs between consecutive blocks from
 * the stored nodes; the current business rows (files and their content, certificates and their
 * credentials) against their evidence; and anchors. Reads in batches, so memory stays bounded by the
 * blocks list and one batch.
 */
export async function verifyLedger(db: Db, opts: VerifyOptions): Promise<LedgerReport> {
  const batchSize = opts.batchSize ?? 5000;
  const maxProblems = opts.maxProblems ?? 1000;
  const problems: LedgerProblem[] = [];
  let truncated = false;
  const report = (p: LedgerProblem) => {
    if (problems.length < maxProblems) problems.push(p);
    else truncated = true;
  };
  const stats = {
    sealedEvents: 0,
    unsealedEvents: 0,
    checkedFiles: 0,
    checkedCertificates: 0,
    v1Events: 0,
    v3Events: 0,
    batches: 0,
  };
  const batches = new BatchChecks(db, stats);

  // 1. The block chain.
  const blocks = await db.select().from(ledgerBlocks).orderBy(asc(ledgerBlocks.height));
  let previous: BlockRow | undefined;
  for (const row of blocks) {
    const block = toSignedBlock(row);
    const at = { location: `block ${row.height}`, height: row.height };
    const malformed = blockHeaderProblem(block.header);
    if (malformed) report({ ...at, message: `malformed header: ${malformed}` });
    else {
      if (blockHash(block.header) !== block.hash)
        report({ ...at, message: 'block hash does not match its header' });
      if (!verifyBlockSignature(block.header, block.signature, opts.publicKeyHex))
        report({ ...at, message: 'platform signature does not verify' });
    }
    const expectedHeight = previous ? previous.height + 1 : 0;
    if (row.height !== expectedHeight)
      report({ ...at, message: `height follows ${expectedHeight - 1}, expected ${expectedHeight}` });
    const expectedPrev = previous ? previous.hash : GENESIS_PREV_HASH;
    if (row.prevHash !== expectedPrev) report({ ...at, message: 'prevHash is not the previous block hash' });
    if (previous && Number(row.treeSize) <= Number(previous.treeSize))
      report({ ...at, message: `tree size ${row.treeSize} does not grow from ${previous.treeSize}` });
    if (previous && Number(row.time) < Number(previous.time))
      report({ ...at, message: 'block time goes backwards' });
    previous = row;
  }
  const lastTreeSize = previous ? Number(previous.treeSize) : 0;

  // Enterprise DIDs, to check that signed evidence is signed by its enterprise's DID.
  const enterpriseDid = new Map(
    (await db.select({ uuid: enterprises.uuid, did: enterprises.did }).from(enterprises)).map((e) => [
      e.uuid,
      e.did,
    ]),
  );

  // 2. Sealed leaves in order: records, sequence, roots, nodes, business rows.
  const builder = new MerkleTreeBuilder();
  let treeBroken = false; // leaves are missing and no stored node could stand in: roots cannot be recomputed
  let containing = 0; // index into blocks of the block whose range holds the next leaf
  let rootCheck = 0; // index into blocks of the next block whose root is compared
  const checkRoots = () => {
    while (rootCheck < blocks.length && Number(blocks[rootCheck]!.treeSize) <= builder.size) {
      const b = blocks[rootCheck]!;
      if (!treeBroken && Number(b.treeSize) === builder.size && hex(builder.root()) !== b.rootHash) {
        report({
          location: `block ${b.height}`,
          height: b.height,
          message: 'root hash differs from the root of its leaves',
        });
      }
      rootCheck++;
    }
  };
  const appendLeaf = (hash: Uint8Array, nodes: SubtreeNode[]) => {
    if (treeBroken) return;
    builder.append(hash, (node) => nodes.push(node));
    checkRoots();
  };
  let expected = 0; // the next leaf index
  /** Leaves [from, to) have no event: report them, and stand in their stored leaf nodes to go on. */
  const fillGap = async (from: number, to: number, nodes: SubtreeNode[]) => {
    report({
      location: to - from === 1 ? `leaf ${from}` : `leaves ${from}..${to - 1}`,
      leafIndex: from,
      message:
        to - from === 1
          ? 'leaf is missing (its event was removed)'
          : `${to - from} leaves are missing (their events were removed)`,
    });
    if (treeBroken) return;
    for (let start = from; start < to; start += batchSize) {
      const refs: NodeRef[] = [];
      for (let i = start; i < Math.min(to, start + batchSize); i++) refs.push({ level: 0, index: i });
      const stored = await fetchNodes(db, refs);
      for (const ref of refs) {
        const hash = stored.get(nodeKey(0, ref.index));
        if (!hash) {
          treeBroken = true;
          report({
            location: `leaf ${ref.index}`,
            leafIndex: ref.index,
            message: 'no stored node either: roots from here on cannot be recomputed',
          });
          return;
        }
        appendLeaf(hash, nodes);
      }
    }
  };

  let after = -1;
  for (;;) {
    const batch = await db
      .select()
      .from(ledgerEvents)
      .where(and(isNotNull(ledgerEvents.leafIndex), gt(ledgerEvents.leafIndex, after)))
      .orderBy(asc(ledgerEvents.leafIndex))
      .limit(batchSize);
    if (batch.length === 0) break;
    const nodes: SubtreeNode[] = [];
    await batches.load(batch);
    for (const event of batch) {
      const index = Number(event.leafIndex);
      stats.sealedEvents++;
      if (event.salt === null) stats.v1Events++;
      // `v` sorts last in canonical leaf data.
      else if (event.leafData.endsWith(',"v":3}')) stats.v3Events++;
      if (index > expected) await fillGap(expected, index, nodes);
      expected = index + 1;
      const at = { location: `leaf ${index} (event ${event.id})`, leafIndex: index, eventId: event.id };
      for (const message of eventProblems(event, enterpriseDid, batches)) report({ ...at, message });
      while (containing < blocks.length && Number(blocks[containing]!.treeSize) <= index) containing++;
      const sealing = blocks[containing];
      if (!sealing) report({ ...at, message: 'sealed beyond the last block' });
      else if (event.blockHeight !== sealing.height)
        report({
          ...at,
          message: `recorded in block ${event.blockHeight}, but its index lies in block ${sealing.height}`,
        });
      appendLeaf(
        isHashHex(event.leafHash) ? fromHex(event.leafHash) : leafHash(utf8.encode(event.leafData)),
        nodes,
      );
    }
    after = Number(batch.at(-1)!.leafIndex);
    await compareNodes(db, nodes, report);
    await checkBusinessRows(db, batch, opts, report, stats);
  }
  if (expected < lastTreeSize) await fillGap(expected, lastTreeSize, []);

  // 3. Unsealed events: their records, and their business rows.
  let afterId = 0;
  for (;;) {
    const batch = await db
      .select()
      .from(ledgerEvents)
      .where(and(isNull(ledgerEvents.leafIndex), gt(ledgerEvents.id, afterId)))
      .orderBy(asc(ledgerEvents.id))
      .limit(batchSize);
    if (batch.length === 0) break;
    await batches.load(batch);
    for (const event of batch) {
      stats.unsealedEvents++;
      if (event.salt === null) stats.v1Events++;
      // `v` sorts last in canonical leaf data.
      else if (event.leafData.endsWith(',"v":3}')) stats.v3Events++;
      const at = { location: `event ${event.id} (unsealed)`, eventId: event.id };
      for (const message of eventProblems(event, enterpriseDid, batches)) report({ ...at, message });
      if (event.blockHeight !== null) report({ ...at, message: 'has a block height but no leaf index' });
    }
    afterId = batch.at(-1)!.id;
    await checkBusinessRows(db, batch, opts, report, stats);
  }

  // 4. Consistency between consecutive blocks, proven from the stored nodes as the API serves it.
  for (let i = 1; i < blocks.length; i++) {
    const [a, b] = [blocks[i - 1]!, blocks[i]!];
    const first = Number(a.treeSize);
    const second = Number(b.treeSize);
    if (!(first > 0 && second >= first && isHashHex(a.rootHash) && isHashHex(b.rootHash))) continue;
    const at = { location: `block ${b.height}`, height: b.height };
    try {
      const proof = await withStoredSubtrees(db, (subtree) =>
        consistencyProofFromSubtrees(first, second, subtree),
      );
      if (!verifyConsistency(first, second, fromHex(a.rootHash), fromHex(b.rootHash), proof))
        report({ ...at, message: `not consistent with block ${a.height}` });
    } catch (err) {
      if (!(err instanceof MissingNodeError)) throw err;
      report({ ...at, message: `consistency with block ${a.height} cannot be proven: ${err.message}` });
    }
  }

  // 5. Anchors: each names a block; on-chain checks when configured.
  const anchors = await db.select().from(ledgerAnchors).orderBy(asc(ledgerAnchors.height));
  const blockByHeight = new Map(blocks.map((b) => [b.height, b]));
  for (const anchor of anchors) {
    const at = { location: `anchor of block ${anchor.height}`, height: anchor.height };
    const block = blockByHeight.get(anchor.height);
    if (!block) report({ ...at, message: 'anchors a block that does not exist' });
    else if (opts.checkAnchor) {
      const problem = await opts.checkAnchor(anchor, block);
      if (problem) report({ ...at, message: problem });
    }
  }

  return {
    ok: problems.length === 0,
    problems,
    truncated,
    blocks: blocks.length,
    treeSize: lastTreeSize,
    ...stats,
    anchors: anchors.length,
  };
}

/** A stored batch as checked: its own problem (null when it holds), its DID and the leaf hashes it signed. */
interface CheckedBatch {
  problem: string | null;
  did: string;
  leafHashes: Set<string>;
}

/**
 * The signed batches (v3) the events name, each checked once: its leaf hashes give its root, its size is
 * theirs, and its signature of the batch statement recovers to its DID. Keeps a bounded number in memory.
 */
class BatchChecks {
  readonly #db: Db;
  readonly #stats: { batches: number };
  #checked = new Map<string, CheckedBatch | null>();

  constructor(db: Db, stats: { batches: number }) {
    this.#db = db;
    this.#stats = stats;
  }

  /** Fetches and checks the batches a page of events names that are not checked yet. */
  async load(events: readonly EventRow[]): Promise<void> {
    const named = new Set<string>();
    for (const event of events) {
      const signer = parseEvidenceLeaf(event.leafData)?.signer;
      if (signer && isBatchSigner(signer)) named.add(signer.batch);
    }
    // Batches no event of this page names are done with (a batch's leaves were written together, so they
    // are adjacent): dropped to bound memory, keeping the ones this page still needs.
    if (this.#checked.size > 10_000)
      this.#checked = new Map([...this.#checked].filter(([id]) => named.has(id)));
    const wanted = new Set([...named].filter((id) => !this.#checked.has(id)));
    if (wanted.size === 0) return;
    const rows = await this.#db
      .select()
      .from(ledgerBatches)
      .where(inArray(ledgerBatches.id, [...wanted]));
    for (const id of wanted) this.#checked.set(id, null);
    for (const row of rows) {
      this.#stats.batches++;
      const hashes = batchLeafHashes(row.leafHashes);
      let problem: string | null = null;
      if (hashes.length !== row.size || !hashes.every(isHashHex))
        problem = 'its leaf hashes are not its size';
      else if (hex(rootFromLeafHashes(hashes.map((h) => fromHex(h)))) !== row.rootHash)
        problem = 'its root is not the root of its leaf hashes';
      else {
        const digest = evidenceBatchDigest({
          batch: row.id,
          did: row.signerDid,
          root: row.rootHash,
          size: row.size,
          v: 3,
        });
        if (!verifyPayloadSignature(digest, row.signature, row.signerDid))
          problem = "its signature does not recover to the signer DID's address";
      }
      this.#checked.set(row.id, { problem, did: row.signerDid, leafHashes: new Set(hashes) });
    }
  }

  /** The batch of this id as checked; null when it is not stored. */
  get(id: string): CheckedBatch | null {
    return this.#checked.get(id) ?? null;
  }
}

/** What is wrong with one event's stored record, by itself and against its signed batch. */
function eventProblems(
  event: EventRow,
  enterpriseDid: Map<string, string | null>,
  batches: BatchChecks,
): string[] {
  const out: string[] = [];
  if (hex(leafHash(utf8.encode(event.leafData))) !== event.leafHash)
    out.push('leaf data does not hash to the leaf hash');
  const leaf = parseEvidenceLeaf(event.leafData);
  if (!leaf) out.push('leaf data is not a canonical evidence leaf');
  // v2/v3 leaves commit to the payload under the stored salt, v1 leaves (written before, no salt) without.
  if (leaf && (leaf.v !== 1) !== (event.salt !== null))
    out.push(leaf.v === 1 ? 'v1 leaf with a salt' : `v${leaf.v} leaf without its salt`);
  const payloadHash = safe(() => evidencePayloadCommitment(event.payload, event.salt));
  if (payloadHash !== event.payloadHash) out.push('payload does not match its payload hash');
  if (leaf && leaf.payloadHash !== event.payloadHash) out.push('payload hash differs from the leaf data');
  const recomputed = safe(() =>
    evidenceLeafText({
      type: event.eventType,
      enterpriseUuid: event.enterpriseUuid,
      subjectType: event.subjectType,
      subjectId: event.subjectId,
      payload: event.payload,
      salt: event.salt,
      dataHash: event.dataHash,
      time: event.createdAt.getTime(),
      signer:
        leaf?.v === 3
          ? leaf.signer && isBatchSigner(leaf.signer) && event.signerDid
            ? { did: event.signerDid, batch: leaf.signer.batch }
            : null
          : event.signerDid && event.signature
            ? { did: event.signerDid, signature: event.signature }
            : null,
      v: leaf?.v,
    }),
  );
  if (recomputed !== event.leafData) out.push('stored columns differ from the leaf data');
  if (leaf?.v === 3) {
    if (leaf.signer && isBatchSigner(leaf.signer)) {
      const batch = batches.get(leaf.signer.batch);
      if (!batch) out.push(`its signed batch ${leaf.signer.batch} is missing`);
      else if (batch.problem) out.push(`its signed batch ${leaf.signer.batch}: ${batch.problem}`);
      else if (!batch.leafHashes.has(event.leafHash))
        out.push(`its signed batch ${leaf.signer.batch} does not cover the leaf`);
      else if (batch.did !== leaf.signer.did) out.push('its batch was signed by another DID');
      else if (
        event.enterpriseUuid &&
        enterpriseDid.has(event.enterpriseUuid) &&
        enterpriseDid.get(event.enterpriseUuid) !== leaf.signer.did
      )
        out.push("signer is not the enterprise's DID");
    }
    if (event.signature !== null) out.push('a v3 leaf carries no signature of its own');
  } else if (event.signerDid || event.signature) {
    if (
      !event.signerDid ||
      !event.signature ||
      !verifyPayloadSignature(event.payloadHash, event.signature, event.signerDid)
    ) {
      out.push("signature does not recover to the signer DID's address");
    } else if (
      event.enterpriseUuid &&
      enterpriseDid.has(event.enterpriseUuid) &&
      enterpriseDid.get(event.enterpriseUuid) !== event.signerDid
    ) {
      out.push("signer is not the enterprise's DID");
    }
  }
  return out;
}

function safe<T>(compute: () => T): T | null {
  try {
    return compute();
  } catch {
    return null;
  }
}

/** Every tree node the leaves produced must be stored with the same hash (proofs are served from them). */
async function compareNodes(db: Db, nodes: SubtreeNode[], report: (p: LedgerProblem) => void): Promise<void> {
  for (let start = 0; start < nodes.length; start += 10_000) {
    const chunk = nodes.slice(start, start + 10_000);
    const stored = await fetchNodes(db, chunk);
    for (const node of chunk) {
      const hash = stored.get(nodeKey(node.level, node.index));
      const location = `node (level ${node.level}, index ${node.index})`;
      if (!hash) report({ location, message: 'stored tree node is missing' });
      else if (hex(hash) !== hex(node.hash))
        report({ location, message: 'stored tree node differs from the one its leaves give' });
    }
  }
}

/** The current business rows of a batch of events, against the evidence (for subjects that still exist). */
async function checkBusinessRows(
  db: Db,
  batch: EventRow[],
  opts: VerifyOptions,
  report: (p: LedgerProblem) => void,
  stats: { checkedFiles: number; checkedCertificates: number },
): Promise<void> {
  const where = (e: EventRow) => ({
    location: e.leafIndex === null ? `event ${e.id} (unsealed)` : `leaf ${e.leafIndex} (event ${e.id})`,
    eventId: e.id,
    ...(e.leafIndex === null ? {} : { leafIndex: Number(e.leafIndex) }),
  });

  const fileEvents = batch.filter((e) => e.eventType === EVIDENCE.fileUploaded.type);
  if (fileEvents.length > 0) {
    const rows = await db
      .select()
      .from(files)
      .where(
        inArray(
          files.fileKey,
          fileEvents.map((e) => e.subjectId),
        ),
      );
    const byKey = new Map(rows.map((r) => [r.fileKey, r]));
    for (const event of fileEvents) {
      const row = byKey.get(event.subjectId);
      if (!row) continue;
      stats.checkedFiles++;
      const now = fileEvidencePayload(row);
      const then = (event.payload ?? {}) as Record<string, unknown>;
      const changed = Object.keys(now).filter(
        (k) => canonicalize((now as Record<string, unknown>)[k] ?? null) !== canonicalize(then[k] ?? null),
      );
      if (changed.length > 0)
        report({
          ...where(event),
          message: `file ${row.fileKey} changed since its evidence: ${changed.join(', ')}`,
        });
      if (event.dataHash !== null && event.dataHash !== then.sha256)
        report({ ...where(event), message: 'data hash is not the evidenced SHA-256' });
      if (opts.storage) {
        const content = await opts.storage.get(row.storagePath);
        if (!content)
          report({ ...where(event), message: `file ${row.fileKey}: content is missing from storage` });
        else if (sha256Hex(content) !== then.sha256)
          report({
            ...where(event),
            message: `file ${row.fileKey}: stored content does not hash to the evidenced SHA-256`,
          });
      }
    }
  }

  const certificateEvents = batch.filter((e) => e.eventType === EVIDENCE.enterpriseCertified.type);
  if (certificateEvents.length > 0) {
    const rows = await db
      .select()
      .from(certificates)
      .where(
        inArray(
          certificates.number,
          certificateEvents.map((e) => e.subjectId),
        ),
      );
    const byNumber = new Map(rows.map((r) => [r.number, r]));
    for (const event of certificateEvents) {
      const row = byNumber.get(event.subjectId);
      if (!row) continue;
      stats.checkedCertificates++;
      if (sha256Hex(canonicalize(row.payload ?? null)) !== sha256Hex(canonicalize(event.payload ?? null)))
        report({ ...where(event), message: `certificate ${row.number} changed since its evidence` });
      if (!verifyCredential(row.payload, opts.publicKeyHex))
        report({
          ...where(event),
          message: `certificate ${row.number}: its credential proof does not verify`,
        });
      const subject = (row.payload as { credentialSubject?: { id?: unknown } } | null)?.credentialSubject?.id;
      if (subject !== row.did)
        report({ ...where(event), message: `certificate ${row.number}: credential subject is not its DID` });
    }
  }
}
