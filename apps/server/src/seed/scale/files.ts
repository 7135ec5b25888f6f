import type { TDocumentTypeDef } from '@tracehub/contract';
import type { PlanEnterprise } from './enterprises-plan.ts';

// The attachments of the scale data set: a one-page PDF per attached document, naming the document, its
// issuer and counterparty (in English: the standard PDF fonts have no Chinese glyphs). The same seed and
// document give the same bytes, so the same SHA-256.

/** PDF string literal: backslashes and parentheses escaped, anything outside printable ASCII dropped. */
const literal = (text: string) =>
  `(${text.replace(/[^\x20-\x7e]/g, '').replace(/[\\()]/g, (c) => `\\${c}`)})`;

export function pdfOf(
  seed: number,
  def: TDocumentTypeDef,
  billNo: string,
  issuer: PlanEnterprise,
  counterparty: PlanEnterprise,
): Buffer {
  const lines = [
    def.title.en,
    `No. ${billNo}`,
    `Issued by ${issuer.name.en} (USCI ${issuer.usci})`,
    `Counterparty ${counterparty.name.en} (USCI ${counterparty.usci})`,
    `Tracehub scale data set, seed ${seed}`,
  ];
  const text = lines
    .map((l, i) => `BT /F1 ${i === 0 ? 16 : 11} Tf 40 ${250 - i * 28} Td ${literal(l)} Tj ET`)
    .join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 297] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(text)} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(Buffer.byteLength(body));
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
