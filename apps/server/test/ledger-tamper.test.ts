import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { blockHash, blockPublicKey, signBlock, type BlockHeader } from '@tracehub/ledger';
import type { Db } from '../src/db/client.ts';
import { certificates, files, ledgerBlocks, ledgerEvents, ledgerNodes } from '../src/db/schema.ts';
import { verifyLedger, type LedgerReport } from '../src/platform/ledger/verify.ts';
import { AUTO_UUID, call, signIn, useTestApp } from './support/app.ts';
import { pdfBytes, pngBytes, upload } from './support/files.ts';
import { dbOf, expectError, expectOk } from './support/helpers.ts';
import { expectProofVerifies, platformPublicKey, proofOf, publicGet, seal } from './support/ledger.ts';
import { bareProject } from './support/records.ts';

/**
 * Tampering with any stored row is detected (ARCHITECTURE 3): by the verifier (ledger:verify) with its
 * location, and by the proof endpoints, which refuse to serve what no longer verifies. Each case changes
 * the database directly, as an attacker with database access would, checks, and restores.
 */
describe('tamper evidence', () => {
  const t = useTestApp();
  let db: Db;
  let fileHash: string;
  let fileKey: string;

  const verify = (): Promise<LedgerReport> =>
    verifyLedger(db, { publicKeyHex: platformPublicKey(t), storage: t.runtime.deps.storage, batchSize: 7 });
  const messages = (report: LedgerReport) => report.problems.map((p) => `${p.location}: ${p.message}`);
  const eventOf = async (hash: string) =>
    (await db.select().from(ledgerEvents).where(eq(ledgerEvents.dataHash, hash)))[0]!;

  beforeAll(async () => {
    db = dbOf(t);
    const auto = await signIn(t.app, 'demo-auto', AUTO_UUID);
    // Uploads are filed under a record of the enterprise, written without evidence: the leaves stay the uploads'.
    const { bizNo } = await bareProject(t, AUTO_UUID, 'demo-auto');
    const info = expectOk(
      await upload(t.app, {
        token: auto,
        bizType: 'attachment',
        bizNo,
        fileName: 'r.pdf',
        content: pdfBytes(),
      }),
    );
    fileHash = info.fileHash;
    fileKey = info.fileKey;
    await seal(t);
    expectOk(
      await call(t.app, '/enterprise/updateEnglishName', {
        token: auto,
        body: { englishName: 'Galaxy Motors Holding', englishShort: 'Galaxy' },
      }),
    );
    for (let i = 0; i < 3; i++) {
      expectOk(
        await upload(t.app, {
          token: auto,
          bizType: 'attachment',
          bizNo,
          fileName: 'p.png',
          content: pngBytes(6 + i, true),
        }),
      );
      await seal(t);
    }
  });

  it('verifies the untouched ledger', async () => {
    const report = await verify();
    expect(messages(report)).toEqual([]);
    expect(report).toMatchObject({ ok: true, blocks: 5, unsealedEvents: 0 });
    expect(report.checkedFiles).toBeGreaterThan(15);
    expect(report.checkedCertificates).toBe(4);
    expectProofVerifies(expectOk(await proofOf(t, fileHash)), platformPublicKey(t));
  });

  it('detects a changed business row: a file row, its stored content, a certificate', async () => {
    const event = await eventOf(fileHash);
    const at = `leaf ${event.leafIndex} (event ${event.id})`;
    await db.update(files).set({ fileName: 'forged.pdf' }).where(eq(files.fileKey, fileKey));
    let report = await verify();
    expect(report.ok).toBe(false);
    expect(messages(report)).toEqual([`${at}: file ${fileKey} changed since its evidence: fileName`]);
    expect(report.problems[0]).toMatchObject({ leafIndex: event.leafIndex, eventId: event.id });
    await db.update(files).set({ fileName: 'r.pdf' }).where(eq(files.fileKey, fileKey));

    const [row] = await db.select().from(files).where(eq(files.fileKey, fileKey));
    const original = (await t.runtime.deps.storage.get(row!.storagePath))!;
    await t.runtime.deps.storage.put(row!.storagePath, Buffer.concat([original, Buffer.from(' ')]));
    report = await verify();
    expect(messages(report)).toEqual([
      `${at}: file ${fileKey}: stored content does not hash to the evidenced SHA-256`,
    ]);
    await t.runtime.deps.storage.put(row!.storagePath, original);

    const [certificate] = await db
      .select()
      .from(certificates)
      .where(eq(certificates.enterpriseUuid, AUTO_UUID));
    await db
      .update(certificates)
      .set({ payload: sql`jsonb_set(${certificates.payload}, '{credentialSubject,name}', '"Forged Co."')` })
      .where(eq(certificates.id, certificate!.id));
    report = await verify();
    expect(messages(report).join('\n')).toContain(
      `certificate ${certificate!.number} changed since its evidence`,
    );
    expect(messages(report).join('\n')).toContain(
      `certificate ${certificate!.number}: its credential proof does not verify`,
    );
    expectError(await publicGet(t, `/credentials/${certificate!.number}`), 'LEDGER_INTEGRITY');
    await db
      .update(certificates)
      .set({ payload: certificate!.payload })
      .where(eq(certificates.id, certificate!.id));
    expect((await verify()).ok).toBe(true);
  });

  it('detects a changed leaf, and the proof endpoint refuses it', async () => {
    const event = await eventOf(fileHash);
    const at = `leaf ${event.leafIndex} (event ${event.id})`;
    // The stored payload (what the business data was).
    await db
      .update(ledgerEvents)
      .set({ payload: { ...(event.payload as object), fileName: 'forged.pdf' } })
      .where(eq(ledgerEvents.id, event.id));
    let report = await verify();
    expect(messages(report)).toEqual([
      `${at}: payload does not match its payload hash`,
      `${at}: stored columns differ from the leaf data`,
      `${at}: file ${fileKey} changed since its evidence: fileName`,
    ]);
    await db.update(ledgerEvents).set({ payload: event.payload }).where(eq(ledgerEvents.id, event.id));

    // The leaf data itself.
    const forged = event.leafData.replace(/"time":\d+/, '"time":1');
    await db.update(ledgerEvents).set({ leafData: forged }).where(eq(ledgerEvents.id, event.id));
    report = await verify();
    expect(messages(report)).toContain(`${at}: leaf data does not hash to the leaf hash`);
    expectError(await proofOf(t, fileHash), 'LEDGER_INTEGRITY');

    // Leaf data and leaf hash rewritten together: the tree no longer matches the signed root.
    const { createHash } = await import('node:crypto');
    const forgedHash = createHash('sha256')
      .update(Buffer.concat([Buffer.from([0]), Buffer.from(forged)]))
      .digest('hex');
    await db.update(ledgerEvents).set({ leafHash: forgedHash }).where(eq(ledgerEvents.id, event.id));
    report = await verify();
    const text = messages(report).join('\n');
    expect(text).toContain(`block ${event.blockHeight}: root hash differs from the root of its leaves`);
    expect(text).toContain(
      `node (level 0, index ${event.leafIndex}): stored tree node differs from the one its leaves give`,
    );
    expectError(await proofOf(t, forgedHash), 'LEDGER_INTEGRITY');
    expectError(await proofOf(t, event.leafHash), 'LEDGER_NOT_FOUND');
    await db
      .update(ledgerEvents)
      .set({ leafData: event.leafData, leafHash: event.leafHash })
      .where(eq(ledgerEvents.id, event.id));
    expect((await verify()).ok).toBe(true);
  });

  it('detects a removed leaf', async () => {
    const event = await eventOf(fileHash);
    await db.delete(ledgerEvents).where(eq(ledgerEvents.id, event.id));
    const report = await verify();
    expect(messages(report)).toEqual([`leaf ${event.leafIndex}: leaf is missing (its event was removed)`]);
    expect(report.problems[0]!.leafIndex).toBe(event.leafIndex);
    expectError(await proofOf(t, fileHash), 'LEDGER_NOT_FOUND');
    await db.execute(sql`insert into ledger_events overriding system value
      select * from json_populate_record(null::ledger_events, ${JSON.stringify({
        ...Object.fromEntries(
          Object.entries(event).map(([k, v]) => [k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`), v]),
        ),
      })}::json)`);
    expect((await verify()).ok).toBe(true);
    expectProofVerifies(expectOk(await proofOf(t, fileHash)), platformPublicKey(t));
  });

  it('detects a forged block (changed root, or re-signed with another key), and the proof endpoints refuse it', async () => {
    const event = await eventOf(fileHash);
    const height = event.blockHeight!;
    const [original] = await db.select().from(ledgerBlocks).where(eq(ledgerBlocks.height, height));
    await db
      .update(ledgerBlocks)
      .set({ rootHash: 'ab'.repeat(32) })
      .where(eq(ledgerBlocks.height, height));
    let text = messages(await verify()).join('\n');
    expect(text).toContain(`block ${height}: block hash does not match its header`);
    expect(text).toContain(`block ${height}: platform signature does not verify`);
    expect(text).toContain(`block ${height}: root hash differs from the root of its leaves`);
    expectError(await proofOf(t, fileHash), 'LEDGER_INTEGRITY');
    expectError(
      await publicGet(t, '/ledger/consistency', { from: String(height), to: String(height + 1) }),
      'LEDGER_INTEGRITY',
    );

    // A forger with another key recomputes hashes and signs consistently: the platform key exposes it.
    const header: BlockHeader = {
      height,
      prevHash: original!.prevHash,
      treeSize: Number(original!.treeSize),
      rootHash: 'ab'.repeat(32),
      time: Number(original!.time),
    };
    const forgerKey = new Uint8Array(32).fill(9);
    expect(blockPublicKey(forgerKey)).not.toBe(platformPublicKey(t));
    await db
      .update(ledgerBlocks)
      .set({ hash: blockHash(header), signature: signBlock(header, forgerKey) })
      .where(eq(ledgerBlocks.height, height));
    text = messages(await verify()).join('\n');
    expect(text).toContain(`block ${height}: platform signature does not verify`);
    expect(text).toContain(`block ${height + 1}: prevHash is not the previous block hash`);
    expectError(await proofOf(t, fileHash), 'LEDGER_INTEGRITY');

    await db.update(ledgerBlocks).set(original!).where(eq(ledgerBlocks.height, height));
    expect((await verify()).ok).toBe(true);
  });

  it('detects a changed tree node, which the proofs served from it would need', async () => {
    const event = await eventOf(fileHash);
    const sibling = Number(event.leafIndex) ^ 1;
    const [node] = await db
      .select()
      .from(ledgerNodes)
      .where(and(eq(ledgerNodes.level, 0), eq(ledgerNodes.idx, sibling)));
    await db
      .update(ledgerNodes)
      .set({ hash: 'cd'.repeat(32) })
      .where(and(eq(ledgerNodes.level, 0), eq(ledgerNodes.idx, sibling)));
    const text = messages(await verify()).join('\n');
    expect(text).toContain(
      `node (level 0, index ${sibling}): stored tree node differs from the one its leaves give`,
    );
    expectError(await proofOf(t, fileHash), 'LEDGER_INTEGRITY');
    await db
      .update(ledgerNodes)
      .set({ hash: node!.hash })
      .where(and(eq(ledgerNodes.level, 0), eq(ledgerNodes.idx, sibling)));
    expect((await verify()).ok).toBe(true);
  });

  it('reports a rewritten anchor through the anchor check', async () => {
    await db.execute(sql`insert into ledger_anchors (height, chain_id, contract, tx_hash, block_number)
      values (1, 1337, '0x0000000000000000000000000000000000000001', ${'0x' + 'ef'.repeat(32)}, 7),
             (99, 1337, '0x0000000000000000000000000000000000000001', ${'0x' + 'ef'.repeat(32)}, 8)`);
    const report = await verifyLedger(db, {
      publicKeyHex: platformPublicKey(t),
      checkAnchor: async (anchor, block) =>
        anchor.txHash === `0x${'ef'.repeat(32)}` ? `transaction does not carry root ${block.rootHash}` : null,
    });
    expect(messages(report)).toEqual([
      'anchor of block 1: transaction does not carry root ' +
        (await db.select().from(ledgerBlocks).where(eq(ledgerBlocks.height, 1)))[0]!.rootHash,
      'anchor of block 99: anchors a block that does not exist',
    ]);
    await db.execute(sql`delete from ledger_anchors`);
  });
});
