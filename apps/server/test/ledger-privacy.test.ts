import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  TEvidenceDetail,
  TEvidenceRecord,
  TListResponse,
  TProjectCode,
  TSignedBlock,
} from '@tracehub/contract';
import {
  evidenceLeafText,
  evidencePayloadHash,
  evidenceSaltedPayloadHash,
  fromHex,
  hex,
  leafHash,
  newEvidenceSalt,
  parseEvidenceLeaf,
  signEvidenceBatch,
  signPayloadHash,
  verifyEvidencePayload,
} from '@tracehub/ledger';
import type { Db } from '../src/db/client.ts';
import { certificates, enterprises, files, ledgerBatches, ledgerEvents, users } from '../src/db/schema.ts';
import { decryptSecret } from '../src/platform/keys.ts';
import { CERTIFICATE_NUMBER_PATTERN, nextCertificateNumber } from '../src/modules/certification/repo.ts';
import { issueCertificationCredential } from '../src/platform/ledger/identity.ts';
import { backfillEvidence } from '../src/platform/ledger/subjects.ts';
import { verifyLedger } from '../src/platform/ledger/verify.ts';
import { createMember, createRole, firstSignIn, memberWith } from './support/accounts.ts';
import {
  AS_AUTO,
  AS_SUPPLIER,
  AUTO_UUID,
  SUPPLIER_UUID,
  call,
  signIn,
  startTestApp,
  useTestApp,
  type TestApp,
  type TestAppFixture,
} from './support/app.ts';
import { dbOf, expectError, expectOk, type Res } from './support/helpers.ts';
import { expectProofVerifies, platformPublicKey, proofOf, publicGet, seal } from './support/ledger.ts';
import { jcs } from './support/independent-jcs.ts';

// Security review, finding 8 ("what a public proof reveals"): a leaf commits to its record's data under a
// random salt (leaf v2), so a proof no longer confirms guesses of the data offline; the salt goes only to
// members who may see the record; v1 leaves keep verifying; certificate numbers are not enumerable.

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** An evidence event written exactly as the code before leaf v2 wrote one: no salt, the data's own hash. */
async function writeV1Leaf(
  db: Db,
  event: Parameters<typeof evidenceLeafText>[0] & { payload: Record<string, unknown> },
) {
  const leafData = evidenceLeafText(event);
  const [row] = await db
    .insert(ledgerEvents)
    .values({
      leafHash: hex(leafHash(new TextEncoder().encode(leafData))),
      leafData,
      eventType: event.type,
      enterpriseUuid: AUTO_UUID,
      subjectType: event.subjectType,
      subjectId: event.subjectId,
      payload: event.payload,
      payloadHash: evidencePayloadHash(event.payload),
      createdAt: new Date(event.time),
    })
    .returning();
  return row!;
}

const PROJECT = { code: 'XH-EV-2026', notes: '新能源电池包试制线' };

const addProject = (t: TestAppFixture, token: string, body: { code: string; notes: string }) =>
  call<TProjectCode>(t.app, '/project/add', { token, body });
const evidenceOf = (t: TestAppFixture, token: string, hash: string) =>
  call<TEvidenceDetail>(t.app, '/graph/getEvidence', { token, body: { hash } });

/** Every 64-hex string of a text (salts, hashes). */
const hexStrings = (text: string) => new Set(text.match(/[0-9a-f]{64}/g) ?? []);

