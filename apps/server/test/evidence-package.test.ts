import { createHash, randomBytes } from 'node:crypto';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { documentType, type TPackageRequest } from '@tracehub/contract';
import { PROBLEM_MESSAGES, verifyPackage, type PackageReport, type ProblemCode } from '@tracehub/verify';
import { canonicalize } from '@tracehub/ledger';
import { and, eq, inArray } from 'drizzle-orm';
import { files as filesTable, ledgerEvents } from '../src/db/schema.ts';
import { recordFileUpload } from '../src/platform/ledger/subjects.ts';
import { storageKeyOf } from '../src/platform/storage.ts';
import type { TenantContext } from '../src/platform/context.ts';
import { AppError } from '../src/platform/errors.ts';
import { memorySink, writeEvidencePackage } from '../src/modules/evidence-package/public.ts';
import { DEMO_VINS } from '../src/seed/demo-supply-chain.ts';
import { AUTO_UUID, MINE_UUID, SUPPLIER_UUID, useTestApp } from './support/app.ts';
import { pdfBytes } from './support/files.ts';
import { dbOf } from './support/helpers.ts';
import { seal } from './support/ledger.ts';

// Evidence packages (modules/evidence-package) checked by the offline verifier (apps/verify) on the demo
// supply chain: a good package verifies; withheld fields are absent; one changed byte anywhere is named;
// a package shows another enterprise only what the trace shows.

const tenantOf = (enterpriseUuid: string): TenantContext => ({
  enterpriseUuid,
  userId: 1,
  permissions: new Set<string>(),
  dataScope: 'company',
  unconfigured: new Set<string>(),
});

type Files = Record<string, Uint8Array>;

const codes = (r: PackageReport): ProblemCode[] => [
  ...r.problems.map((p) => p.code),
  ...r.records.flatMap((x) => x.problems.map((p) => p.code)),
];

