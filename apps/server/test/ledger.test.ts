import { documentType } from '@tracehub/contract';
import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type {
  TCertification,
  TChainDetail,
  TEvidenceRecord,
  TFileEvidence,
  TListResponse,
  TSignedBlock,
} from '@tracehub/contract';
import { ethrDidAddress, parseEvidenceLeaf, verifyCredential, verifyEvidencePayload } from '@tracehub/ledger';
import {
  certificates,
  enterprises,
  files,
  ledgerBatches,
  ledgerBlocks,
  ledgerEvents,
  platformKeys,
} from '../src/db/schema.ts';
import { appendEvidence, appendEvidenceBatch } from '../src/platform/ledger/append.ts';
import { sealOnce } from '../src/platform/ledger/sealer.ts';
import { withTenant } from '../src/platform/tenancy.ts';
import {
  AS_AUTO,
  AS_SUPPLIER,
  AUTO_UUID,
  SUPPLIER_UUID,
  call,
  useTestApp,
  type TestAppFixture,
} from './support/app.ts';
import { operatorSignIn } from './support/company.ts';
import { pdfBytes, pngBytes, sha256, upload } from './support/files.ts';
import { dbOf, expectError, expectOk } from './support/helpers.ts';
import {
  expectBlockVerifies,
  expectBlocksConsistent,
  expectEventSigned,
  expectProofVerifies,
  getHash,
  platformPublicKey,
  proofOf,
  publicGet,
  seal,
} from './support/ledger.ts';
import { bareProject, newDocument } from './support/records.ts';

const fileList = (t: TestAppFixture, token: string, bizNo: string) =>
  call<TFileEvidence[]>(t.app, '/file/list', { token, body: { bizType: 'attachment', bizNo } });

const records = (t: TestAppFixture, token: string, body: Record<string, unknown> = {}) =>
  call<TListResponse<TEvidenceRecord>>(t.app, '/graph/queryProductChainRecordsPage', { token, body });

