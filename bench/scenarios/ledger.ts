// The evidence ledger at volume, through the server's own code paths (not HTTP): appendEvidenceBatch in
// transactions as business writes do, sealOnce as the sealer job does, inclusionProofOf as the proof
// endpoint does, and the verifier a client runs. On the embedded PGlite by default (a temporary directory);
// BENCH_DATABASE_URL points it at a fresh database created on that PostgreSQL server instead (dropped
// after). BENCH_LEDGER_LEAVES sets the tree size of the proof figures (default 1,000,000).
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count, eq, sql } from 'drizzle-orm';
import {
  blockHash,
  fromHex,
  leafHash,
  rootFromLeafHashes,
  verifyBlockSignature,
  verifyConsistency,
  verifyInclusion,
} from '@tracehub/ledger';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { enterprises, ledgerBlocks, ledgerEvents } from '../../apps/server/src/db/schema.ts';
import { MIGRATIONS_DIR } from '../../apps/server/src/paths.ts';
import { newEnterpriseIdentity } from '../../apps/server/src/platform/keys.ts';
import { appendEvidenceBatch, type NewEvidence } from '../../apps/server/src/platform/ledger/append.ts';
import { loadPlatformKey } from '../../apps/server/src/platform/ledger/platform-key.ts';
import { consistencyProofBetween, inclusionProofOf } from '../../apps/server/src/platform/ledger/proofs.ts';
import { sealOnce } from '../../apps/server/src/platform/ledger/sealer.ts';
import { verifyLedger } from '../../apps/server/src/platform/ledger/verify.ts';
import { cpuPerItem, cpuSample } from '../lib/cpu.ts';
import { freshPostgres } from '../lib/postgres.ts';

export interface LedgerFigure {
  scenario: string;
  figure: string;
  /** The same-run reference: the same amount of work without our layers (plain SQL, bare hashing ...). */
  reference?: string;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const rate = (n: number, ms: number) => `${Math.round((n / ms) * 1000).toLocaleString('en')}/s`;

function uploadEvent(enterpriseUuid: string | null, i: number): NewEvidence {
  const sha256 = createHash('sha256').update(`bench-${i}-${enterpriseUuid}`).digest('hex');
  return {
    type: 'file.uploaded',
    enterpriseUuid,
    subjectType: 'file',
    subjectId: randomBytes(16).toString('hex'),
    payload: {
      fileName: `report-${i}.pdf`,
      bizType: 'attachment',
      bizNo: `PO-${i}`,
      size: 10_240 + i,
      sha256,
    },
    dataHash: sha256,
  };
}

/** Concurrent appending transactions of the second append figure (BENCH_LEDGER_WRITERS). */
const WRITERS = Number(process.env.BENCH_LEDGER_WRITERS ?? 4);

/** Runs `write(i)` for i = 0, 100, 200 … below `count`, `writers` of them at a time. */
async function inTransactions(count: number, writers: number, write: (i: number) => Promise<unknown>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: writers }, async () => {
      while (next < count) {
        const i = next;
        next += 100;
        await write(i);
      }
    }),
  );
}