describe('what a public proof reveals', () => {
  const t = useTestApp({ auto: AS_AUTO, supplier: AS_SUPPLIER });
  let db: Db;
  let project: TProjectCode;

  beforeAll(async () => {
    db = dbOf(t);
    project = expectOk(await addProject(t, t.auto, PROJECT));
    await seal(t);
  });

  it("commits a record to a salted hash: its public proof confirms no guess of the record's data", async () => {
    const txHash = project.chain!.txHash;
    const proof = expectOk(await proofOf(t, txHash));
    expectProofVerifies(proof, platformPublicKey(t));
    const leaf = parseEvidenceLeaf(proof.leafData)!;
    expect(leaf).toMatchObject({ v: 3, type: 'project.created', subjectId: String(project.id) });
    // Whoever guesses the data cannot confirm it: not the unsalted hash of the exact fields.
    const guess = jcs(PROJECT);
    expect(guess).toBe('{"code":"XH-EV-2026","notes":"新能源电池包试制线"}');
    expect(leaf.payloadHash).not.toBe(sha256(guess));
    expect(leaf.payloadHash).not.toBe(evidencePayloadHash(PROJECT));

    // A member who may see the record gets the salt, and the commitment re-computes from it.
    const detail = expectOk(await evidenceOf(t, t.auto, txHash));
    expect(detail).toMatchObject({
      leafVersion: 3,
      leafData: proof.leafData,
      payloadHash: leaf.payloadHash,
      content: { payload: PROJECT },
    });
    const salt = detail.content!.salt!;
    expect(salt).toMatch(/^[0-9a-f]{64}$/);
    expect(sha256(`{"payload":${guess},"salt":"${salt}"}`)).toBe(leaf.payloadHash);
    expect(sha256(jcs({ salt, payload: PROJECT }))).toBe(leaf.payloadHash);
    // The browser's check (verifyProof's `payload`) on the publicly proven leaf.
    expect(verifyEvidencePayload(leaf, detail.content!.payload, salt)).toBe(true);
    expect(verifyEvidencePayload(leaf, { ...PROJECT, notes: 'x' }, salt)).toBe(false);
    const [row] = await db.select().from(ledgerEvents).where(eq(ledgerEvents.leafHash, txHash));
    expect(row!.salt).toBe(salt);
    // The same data recorded again commits differently: equal records are not linkable either.
    const update = (notes: string) =>
      call<TProjectCode>(t.app, '/project/update', {
        token: t.auto,
        body: { id: project.id, code: PROJECT.code, notes },
      });
    expectOk(await update('draft'));
    const again = expectOk(await update(PROJECT.notes));
    const [updated] = await db
      .select()
      .from(ledgerEvents)
      .where(eq(ledgerEvents.leafHash, again.chain!.txHash));
    expect(updated!.payload).toEqual(PROJECT);
    expect(updated!.payloadHash).not.toBe(leaf.payloadHash);
    await seal(t);
  });

  it('puts no salt in any public answer, nor in the chain records a member lists', async () => {
    const salts = new Set(
      (
        await db.select({ salt: ledgerEvents.salt }).from(ledgerEvents).where(isNotNull(ledgerEvents.salt))
      ).map((r) => r.salt!),
    );
    const answers: Res[] = [];
    const events = await db.select().from(ledgerEvents).where(isNotNull(ledgerEvents.leafIndex));
    // The demo seed, its backfill and the API all write v3 leaves, each with its own salt.
    expect(events.map((e) => parseEvidenceLeaf(e.leafData)?.v)).toEqual(events.map(() => 3));
    expect(salts.size).toBe(events.length);
    for (const e of events) {
      answers.push(await proofOf(t, e.leafHash));
      if (e.dataHash) answers.push(await proofOf(t, e.dataHash));
    }
    const latest = expectOk(await publicGet<TSignedBlock>(t, '/ledger/latest'));
    answers.push(await publicGet(t, '/ledger/latest'), await publicGet(t, '/ledger/key'));
    for (let h = 0; h <= latest.header.height; h++) {
      answers.push(await publicGet(t, `/ledger/blocks/${h}`));
      answers.push(await publicGet(t, '/ledger/consistency', { from: '0', to: String(h) }));
    }
    for (const c of await db.select().from(certificates)) {
      answers.push(await publicGet(t, `/credentials/${c.number}`));
      answers.push(await publicGet(t, `/did/${c.did}`));
    }
    answers.push(
      await call<TListResponse<TEvidenceRecord>>(t.app, '/graph/queryProductChainRecordsPage', {
        token: t.auto,
        body: { pageSize: 100 },
      }),
      await call(t.app, '/graph/getHash', { token: t.auto, body: { hash: project.chain!.txHash } }),
    );
    let proofs = 0;
    for (const res of answers) {
      expect(res.body.code).toBe('0000');
      expect(res.text).not.toContain('"salt"');
      for (const h of hexStrings(res.text)) expect(salts.has(h)).toBe(false);
      if (res.text.includes('"leafData"')) proofs++;
    }
    expect(proofs).toBeGreaterThan(events.length - 1);
  });

  it('backfills evidence of records written before the ledger as salted (v3) leaves', async () => {
    const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'demo-auto'));
    const sha = createHash('sha256').update('legacy upload').digest('hex');
    const [file] = await db
      .insert(files)
      .values({
        fileKey: `legacy-${randomBytes(6).toString('hex')}`,
        ownerUserId: owner!.id,
        enterpriseUuid: AUTO_UUID,
        bizType: 'businessLicence',
        fileName: 'legacy.png',
        contentType: 'image/png',
        size: 13,
        sha256: sha,
        storagePath: 'legacy/none',
      })
      .returning();
    expect(await backfillEvidence(db, t.runtime.deps, t.runtime.deps.platformKey)).toBe(1);
    const [event] = await db.select().from(ledgerEvents).where(eq(ledgerEvents.subjectId, file!.fileKey));
    expect(parseEvidenceLeaf(event!.leafData)?.v).toBe(3);
    expect(event!.salt).toMatch(/^[0-9a-f]{64}$/);
    expect(event!.payloadHash).not.toBe(evidencePayloadHash(event!.payload));
    await db.delete(files).where(eq(files.id, file!.id));
    await seal(t);
  });

  it('gives the data and salt only to members who may see the record', async () => {
    const txHash = project.chain!.txHash;
    // The project page's evidence action: the data and salt.
    const viewer = (await memberWith(t, t.auto, AUTO_UUID, ['Project', 'Project:ViewBCdata'])).token;
    expect(expectOk(await evidenceOf(t, viewer, txHash)).content?.payload).toEqual(PROJECT);
    // The chain records page alone shows the evidence (as /graph/getHash does), not the record's data.
    const chainOnly = (await memberWith(t, t.auto, AUTO_UUID, ['ChainRecords'])).token;
    const bare = expectOk(await evidenceOf(t, chainOnly, txHash));
    expect(bare).toMatchObject({ leafVersion: 3, content: null });
    expect(JSON.stringify(bare)).not.toContain('XH-EV-2026');
    // No evidence code at all, another enterprise, or another account's row under 'account' data permission.
    const other = (await memberWith(t, t.auto, AUTO_UUID, ['Workbench'])).token;
    expectError(await evidenceOf(t, other, txHash), 'FORBIDDEN');
    expectError(await evidenceOf(t, t.supplier, txHash), 'LEDGER_NOT_FOUND');
    const role = await createRole(t.app, t.auto, ['Project', 'Project:Create', 'Project:ViewBCdata'], {
      dataScope: 'account',
    });
    const own = await firstSignIn(t.app, await createMember(t.app, t.auto, [role.id]), AUTO_UUID);
    expectError(await evidenceOf(t, own, txHash), 'LEDGER_NOT_FOUND');
    const mine = expectOk(await addProject(t, own, { code: 'XH-EV-OWN', notes: '' }));
    const detail = expectOk(await evidenceOf(t, own, mine.chain!.txHash));
    expect(detail.content?.payload).toEqual({ code: 'XH-EV-OWN', notes: '' });
    const leaf = parseEvidenceLeaf(detail.leafData)!;
    expect(verifyEvidencePayload(leaf, detail.content!.payload, detail.content!.salt)).toBe(true);
  });

  it('keeps v1 leaves (unsalted, written before v2) verifiable by proof, ledger:verify and their data', async () => {
    const payload = { code: 'XH-EV-2025', notes: '' };
    const event = {
      type: 'project.created',
      enterpriseUuid: AUTO_UUID,
      subjectType: 'project',
      subjectId: String(project.id),
      payload,
      time: Date.now() - 86_400_000,
    };
    const v1 = await writeV1Leaf(db, event);
    await seal(t);
    const proof = expectOk(await proofOf(t, v1.leafHash));
    expectProofVerifies(proof, platformPublicKey(t));
    const leaf = parseEvidenceLeaf(proof.leafData)!;
    expect(leaf.v).toBe(1);
    expect(leaf.payloadHash).toBe(sha256(jcs(payload)));

    const report = await verifyLedger(db, { publicKeyHex: platformPublicKey(t) });
    expect(report.problems).toEqual([]);
    expect(report.v1Events).toBe(1);

    const detail = expectOk(await evidenceOf(t, t.auto, v1.leafHash));
    expect(detail).toMatchObject({ leafVersion: 1, content: { payload, salt: null } });
    expect(verifyEvidencePayload(leaf, payload, null)).toBe(true);
  });

  it('keeps v2 leaves (signed per event, written before v3) verifiable by proof and ledger:verify', async () => {
    const [row] = await db.select().from(enterprises).where(eq(enterprises.uuid, AUTO_UUID));
    const secret = decryptSecret(t.runtime.deps.masterKey, row!.keyCiphertext!);
    const payload = { code: 'XH-EV-V2', notes: '' };
    const salt = newEvidenceSalt();
    const payloadHash = evidenceSaltedPayloadHash(payload, salt);
    const signer = { did: row!.did!, signature: signPayloadHash(payloadHash, secret) };
    // Exactly as the code before leaf v3 wrote a signed event: the signature in the leaf and its row.
    const time = Date.now() - 3_600_000;
    const leafData = evidenceLeafText({
      type: 'project.updated',
      enterpriseUuid: AUTO_UUID,
      subjectType: 'project',
      subjectId: String(project.id),
      payload,
      salt,
      time,
      signer,
    });
    const [v2] = await db
      .insert(ledgerEvents)
      .values({
        leafHash: hex(leafHash(new TextEncoder().encode(leafData))),
        leafData,
        eventType: 'project.updated',
        enterpriseUuid: AUTO_UUID,
        subjectType: 'project',
        subjectId: String(project.id),
        payload,
        payloadHash,
        salt,
        signerDid: signer.did,
        signature: signer.signature,
        createdAt: new Date(time),
      })
      .returning();
    await seal(t);
    const proof = expectOk(await proofOf(t, v2!.leafHash));
    expect(parseEvidenceLeaf(proof.leafData)).toMatchObject({ v: 2, signer });
    expect(proof.batch).toBeNull();
    expectProofVerifies(proof, platformPublicKey(t));
    expect((await verifyLedger(db, { publicKeyHex: platformPublicKey(t) })).problems).toEqual([]);
    const detail = expectOk(await evidenceOf(t, t.auto, v2!.leafHash));
    expect(detail).toMatchObject({ leafVersion: 2, content: { payload, salt } });
  });

  it('detects a v3 leaf its batch signature does not cover (ledger:verify, proofs)', async () => {
    const messages = async () =>
      (await verifyLedger(db, { publicKeyHex: platformPublicKey(t) })).problems.map((p) => p.message);
    const [event] = await db
      .select()
      .from(ledgerEvents)
      .where(eq(ledgerEvents.leafHash, project.chain!.txHash));
    const batchId = (parseEvidenceLeaf(event!.leafData)!.signer as { batch: string }).batch;
    const [batch] = await db.select().from(ledgerBatches).where(eq(ledgerBatches.id, batchId));
    const setBatch = (values: Partial<typeof ledgerBatches.$inferInsert>) =>
      db.update(ledgerBatches).set(values).where(eq(ledgerBatches.id, batchId));
    expect(await messages()).toEqual([]);

    // Another leaf hash in the batch: the root no longer holds, and the leaf is not covered.
    await setBatch({ leafHashes: batch!.leafHashes.replace(event!.leafHash, 'ab'.repeat(32)) });
    expect(await messages()).toEqual([
      `its signed batch ${batchId}: its root is not the root of its leaf hashes`,
    ]);
    expectError(await proofOf(t, event!.leafHash), 'LEDGER_INTEGRITY');
    // A re-signed batch by another key: the signature no longer recovers to the DID.
    const other = signEvidenceBatch(batchId, batch!.signerDid, [fromHex(event!.leafHash)], randomBytes(32));
    await setBatch({
      leafHashes: event!.leafHash,
      size: 1,
      rootHash: other.root,
      signature: other.signature,
    });
    expect(await messages()).toEqual([
      `its signed batch ${batchId}: its signature does not recover to the signer DID's address`,
    ]);
    expectError(await proofOf(t, event!.leafHash), 'LEDGER_INTEGRITY');
    await setBatch({ ...batch! });
    expect(await messages()).toEqual([]);
    expectProofVerifies(expectOk(await proofOf(t, event!.leafHash)), platformPublicKey(t));
  });

  it("detects a changed salt, a dropped salt, and a salt given to a v1 leaf (ledger:verify's check)", async () => {
    const messages = async () =>
      (await verifyLedger(db, { publicKeyHex: platformPublicKey(t) })).problems.map((p) => p.message);
    const [v2] = await db.select().from(ledgerEvents).where(eq(ledgerEvents.leafHash, project.chain!.txHash));
    const [v1] = await db
      .select()
      .from(ledgerEvents)
      .where(and(eq(ledgerEvents.eventType, 'project.created'), sql`${ledgerEvents.salt} is null`));
    const salt = v2!.salt!;
    const setSalt = (id: number, value: string | null) =>
      db.update(ledgerEvents).set({ salt: value }).where(eq(ledgerEvents.id, id));

    await setSalt(v2!.id, randomBytes(32).toString('hex'));
    expect(await messages()).toEqual([
      'payload does not match its payload hash',
      'stored columns differ from the leaf data',
    ]);
    await setSalt(v2!.id, null);
    expect(await messages()).toEqual(expect.arrayContaining(['v3 leaf without its salt']));
    await setSalt(v2!.id, salt);
    await setSalt(v1!.id, salt);
    expect(await messages()).toEqual(expect.arrayContaining(['v1 leaf with a salt']));
    await setSalt(v1!.id, null);
    expect(await messages()).toEqual([]);
  });

  it('numbers certificates randomly, keeps old numbers valid, and tells nothing of guessed ones', async () => {
    const year = new Date().getUTCFullYear();
    // The demo enterprises' certificates were issued one after the other.
    const issued = (await db.select({ number: certificates.number }).from(certificates)).map((c) => c.number);
    expect(issued.length).toBeGreaterThanOrEqual(4);
    for (const n of issued) expect(n).toMatch(CERTIFICATE_NUMBER_PATTERN);
    const drawn = await db.transaction(async (tx) => {
      const out: string[] = [];
      for (let i = 0; i < 50; i++) out.push(await nextCertificateNumber(tx, new Date()));
      return out;
    });
    const all = [...issued, ...drawn];
    expect(new Set(all).size).toBe(all.length);
    for (const n of drawn) {
      expect(n).toMatch(CERTIFICATE_NUMBER_PATTERN);
      expect(n.startsWith(`TH-CERT-${year}-`)).toBe(true);
      expect(n).not.toMatch(/-\d{6}$/);
    }
    // Consecutive numbers share no run of their random part: no order to walk.
    const randomPart = (n: string) => n.slice(`TH-CERT-${year}-`.length);
    for (let i = 1; i < drawn.length; i++) {
      expect(randomPart(drawn[i]!).slice(0, 8)).not.toBe(randomPart(drawn[i - 1]!).slice(0, 8));
    }

    // A certificate numbered the old way stays valid and resolvable.
    const [autoRow] = await db.select().from(enterprises).where(eq(enterprises.uuid, AUTO_UUID));
    const old = 'TH-CERT-2025-000001';
    await db.insert(certificates).values({
      number: old,
      enterpriseUuid: AUTO_UUID,
      did: autoRow!.did!,
      issuedAt: new Date('2025-06-01T00:00:00Z'),
      payload: issueCertificationCredential(t.runtime.deps.platformKey, {
        number: old,
        did: autoRow!.did!,
        name: autoRow!.name,
        englishName: autoRow!.englishName,
        usci: autoRow!.usci,
        certifiedAt: new Date('2025-06-01T00:00:00Z'),
      }),
    });
    expect(expectOk(await publicGet<{ id: string }>(t, `/credentials/${old}`)).id).toBe(
      `urn:tracehub:certificate:${old}`,
    );
    const pdf = (uuid: string, token: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/file/viewChainPdf?uuid=${encodeURIComponent(uuid)}`,
        headers: { authorization: `Bearer ${token}` },
      });
    const printed = await pdf(old, t.auto);
    expect(printed.statusCode).toBe(200);
    expect(printed.headers['content-type']).toContain('application/pdf');

    // A guessed number, in the old form or the new, and another enterprise's real one: only "not found".
    const supplierNumber = (
      await db.select().from(certificates).where(eq(certificates.enterpriseUuid, SUPPLIER_UUID))
    )[0]!.number;
    for (const guess of [
      `TH-CERT-${year}-000001`,
      'TH-CERT-2025-000002',
      `TH-CERT-${year}-${'0'.repeat(16)}`,
    ]) {
      expectError(await publicGet(t, `/credentials/${guess}`), 'NOT_FOUND');
      const res = await pdf(guess, t.auto);
      expect(res.json()).toMatchObject({ code: 'E1003' });
    }
    const foreign = await pdf(supplierNumber, t.auto);
    expect(foreign.statusCode).toBe((await pdf(`TH-CERT-${year}-000001`, t.auto)).statusCode);
    expect(foreign.json()).toEqual((await pdf(`TH-CERT-${year}-000001`, t.auto)).json());
  });
});

describe('ledger:verify on a ledger of v1 and v2 leaves', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tracehub-v1v2-'));
  const masterKey = randomBytes(32).toString('hex');
  let t: TestApp;
  let closed = false;

  beforeAll(async () => {
    // On disk, so that the command (another process) reads the same database and files.
    t = await startTestApp({ DATA_DIR: dataDir, MASTER_KEY: masterKey });
  });
  afterAll(async () => {
    if (!closed) await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('passes, counting the v1 leaves', async () => {
    const db = dbOf(t);
    const payload = { code: 'LEGACY-1', notes: '' };
    const event = {
      type: 'project.created',
      enterpriseUuid: AUTO_UUID,
      subjectType: 'project',
      subjectId: '999999',
      payload,
      time: Date.now() - 1000,
    };
    await writeV1Leaf(db, event);
    const token = await signIn(t.app, 'demo-auto', AUTO_UUID);
    expectOk(await addProject(t, token, { code: 'CLI-V2', notes: '' }));
    await seal(t);
    const databaseUrl = t.runtime.deps.config.DATABASE_URL ?? '';
    // The embedded database allows one process: the server stops first (PostgreSQL needs no such care).
    if (!databaseUrl) {
      await t.close();
      closed = true;
    }
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/ledger-verify.ts'], {
      cwd: path.resolve(import.meta.dirname, '..'),
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl,
        MASTER_KEY: masterKey,
        LOG_LEVEL: 'silent',
        NODE_ENV: 'test',
      },
      encoding: 'utf8',
    });
    expect(run.stdout, run.stderr).toMatch(
      /^Ledger verified: \d+ blocks, \d+ leaves \(\d+ sealed events, 0 not sealed yet\), 1 of the events v1 /,
    );
    expect(run.status).toBe(0);
  });
});
