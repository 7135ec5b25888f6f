import { mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DOCUMENT_ATTACHMENT_TYPES,
  DOCUMENT_TYPES,
  LIMITS,
  errorMessage,
  fileBizTypeExtensions,
  type TFileEvidence,
  type TFileTransferError,
  type TLang,
  type TListResponse,
  type TPreDownload,
} from '@tracehub/contract';
import { fileTransferErrors, files, ledgerEvents, rolePermissions } from '../src/db/schema.ts';
import { verifyLedger } from '../src/platform/ledger/verify.ts';
import {
  AS_AUTO,
  AS_SUPPLIER,
  AUTO_UUID,
  SUPPLIER_UUID,
  call,
  signIn,
  startTestApp,
  useTestApp,
  type Envelope,
  type TestApp,
  type TestAppFixture,
} from './support/app.ts';
import { memberWith } from './support/accounts.ts';
import { jpegBytes, pdfBytes, pngBytes, upload, viewFile } from './support/files.ts';
import { dbOf, expectError, expectOk } from './support/helpers.ts';
import { platformPublicKey, seal } from './support/ledger.ts';
import { xlsxOf } from './support/workbooks.ts';
import { newDocument, newMaterial, newProject } from './support/records.ts';

/**
 * Real records to file attachments under (an upload must name one of the caller's enterprise): one per
 * name `<pageCode>:<n>` a case uses, created through the API; answers each name's actual bizNo.
 */
async function recordsNamed(
  t: TestAppFixture,
  token: string,
  names: string[],
): Promise<(name: string) => string> {
  const out = new Map<string, string>();
  for (const name of names) {
    const page = name.slice(0, name.indexOf(':'));
    const record =
      page === 'Project'
        ? await newProject(t.app, token)
        : page === 'MaterialData'
          ? await newMaterial(t.app, token)
          : await newDocument(t.app, token, page);
    out.set(name, record.bizNo);
  }
  return (name) => {
    const bizNo = out.get(name);
    if (bizNo === undefined) throw new Error(`no record named ${name}`);
    return bizNo;
  };
}

/** Purchase receipts (110, stage 10, purchase family) and shipments (400, stage 40, logistics family). */
const RECEIPT = '110';
const SHIPMENT = '400';

/** GET of a download link as a browser follows it: no session, no headers but the language. */
async function follow(t: TestAppFixture, url: string, lang?: TLang) {
  const res = await t.app.inject({
    method: 'GET',
    url,
    headers: lang ? { 'accept-language': lang } : {},
  });
  let body: Envelope = { code: '', msg: '', data: null };
  try {
    body = res.json<Envelope>();
  } catch {
    // A file, not an envelope.
  }
  return { status: res.statusCode, headers: res.headers, raw: res.rawPayload, body, text: res.body };
}