export async function ledgerScenarios(): Promise<LedgerFigure[]> {
  const target = Number(process.env.BENCH_LEDGER_LEAVES ?? 1_000_000);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tracehub-bench-ledger-'));
  const adminUrl = process.env.BENCH_DATABASE_URL;
  const postgres = adminUrl ? await freshPostgres('ledger', adminUrl) : null;
  const database = await openDatabase({
    url: postgres?.url,
    dataDir,
    migrationsDir: MIGRATIONS_DIR,
  });
  const figures: LedgerFigure[] = [];
  const log = (line: string) => console.log(`  ledger: ${line}`);
  try {
    await database.migrate();
    const db = database.db;
    const masterKey = randomBytes(32);
    const keys = { masterKey };
    const platformKey = await loadPlatformKey(db, masterKey);
    const identity = newEnterpriseIdentity(masterKey, 1337);
    const enterpriseUuid = randomUUID();
    await db.insert(enterprises).values({
      uuid: enterpriseUuid,
      name: 'Bench Co.',
      usci: '91310000MA1K4A0B2X',
      did: identity.did,
      chainAddress: identity.address,
      publicKey: identity.publicKeyHex,
      keyCiphertext: identity.keyCiphertext,
    });

    // 1. Business writes with evidence signed by the enterprise key, 100 per transaction, then sealing.
    const signedCount = Math.min(20_000, target);
    // The events are made before the clock starts, as the reference's rows are.
    const signedEvents = Array.from({ length: signedCount }, (_, i) => uploadEvent(enterpriseUuid, i));
    // Backends that exist when a sample is taken: the pool's connections are opened before the first one.
    await Promise.all(Array.from({ length: 4 }, () => db.execute(sql`select 1`)));
    const appendCpu = await cpuSample(db, !!postgres);
    let started = performance.now();
    await inTransactions(signedCount, 1, (i) =>
      db.transaction((tx) => appendEvidenceBatch(tx, keys, signedEvents.slice(i, i + 100))),
    );
    const appendMs = performance.now() - started;
    const appendCpuUsed = cpuPerItem(appendCpu, await cpuSample(db, !!postgres), signedCount, 'event');
    // The server appends from concurrent requests: the same events again from WRITERS transactions at a
    // time (PostgreSQL only; PGlite's one connection runs them one after the other anyway).
    const concurrentEvents = postgres
      ? Array.from({ length: signedCount }, (_, i) => uploadEvent(enterpriseUuid, signedCount + i))
      : [];
    started = performance.now();
    await inTransactions(concurrentEvents.length, WRITERS, (i) =>
      db.transaction((tx) => appendEvidenceBatch(tx, keys, concurrentEvents.slice(i, i + 100))),
    );
    const concurrentMs = performance.now() - started;
    started = performance.now();
    let sealedLeaves = 0;
    for (let block = await sealOnce(db, platformKey); block; block = await sealOnce(db, platformKey)) {
      sealedLeaves += block.leaves;
    }
    const sealMs = performance.now() - started;

    // References: the same rows as plain INSERTs (no canonical JSON, no signature, no payload), 100 per
    // transaction; the same leaves' Merkle root computed in memory (hashing only, no database).
    await db.execute(
      sql`create table bench_plain_rows (id bigserial primary key, leaf_hash text, leaf_data text)`,
    );
    const plainRows = signedEvents.map((event) => {
      const data = JSON.stringify(event.payload);
      return { hash: createHash('sha256').update(data).digest('hex'), data };
    });
    const plainInsert = (i: number) =>
      db.transaction((tx) =>
        tx.execute(
          sql`insert into bench_plain_rows (leaf_hash, leaf_data) values ${sql.join(
            plainRows.slice(i, i + 100).map((r) => sql`(${r.hash}, ${r.data})`),
            sql`, `,
          )}`,
        ),
      );
    const plainCpu = await cpuSample(db, !!postgres);
    started = performance.now();
    await inTransactions(signedCount, 1, plainInsert);
    const plainInsertMs = performance.now() - started;
    const plainCpuUsed = cpuPerItem(plainCpu, await cpuSample(db, !!postgres), signedCount, 'row');
    started = performance.now();
    if (postgres) await inTransactions(signedCount, WRITERS, plainInsert);
    const plainConcurrentMs = performance.now() - started;
    await db.execute(sql`drop table bench_plain_rows`);
    const utf8Leaves = plainRows.map((r) => new TextEncoder().encode(r.data));
    started = performance.now();
    rootFromLeafHashes(utf8Leaves.map((d) => leafHash(d)));
    if (concurrentEvents.length) rootFromLeafHashes(utf8Leaves.map((d) => leafHash(d)));
    const rootMs = performance.now() - started;

    figures.push(
      {
        scenario: `append signed evidence (${signedCount.toLocaleString('en')} events, 100 per transaction)`,
        figure: `${rate(signedCount, appendMs)} (${seconds(appendMs)})`,
        reference: `plain INSERT of the same rows: ${rate(signedCount, plainInsertMs)}`,
      },
      ...(postgres
        ? [
            {
              scenario: `append signed evidence, ${WRITERS} transactions at a time (${signedCount.toLocaleString('en')} events, 100 per transaction)`,
              figure: `${rate(signedCount, concurrentMs)} (${seconds(concurrentMs)})`,
              reference: `plain INSERT of the same rows, ${WRITERS} at a time: ${rate(signedCount, plainConcurrentMs)}`,
            },
          ]
        : []),
      {
        scenario: 'CPU of that append (this process; PostgreSQL backends when on this host)',
        figure: appendCpuUsed,
        reference: `plain INSERT: ${plainCpuUsed}`,
      },
      {
        scenario: `seal (${sealedLeaves.toLocaleString('en')} leaves, ≤ 50,000 per block)`,
        figure: `${rate(sealedLeaves, sealMs)} (${seconds(sealMs)})`,
        reference: `Merkle root of the same leaves in memory: ${rate(sealedLeaves, rootMs)}`,
      },
      {
        scenario: 'evidence appended and sealed, end to end',
        figure: rate(sealedLeaves, appendMs + concurrentMs + sealMs),
      },
    );
    log(figures.map((f) => `${f.scenario}: ${f.figure}`).join('; '));

    // 2. Grow the log to the target size: bulk appends (platform events, 5,000 per transaction) and seals.
    started = performance.now();
    let size = signedCount;
    while (size < target) {
      const n = Math.min(50_000, target - size);
      for (let i = 0; i < n; i += 5000) {
        const m = Math.min(5000, n - i);
        await db.transaction((tx) =>
          appendEvidenceBatch(
            tx,
            keys,
            Array.from({ length: m }, (_, k) => uploadEvent(null, size + i + k)),
          ),
        );
      }
      const block = await sealOnce(db, platformKey);
      size = Number(block?.header.treeSize ?? size);
      if (size % 200_000 < 50_000)
        log(`${size.toLocaleString('en')} leaves, ${seconds(performance.now() - started)}`);
    }
    const growMs = performance.now() - started;
    const [blocks] = await db.select({ n: count() }).from(ledgerBlocks);
    figures.push({
      scenario: `build the log to ${size.toLocaleString('en')} leaves (bulk append + seal)`,
      figure: `${seconds(growMs)} (${rate(size - signedCount, growMs)}), ${blocks!.n} blocks`,
    });

    // 3. Proofs at that size: generation (database look-ups + hashing, as the endpoint) and verification.
    const samples = 1000;
    const events = [];
    for (let i = 0; i < samples; i++) {
      const leafIndex = Math.floor(Math.random() * size);
      const [event] = await db.select().from(ledgerEvents).where(eq(ledgerEvents.leafIndex, leafIndex));
      events.push(event!);
    }
    started = performance.now();
    const proofs = [];
    for (const event of events) proofs.push(await inclusionProofOf(db, event, platformKey.publicKeyHex));
    const proveMs = performance.now() - started;
    started = performance.now();
    const utf8 = new TextEncoder();
    for (const p of proofs) {
      const leaf = leafHash(utf8.encode(p.leafData));
      const ok =
        verifyInclusion(p.leafIndex, p.treeSize, leaf, p.auditPath.map(fromHex), fromHex(p.rootHash)) &&
        blockHash(p.block.header) === p.block.hash &&
        verifyBlockSignature(p.block.header, p.block.signature, platformKey.publicKeyHex);
      if (!ok) throw new Error('a proof did not verify');
    }
    const checkMs = performance.now() - started;
    const pathLength = proofs.reduce((n, p) => n + p.auditPath.length, 0) / proofs.length;
    figures.push({
      scenario: `inclusion proof at ${size.toLocaleString('en')} leaves (${samples} random leaves)`,
      figure: `generate ${(proveMs / samples).toFixed(2)} ms, verify ${(checkMs / samples).toFixed(2)} ms (incl. Ed25519), path ${pathLength.toFixed(1)} hashes`,
    });
    const top = blocks!.n - 1;
    started = performance.now();
    const consistency = await consistencyProofBetween(db, 0, top, platformKey.publicKeyHex);
    const consistencyMs = performance.now() - started;
    started = performance.now();
    const consistent = verifyConsistency(
      consistency.from.header.treeSize,
      consistency.to.header.treeSize,
      fromHex(consistency.from.header.rootHash),
      fromHex(consistency.to.header.rootHash),
      consistency.proof.map(fromHex),
    );
    if (!consistent) throw new Error('the consistency proof did not verify');
    figures.push({
      scenario: `consistency proof block 0 → ${top}`,
      figure: `generate ${consistencyMs.toFixed(2)} ms, verify ${(performance.now() - started).toFixed(2)} ms, ${consistency.proof.length} hashes`,
    });

    // 4. The whole-log verification (npm run ledger:verify) at that size.
    if (process.env.BENCH_LEDGER_VERIFY !== '0') {
      started = performance.now();
      const report = await verifyLedger(db, { publicKeyHex: platformKey.publicKeyHex });
      const verifyMs = performance.now() - started;
      if (!report.ok) throw new Error(`ledger verification failed: ${report.problems[0]?.message}`);
      figures.push({
        scenario: `ledger:verify of ${report.treeSize.toLocaleString('en')} leaves, ${report.blocks} blocks`,
        figure: `${seconds(verifyMs)} (${rate(report.treeSize, verifyMs)})`,
      });
    }
    return figures;
  } finally {
    await database.close();
    await postgres?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** One table of the ledger figures. */
export function printLedgerTable(figures: LedgerFigure[]): void {
  const width = Math.max(...figures.map((f) => f.scenario.length), 'scenario'.length);
  console.log(`\n| ${'scenario'.padEnd(width)} | figure | same-run reference |`);
  console.log(`|${'-'.repeat(width + 2)}|--------|--------------------|`);
  for (const f of figures)
    console.log(`| ${f.scenario.padEnd(width)} | ${f.figure} | ${f.reference ?? ''} |`);
}
