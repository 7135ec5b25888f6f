import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import type { TLang } from '@tracehub/contract';

// The A4 layout of the certificates: a framed page with a title, a bordered body of label/value rows
// (hashes in a monospace face, broken into even lines), a QR code to the public verification page and a
// note on verifying. What is printed comes from certificate-content.ts; this module only lays it out.

/** One line group of a row's value. */
export interface RowPart {
  text: string;
  /** Hashes, DIDs, addresses: monospace, broken at any character into lines of even length. */
  mono?: boolean;
  /** A short caption before the value, in the text face (e.g. "Contract" before an address). */
  caption?: string;
}

export interface CertificateRow {
  label: string;
  parts: RowPart[];
}

export interface CertificateDocument {
  lang: TLang;
  platform: string;
  title: string;
  subtitle: string;
  statement: string;
  rows: CertificateRow[];
  qr: { url: string; caption: string };
  verify: { title: string; paragraphs: string[] };
  footer: string;
  /** The word in the round seal (a few characters). */
  seal: string;
  /** The document information dictionary (readable without parsing the page content). */
  info: { title: string; subject: string; keywords: string; created: Date };
  /** Uncompressed content streams (tests read them). */
  compress?: boolean;
}

const PAGE = { width: 595.28, height: 841.89 };
const MARGIN_X = 54;
const CONTENT_WIDTH = PAGE.width - 2 * MARGIN_X;
const LABEL_WIDTH = 150;
const PAD_X = 8;
/** Row padding: at least this, more when the page has room. */
const PAD_Y = { min: 4, max: 9 };
const FOOTER_RULE = PAGE.height - 62;
const MONO_LINE = 1.35;
const SEAL_RADIUS = 34;
const QR_SIZE = 92;
const COLOR = {
  primary: '#1d3b6f',
  accent: '#b08d3c',
  text: '#1f2329',
  muted: '#5b6472',
  grid: '#d5dbe5',
  labelFill: '#f3f6fb',
  link: '#1d5fbf',
  seal: '#c0392b',
};
const FONT = { regular: 'cjk', bold: 'cjk-bold', mono: 'Courier', monoBold: 'Courier-Bold' } as const;
const SIZE = { body: 9, mono: 8.5, small: 7.8 };

const require = createRequire(import.meta.url);
let fonts: { regular: Buffer; bold: Buffer } | null = null;

/** Source Han Sans CN (npm source-han-sans-cn), read once; pdfkit embeds only the glyphs a document uses. */
export function cjkFonts(): { regular: Buffer; bold: Buffer } {
  fonts ??= {
    regular: readFileSync(require.resolve('source-han-sans-cn/SourceHanSansCN-Regular.otf')),
    bold: readFileSync(require.resolve('source-han-sans-cn/SourceHanSansCN-Bold.otf')),
  };
  return fonts;
}

type Doc = PDFKit.PDFDocument;

/**
 * Splits monospace text into as few lines as fit `width`, all of about the same length; `breakAt` is a
 * preferred place to break (after `?hash=` in a link) used when both halves fit.
 */
export function monoLines(doc: Doc, value: string, width: number, size: number, breakAt?: number): string[] {
  doc.font(FONT.mono).fontSize(size);
  const perLine = Math.max(8, Math.floor(width / doc.widthOfString('0')));
  if (value.length <= perLine) return [value];
  if (breakAt !== undefined && breakAt > 0 && breakAt <= perLine && value.length - breakAt <= perLine) {
    return [value.slice(0, breakAt), value.slice(breakAt)];
  }
  const count = Math.ceil(value.length / perLine);
  const length = Math.ceil(value.length / count);
  const lines: string[] = [];
  for (let i = 0; i < value.length; i += length) lines.push(value.slice(i, i + length));
  return lines;
}

interface Measured {
  height: number;
  draw: (x: number, y: number) => void;
}

/** The height of one part of a value, and a function drawing it at (x, y). */
function measurePart(doc: Doc, part: RowPart, width: number, captionWidth: number): Measured {
  if (!part.mono) {
    doc.font(FONT.regular).fontSize(SIZE.body);
    const height = doc.heightOfString(part.text, { width });
    return {
      height,
      draw: (x, y) => {
        doc.font(FONT.regular).fontSize(SIZE.body).fillColor(COLOR.text).text(part.text, x, y, { width });
      },
    };
  }
  const lines = monoLines(doc, part.text, width - captionWidth, SIZE.mono);
  const lineHeight = SIZE.mono * MONO_LINE;
  return {
    height: lines.length * lineHeight + 2,
    draw: (x, y) => {
      if (part.caption) {
        doc
          .font(FONT.regular)
          .fontSize(SIZE.small)
          .fillColor(COLOR.muted)
          .text(part.caption, x, y + 0.5, { lineBreak: false });
      }
      doc.font(FONT.mono).fontSize(SIZE.mono).fillColor(COLOR.text);
      lines.forEach((line, i) =>
        doc.text(line, x + captionWidth, y + 3 + i * lineHeight, { lineBreak: false }),
      );
    },
  };
}