describe('evidence ledger', () => {
  const t = useTestApp({ auto: AS_AUTO, supplier: AS_SUPPLIER });
  /** Projects the uploads are filed under, written without evidence so that the leaves counted are the uploads'. */
  let autoPO: string;
  let supplierPO: string;
  let autoPOC: string;

  beforeAll(async () => {
    autoPO = (await bareProject(t, AUTO_UUID, 'demo-auto')).bizNo;
    supplierPO = (await bareProject(t, SUPPLIER_UUID, 'demo-supplier')).bizNo;
    autoPOC = (await bareProject(t, AUTO_UUID, 'demo-auto')).bizNo;
  });

  it('records the demo data with evidence and seals it at start', async () => {
    const db = dbOf(t);
    const [pending] = await db
      .select({ n: count() })
      .from(ledgerEvents)
      .where(isNull(ledgerEvents.leafIndex));
    expect(pending?.n).toBe(0);
    const events = await db.select().from(ledgerEvents).orderBy(asc(ledgerEvents.leafIndex));
    const [fileCount] = await db.select({ n: count() }).from(files);
    const certs = await db.select().from(certificates);
    expect(events.filter((e) => e.eventType === 'file.uploaded')).toHaveLength(fileCount!.n);
    expect(events.filter((e) => e.eventType === 'enterprise.certified')).toHaveLength(certs.length);
    expect(events.map((e) => e.leafIndex)).toEqual(events.map((_, i) => i));
    const latest = expectOk(await publicGet<TSignedBlock>(t, '/ledger/latest'));
    expect(latest.header).toMatchObject({ height: 0, treeSize: events.length });
    expectBlockVerifies(latest, platformPublicKey(t));

    // Every certificate is a credential of the platform, recorded and signed by its enterprise.
    const dids = new Map(
      (await db.select({ uuid: enterprises.uuid, did: enterprises.did }).from(enterprises)).map((e) => [
        e.uuid,
        e.did,
      ]),
    );
    for (const cert of certs) {
      expect(verifyCredential(cert.payload)).toBe(true);
      expect(verifyCredential(cert.payload, platformPublicKey(t))).toBe(true);
      const event = events.find(
        (e) => e.eventType === 'enterprise.certified' && e.subjectId === cert.number,
      )!;
      expect(event.signerDid).toBe(dids.get(cert.enterpriseUuid));
      await expectEventSigned(t, event);
    }
  });

  it('serves the platform key, and proofs of an upload by its file hash and its txHash once sealed', async () => {
    const key = expectOk(
      await publicGet<{ algorithm: string; publicKey: string; keyId: string }>(t, '/ledger/key'),
    );
    expect(key).toEqual({
      algorithm: 'Ed25519',
      publicKey: platformPublicKey(t),
      keyId: `${t.runtime.deps.platformKey.did}#${t.runtime.deps.platformKey.did.slice('did:key:'.length)}`,
    });

    const content = pdfBytes();
    const info = expectOk(
      await upload(t.app, {
        token: t.auto,
        bizType: 'attachment',
        bizNo: autoPO,
        fileName: '质检报告.pdf',
        content,
      }),
    );
    expect(info.fileHash).toBe(sha256(content));

    // Recorded in the upload's transaction, not sealed yet.
    const [listed] = expectOk(await fileList(t, t.auto, autoPO));
    expect(listed).toMatchObject({
      fileName: '质检报告.pdf',
      fileHash: info.fileHash,
      fileKey: info.fileKey,
      chain: {
        status: 'pending',
        chainHeight: null,
        chainHash: null,
        chainDate: null,
        eventType: 'file.uploaded',
      },
    });
    expect(listed!.txHash).toBe(listed!.chain.txHash);
    expect(listed!.rowkey).toMatch(/^\d+$/);
    expectError(await proofOf(t, info.fileHash), 'LEDGER_NOT_SEALED');
    expectError(await getHash(t, t.auto, info.fileHash), 'LEDGER_NOT_SEALED', 'zh');
    expectError(await getHash(t, t.auto, listed!.txHash), 'LEDGER_NOT_SEALED', 'zh');
    expect(
      (await call(t.app, '/graph/getHash', { token: t.auto, lang: 'en', body: { hash: listed!.txHash } }))
        .body.msg,
    ).toBe('Business data has not been recorded on blockchain yet, refresh later');

    const block = (await seal(t))!;
    expect(block).toMatchObject({ leaves: 1, header: { height: 1 } });
    expect(await seal(t)).toBeNull();

    const byData = expectOk(await proofOf(t, info.fileHash));
    const byTx = expectOk(await proofOf(t, listed!.txHash.toUpperCase()));
    expect(byTx).toEqual(byData);
    expectProofVerifies(byData, platformPublicKey(t));
    expect(byData.block).toEqual({ header: block.header, hash: block.hash, signature: block.signature });
    const leaf = parseEvidenceLeaf(byData.leafData)!;
    expect(leaf).toMatchObject({
      type: 'file.uploaded',
      enterpriseUuid: AUTO_UUID,
      subjectType: 'file',
      subjectId: info.fileKey,
      dataHash: info.fileHash,
    });
    const [autoRow] = await dbOf(t).select().from(enterprises).where(eq(enterprises.uuid, AUTO_UUID));
    expect(leaf.signer?.did).toBe(autoRow!.did);
    expect(ethrDidAddress(leaf.signer!.did)).toBe(autoRow!.chainAddress!.toLowerCase());

    const served = expectOk(await publicGet<TSignedBlock & { anchor: null }>(t, '/ledger/blocks/1'));
    expect(served).toEqual({ ...byData.block, anchor: null });
    expect(expectOk(await publicGet<TSignedBlock>(t, '/ledger/latest'))).toEqual(byData.block);

    const detail = expectOk(await getHash(t, t.auto, info.fileHash));
    expect(detail).toEqual({
      txHash: listed!.txHash,
      txTime: listed!.txTime,
      status: 'sealed',
      chainHeight: 1,
      chainHash: block.hash,
      chainDate: block.header.time,
      anchor: null,
      eventType: 'file.uploaded',
      subjectId: info.fileKey,
    } satisfies TChainDetail);
    const [sealedItem] = expectOk(await fileList(t, t.auto, autoPO));
    expect(sealedItem!.chain).toEqual(detail);
  });

  it('documents the public ledger in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { tags?: string[]; security?: unknown }>>;
      tags: { name: string; description: string }[];
    };
    for (const path of [
      '/api/public/ledger/key',
      '/api/public/ledger/latest',
      '/api/public/ledger/blocks/{height}',
      '/api/public/ledger/proof',
      '/api/public/ledger/consistency',
      '/api/public/did/{did}',
      '/api/public/credentials/{number}',
    ]) {
      expect(doc.paths[path]?.get?.tags).toEqual(['public-ledger']);
      expect(doc.paths[path]?.get?.security).toBeUndefined();
    }
    expect(doc.tags.find((tag) => tag.name === 'public-ledger')?.description).toContain('RFC 8785');
    expect(doc.paths['/api/file/list']?.post).toBeDefined();
  });

  it('answers unknown hashes, blocks and malformed requests with the catalogue errors', async () => {
    expectError(await proofOf(t, 'ab'.repeat(32)), 'LEDGER_NOT_FOUND');
    expectError(await getHash(t, t.auto, 'ab'.repeat(32)), 'LEDGER_NOT_FOUND');
    expectError(await publicGet(t, '/ledger/blocks/999'), 'LEDGER_NOT_FOUND');
    expect((await proofOf(t, 'xyz')).body.code).toBe('E1001');
    expect((await publicGet(t, '/ledger/blocks/-1')).body.code).toBe('E1001');
    expect((await publicGet(t, '/ledger/consistency', { from: '1', to: '0' })).body.code).toBe('E1001');
    expectError(await publicGet(t, '/ledger/consistency', { from: '0', to: '999' }), 'LEDGER_NOT_FOUND');
    expectError(await getHash(t, '', 'ab'.repeat(32)), 'NOT_LOGGED_IN');
  });

  it("keeps each enterprise's records to itself", async () => {
    const content = pngBytes(8, true);
    const info = expectOk(
      await upload(t.app, {
        token: t.supplier,
        bizType: 'attachment',
        bizNo: supplierPO,
        fileName: 'x.png',
        content,
      }),
    );
    await seal(t);
    expect(expectOk(await getHash(t, t.supplier, info.fileHash)).status).toBe('sealed');
    // The other enterprise learns nothing: the same answer as for a hash never recorded.
    expectError(await getHash(t, t.auto, info.fileHash), 'LEDGER_NOT_FOUND');
    expect(expectOk(await fileList(t, t.auto, autoPO)).map((f) => f.fileHash)).not.toContain(info.fileHash);
    // Another enterprise's record is as unknown as one that never existed.
    expectError(await fileList(t, t.auto, supplierPO), 'NOT_FOUND');
    expect(expectOk(await fileList(t, t.supplier, supplierPO)).map((f) => f.fileHash)).toEqual([
      info.fileHash,
    ]);
    const autoRecords = expectOk(await records(t, t.auto, { pageSize: 100 }));
    expect(autoRecords.list.map((r) => r.chain.txHash)).not.toContain(
      expectOk(await getHash(t, t.supplier, info.fileHash)).txHash,
    );
    // The public proof is for anyone holding the file.
    expectProofVerifies(expectOk(await proofOf(t, info.fileHash)), platformPublicKey(t));
  });

  it('records company changes as signed evidence in the tenant transaction, and lists the records', async () => {
    const changed = await call(t.app, '/enterprise/updateEnglishName', {
      token: t.auto,
      body: { englishName: 'Galaxy Motors Group', englishShort: 'Galaxy' },
    });
    expectOk(changed);
    const pending = expectOk(await records(t, t.auto, { status: 'pending' }));
    expect(pending.list).toHaveLength(1);
    const record = pending.list[0]!;
    expect(record).toMatchObject({
      eventType: 'company.updated',
      subjectType: 'enterprise',
      subjectId: AUTO_UUID,
      chain: { status: 'pending' },
    });
    const [event] = await dbOf(t).select().from(ledgerEvents).where(eq(ledgerEvents.id, record.id));
    expect(event!.payload).toEqual({
      changes: { englishName: 'Galaxy Motors Group', englishShort: 'Galaxy' },
    });
    await expectEventSigned(t, event!);

    await seal(t);
    const sealed = expectOk(await records(t, t.auto, { status: 'sealed', eventType: 'company.updated' }));
    expect(sealed.list.map((r) => r.id)).toEqual([record.id]);
    expect(sealed.list[0]!.chain.status).toBe('sealed');
    const all = expectOk(
      await records(t, t.auto, { pageSize: 100, sortField: 'chainHeight', sortOrder: 'asc' }),
    );
    expect(all.total).toBe(all.list.length);
    expect(all.list.every((r) => r.chain.status === 'sealed')).toBe(true);
    expect(expectOk(await records(t, t.auto, { subjectId: 'no-such' })).total).toBe(0);

    // A failed business change leaves no evidence behind (and evidence never outlives its change).
    const before = await dbOf(t).select({ n: count() }).from(ledgerEvents);
    await expect(
      dbOf(t).transaction(async (tx) => {
        await appendEvidence(tx, t.runtime.deps, {
          type: 'test.rolledBack',
          enterpriseUuid: AUTO_UUID,
          subjectType: 'test',
          subjectId: '1',
          payload: {},
        });
        throw new Error('business change failed');
      }),
    ).rejects.toThrow('business change failed');
    expect(await dbOf(t).select({ n: count() }).from(ledgerEvents)).toEqual(before);
  });

  it('proves records against later blocks and serves consistency proofs between any two blocks', async () => {
    const hashes: string[] = [];
    for (let i = 0; i < 5; i++) {
      const content = pngBytes(4 + i, true);
      hashes.push(
        expectOk(
          await upload(t.app, {
            token: t.auto,
            bizType: 'attachment',
            bizNo: autoPOC,
            fileName: 'a.png',
            content,
          }),
        ).fileHash,
      );
      await seal(t);
    }
    const latest = expectOk(await publicGet<TSignedBlock>(t, '/ledger/latest'));
    for (const hash of hashes) {
      const own = expectOk(await proofOf(t, hash));
      expectProofVerifies(own, platformPublicKey(t));
      const later = expectOk(await proofOf(t, hash, latest.header.height));
      expect(later.block).toEqual(latest);
      expect(later.leafIndex).toBe(own.leafIndex);
      expectProofVerifies(later, platformPublicKey(t));
    }
    // Not in the tree of a block sealed before it.
    expectError(await proofOf(t, hashes.at(-1)!, 0), 'LEDGER_NOT_SEALED');
    expect(await expectBlocksConsistent(t)).toBe(latest.header.height + 1);
  });

  it('appends many events at once and seals them in one block, exactly once under concurrent sealers', async () => {
    const db = dbOf(t);
    await db.transaction(async (tx) => {
      for (let i = 0; i < 40; i++) {
        await appendEvidence(tx, t.runtime.deps, {
          type: 'test.bulk',
          enterpriseUuid: i % 2 ? AUTO_UUID : null,
          subjectType: 'test',
          subjectId: String(i),
          payload: { i },
          time: new Date(1_700_000_000_000), // identical times: leaf hashes still differ by subject
        });
      }
      // Identical events in the same millisecond get distinct leaves: each payload has its own salt.
      const same = {
        type: 'test.same',
        enterpriseUuid: null,
        subjectType: 'test',
        subjectId: 'x',
        payload: 1,
      };
      const a = await appendEvidence(tx, t.runtime.deps, { ...same, time: new Date(1_700_000_000_000) });
      const b = await appendEvidence(tx, t.runtime.deps, { ...same, time: new Date(1_700_000_000_000) });
      expect(b.time).toBe(a.time);
      expect(b.leafHash).not.toBe(a.leafHash);
    });
    const [before] = await db.select({ n: count() }).from(ledgerBlocks);
    const results = await Promise.all([1, 2, 3].map(() => sealOnce(db, t.runtime.deps.platformKey)));
    const sealed = results.filter((r) => r !== null);
    expect(sealed).toHaveLength(1);
    expect(sealed[0]!.leaves).toBe(42);
    const [after] = await db.select({ n: count() }).from(ledgerBlocks);
    expect(after!.n).toBe(before!.n + 1);
    const indexes = await db
      .select({ i: ledgerEvents.leafIndex })
      .from(ledgerEvents)
      .orderBy(asc(ledgerEvents.leafIndex));
    expect(indexes.map((r) => r.i)).toEqual(indexes.map((_, i) => i));

    // A backlog beyond the per-block cap is sealed over several blocks.
    await db.transaction(async (tx) => {
      for (let i = 0; i < 5; i++) {
        await appendEvidence(tx, t.runtime.deps, {
          type: 'test.cap',
          enterpriseUuid: null,
          subjectType: 'test',
          subjectId: `cap-${i}`,
          payload: null,
        });
      }
    });
    expect((await sealOnce(db, t.runtime.deps.platformKey, { maxLeaves: 2 }))?.leaves).toBe(2);
    expect((await sealOnce(db, t.runtime.deps.platformKey, { maxLeaves: 2 }))?.leaves).toBe(2);
    expect((await sealOnce(db, t.runtime.deps.platformKey, { maxLeaves: 2 }))?.leaves).toBe(1);
    await expectBlocksConsistent(t);
  });

  it("finds a file's evidence by its exact key or its name, not by a fragment of its random key", async () => {
    const info = expectOk(
      await upload(t.app, {
        token: t.auto,
        bizType: 'attachment',
        bizNo: autoPO,
        fileName: '盐雾试验报告.pdf',
        content: pdfBytes(),
      }),
    );
    const ids = async (subjectId: string) =>
      expectOk(await records(t, t.auto, { subjectId, pageSize: 100 }))
        .list.filter((r) => r.subjectType === 'file')
        .map((r) => r.subjectId);
    expect(await ids(info.fileKey)).toEqual([info.fileKey]);
    expect(await ids('盐雾试验')).toEqual([info.fileKey]);
    // The trigram index leaves file keys out (migration 0028): a part of a key names no record.
    expect(await ids(info.fileKey.slice(4, 20))).toEqual([]);
  });

  it('writes a call of events in one statement: ids in order, payloads as committed, the batch signed', async () => {
    // The append writes its batches and event rows as JSON (json_to_recordset) and canonicalises each
    // payload once: what comes back from the database must be what each leaf commits to.
    class Amount {
      constructor(readonly value: number) {}
    }
    const payloads: unknown[] = [
      null,
      undefined,
      { at: new Date(1_700_000_000_123), nested: { b: [1.5, 1e21, -0], a: '新能源 "quoted" \\ 😀' } },
      { ratio: Number.NaN, amount: new Amount(7) },
      [{ z: 1, y: null }],
    ];
    const db = dbOf(t);
    const appended = await db.transaction((tx) =>
      appendEvidenceBatch(
        tx,
        t.runtime.deps,
        payloads.map((payload, i) => ({
          type: 'test.statement',
          enterpriseUuid: i % 2 ? null : AUTO_UUID,
          subjectType: 'test',
          subjectId: `statement-${i}`,
          payload,
        })),
      ),
    );
    expect(appended.map((a) => a.id)).toEqual([...appended.map((a) => a.id)].sort((a, b) => a - b));
    const rows = await db
      .select()
      .from(ledgerEvents)
      .where(
        inArray(
          ledgerEvents.id,
          appended.map((a) => a.id),
        ),
      )
      .orderBy(asc(ledgerEvents.id));
    expect(rows.map((r) => r.subjectId)).toEqual(payloads.map((_, i) => `statement-${i}`));
    expect(rows.map((r) => r.leafHash)).toEqual(appended.map((a) => a.leafHash));
    // Taken as their JSON, as before: a Date as its ISO text, NaN as null, a class instance as its fields.
    expect(rows.map((r) => r.payload)).toEqual([
      null,
      null,
      { at: '2023-11-14T22:13:20.123Z', nested: { b: [1.5, 1e21, 0], a: '新能源 "quoted" \\ 😀' } },
      { ratio: null, amount: { value: 7 } },
      [{ z: 1, y: null }],
    ]);
    for (const row of rows) {
      const leaf = parseEvidenceLeaf(row.leafData)!;
      expect(leaf.v).toBe(3);
      expect(sha256(Buffer.concat([Buffer.from([0]), Buffer.from(row.leafData)]))).toBe(row.leafHash);
      expect(verifyEvidencePayload(leaf, row.payload, row.salt)).toBe(true);
      expect(leaf.time).toBe(row.createdAt.getTime());
    }
    // A JSON null payload is the jsonb null, not SQL NULL.
    const nulls = await db.execute(
      sql`select count(*)::int as n from ledger_events where id = ${rows[0]!.id} and payload = 'null'::jsonb`,
    );
    expect((nulls as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
    // The enterprise's events are signed as one batch, in their order; the platform's are unsigned.
    const signed = rows.filter((r) => r.enterpriseUuid === AUTO_UUID);
    for (const row of signed) await expectEventSigned(t, row);
    const [batch] = await db
      .select()
      .from(ledgerBatches)
      .where(
        eq(ledgerBatches.id, (parseEvidenceLeaf(signed[0]!.leafData)!.signer as { batch: string }).batch),
      );
    expect(batch!.leafHashes).toBe(signed.map((r) => r.leafHash).join(''));
    expect(rows.filter((r) => r.enterpriseUuid === null).every((r) => r.signerDid === null)).toBe(true);
  });

  it('lets tenant transactions append and read only their own events, and change none', async () => {
    const db = dbOf(t);
    const tenant = { enterpriseUuid: AUTO_UUID, userId: 1 };
    const visible = await withTenant(db, tenant, (tx) =>
      tx.select({ uuid: ledgerEvents.enterpriseUuid }).from(ledgerEvents),
    );
    expect(visible.length).toBeGreaterThan(0);
    expect(new Set(visible.map((v) => v.uuid))).toEqual(new Set([AUTO_UUID]));
    const event = { type: 'test.rls', subjectType: 'test', subjectId: 'rls', payload: {} };
    await expect(
      withTenant(db, tenant, (tx) =>
        appendEvidence(tx, t.runtime.deps, { ...event, enterpriseUuid: SUPPLIER_UUID }),
      ),
    ).rejects.toThrow();
    await expect(
      withTenant(db, tenant, (tx) => appendEvidence(tx, t.runtime.deps, { ...event, enterpriseUuid: null })),
    ).rejects.toThrow();
    const denied = [
      sql`update ledger_events set payload = '{}' where enterprise_uuid = ${AUTO_UUID}`,
      sql`delete from ledger_events where enterprise_uuid = ${AUTO_UUID}`,
      sql`update ledger_blocks set root_hash = root_hash`,
      sql`delete from ledger_nodes`,
      sql`insert into ledger_anchors (height, chain_id, contract, tx_hash) values (0, 1, 'x', 'y')`,
      sql`select * from platform_keys`,
    ];
    for (const statement of denied) {
      const failure = await withTenant(db, tenant, (tx) => tx.execute(statement)).then(
        () => 'succeeded',
        (err: Error & { cause?: Error }) => err.cause?.message ?? err.message,
      );
      expect(failure).toMatch(/permission denied/);
    }
    // Blocks are public data.
    const blocks = await withTenant(db, tenant, (tx) => tx.select().from(ledgerBlocks));
    expect(blocks.length).toBeGreaterThan(0);
    const appended = await withTenant(db, tenant, (tx) =>
      appendEvidence(tx, t.runtime.deps, { ...event, enterpriseUuid: AUTO_UUID }),
    );
    const [row] = await db.select().from(ledgerEvents).where(eq(ledgerEvents.id, appended.id));
    expect(row?.signerDid).toMatch(/^did:ethr:/);
    await seal(t);
  });

  it('serves DID documents of certified enterprises and of the platform', async () => {
    const [autoRow] = await dbOf(t).select().from(enterprises).where(eq(enterprises.uuid, AUTO_UUID));
    const did = autoRow!.did!;
    const doc = expectOk(await publicGet<Record<string, unknown>>(t, `/did/${encodeURIComponent(did)}`));
    expect(doc).toEqual({
      '@context': [
        'https://www.w3.org/ns/did/v1',
        'https://w3id.org/security/suites/secp256k1recovery-2020/v2',
      ],
      id: did,
      verificationMethod: [
        {
          id: `${did}#controller`,
          type: 'EcdsaSecp256k1RecoveryMethod2020',
          controller: did,
          blockchainAccountId: `eip155:1337:${autoRow!.chainAddress}`,
        },
      ],
      authentication: [`${did}#controller`],
      assertionMethod: [`${did}#controller`],
    });
    // Unencoded colons and a lower-case address resolve too.
    expect(expectOk(await publicGet(t, `/did/${did.toLowerCase()}`))).toEqual(doc);

    const platform = t.runtime.deps.platformKey;
    const platformDoc = expectOk(await publicGet<Record<string, unknown>>(t, `/did/${platform.did}`));
    expect(platformDoc).toMatchObject({
      id: platform.did,
      verificationMethod: [{ id: platform.keyId, type: 'Multikey', controller: platform.did }],
      assertionMethod: [platform.keyId],
    });
    for (const unknown of ['did:ethr:0x539:0x' + '12'.repeat(20), 'did:web:example.com', 'nonsense']) {
      expectError(await publicGet(t, `/did/${unknown}`), 'NOT_FOUND');
    }
  });

  it('issues the certification credential on approval, records it signed by the new DID, and serves it', async () => {
    const operator = await operatorSignIn(t.app);
    const queue = expectOk(
      await call<TListResponse<{ id: number }>>(t.app, '/operator/certification/page', {
        token: operator,
        body: { status: 'pendingAudit' },
      }),
    );
    const approved = expectOk(
      await call<TCertification>(t.app, '/operator/certification/approve', {
        token: operator,
        body: { id: queue.list[0]!.id },
      }),
    );
    const uuid = approved.enterpriseUuid!;
    const [certificate] = await dbOf(t)
      .select()
      .from(certificates)
      .where(eq(certificates.enterpriseUuid, uuid));
    const [enterprise] = await dbOf(t).select().from(enterprises).where(eq(enterprises.uuid, uuid));
    const vc = certificate!.payload as Record<string, unknown> & {
      credentialSubject: Record<string, unknown>;
    };
    expect(vc).toMatchObject({
      '@context': ['https://www.w3.org/ns/credentials/v2'],
      type: ['VerifiableCredential', 'EnterpriseCertificationCredential'],
      issuer: t.runtime.deps.platformKey.did,
      credentialSubject: {
        id: enterprise!.did,
        name: enterprise!.name,
        usci: enterprise!.usci,
        certificateNumber: certificate!.number,
      },
      proof: {
        type: 'DataIntegrityProof',
        cryptosuite: 'eddsa-jcs-2022',
        verificationMethod: t.runtime.deps.platformKey.keyId,
      },
    });
    expect(verifyCredential(vc)).toBe(true);
    expect(verifyCredential({ ...vc, credentialSubject: { ...vc.credentialSubject, usci: 'x' } })).toBe(
      false,
    );

    const served = expectOk(await publicGet(t, `/credentials/${certificate!.number}`));
    expect(served).toEqual(vc);
    expectError(await publicGet(t, '/credentials/TH-CERT-1999-000001'), 'NOT_FOUND');

    const [event] = await dbOf(t)
      .select()
      .from(ledgerEvents)
      .where(
        and(
          eq(ledgerEvents.eventType, 'enterprise.certified'),
          eq(ledgerEvents.subjectId, certificate!.number),
        ),
      );
    expect(event).toMatchObject({ enterpriseUuid: uuid, signerDid: enterprise!.did, leafIndex: null });
    expect(event!.payload).toEqual(vc);
    await seal(t);
    expectProofVerifies(expectOk(await proofOf(t, event!.leafHash)), platformPublicKey(t));
    // The platform key never reaches tenants or the API in secret form.
    const [keyRow] = await dbOf(t).select().from(platformKeys);
    expect(keyRow!.secretCiphertext).toMatch(/^v1\./);
  });
  it('names each record in words and finds evidence by a document number or code (issue 15, item 2)', async () => {
    const mine = await newDocument(t.app, t.auto, 'PurchaseReceipt');
    const theirs = await newDocument(t.app, t.supplier, 'PurchaseReceipt');
    const def = documentType('PurchaseReceipt');
    const named = async (token: string, id: number) =>
      expectOk(await records(t, token, { eventType: 'document.created', pageSize: 100 })).list.find(
        (r) => r.subjectId === String(id),
      );
    const record = await named(t.auto, mine.id);
    expect(record?.subject).toMatchObject({ kind: { zh: def.title.zh } });
    expect(record!.subject!.kind.en.toLowerCase()).toBe(def.singular.toLowerCase());
    const number = record!.subject!.name;
    expect(number).toMatch(/^PurchaseReceipt-/);

    // The number finds that document's evidence; every hit is named by it.
    const found = expectOk(await records(t, t.auto, { subjectId: number, pageSize: 100 }));
    expect(found.list.map((r) => r.id)).toContain(record!.id);
    for (const r of found.list) expect(`${r.subject?.name ?? ''} ${r.subjectId}`).toContain(number);

    // A partner is named by its code, and found by it.
    const partner = expectOk(await records(t, t.auto, { eventType: 'partner.created', pageSize: 100 }))
      .list[0]!;
    expect(partner.subject).toMatchObject({ kind: { zh: '合作企业', en: 'Partner' } });
    expect(
      expectOk(await records(t, t.auto, { subjectId: partner.subject!.name })).list.map((r) => r.id),
    ).toContain(partner.id);

    // Another enterprise's number names nothing here.
    const other = await named(t.supplier, theirs.id);
    expect(other?.subject?.name).toBeDefined();
    const crossed = expectOk(await records(t, t.auto, { subjectId: other!.subject!.name, pageSize: 100 }));
    expect(crossed.list.map((r) => r.id)).not.toContain(other!.id);
  });
});
