import { createHash, randomBytes } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import { multipartBody } from './multipart.ts';
import type { FastifyInstance } from 'fastify';
import type { TFileInfo } from '@tracehub/contract';
import type { Envelope } from './app.ts';
import type { Res } from './helpers.ts';

export const sha256 = (b: Buffer): string => createHash('sha256').update(b).digest('hex');

function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const out = Buffer.alloc(8 + data.length + 4);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), 8 + data.length);
  return out;
}

/** A real PNG: `size` x `size` grey pixels (random noise when `noise`, so it does not compress). */
export function pngBytes(size = 4, noise = false): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  const rows = Buffer.concat(
    Array.from({ length: size }, () =>
      Buffer.concat([Buffer.from([0]), noise ? randomBytes(size) : Buffer.alloc(size, 0x80)]),
    ),
  );
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(rows, { level: noise ? 0 : 6 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A complete JPEG of one pixel (arithmetic coding), every segment from SOI to EOI: the smallest real one. */
export function jpegBytes(): Buffer {
  return Buffer.from(
    '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAAMCAgICAgMCAgIDAwMDBAYEBAQEBAgGBgUGCQgKCgkICQkKDA8MCgsOCwkJDRENDg8QEBEQCgwSExIQEw8QEBD/' +
      'yQALCAABAAEBAREA/8wABgAQEAX/2gAIAQEAAD8A0s8g/9k=',
    'base64',
  );
}

/** A real one-page PDF. */
export function pdfBytes(): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 100] >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** POST /api/file/upload as a browser sends it: multipart with one `file` part. */
export async function upload(
  app: FastifyInstance,
  opts: {
    token?: string;
    bizType: string;
    bizNo?: string;
    fileName?: string;
    content?: Buffer;
    lang?: 'zh' | 'en';
  },
): Promise<Res<TFileInfo>> {
  const { payload, contentType } = multipartBody(
    opts.content && opts.fileName !== undefined
      ? { file: { name: opts.fileName, content: opts.content } }
      : { fields: { note: 'none' } },
  );
  const query: Record<string, string> = { bizType: opts.bizType };
  if (opts.bizNo) query.bizNo = opts.bizNo;
  const res = await app.inject({
    method: 'POST',
    url: '/api/file/upload',
    query,
    headers: {
      'content-type': contentType,
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...(opts.lang ? { 'accept-language': opts.lang } : {}),
    },
    payload,
  });
  return { status: res.statusCode, body: res.json() as Envelope<TFileInfo>, text: res.body };
}

/** GET /api/file/view: the raw response (bytes on success, an envelope on failure). */
export async function viewFile(app: FastifyInstance, fileKey: string, token?: string, lang?: 'zh' | 'en') {
  const res = await app.inject({
    method: 'GET',
    url: '/api/file/view',
    query: { fileKey },
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(lang ? { 'accept-language': lang } : {}),
    },
  });
  return {
    status: res.statusCode,
    headers: res.headers,
    raw: res.rawPayload,
    res: { status: res.statusCode, body: safeJson(res.body), text: res.body },
  };
}

function safeJson(text: string): Envelope {
  try {
    return JSON.parse(text) as Envelope;
  } catch {
    return { code: '', msg: '', data: null };
  }
}