/** A row's value: its parts one below the other. */
function measureValue(doc: Doc, row: CertificateRow, width: number): Measured {
  // Captions of one row share a width, so that their values line up.
  doc.font(FONT.regular).fontSize(SIZE.small);
  const captionWidth = Math.max(
    0,
    ...row.parts.map((part) => (part.caption ? doc.widthOfString(part.caption) + 6 : 0)),
  );
  const parts = row.parts.map((part) => measurePart(doc, part, width, captionWidth));
  const gap = 2;
  return {
    height: parts.reduce((sum, p) => sum + p.height, 0) + gap * (parts.length - 1),
    draw: (x, y) => {
      let top = y;
      for (const part of parts) {
        part.draw(x, top);
        top += part.height + gap;
      }
    },
  };
}

function drawFrame(doc: Doc): void {
  doc.save();
  doc
    .lineWidth(2.4)
    .strokeColor(COLOR.primary)
    .rect(20, 20, PAGE.width - 40, PAGE.height - 40)
    .stroke();
  doc
    .lineWidth(0.8)
    .strokeColor(COLOR.accent)
    .rect(26, 26, PAGE.width - 52, PAGE.height - 52)
    .stroke();
  // Small diamonds in the corners of the inner frame.
  for (const [cx, cy] of [
    [26, 26],
    [PAGE.width - 26, 26],
    [26, PAGE.height - 26],
    [PAGE.width - 26, PAGE.height - 26],
  ] as const) {
    doc
      .moveTo(cx, cy - 5)
      .lineTo(cx + 5, cy)
      .lineTo(cx, cy + 5)
      .lineTo(cx - 5, cy)
      .closePath()
      .fill(COLOR.accent);
  }
  doc.restore();
}

/** Title block; returns the y below it. */
function drawHeader(doc: Doc, cert: CertificateDocument): number {
  let y = 46;
  doc
    .font(FONT.regular)
    .fontSize(9.5)
    .fillColor(COLOR.muted)
    .text(cert.platform, MARGIN_X, y, { width: CONTENT_WIDTH, align: 'center', characterSpacing: 1 });
  y += 20;
  const titleSize = cert.lang === 'zh' ? 26 : 22;
  doc
    .font(FONT.bold)
    .fontSize(titleSize)
    .fillColor(COLOR.primary)
    .text(cert.title, MARGIN_X, y, {
      width: CONTENT_WIDTH,
      align: 'center',
      characterSpacing: cert.lang === 'zh' ? 6 : 0.5,
    });
  y += titleSize * 1.45;
  doc
    .font(FONT.regular)
    .fontSize(8.5)
    .fillColor(COLOR.accent)
    .text(cert.subtitle, MARGIN_X, y, { width: CONTENT_WIDTH, align: 'center', characterSpacing: 2 });
  y += 18;
  const mid = PAGE.width / 2;
  doc.save().lineWidth(0.8).strokeColor(COLOR.accent);
  doc
    .moveTo(mid - 90, y)
    .lineTo(mid - 8, y)
    .stroke();
  doc
    .moveTo(mid + 8, y)
    .lineTo(mid + 90, y)
    .stroke();
  doc
    .moveTo(mid, y - 3.5)
    .lineTo(mid + 3.5, y)
    .lineTo(mid, y + 3.5)
    .lineTo(mid - 3.5, y)
    .closePath()
    .fill(COLOR.accent);
  doc.restore();
  y += 12;
  doc.font(FONT.regular).fontSize(9.5).fillColor(COLOR.text);
  const options = { width: CONTENT_WIDTH, align: 'justify' as const, lineGap: 2 };
  doc.text(cert.statement, MARGIN_X, y, options);
  return y + doc.heightOfString(cert.statement, options) + 12;
}

interface MeasuredRow {
  row: CertificateRow;
  value: Measured;
  labelHeight: number;
  /** Without padding. */
  content: number;
}