describe('attachments of documents, their deletion and download links', () => {
  /** t.a, t.b: administrators of the automaker (A) and of the supplier (B). */
  const t = useTestApp({ a: AS_AUTO, b: AS_SUPPLIER });

  const post = <T>(path: string, body: unknown, token = t.a, lang?: TLang) =>
    call<T>(t.app, path, { token, body, ...(lang ? { lang } : {}) });
  const list = async (bizType: string, bizNo: string, token = t.a) =>
    expectOk(await post<TFileEvidence[]>('/file/list', { bizType, bizNo }, token));
  const attach = async (bizType: string, bizNo: string, token = t.a, fileName = 'scan.pdf') =>
    expectOk(await upload(t.app, { token, bizType, bizNo, fileName, content: pdfBytes() }));
  /** The attachment's rowkey (its upload evidence's id), as the console gets it from /file/list. */
  const rowkeyOf = async (bizType: string, bizNo: string, fileKey: string, token = t.a) =>
    (await list(bizType, bizNo, token)).find((f) => f.fileKey === fileKey)!.rowkey;
  const eventsOf = (fileKey: string) =>
    dbOf(t)
      .select()
      .from(ledgerEvents)
      .where(and(eq(ledgerEvents.subjectType, 'file'), eq(ledgerEvents.subjectId, fileKey)))
      .orderBy(asc(ledgerEvents.id));
  /**
   * A member of the automaker holding `codes`. Role configuration offers only the pages that are built, so
   * document pages' codes are given to the member's role in the database.
   */
  const memberHolding = async (codes: string[]) => {
    const { token, role } = await memberWith(t, t.a, AUTO_UUID, ['Workbench']);
    await dbOf(t)
      .insert(rolePermissions)
      .values(codes.map((code) => ({ roleId: role.id, code })));
    return token;
  };
  const fileRow = async (fileKey: string) =>
    (await dbOf(t).select().from(files).where(eq(files.fileKey, fileKey)))[0];

  /** Records of A the attachments are filed under, by the names the cases use; B's own two. */
  let R: (name: string) => string;
  let theirReceipt: string;
  let theirMine: string;

  beforeAll(async () => {
    R = await recordsNamed(t, t.a, [
      'LogisticsTrans:1',
      'LogisticsTrans:5',
      'MaterialData:1',
      'Project:1',
      'Project:3',
      'PurchaseReceipt:1',
      'PurchaseReceipt:20',
      'PurchaseReceipt:21',
      'PurchaseReceipt:22',
      'PurchaseReceipt:5',
      'PurchaseReceipt:7',
      'PurchaseReceipt:8',
      'PurchaseReceipt:9',
    ]);
    theirReceipt = (await newDocument(t.app, t.b, 'PurchaseReceipt')).bizNo;
    theirMine = (await newDocument(t.app, t.b, 'InternalE2')).bizNo;
  });

  describe('business types per document type', () => {
    it("give every document type's code its family's attachment extensions", () => {
      for (const def of DOCUMENT_TYPES) {
        expect(fileBizTypeExtensions(`${def.typeCode}`)).toEqual(DOCUMENT_ATTACHMENT_TYPES[def.family]);
      }
      expect(fileBizTypeExtensions('attachment')).toContain('xlsx');
    });

    it('accept the extensions of the type and refuse the others, naming the accepted ones', async () => {
      const workbook = await xlsxOf([['a'], [1]]);
      const receiptSheet = expectOk(
        await upload(t.app, {
          token: t.a,
          bizType: RECEIPT,
          bizNo: R('PurchaseReceipt:1'),
          fileName: 'weights.xlsx',
          content: workbook,
        }),
      );
      expect(receiptSheet).toMatchObject({ bizType: RECEIPT, bizNo: R('PurchaseReceipt:1') });
      const photo = expectOk(
        await upload(t.app, {
          token: t.a,
          bizType: SHIPMENT,
          bizNo: R('LogisticsTrans:1'),
          fileName: 'truck.jpg',
          content: jpegBytes(),
        }),
      );
      expect(photo.contentType).toBe('image/jpeg');
      // Logistics papers are pictures or pdf: a workbook is refused with the type's list.
      for (const lang of ['zh', 'en'] as const) {
        const refused = await upload(t.app, {
          token: t.a,
          bizType: SHIPMENT,
          bizNo: R('LogisticsTrans:1'),
          fileName: 'weights.xlsx',
          content: workbook,
          lang,
        });
        expectError(refused, 'FILE_TYPE_INVALID', lang, { types: 'jpg/jpeg/png/pdf' });
      }
      // A code that is no document type is no business type.
      const unknown = await upload(t.app, {
        token: t.a,
        bizType: '999',
        fileName: 'x.pdf',
        content: pdfBytes(),
      });
      expect({ status: unknown.status, code: unknown.body.code }).toEqual({ status: 400, code: 'E1001' });
      expect((await list(RECEIPT, R('PurchaseReceipt:1'))).map((f) => f.fileName)).toEqual(['weights.xlsx']);
    });
  });

  describe('/file/deleteByRowkey', () => {
    it("deletes the enterprise's attachment and records it, keeping the upload's evidence", async () => {
      const file = await attach(RECEIPT, R('PurchaseReceipt:7'));
      const rowKey = await rowkeyOf(RECEIPT, R('PurchaseReceipt:7'), file.fileKey);
      await seal(t);

      expectOk(await post('/file/deleteByRowkey', { rowKey }));

      expect(await list(RECEIPT, R('PurchaseReceipt:7'))).toEqual([]);
      expect(await fileRow(file.fileKey)).toBeUndefined();
      expect((await viewFile(t.app, file.fileKey, t.a)).status).toBe(404);
      const events = await eventsOf(file.fileKey);
      expect(events.map((e) => e.eventType)).toEqual(['file.uploaded', 'file.deleted']);
      expect(String(events[0]!.id)).toBe(rowKey);
      expect(events[1]).toMatchObject({ enterpriseUuid: AUTO_UUID, dataHash: null });
      expect(events[1]!.payload).toMatchObject({
        fileKey: file.fileKey,
        fileName: 'scan.pdf',
        bizType: RECEIPT,
        bizNo: R('PurchaseReceipt:7'),
        sha256: file.fileHash,
        uploadRowkey: rowKey,
      });
      // The evidence of the upload still proves what was there.
      expect((await post('/graph/getHash', { hash: events[0]!.leafHash })).body.code).toBe('0000');
      await seal(t);
      const report = await verifyLedger(dbOf(t), {
        publicKeyHex: platformPublicKey(t),
        storage: t.runtime.deps.storage,
      });
      expect(report.problems).toEqual([]);

      // Once deleted, it is gone.
      expectError(await post('/file/deleteByRowkey', { rowKey }), 'NOT_FOUND');
    });

    it("answers another enterprise's attachment, unknown keys and other files as not found", async () => {
      const file = await attach(RECEIPT, R('PurchaseReceipt:8'));
      const rowKey = await rowkeyOf(RECEIPT, R('PurchaseReceipt:8'), file.fileKey);
      expectError(await post('/file/deleteByRowkey', { rowKey }, t.b), 'NOT_FOUND');
      for (const unknown of ['abc', '999999999', '-1'])
        expectError(await post('/file/deleteByRowkey', { rowKey: unknown }), 'NOT_FOUND');
      // A quality report is a field of its material, not an attachment of a list.
      const quality = expectOk(
        await upload(t.app, {
          token: t.a,
          bizType: 'quality',
          bizNo: R('MaterialData:1'),
          fileName: 'q.pdf',
          content: pdfBytes(),
        }),
      );
      const [qualityUpload] = await eventsOf(quality.fileKey);
      expectError(await post('/file/deleteByRowkey', { rowKey: String(qualityUpload!.id) }), 'NOT_FOUND');
      expect((await post('/file/deleteByRowkey', {})).body.code).toBe('E1001');

      expect(await fileRow(file.fileKey)).toBeDefined();
      expect(await fileRow(quality.fileKey)).toBeDefined();
    });

    it("needs the UploadAffix code of the page the attachment's bizNo names", async () => {
      const receipt = await attach(RECEIPT, R('PurchaseReceipt:9'));
      const receiptKey = await rowkeyOf(RECEIPT, R('PurchaseReceipt:9'), receipt.fileKey);
      const master = await attach('attachment', R('Project:3'));
      const masterKey = await rowkeyOf('attachment', R('Project:3'), master.fileKey);

      const viewer = await memberHolding(['PurchaseReceipt', 'PurchaseReceipt:ViewEnclosure']);
      const uploader = await memberHolding(['PurchaseReceipt', 'PurchaseReceipt:UploadAffix']);
      for (const lang of ['zh', 'en'] as const)
        expectError(
          await post('/file/deleteByRowkey', { rowKey: receiptKey }, viewer, lang),
          'FORBIDDEN',
          lang,
        );
      // Uploading needs the code too, as does filing an attachment under no page's record.
      const content = pdfBytes();
      expectError(
        await upload(t.app, {
          token: viewer,
          bizType: RECEIPT,
          bizNo: R('PurchaseReceipt:9'),
          fileName: 'x.pdf',
          content,
        }),
        'FORBIDDEN',
      );
      expectError(
        await upload(t.app, {
          token: uploader,
          bizType: 'attachment',
          bizNo: R('Project:3'),
          fileName: 'x.pdf',
          content,
        }),
        'FORBIDDEN',
      );
      expectError(
        await upload(t.app, { token: t.a, bizType: 'attachment', fileName: 'x.pdf', content }),
        'FORBIDDEN',
      );
      await attach(RECEIPT, R('PurchaseReceipt:9'), uploader);
      // Its code is for receipts, not for project codes.
      expectError(await post('/file/deleteByRowkey', { rowKey: masterKey }, uploader), 'FORBIDDEN');
      expect(await fileRow(receipt.fileKey)).toBeDefined();
      expect(await fileRow(master.fileKey)).toBeDefined();

      expectOk(await post('/file/deleteByRowkey', { rowKey: receiptKey }, uploader));
      expect(await fileRow(receipt.fileKey)).toBeUndefined();
      // The administrator holds every page's code, master data's included.
      expectOk(await post('/file/deleteByRowkey', { rowKey: masterKey }));
      expect(await list('attachment', R('Project:3'))).toEqual([]);
    });
  });

  describe('/file/preDownload and /file/preDownloadStats', () => {
    it('give a link that downloads the file without a session', async () => {
      const content = pngBytes(8);
      const file = expectOk(
        await upload(t.app, {
          token: t.a,
          bizType: RECEIPT,
          bizNo: R('PurchaseReceipt:20'),
          fileName: '磅单.png',
          content,
        }),
      );
      const link = expectOk(await post<TPreDownload>('/file/preDownload', { fileKey: file.fileKey }));
      expect(link).toMatchObject({ fileName: '磅单.png', blobType: 'image/png' });
      expect(link.url).toMatch(/^\/api\/file\/signed\?token=[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);

      const got = await follow(t, link.url);
      expect(got.status).toBe(200);
      expect(got.headers['content-type']).toBe('image/png');
      expect(String(got.headers['content-disposition'])).toContain(
        `attachment; filename="__.png"; filename*=UTF-8''${encodeURIComponent('磅单.png')}`,
      );
      expect(Buffer.compare(got.raw, content)).toBe(0);
      // The link is good for more than one click while it lasts.
      expect((await follow(t, link.url)).status).toBe(200);

      // The name can be chosen; type and taskId are taken and change nothing.
      const named = expectOk(
        await post<TPreDownload>('/file/preDownload', {
          fileKey: file.fileKey,
          fileName: 'weighing-slip.png',
          type: 'attachment',
          taskId: 12,
        }),
      );
      expect(named.fileName).toBe('weighing-slip.png');
      expect(String((await follow(t, named.url)).headers['content-disposition'])).toContain(
        'filename="weighing-slip.png"',
      );
    });

    it("refuses another enterprise's file, and changed or made-up links", async () => {
      const file = await attach(RECEIPT, R('PurchaseReceipt:21'));
      expectError(await post('/file/preDownload', { fileKey: file.fileKey }, t.b), 'NOT_FOUND');
      expectError(await post('/file/preDownloadStats', { fileKey: file.fileKey }, t.b), 'NOT_FOUND');
      expectError(await post('/file/preDownload', { fileKey: 'f'.repeat(32) }), 'NOT_FOUND');

      const theirs = expectOk(
        await upload(t.app, {
          token: t.b,
          bizType: RECEIPT,
          bizNo: theirReceipt,
          fileName: 'b.pdf',
          content: pdfBytes(),
        }),
      );
      const link = expectOk(await post<TPreDownload>('/file/preDownload', { fileKey: file.fileKey }));
      const token = link.url.split('token=').pop()!;
      const [payload, signature] = token.split('.') as [string, string];
      const grant = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
      const reencode = (g: Record<string, unknown>) => Buffer.from(JSON.stringify(g)).toString('base64url');
      const flip = (s: string) => (s.startsWith('A') ? `B${s.slice(1)}` : `A${s.slice(1)}`);
      const tampered = [
        // Another enterprise's file, or this one for longer, under the old signature.
        `${reencode({ ...grant, f: theirs.fileKey, e: SUPPLIER_UUID })}.${signature}`,
        `${reencode({ ...grant, x: Number(grant.x) + 3_600_000 })}.${signature}`,
        `${payload}.${flip(signature)}`,
        `${payload}.`,
        payload,
        `${payload}.${signature}.x`,
      ];
      for (const forged of tampered) {
        const res = await follow(t, `/api/file/signed?token=${forged}`, 'en');
        expect({ status: res.status, code: res.body.code }, forged).toEqual({ status: 404, code: 'E1003' });
      }
      // The untouched link still works; after the file's deletion it finds nothing.
      expect((await follow(t, link.url)).status).toBe(200);
      const rowKey = await rowkeyOf(RECEIPT, R('PurchaseReceipt:21'), file.fileKey);
      expectOk(await post('/file/deleteByRowkey', { rowKey }));
      expectError(await follow(t, link.url), 'NOT_FOUND');
    });

    it('counts the links /file/preDownloadStats issues, and only those', async () => {
      const file = await attach(RECEIPT, R('PurchaseReceipt:22'));
      const count = async () => (await fileRow(file.fileKey))!.downloadCount;
      expect(await count()).toBe(0);
      expectOk(await post('/file/preDownload', { fileKey: file.fileKey }));
      expect(await count()).toBe(0);
      const first = expectOk(await post<TPreDownload>('/file/preDownloadStats', { fileKey: file.fileKey }));
      expectOk(await post('/file/preDownloadStats', { fileKey: file.fileKey }));
      expect(await count()).toBe(2);
      expect((await follow(t, first.url)).status).toBe(200);
      expect(first.blobType).toBe('application/pdf');
    });
  });

  describe('refused transfers (/stage/fileErrorLog)', () => {
    const logPage = async (body: Record<string, unknown> = {}, token = t.a, lang?: TLang) =>
      expectOk(
        await post<TListResponse<TFileTransferError>>(
          '/stage/fileErrorLog/page',
          { pageSize: 100, ...body },
          token,
          lang,
        ),
      );

    it("records a document's refused attachment in its own transaction, though the upload fails", async () => {
      const before = (await logPage()).total;
      // Wrong extension for shipments (in English), content not matching its extension, over 5 MB.
      const refusals = [
        {
          res: await upload(t.app, {
            token: t.a,
            bizType: SHIPMENT,
            bizNo: R('LogisticsTrans:5'),
            fileName: 'route.docx',
            content: pdfBytes(),
            lang: 'en',
          }),
          key: 'FILE_TYPE_INVALID' as const,
          lang: 'en' as const,
          params: { types: 'jpg/jpeg/png/pdf' },
        },
        {
          res: await upload(t.app, {
            token: t.a,
            bizType: RECEIPT,
            bizNo: R('PurchaseReceipt:5'),
            fileName: 'fake.png',
            content: pdfBytes(),
          }),
          key: 'FILE_TYPE_INVALID' as const,
          lang: 'zh' as const,
          params: { types: fileBizTypeExtensions(RECEIPT).join('/') },
        },
        {
          res: await upload(t.app, {
            token: t.a,
            bizType: RECEIPT,
            bizNo: R('PurchaseReceipt:5'),
            fileName: 'huge.pdf',
            content: Buffer.concat([pdfBytes(), Buffer.alloc(LIMITS.fileMaxBytes)]),
          }),
          key: 'FILE_TOO_LARGE' as const,
          lang: 'zh' as const,
          params: undefined,
        },
      ];
      for (const r of refusals) expectError(r.res, r.key, r.lang, r.params);
      // Neither the refused files nor their evidence exist.
      const stored = await dbOf(t).select().from(files).where(eq(files.fileName, 'huge.pdf'));
      expect(stored).toEqual([]);

      const logged = await logPage();
      expect(logged.total).toBe(before + 3);
      expect(logged.list.slice(0, 3).map(({ id: _id, createdAt: _at, ...row }) => row)).toEqual([
        {
          bizType: RECEIPT,
          billType: 10,
          bizNo: R('PurchaseReceipt:5'),
          fileName: 'huge.pdf',
          errorCode: 'F1001',
          errorMsg: errorMessage('FILE_TOO_LARGE', 'zh'),
        },
        {
          bizType: RECEIPT,
          billType: 10,
          bizNo: R('PurchaseReceipt:5'),
          fileName: 'fake.png',
          errorCode: 'F1002',
          errorMsg: errorMessage('FILE_TYPE_INVALID', 'zh', refusals[1]!.params),
        },
        {
          bizType: SHIPMENT,
          billType: 40,
          bizNo: R('LogisticsTrans:5'),
          fileName: 'route.docx',
          errorCode: 'F1002',
          // Refused in English, read in Chinese: each reader sees the catalogue's sentence in its language.
          errorMsg: errorMessage('FILE_TYPE_INVALID', 'zh', { types: 'jpg/jpeg/png/pdf' }),
        },
      ]);
      const inEnglish = await logPage({}, t.a, 'en');
      expect(inEnglish.list.slice(0, 3).map((r) => r.errorMsg)).toEqual([
        errorMessage('FILE_TOO_LARGE', 'en'),
        errorMessage('FILE_TYPE_INVALID', 'en', refusals[1]!.params),
        'Only jpg/jpeg/png/pdf files are supported',
      ]);
      const [row] = await dbOf(t)
        .select()
        .from(fileTransferErrors)
        .where(eq(fileTransferErrors.fileName, 'route.docx'));
      // The message as recorded stays on the row.
      expect(row).toMatchObject({
        enterpriseUuid: AUTO_UUID,
        errorMsg: 'Only jpg/jpeg/png/pdf files are supported',
      });
      expect(row!.createdBy).toBeGreaterThan(0);
    });

    it('keeps no record of refused uploads of other business types', async () => {
      const before = (await dbOf(t).select().from(fileTransferErrors)).length;
      expectError(
        await upload(t.app, {
          token: t.a,
          bizType: 'attachment',
          bizNo: R('Project:1'),
          fileName: 'x.exe',
          content: pdfBytes(),
        }),
        'FILE_TYPE_INVALID',
        'zh',
        { types: fileBizTypeExtensions('attachment').join('/') },
      );
      expect((await dbOf(t).select().from(fileTransferErrors)).length).toBe(before);
    });

    it("lists only the enterprise's own records, filtered, for holders of any document page", async () => {
      expectError(
        await upload(t.app, {
          token: t.b,
          bizType: '800',
          bizNo: theirMine,
          fileName: 'mine.xlsx',
          content: pngBytes(),
        }),
        'FILE_TYPE_INVALID',
        'zh',
        { types: fileBizTypeExtensions('800').join('/') },
      );
      const theirs = await logPage({}, t.b);
      expect(theirs.list.map((r) => [r.fileName, r.bizType, r.billType])).toEqual([['mine.xlsx', '800', 80]]);
      const ours = await logPage();
      expect(ours.list.map((r) => r.fileName)).not.toContain('mine.xlsx');

      const names = async (body: Record<string, unknown>) =>
        (await logPage(body)).list.map((r) => r.fileName);
      // The shipment's refusals of the first test are listed too.
      const shipments = ['route.docx', 'weights.xlsx', 'weights.xlsx'];
      expect(await names({ bizType: SHIPMENT })).toEqual(shipments);
      expect(await names({ bizType: Number(SHIPMENT) })).toEqual(shipments);
      expect(await names({ billType: 10 })).toEqual(['huge.pdf', 'fake.png']);
      expect(await names({ billType: '40' })).toEqual(shipments);
      expect(await names({ fileName: 'FAKE' })).toEqual(['fake.png']);
      expect(await names({ bizType: RECEIPT, fileName: 'route' })).toEqual([]);
      const newest = ours.list[0]!.createdAt;
      expect(await names({ createdFrom: newest + 1 })).toEqual([]);
      expect((await names({ createdTo: newest })).length).toBe(ours.total);
      expect(await names({ sortField: 'createdAt', sortOrder: 'asc', billType: 10 })).toEqual([
        'fake.png',
        'huge.pdf',
      ]);
      expect((await post('/stage/fileErrorLog/page', { bizType: 'abc' })).body.code).toBe('E1001');

      // Any document page's code suffices; without one the list is refused.
      const mines = await memberHolding(['InternalE2']);
      expect((await logPage({}, mines)).total).toBe(ours.total);
      const partners = (await memberWith(t, t.a, AUTO_UUID, ['Partner'])).token;
      expectError(await post('/stage/fileErrorLog/page', {}, partners), 'FORBIDDEN');
    });
  });
});

describe('download links after their time, and a storage that fails', () => {
  let t: TestApp;
  let a: string;
  let dataDir: string;
  let R: (name: string) => string;

  beforeAll(async () => {
    // On disk, so that the storage can really fail; links are over as soon as they are issued, so
    // their expiry is seen without waiting.
    dataDir = mkdtempSync(path.join(tmpdir(), 'tracehub-files-'));
    t = await startTestApp({ DATA_DIR: dataDir, DOWNLOAD_LINK_VALIDITY_MS: '0' });
    a = await signIn(t.app, 'demo-auto', AUTO_UUID);
    R = await recordsNamed(t, a, ['LogisticsTrans:9', 'PurchaseReceipt:1']);
  });
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("records a document's attachment the storage could not keep", async () => {
    // A plain file where the storage's directory was: every write of content fails.
    const filesDir = path.join(dataDir, 'files');
    renameSync(filesDir, `${filesDir}.kept`);
    writeFileSync(filesDir, '');
    try {
      const res = await upload(t.app, {
        token: a,
        bizType: SHIPMENT,
        bizNo: R('LogisticsTrans:9'),
        fileName: 'seal.pdf',
        content: pdfBytes(),
        lang: 'en',
      });
      expectError(res, 'INTERNAL', 'en');
    } finally {
      rmSync(filesDir);
      renameSync(`${filesDir}.kept`, filesDir);
    }
    const logged = expectOk(
      await call<TListResponse<TFileTransferError>>(t.app, '/stage/fileErrorLog/page', {
        token: a,
        lang: 'en',
        body: {},
      }),
    );
    expect(logged.list.map(({ id: _id, createdAt: _at, ...row }) => row)).toEqual([
      {
        bizType: SHIPMENT,
        billType: 40,
        bizNo: R('LogisticsTrans:9'),
        fileName: 'seal.pdf',
        errorCode: 'E1000',
        errorMsg: errorMessage('INTERNAL', 'en'),
      },
    ]);
    expect(await dbOf(t).select().from(files).where(eq(files.fileName, 'seal.pdf'))).toEqual([]);
  });

  it('answer F1008 "valid for 3 minutes, then click again" in both languages', async () => {
    const file = expectOk(
      await upload(t.app, {
        token: a,
        bizType: RECEIPT,
        bizNo: R('PurchaseReceipt:1'),
        fileName: 'a.pdf',
        content: pdfBytes(),
      }),
    );
    const link = expectOk(
      await call<TPreDownload>(t.app, '/file/preDownload', { token: a, body: { fileKey: file.fileKey } }),
    );
    for (const lang of ['zh', 'en'] as const) {
      const res = await follow(t, link.url, lang);
      expectError(res, 'DOWNLOAD_LINK_EXPIRED', lang);
    }
    expect(errorMessage('DOWNLOAD_LINK_EXPIRED', 'en')).toBe(
      'Download link valid for 3 minutes, then click again',
    );
    expect(errorMessage('DOWNLOAD_LINK_EXPIRED', 'zh')).toBe('下载链接有效期为3分钟，请重新点击');
    // A changed expired link is still just unknown.
    const [payload, signature] = link.url.split('token=').pop()!.split('.') as [string, string];
    expectError(await follow(t, `/api/file/signed?token=${payload}.${signature.slice(1)}`), 'NOT_FOUND');
  });
});