describe('evidence packages', () => {
  const t = useTestApp({}, { SEED_DEMO_CHAIN: 'true' });
  let good: Uint8Array;
  let files: Files;
  const attachment = pdfBytes();

  const build = async (request: TPackageRequest, enterprise = AUTO_UUID) => {
    const sink = memorySink();
    await writeEvidencePackage(t.runtime.deps, tenantOf(enterprise), request, sink, {
      limit: 500,
      maxBytes: 1 << 30,
    });
    return sink.bytes();
  };
  const vinRequest = (type: 1 | 2 = 1, withheldFields: string[] = []): TPackageRequest => ({
    scope: { kind: 'vin', values: [DEMO_VINS[0]!] },
    type,
    withheldFields,
  });
  /** The package with one file changed (the manifest left as it was, or re-listing the changed hash). */
  const tampered = (change: (f: Files) => string, relist = false): Uint8Array => {
    const copy: Files = { ...files };
    const path = change(copy);
    if (relist) {
      const manifest = JSON.parse(strFromU8(copy['manifest.json']!)) as {
        files: { path: string; sha256: string; size: number }[];
      };
      const entry = manifest.files.find((f) => f.path === path)!;
      entry.sha256 = createHash('sha256').update(copy[path]!).digest('hex');
      entry.size = copy[path]!.length;
      copy['manifest.json'] = strToU8(canonicalize(manifest));
    }
    return zipSync(copy);
  };
  const editText = (f: Files, path: string, edit: (s: string) => string): string => {
    const before = strFromU8(f[path]!);
    const after = edit(before);
    expect(after).not.toBe(before);
    f[path] = strToU8(after);
    return path;
  };
  const flipHex = (s: string, at: number) => s.slice(0, at) + (s[at] === '0' ? '1' : '0') + s.slice(at + 1);
  const recordPaths = () => Object.keys(files).filter((p) => p.startsWith('records/'));
  const ownOpened = () =>
    recordPaths().find((p) => {
      const r = JSON.parse(strFromU8(files[p]!)) as { opening: unknown; own: boolean };
      return r.own && r.opening !== null;
    })!;

  beforeAll(async () => {
    // An attachment of the automaker's completion WG-XH-001, stored and recorded as an upload records it.
    const fileKey = randomBytes(16).toString('hex');
    const [row] = await dbOf(t)
      .insert(filesTable)
      .values({
        fileKey,
        ownerUserId: 1,
        enterpriseUuid: AUTO_UUID,
        bizType: String(documentType('ProductionEndNew').typeCode),
        bizNo: 'WG-XH-001',
        fileName: 'inspection.pdf',
        contentType: 'application/pdf',
        size: attachment.length,
        sha256: createHash('sha256').update(attachment).digest('hex'),
        storagePath: storageKeyOf(fileKey),
      })
      .returning();
    await t.runtime.deps.storage.put(storageKeyOf(fileKey), attachment);
    await recordFileUpload(dbOf(t), { masterKey: t.runtime.deps.masterKey }, row!);
    await seal(t);
    good = await build(vinRequest());
    files = unzipSync(good);
  });

  it('packages the traced chain of a VIN, every tier, and the offline verifier passes it', () => {
    const report = verifyPackage(good);
    expect(report.problems).toEqual([]);
    expect(report.records.filter((r) => !r.ok)).toEqual([]);
    expect(report.ok).toBe(true);
    expect(report.tiers.length).toBeGreaterThanOrEqual(2);
    expect(report.tiers.every((x) => x.ok)).toBe(true);
    // Own records open with their salt; the suppliers' are their public ledger proof only.
    expect(report.records.some((r) => r.own && r.disclosure === 'opened')).toBe(true);
    expect(report.records.some((r) => !r.own && r.disclosure === 'notDisclosed')).toBe(true);
    expect(report.records.some((r) => r.subjectType === 'file')).toBe(true);
    expect(Object.keys(files)).toEqual(
      expect.arrayContaining(['manifest.json', 'manifest.sig.json', 'platform-key.json']),
    );
    expect(Object.keys(files).some((p) => p.startsWith('attachments/'))).toBe(true);
    expect(Object.keys(files).some((p) => p.startsWith('dids/'))).toBe(true);
    // The proof is the public endpoint's shape, member for member.
    const record = JSON.parse(strFromU8(files[recordPaths()[0]!]!)) as { proof: Record<string, unknown> };
    expect(Object.keys(record.proof).sort()).toEqual(
      [
        'anchor',
        'auditPath',
        'batch',
        'block',
        'leafData',
        'leafHash',
        'leafIndex',
        'rootHash',
        'treeSize',
      ].sort(),
    );
  });

  it('an external package (type 2) withholds chosen fields: absent from every file, proofs still verify', async () => {
    // The product record carries the item's name as `name`: a third party hiding names lists both.
    const fields = ['itemName', 'name', 'partnerName'];
    const bytes = await build(vinRequest(2, fields));
    const report = verifyPackage(bytes);
    expect(report.ok).toBe(true);
    expect(report.manifest?.withheldFields).toEqual(fields.sort());
    expect(report.records.some((r) => r.disclosure === 'withheld')).toBe(true);
    // The values of those fields in the tenant's own evidence appear in no file of the package.
    const rows = await dbOf(t)
      .select({ payload: ledgerEvents.payload })
      .from(ledgerEvents)
      .where(
        and(eq(ledgerEvents.enterpriseUuid, AUTO_UUID), inArray(ledgerEvents.subjectType, ['document'])),
      );
    const values = new Set<string>();
    for (const { payload } of rows) {
      const p = payload as Record<string, unknown>;
      for (const f of fields)
        if (typeof p[f] === 'string' && (p[f] as string).length >= 2) values.add(p[f] as string);
    }
    expect(values.size).toBeGreaterThan(0);
    for (const [path, content] of Object.entries(unzipSync(bytes))) {
      const text = Buffer.from(content).toString('utf8');
      for (const v of values) expect(text.includes(v), `${v} in ${path}`).toBe(false);
    }
  });

  it('packages a product code as the VINs of its products, and a batch of an item', async () => {
    const byProduct = verifyPackage(
      await build({ scope: { kind: 'product', values: ['XH-EV7'] }, type: 1, withheldFields: [] }),
    );
    expect(byProduct.ok).toBe(true);
    expect(byProduct.records.length).toBeGreaterThan(verifyPackage(good).records.length);
    const byBatch = verifyPackage(
      await build({
        scope: { kind: 'batch', itemCode: 'XH-CELL', values: ['CELL-2026-03'] },
        type: 1,
        withheldFields: [],
      }),
    );
    expect(byBatch.ok).toBe(true);
  });

  it('packages a project, a material code and what was exchanged with a partner enterprise', async () => {
    const records = (bytes: Uint8Array) => {
      const report = verifyPackage(bytes);
      expect(report.ok).toBe(true);
      return report.records.length;
    };
    const byVin = verifyPackage(good).records.length;
    // The project's three vehicles reach at least what one vehicle reaches.
    expect(
      records(
        await build({ scope: { kind: 'project', values: ['XH-EV-2026'] }, type: 1, withheldFields: [] }),
      ),
    ).toBeGreaterThan(byVin);
    // The cell lot received from the battery maker, traced up to the mine and down to the vehicles.
    expect(
      records(await build({ scope: { kind: 'material', values: ['XH-CELL'] }, type: 1, withheldFields: [] })),
    ).toBeGreaterThan(0);
    expect(
      records(
        await build({ scope: { kind: 'enterprise', values: [SUPPLIER_UUID] }, type: 1, withheldFields: [] }),
      ),
    ).toBeGreaterThan(0);
    const refused = async (request: TPackageRequest, key: string, limit = 500) => {
      const sink = memorySink();
      await expect(
        writeEvidencePackage(t.runtime.deps, tenantOf(AUTO_UUID), request, sink, {
          limit,
          maxBytes: 1 << 30,
        }),
      ).rejects.toSatisfy((e: unknown) => e instanceof AppError && e.key === key);
    };
    // A project, material or enterprise that is not the requester's (the mine is no partner of the automaker).
    await refused(
      { scope: { kind: 'project', values: ['NO-SUCH'] }, type: 1, withheldFields: [] },
      'PACKAGE_SCOPE_NOT_FOUND',
    );
    await refused(
      { scope: { kind: 'material', values: ['LI-ORE'] }, type: 1, withheldFields: [] },
      'PACKAGE_SCOPE_NOT_FOUND',
    );
    await refused(
      { scope: { kind: 'enterprise', values: [MINE_UUID] }, type: 1, withheldFields: [] },
      'PACKAGE_SCOPE_NOT_FOUND',
    );
    // More VINs than the limit: refused with the limit before anything is written.
    await refused(
      { scope: { kind: 'project', values: ['XH-EV-2026'] }, type: 1, withheldFields: [] },
      'EVIDENCE_TOO_MANY_VINS',
      2,
    );
    // A package growing past its byte limit stops.
    const sink = memorySink();
    await expect(
      writeEvidencePackage(t.runtime.deps, tenantOf(AUTO_UUID), vinRequest(), sink, {
        limit: 500,
        maxBytes: 2048,
      }),
    ).rejects.toSatisfy((e: unknown) => e instanceof AppError && e.key === 'EVIDENCE_PACKAGE_TOO_LARGE');
  });

  const negative: [string, () => Uint8Array, ProblemCode[]][] = [
    [
      'a record',
      () =>
        tampered((f) =>
          editText(f, ownOpened(), (s) =>
            s.replace(/"salt":"(.)/, (_m, c: string) => `"salt":"${c === '0' ? '1' : '0'}`),
          ),
        ),
      ['fileHash'],
    ],
    [
      'a record, manifest re-listed',
      () =>
        tampered(
          (f) =>
            editText(f, ownOpened(), (s) =>
              s.replace(/"salt":"(.)/, (_m, c: string) => `"salt":"${c === '0' ? '1' : '0'}`),
            ),
          true,
        ),
      ['opening', 'platformSignature'],
    ],
    [
      'an attachment',
      () =>
        tampered((f) => {
          const p = Object.keys(f).find((x) => x.startsWith('attachments/'))!;
          const b = new Uint8Array(f[p]!);
          b[10] = (b[10] ?? 0) ^ 1;
          f[p] = b;
          return p;
        }),
      ['fileHash', 'attachmentHash'],
    ],
    [
      'a proof',
      () =>
        tampered(
          (f) =>
            editText(f, recordPaths()[0]!, (s) =>
              s.replace(/"auditPath":\["(.)/, (_m, c: string) => `"auditPath":["${c === '0' ? '1' : '0'}`),
            ),
          true,
        ),
      ['inclusion', 'platformSignature'],
    ],
    [
      'a block header',
      () =>
        tampered(
          (f) =>
            editText(
              f,
              Object.keys(f).find((x) => x.startsWith('blocks/'))!,
              (s) => s.replace(/"rootHash":"(.)/, (_m, c: string) => `"rootHash":"${c === '0' ? '1' : '0'}`),
            ),
          true,
        ),
      ['blockHash', 'blockSignature'],
    ],
    [
      'a signature',
      () =>
        tampered((f) =>
          editText(f, 'manifest.sig.json', (s) => {
            const at = s.indexOf('"signature":"', s.indexOf('"platform":')) + 13;
            return flipHex(s, at + 4);
          }),
        ),
      ['platformSignature'],
    ],
    [
      "the enterprise's signature",
      () =>
        tampered((f) =>
          editText(f, 'manifest.sig.json', (s) => {
            const at = s.indexOf('"signature":"', s.indexOf('"enterprise":')) + 13;
            return flipHex(s, at + 10);
          }),
        ),
      ['enterpriseSignature'],
    ],
    [
      'the manifest',
      () =>
        tampered((f) =>
          editText(f, 'manifest.json', (s) =>
            s.replace(/"createdAt":(\d)/, (_m, d: string) => `"createdAt":${d === '1' ? '2' : '1'}`),
          ),
        ),
      ['platformSignature', 'enterpriseSignature'],
    ],
  ];
  it.each(negative)('detects a changed byte in %s, with its message', (_name, make, expected) => {
    const report = verifyPackage(make());
    expect(report.ok).toBe(false);
    const found = codes(report);
    for (const code of expected) expect(found).toContain(code);
    for (const code of expected) {
      expect(PROBLEM_MESSAGES[code].zh.length).toBeGreaterThan(0);
      expect(PROBLEM_MESSAGES[code].en.length).toBeGreaterThan(0);
    }
  });

  it("holds nothing of another enterprise beyond the trace's links, and refuses a scope not the tenant's", async () => {
    const report = verifyPackage(good);
    const theirs = report.records.filter((r) => !r.own);
    expect(theirs.length).toBeGreaterThan(0);
    for (const p of recordPaths()) {
      const r = JSON.parse(strFromU8(files[p]!)) as {
        own: boolean;
        opening: unknown;
        attachment: unknown;
        proof: { leafData: string };
      };
      const leaf = JSON.parse(r.proof.leafData) as { enterpriseUuid: string };
      expect(r.own).toBe(leaf.enterpriseUuid === AUTO_UUID);
      if (!r.own) {
        expect(r.opening).toBeNull();
        expect(r.attachment).toBeNull();
      }
    }
    // The supplier's record data (its payloads) appears nowhere in the automaker's package.
    const supplierRows = await dbOf(t)
      .select({ payload: ledgerEvents.payload, salt: ledgerEvents.salt })
      .from(ledgerEvents)
      .where(eq(ledgerEvents.enterpriseUuid, SUPPLIER_UUID));
    const all = Object.values(files)
      .map((b) => Buffer.from(b).toString('utf8'))
      .join('\n');
    for (const row of supplierRows) if (row.salt) expect(all.includes(row.salt)).toBe(false);
    // A VIN of the automaker is not the supplier's to package.
    await expect(build(vinRequest(), SUPPLIER_UUID)).rejects.toSatisfy(
      (e: unknown) => e instanceof AppError && e.key === 'PACKAGE_SCOPE_NOT_FOUND',
    );
  });
});
