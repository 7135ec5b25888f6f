import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TCertificate, TFileEvidence, TLang } from '@tracehub/contract';
import { ledgerEvents } from '../src/db/schema.ts';
import { AS_AUTO, AS_SUPPLIER, AUTO_UUID, call, useTestApp, type Envelope } from './support/app.ts';
import { memberWith } from './support/accounts.ts';
import { pdfBytes, sha256, upload } from './support/files.ts';
import { dbOf, expectError, expectOk, type Res } from './support/helpers.ts';
import { seal } from './support/ledger.ts';
import { newProject } from './support/records.ts';

/** GET /api/file/viewChainPdf: the raw answer (PDF bytes, or an envelope on failure). */
async function chainPdf(
  app: FastifyInstance,
  query: Record<string, string>,
  opts: { token?: string; lang?: TLang } = {},
) {
  const res = await app.inject({
    method: 'GET',
    url: '/api/file/viewChainPdf',
    query,
    headers: {
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...(opts.lang ? { 'accept-language': opts.lang } : {}),
    },
  });
  let body: Envelope = { code: '', msg: '', data: null };
  try {
    body = JSON.parse(res.body) as Envelope;
  } catch {
    // A PDF.
  }
  const envelope: Res = { status: res.statusCode, body, text: res.body };
  return { status: res.statusCode, headers: res.headers, raw: res.rawPayload, envelope };
}

/** Reads a PDF literal string starting at `start` (just after its '('), undoing the escapes. */
function literalAt(raw: Buffer, start: number): Buffer {
  const out: number[] = [];
  let depth = 0;
  for (let i = start; i < raw.length; i++) {
    const c = raw[i]!;
    if (c === 0x5c) {
      const next = raw[++i]!;
      const escapes: Record<number, number> = { 0x6e: 10, 0x72: 13, 0x74: 9, 0x62: 8, 0x66: 12 };
      out.push(escapes[next] ?? next);
    } else if (c === 0x28) {
      depth++;
      out.push(c);
    } else if (c === 0x29) {
      if (depth === 0) return Buffer.from(out);
      depth--;
      out.push(c);
    } else out.push(c);
  }
  throw new Error('unterminated PDF string');
}

/** A document-information entry (Title, Subject, Keywords) as pdfkit writes it: an indirect string. */
function pdfInfo(raw: Buffer, key: string): string {
  const text = raw.toString('latin1');
  const ref = new RegExp(`/${key} (\\d+) 0 R`).exec(text);
  if (!ref) throw new Error(`no /${key} in the document information`);
  const obj = text.indexOf(`\n${ref[1]} 0 obj\n(`);
  const bytes = literalAt(raw, obj + `\n${ref[1]} 0 obj\n(`.length);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return bytes.subarray(2).swap16().toString('utf16le');
  return bytes.toString('latin1');
}

/** The machine-readable keywords of a certificate as a map. */
function keywordsOf(raw: Buffer): Record<string, string> {
  return Object.fromEntries(
    pdfInfo(raw, 'Keywords')
      .split(' ')
      .filter((w) => w.includes('='))
      .map((w) => w.split('=') as [string, string]),
  );
}

/** Asserts a one-page PDF certificate answered inline; returns its bytes. */
function expectPdf(res: Awaited<ReturnType<typeof chainPdf>>): Buffer {
  expect(res.status, res.envelope.body.msg).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  expect(res.headers['content-disposition']).toMatch(/^inline; filename="[^"]+\.pdf"; filename\*=UTF-8''/);
  expect(res.headers['cache-control']).toBe('private, no-store');
  expect(res.raw.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(res.raw.subarray(-6).toString('latin1')).toMatch(/%%EOF\s*$/);
  // Subset CJK fonts keep it small; a whole Source Han Sans would be megabytes.
  expect(res.raw.length).toBeGreaterThan(8_000);
  expect(res.raw.length).toBeLessThan(400_000);
  expect(res.raw.toString('latin1')).toMatch(/\/Type \/Pages\n\/Count 1\n/);
  return res.raw;
}

/** The verification link the QR code (and the link under it) leads to. */
const verifyLinks = (raw: Buffer) =>
  [...raw.toString('latin1').matchAll(/\/URI \(([^)]*)\)/g)].map((m) => m[1]);