const VALUE_WIDTH = CONTENT_WIDTH - LABEL_WIDTH - 2 * PAD_X;
const LABEL_TEXT_WIDTH = LABEL_WIDTH - 2 * PAD_X;

function measureRows(doc: Doc, rows: CertificateRow[]): MeasuredRow[] {
  return rows.map((row) => {
    const value = measureValue(doc, row, VALUE_WIDTH);
    doc.font(FONT.bold).fontSize(SIZE.body);
    const labelHeight = doc.heightOfString(row.label, { width: LABEL_TEXT_WIDTH });
    return { row, value, labelHeight, content: Math.max(value.height, labelHeight) };
  });
}

/** The bordered body of label/value rows; returns the y below it. */
function drawRows(doc: Doc, rows: MeasuredRow[], top: number, padY: number): number {
  const valueX = MARGIN_X + LABEL_WIDTH;
  // Fills, then rules, then texts, so that none covers another.
  let y = top;
  const laid = rows.map((measured) => {
    const at = { ...measured, height: measured.content + 2 * padY, y };
    y += at.height;
    return at;
  });
  const bottom = y;
  doc.save();
  doc.rect(MARGIN_X, top, LABEL_WIDTH, bottom - top).fill(COLOR.labelFill);
  doc.lineWidth(0.5).strokeColor(COLOR.grid);
  for (const { y: rowTop } of laid.slice(1)) {
    doc
      .moveTo(MARGIN_X, rowTop)
      .lineTo(MARGIN_X + CONTENT_WIDTH, rowTop)
      .stroke();
  }
  doc.moveTo(valueX, top).lineTo(valueX, bottom).stroke();
  doc
    .lineWidth(1)
    .strokeColor(COLOR.primary)
    .rect(MARGIN_X, top, CONTENT_WIDTH, bottom - top)
    .stroke();
  doc.restore();
  for (const { row, value, labelHeight, height, y: rowTop } of laid) {
    doc
      .font(FONT.bold)
      .fontSize(SIZE.body)
      .fillColor(COLOR.primary)
      .text(row.label, MARGIN_X + PAD_X, rowTop + (height - labelHeight) / 2, { width: LABEL_TEXT_WIDTH });
    value.draw(valueX + PAD_X, rowTop + (height - value.height) / 2);
  }
  return bottom;
}

const VERIFY_X = MARGIN_X + QR_SIZE + 16;
const SEAL_LEFT = MARGIN_X + CONTENT_WIDTH - 2 * SEAL_RADIUS - 4;
const VERIFY_WIDTH = SEAL_LEFT - 14 - VERIFY_X;
const LINK_SIZE = 7;

/**
 * The bottom block: the QR code with its caption, how to verify with the link beside it, and the platform
 * seal on the right. Its height, and a function drawing it at a top.
 */
async function measureVerification(doc: Doc, cert: CertificateDocument) {
  const png = await QRCode.toBuffer(cert.qr.url, {
    type: 'png',
    errorCorrectionLevel: 'M',
    margin: 1,
    width: 368,
    color: { dark: '#000000', light: '#ffffff' },
  });
  const paragraph = { width: VERIFY_WIDTH, lineGap: 0.8 };
  doc.font(FONT.regular).fontSize(SIZE.small);
  const heights = cert.verify.paragraphs.map((p) => doc.heightOfString(p, paragraph));
  const breakAt = cert.qr.url.indexOf('?hash=');
  const link = monoLines(doc, cert.qr.url, VERIFY_WIDTH, LINK_SIZE, breakAt < 0 ? undefined : breakAt + 6);
  const linkLine = LINK_SIZE * 1.35;
  const textHeight = 15 + heights.reduce((sum, h) => sum + h + 3, 0) + link.length * linkLine + 2;
  const draw = (top: number) => {
    doc.image(png, MARGIN_X, top, { width: QR_SIZE, height: QR_SIZE });
    doc.link(MARGIN_X, top, QR_SIZE, QR_SIZE, cert.qr.url);
    doc
      .font(FONT.regular)
      .fontSize(SIZE.small)
      .fillColor(COLOR.muted)
      .text(cert.qr.caption, MARGIN_X - 10, top + QR_SIZE + 3, { width: QR_SIZE + 20, align: 'center' });
    let y = top - 2;
    doc
      .font(FONT.bold)
      .fontSize(10)
      .fillColor(COLOR.primary)
      .text(cert.verify.title, VERIFY_X, y, { width: VERIFY_WIDTH });
    y += 17;
    doc.font(FONT.regular).fontSize(SIZE.small).fillColor(COLOR.muted);
    cert.verify.paragraphs.forEach((p, i) => {
      doc.text(p, VERIFY_X, y, paragraph);
      y += (heights[i] ?? 0) + 3;
    });
    doc.font(FONT.mono).fontSize(LINK_SIZE).fillColor(COLOR.link);
    link.forEach((line, i) => doc.text(line, VERIFY_X, y + 1 + i * linkLine, { lineBreak: false }));
    doc.link(VERIFY_X, y, VERIFY_WIDTH, link.length * linkLine + 2, cert.qr.url);
    drawSeal(doc, SEAL_LEFT + SEAL_RADIUS, top + QR_SIZE / 2, cert);
  };
  return { height: Math.max(textHeight, QR_SIZE + 16), draw };
}

