import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { LIMITS, validationMessage } from '@tracehub/contract';
import { files } from '../src/db/schema.ts';
import {
  AS_APPLICANT,
  AS_AUTO,
  AS_MULTI_IN_AUTO,
  AS_MULTI_IN_SUPPLIER,
  AS_SUPPLIER,
  AUTO_UUID,
  useTestApp,
} from './support/app.ts';
import { memberWith } from './support/accounts.ts';
import { operatorSignIn } from './support/company.ts';
import { jpegBytes, pdfBytes, pngBytes, sha256, upload, viewFile } from './support/files.ts';
import { dbOf, expectError, expectOk, inBothLangs } from './support/helpers.ts';
import { newMaterial, newProject, type TRecordRef } from './support/records.ts';

describe('file upload and view', () => {
  const t = useTestApp({
    applicant: AS_APPLICANT,
    auto: AS_AUTO,
    multiInAuto: AS_MULTI_IN_AUTO,
    multiInSupplier: AS_MULTI_IN_SUPPLIER,
    supplier: AS_SUPPLIER,
  });
  let operator: string;
  /** Records of the automaker that its files are filed under. */
  let project: TRecordRef;
  let material: TRecordRef;

  beforeAll(async () => {
    operator = await operatorSignIn(t.app);
    project = await newProject(t.app, t.auto);
    material = await newMaterial(t.app, t.auto);
  });

  const rowOf = async (fileKey: string) =>
    (await dbOf(t).select().from(files).where(eq(files.fileKey, fileKey)))[0]!;

  it('stores a PNG licence with its SHA-256 and keeps it personal to the applicant', async () => {
    const content = pngBytes(16);
    const info = expectOk(
      await upload(t.app, {
        token: t.applicant,
        bizType: 'businessLicence',
        bizNo: 'cert-1',
        fileName: '营业执照.png',
        content,
      }),
    );
    expect(info).toMatchObject({
      fileName: '营业执照.png',
      fileHash: sha256(content),
      size: content.length,
      contentType: 'image/png',
      bizType: 'businessLicence',
      bizNo: 'cert-1',
    });
    expect(info.fileKey).toMatch(/^[0-9a-f]{32}$/);
    const row = await rowOf(info.fileKey);
    expect(row.enterpriseUuid).toBeNull();
    expect(row.sha256).toBe(sha256(content));
  });

  it('accepts JPEG photos as .jpg and .jpeg, and a PDF attachment', async () => {
    for (const fileName of ['front.jpg', 'back.JPEG']) {
      const info = expectOk(
        await upload(t.app, { token: t.applicant, bizType: 'idPhoto', fileName, content: jpegBytes() }),
      );
      expect(info.contentType).toBe('image/jpeg');
      expect(info.fileHash).toBe(sha256(jpegBytes()));
    }
    const pdf = expectOk(
      await upload(t.app, {
        token: t.auto,
        bizType: 'attachment',
        bizNo: project.bizNo,
        fileName: 'contract.pdf',
        content: pdfBytes(),
      }),
    );
    expect(pdf.contentType).toBe('application/pdf');
    expect((await rowOf(pdf.fileKey)).enterpriseUuid).toBe(AUTO_UUID);
  });

  it('refuses content whose leading bytes do not match the extension (a PDF named .png)', async () => {
    const [zh, en] = await inBothLangs((lang) =>
      upload(t.app, {
        token: t.applicant,
        bizType: 'idPhoto',
        fileName: 'photo.png',
        content: pdfBytes(),
        lang,
      }),
    );
    expectError(zh, 'FILE_TYPE_INVALID', 'zh', { types: 'jpg/jpeg/png' });
    expectError(en, 'FILE_TYPE_INVALID', 'en', { types: 'jpg/jpeg/png' });
    expect(en.body.msg).toBe('Only jpg/jpeg/png files are supported');
  });

  it("refuses an extension the business type does not accept, with that type's list", async () => {
    const pdfLicence = await upload(t.app, {
      token: t.applicant,
      bizType: 'businessLicence',
      fileName: 'licence.pdf',
      content: pdfBytes(),
      lang: 'en',
    });
    expectError(pdfLicence, 'FILE_TYPE_INVALID', 'en', { types: 'jpg/jpeg/png' });
    const pngQuality = await upload(t.app, {
      token: t.auto,
      bizType: 'quality',
      bizNo: material.bizNo,
      fileName: 'report.png',
      content: pngBytes(),
    });
    expectError(pngQuality, 'FILE_TYPE_INVALID', 'zh', { types: 'doc/docx/xls/xlsx/pdf' });
  });

  it("refuses files over 5MB with 'Max5MB'", async () => {
    const big = pngBytes(2400, true);
    expect(big.length).toBeGreaterThan(LIMITS.fileMaxBytes);
    const [zh, en] = await inBothLangs((lang) =>
      upload(t.app, { token: t.applicant, bizType: 'idPhoto', fileName: 'big.png', content: big, lang }),
    );
    expectError(zh, 'FILE_TOO_LARGE', 'zh');
    expectError(en, 'FILE_TOO_LARGE', 'en');
    expect(en.body.msg).toBe('Max5MB');
  });

  it('validates the query and requires a file part', async () => {
    const badType = await upload(t.app, {
      token: t.applicant,
      bizType: 'selfie',
      fileName: 'a.png',
      content: pngBytes(),
    });
    expect(badType.body.code).toBe('E1001');
    const [zh, en] = await inBothLangs((lang) =>
      upload(t.app, { token: t.applicant, bizType: 'idPhoto', lang }),
    );
    expect(zh.body.code).toBe('E1001');
    expect(zh.body.msg).toContain(validationMessage('v.file.required', 'zh'));
    expect(en.body.msg).toContain(validationMessage('v.file.required', 'en'));
  });

  it('needs an enterprise-end session to upload', async () => {
    const anonymous = await upload(t.app, { bizType: 'idPhoto', fileName: 'a.png', content: pngBytes() });
    expectError(anonymous, 'NOT_LOGGED_IN');
    const byOperator = await upload(t.app, {
      token: operator,
      bizType: 'idPhoto',
      fileName: 'a.png',
      content: pngBytes(),
    });
    expectError(byOperator, 'FORBIDDEN');
  });

  it("lets members holding its page's code and auditing operators read a file, and nobody else", async () => {
    const content = pdfBytes();
    const attachment = expectOk(
      await upload(t.app, {
        token: t.auto,
        bizType: 'attachment',
        bizNo: project.bizNo,
        fileName: '合同.pdf',
        content,
      }),
    );
    const own = await viewFile(t.app, attachment.fileKey, t.auto);
    expect(own.status).toBe(200);
    expect(own.headers['content-type']).toBe('application/pdf');
    expect(own.headers['x-content-type-options']).toBe('nosniff');
    expect(String(own.headers['content-disposition'])).toContain("filename*=UTF-8''%E5%90%88%E5%90%8C.pdf");
    expect(sha256(own.raw)).toBe(sha256(content));

    // A colleague reads a record's attachments with the page's ViewEnclosure, not by being a member.
    const viewer = (await memberWith(t, t.auto, AUTO_UUID, ['Project', 'Project:ViewEnclosure'])).token;
    const colleague = await viewFile(t.app, attachment.fileKey, viewer);
    expect(colleague.status).toBe(200);
    expect(colleague.raw.equals(content)).toBe(true);
    expectError((await viewFile(t.app, attachment.fileKey, t.multiInAuto)).res, 'FORBIDDEN');

    // Another enterprise's member, and the same person signed in to another enterprise: as if absent.
    expectError((await viewFile(t.app, attachment.fileKey, t.supplier)).res, 'NOT_FOUND');
    expectError((await viewFile(t.app, attachment.fileKey, t.multiInSupplier, 'en')).res, 'NOT_FOUND', 'en');
    // Operators read certification files, not enterprises' business attachments.
    expectError((await viewFile(t.app, attachment.fileKey, operator)).res, 'NOT_FOUND');

    const photo = expectOk(
      await upload(t.app, {
        token: t.applicant,
        bizType: 'idPhoto',
        fileName: 'id.png',
        content: pngBytes(8),
      }),
    );
    const audited = await viewFile(t.app, photo.fileKey, operator);
    expect(audited.status).toBe(200);
    expect(audited.headers['content-type']).toBe('image/png');
    expect(audited.raw.equals(pngBytes(8))).toBe(true);
    expect((await viewFile(t.app, photo.fileKey, t.applicant)).status).toBe(200);
    // A personal certification upload is not the current enterprise's file.
    expectError((await viewFile(t.app, photo.fileKey, t.auto)).res, 'NOT_FOUND');
  });

  it('answers unknown keys and anonymous callers like any missing file or session', async () => {
    expectError((await viewFile(t.app, 'f'.repeat(32), t.auto)).res, 'NOT_FOUND');
    expectError((await viewFile(t.app, 'f'.repeat(32))).res, 'NOT_LOGGED_IN');
  });
});