describe('certificate PDF (/file/viewChainPdf) and /pass/chainFile', () => {
  const t = useTestApp({ auto: AS_AUTO, supplier: AS_SUPPLIER });
  let file: TFileEvidence;
  let certificate: TCertificate;
  /** A project whose attachment stays unsealed for a while. */
  let pendingProject: string;

  beforeAll(async () => {
    const project = (await newProject(t.app, t.auto)).bizNo;
    pendingProject = (await newProject(t.app, t.auto)).bizNo;
    expectOk(
      await upload(t.app, {
        token: t.auto,
        bizType: 'attachment',
        bizNo: project,
        fileName: '检验报告.pdf',
        content: pdfBytes(),
      }),
    );
    await seal(t);
    [file] = expectOk(
      await call<TFileEvidence[]>(t.app, '/file/list', {
        token: t.auto,
        body: { bizType: 'attachment', bizNo: project },
      }),
    ) as [TFileEvidence];
    certificate = expectOk(await call<TCertificate>(t.app, '/certification/certificate', { token: t.auto }));
  });

  it('prints the blockchain evidence certificate of a sealed record by its rowkey, in zh and en', async () => {
    expect(file.chain.status).toBe('sealed');
    const zh = expectPdf(await chainPdf(t.app, { uuid: file.rowkey, lang: 'zh' }, { token: t.auto }));
    const en = expectPdf(await chainPdf(t.app, { uuid: file.rowkey, lang: 'en' }, { token: t.auto }));
    expect(zh.equals(en)).toBe(false);
    expect(pdfInfo(zh, 'Title')).toBe(`区块链存证证书 ${file.rowkey}`);
    expect(pdfInfo(en, 'Title')).toBe(`Blockchain Evidence Certificate ${file.rowkey}`);
    expect(pdfInfo(zh, 'Subject')).toBe('Tracehub 区块链存证证书');
    expect(keywordsOf(zh)).toEqual({
      kind: 'evidence',
      lang: 'zh',
      id: file.rowkey,
      txHash: file.txHash,
      height: String(file.chain.chainHeight),
    });
    expect(keywordsOf(en)).toMatchObject({ kind: 'evidence', lang: 'en', txHash: file.txHash });
    // The QR code and the printed link lead to the public verification page on the request's origin.
    const link = `http://localhost:80/verify?hash=${file.txHash}`;
    expect(verifyLinks(zh)).toEqual([link, link]);
    expect(verifyLinks(en)).toEqual([link, link]);
  });

  it('follows Accept-Language without a lang query, and names the download in that language', async () => {
    const zhRes = await chainPdf(t.app, { uuid: file.rowkey }, { token: t.auto });
    expect(keywordsOf(expectPdf(zhRes)).lang).toBe('zh');
    // The UTF-8 name in the console's language, the English one as the ASCII fallback.
    expect(zhRes.headers['content-disposition']).toBe(
      `inline; filename="blockchain-evidence-certificate-${file.rowkey}.pdf"; filename*=UTF-8''${encodeURIComponent(`区块链存证证书-${file.rowkey}.pdf`)}`,
    );
    const enRes = await chainPdf(t.app, { uuid: file.rowkey }, { token: t.auto, lang: 'en' });
    expect(keywordsOf(expectPdf(enRes)).lang).toBe('en');
    expect(enRes.headers['content-disposition']).toContain(
      `filename="blockchain-evidence-certificate-${file.rowkey}.pdf"`,
    );
  });

  it('finds the record by its txHash or its file hash as well', async () => {
    for (const uuid of [file.txHash, file.txHash.toUpperCase(), file.fileHash]) {
      const raw = expectPdf(await chainPdf(t.app, { uuid }, { token: t.auto }));
      expect(keywordsOf(raw)).toMatchObject({ kind: 'evidence', id: file.rowkey, txHash: file.txHash });
    }
  });

  it('refuses a record not sealed yet with L3001, in both languages', async () => {
    const content = Buffer.concat([pdfBytes(), Buffer.from('% pending\n')]);
    expectOk(
      await upload(t.app, {
        token: t.auto,
        bizType: 'attachment',
        bizNo: pendingProject,
        fileName: 'pending.pdf',
        content,
      }),
    );
    const [pending] = expectOk(
      await call<TFileEvidence[]>(t.app, '/file/list', {
        token: t.auto,
        body: { bizType: 'attachment', bizNo: pendingProject },
      }),
    );
    expect(pending!.chain.status).toBe('pending');
    for (const lang of ['zh', 'en'] as const) {
      for (const uuid of [pending!.rowkey, pending!.txHash, sha256(content)]) {
        expectError(
          (await chainPdf(t.app, { uuid }, { token: t.auto, lang })).envelope,
          'LEDGER_NOT_SEALED',
          lang,
        );
      }
    }
    await seal(t);
    expectPdf(await chainPdf(t.app, { uuid: pending!.rowkey }, { token: t.auto }));
  });

  it("keeps another enterprise's records as unknown as missing ones (E1003), in both languages", async () => {
    const [certEvent] = await dbOf(t)
      .select({ id: ledgerEvents.id, leafHash: ledgerEvents.leafHash })
      .from(ledgerEvents)
      .where(
        and(eq(ledgerEvents.eventType, 'enterprise.certified'), eq(ledgerEvents.enterpriseUuid, AUTO_UUID)),
      );
    const foreign = [
      file.rowkey,
      file.txHash,
      file.fileHash,
      String(certEvent!.id),
      certEvent!.leafHash,
      certificate.number,
    ];
    const unknown = ['999999999', 'f'.repeat(64), 'TH-CERT-1999-000001', 'no such record'];
    for (const lang of ['zh', 'en'] as const) {
      for (const uuid of [...foreign, ...unknown]) {
        expectError(
          (await chainPdf(t.app, { uuid }, { token: t.supplier, lang })).envelope,
          'NOT_FOUND',
          lang,
        );
      }
      for (const uuid of unknown) {
        expectError((await chainPdf(t.app, { uuid }, { token: t.auto, lang })).envelope, 'NOT_FOUND', lang);
      }
    }
    // The supplier's own certificate still prints.
    const own = expectOk(
      await call<TCertificate>(t.app, '/certification/certificate', { token: t.supplier }),
    );
    expect(
      keywordsOf(expectPdf(await chainPdf(t.app, { uuid: own.number }, { token: t.supplier }))),
    ).toMatchObject({ kind: 'certification', number: own.number });
  });

  it('answers envelopes without a session (401) or without a uuid (E1001)', async () => {
    for (const lang of ['zh', 'en'] as const) {
      const res = await chainPdf(t.app, { uuid: file.rowkey }, { lang });
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expectError(res.envelope, 'NOT_LOGGED_IN', lang);
      const invalid = await chainPdf(t.app, {}, { token: t.auto, lang });
      expect(invalid.envelope.status).toBe(400);
      expect(invalid.envelope.body.code).toBe('E1001');
    }
  });

  it("prints the enterprise's certification certificate by its number, with the credential's facts", async () => {
    const zh = expectPdf(await chainPdf(t.app, { uuid: certificate.number, lang: 'zh' }, { token: t.auto }));
    const en = expectPdf(await chainPdf(t.app, { uuid: certificate.number, lang: 'en' }, { token: t.auto }));
    expect(zh.equals(en)).toBe(false);
    expect(pdfInfo(zh, 'Title')).toBe(`企业认证证书 ${certificate.number}`);
    expect(pdfInfo(en, 'Title')).toBe(`Enterprise Certification Certificate ${certificate.number}`);
    const [certEvent] = await dbOf(t)
      .select({ leafHash: ledgerEvents.leafHash })
      .from(ledgerEvents)
      .where(
        and(
          eq(ledgerEvents.eventType, 'enterprise.certified'),
          eq(ledgerEvents.subjectId, certificate.number),
        ),
      );
    expect(keywordsOf(zh)).toEqual({
      kind: 'certification',
      lang: 'zh',
      number: certificate.number,
      did: certificate.did,
      txHash: certEvent!.leafHash,
    });
    const link = `http://localhost:80/verify?hash=${certEvent!.leafHash}`;
    expect(verifyLinks(en)).toEqual([link, link]);
  });

  it("requires ViewBlockchainCertificate for the certification certificate, its page's ViewBCdata for evidence", async () => {
    const { token } = await memberWith(t, t.auto, AUTO_UUID, ['Workbench']);
    for (const lang of ['zh', 'en'] as const) {
      for (const uuid of [certificate.number, file.rowkey, file.txHash]) {
        expectError((await chainPdf(t.app, { uuid }, { token, lang })).envelope, 'FORBIDDEN', lang);
      }
    }
    const viewer = await memberWith(t, t.auto, AUTO_UUID, ['ViewBlockchainCertificate']);
    expectPdf(await chainPdf(t.app, { uuid: certificate.number }, { token: viewer.token }));
    // The company's certificate code opens no project's evidence.
    expectError(
      (await chainPdf(t.app, { uuid: file.rowkey }, { token: viewer.token })).envelope,
      'FORBIDDEN',
    );
    const projects = await memberWith(t, t.auto, AUTO_UUID, ['Project', 'Project:ViewBCdata']);
    expectPdf(await chainPdf(t.app, { uuid: file.rowkey }, { token: projects.token }));
    const records = await memberWith(t, t.auto, AUTO_UUID, ['ChainRecords']);
    expectPdf(await chainPdf(t.app, { uuid: file.txHash }, { token: records.token }));
  });

  it('refuses (L3003) to certify a record whose stored evidence no longer verifies', async () => {
    const db = dbOf(t);
    const id = Number(file.rowkey);
    const [row] = await db.select().from(ledgerEvents).where(eq(ledgerEvents.id, id));
    await db
      .update(ledgerEvents)
      .set({ leafData: row!.leafData.replace(file.fileHash, 'f'.repeat(64)) })
      .where(eq(ledgerEvents.id, id));
    try {
      for (const lang of ['zh', 'en'] as const) {
        expectError(
          (await chainPdf(t.app, { uuid: file.rowkey }, { token: t.auto, lang })).envelope,
          'LEDGER_INTEGRITY',
          lang,
        );
      }
    } finally {
      await db.update(ledgerEvents).set({ leafData: row!.leafData }).where(eq(ledgerEvents.id, id));
    }
    expectPdf(await chainPdf(t.app, { uuid: file.rowkey }, { token: t.auto }));
  });

  it('documents both endpoints in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { summary?: string; parameters?: { name: string }[] }>>;
    };
    const pdf = doc.paths['/api/file/viewChainPdf']?.get;
    expect(pdf?.summary).toContain('certificate number');
    expect(pdf?.parameters?.map((p) => p.name)).toEqual(expect.arrayContaining(['uuid', 'lang', 'tz']));
    expect(doc.paths['/api/pass/chainFile']?.post).toBeDefined();
  });

  it("/pass/chainFile answers one of the enterprise's files as /file/list does", async () => {
    const detail = expectOk(
      await call<TFileEvidence>(t.app, '/pass/chainFile', { token: t.auto, body: { fileKey: file.fileKey } }),
    );
    expect(detail).toEqual(file);
    for (const lang of ['zh', 'en'] as const) {
      expectError(
        await call(t.app, '/pass/chainFile', { token: t.supplier, lang, body: { fileKey: file.fileKey } }),
        'NOT_FOUND',
        lang,
      );
      expectError(
        await call(t.app, '/pass/chainFile', { token: t.auto, lang, body: { fileKey: 'no-such-file' } }),
        'NOT_FOUND',
        lang,
      );
      expectError(
        await call(t.app, '/pass/chainFile', { lang, body: { fileKey: file.fileKey } }),
        'NOT_LOGGED_IN',
        lang,
      );
    }
  });
});