/** A five-pointed star centred at (cx, cy). */
function star(doc: Doc, cx: number, cy: number, radius: number): void {
  for (let i = 0; i < 10; i++) {
    const angle = -Math.PI / 2 + (i * Math.PI) / 5;
    const d = i % 2 === 0 ? radius : radius * 0.4;
    const px = cx + d * Math.cos(angle);
    const py = cy + d * Math.sin(angle);
    if (i === 0) doc.moveTo(px, py);
    else doc.lineTo(px, py);
  }
  doc.closePath().fill();
}

/** The platform's round seal. */
function drawSeal(doc: Doc, cx: number, cy: number, { lang, seal }: CertificateDocument): void {
  const r = SEAL_RADIUS;
  doc.save().opacity(0.85).strokeColor(COLOR.seal).fillColor(COLOR.seal);
  doc.lineWidth(2).circle(cx, cy, r).stroke();
  doc
    .lineWidth(0.6)
    .circle(cx, cy, r - 4)
    .stroke();
  star(doc, cx, cy - 1, 8.5);
  doc
    .font(FONT.bold)
    .fontSize(6.5)
    .text('TRACEHUB', cx - r, cy - 21, { width: 2 * r, align: 'center', characterSpacing: 0.8 });
  doc
    .font(FONT.bold)
    .fontSize(lang === 'zh' ? 7.5 : 6.5)
    .text(seal, cx - r, cy + 9.5, {
      width: 2 * r,
      align: 'center',
      characterSpacing: lang === 'zh' ? 1.5 : 0.8,
    });
  doc.restore();
}

/** Renders a certificate as a one-page A4 PDF. */
export async function renderCertificatePdf(cert: CertificateDocument): Promise<Buffer> {
  const { regular, bold } = cjkFonts();
  const doc = new PDFDocument({
    size: 'A4',
    margin: 0,
    compress: cert.compress ?? true,
    lang: cert.lang === 'zh' ? 'zh-CN' : 'en',
    displayTitle: true,
    info: {
      Title: cert.info.title,
      Subject: cert.info.subject,
      Keywords: cert.info.keywords,
      Author: 'Tracehub',
      Creator: 'Tracehub',
      CreationDate: cert.info.created,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  doc.registerFont(FONT.regular, regular);
  doc.registerFont(FONT.bold, bold);

  drawFrame(doc);
  const bodyTop = drawHeader(doc, cert);
  const rows = measureRows(doc, cert.rows);
  const verification = await measureVerification(doc, cert);
  // Room to spare (a short certificate) goes first to airier rows, the rest below the verification.
  const content = rows.reduce((sum, r) => sum + r.content, 0);
  const room = FOOTER_RULE - 18 - verification.height - 20 - bodyTop - content;
  const padY = Math.min(PAD_Y.max, Math.max(PAD_Y.min, room / (2 * rows.length) - 2));
  const bodyBottom = drawRows(doc, rows, bodyTop, padY);
  const left = FOOTER_RULE - 18 - verification.height - bodyBottom;
  verification.draw(bodyBottom + Math.max(16, Math.min(60, left / 2)));
  doc
    .save()
    .lineWidth(0.5)
    .strokeColor(COLOR.grid)
    .moveTo(MARGIN_X, FOOTER_RULE)
    .lineTo(MARGIN_X + CONTENT_WIDTH, FOOTER_RULE)
    .stroke()
    .restore();
  doc
    .font(FONT.regular)
    .fontSize(SIZE.small)
    .fillColor(COLOR.muted)
    .text(cert.footer, MARGIN_X, FOOTER_RULE + 7, {
      width: CONTENT_WIDTH,
      align: 'center',
      lineBreak: false,
    });
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}
