import PDFDocument from 'pdfkit';
import {
  TRACING_STAGE_LABELS,
  VIN_MAP_GAP_LABELS,
  VIN_MAP_STATUS_LABELS,
  documentTypeByTypeCode,
  type TLang,
  type TTracingStage,
} from '@tracehub/contract';
import type { Db } from '../../db/client.ts';
import { writeWorkbook, type WriteCell } from '../../platform/imports/workbook-write.ts';
import { cjkFonts } from '../file/public.ts';
import { documentBlocks, type LinkDoc, type TraceNode } from '../trace/public.ts';
import { gapsBelow, mapOneVin, namesOf } from './vin-map.ts';

/*
 * The tracing report of one VIN (issue 16 item 7: what customs asks for): every company of its chain at
 * every stage, one document number per stage (production, fitting, picking, receipt, delivery, mineral
 * source), the gaps where a branch stops, and the ledger block holding each document's evidence. The rows
 * come from the same walk and rules as the VIN map check (vin-map.ts); they are written as xlsx or as an
 * A4 landscape PDF in the CJK font of the certificates.
 */

export interface ReportRow {
  tier: number;
  company: { name: string; nameEn: string };
  stage: TTracingStage;
  itemCode: string;
  lot: string;
  /** The document and the enterprise that recorded it. */
  doc: LinkDoc | null;
  docEnt: string | null;
  note: { zh: string; en: string };
  block: number | null;
}

export interface TracingReport {
  vin: string;
  complete: boolean;
  gapCount: number;
  rows: ReportRow[];
}

const lotOf = (n: TraceNode) => n.fields.batchNo || n.fields.vinSn;
const NO_NOTE = { zh: '', en: '' };

/** The report's rows: the walk's nodes in the order it reached them, each with the stages it shows. */
export async function tracingReport(db: Db, enterpriseUuid: string, vin: string): Promise<TracingReport> {
  const map = await mapOneVin(db, enterpriseUuid, vin);
  const { graph } = map;
  const { companies, gapSupplier } = await namesOf(db, map);
  const company = (ent: string) => {
    const c = companies.get(ent);
    return { name: c?.name ?? '', nameEn: c?.nameEn ?? '' };
  };
  const rows: ReportRow[] = [];
  const row = (n: TraceNode, stage: TTracingStage, doc: LinkDoc | null, note = NO_NOTE) =>
    rows.push({
      tier: n.tier,
      company: company(n.key.ent),
      stage,
      itemCode: n.fields.itemCode,
      lot: lotOf(n),
      doc,
      docEnt: doc ? n.key.ent : null,
      note,
      block: null,
    });
  const root = graph.roots[0]!;
  const produced = new Set<string>();
  const production = (n: TraceNode, doc: LinkDoc) => {
    const id = `${n.index}:${doc.typeCode}:${doc.billNo}`;
    if (produced.has(id)) return;
    produced.add(id);
    row(n, 'production', doc);
  };
  for (const n of graph.nodes) {
    if (n.index === root) {
      const made = map.productions.get(vin);
      if (made) production(n, made);
    }
    if (n.sourceDocs.length > 0) {
      const sites = n.sites.map((s) => [s.siteName, s.siteCountry].filter(Boolean).join(' / ')).join('; ');
      for (const d of n.sourceDocs) row(n, 'source', d, { zh: sites, en: sites });
    }
    for (const e of map.below.get(n.index) ?? []) {
      const to = graph.nodes[e.to]!;
      const [a, b] = e.documents;
      if (e.kind === 'fitted') row(to, 'fitting', a ?? null);
      else if (e.kind === 'consumed') {
        if (a) production(n, a);
        row(to, 'picking', b ?? null);
      } else {
        row(n, 'receipt', a ?? null);
        row(to, 'delivery', b ?? null);
      }
    }
    for (const g of map.gaps.get(n.index) ?? []) {
      const label = VIN_MAP_GAP_LABELS[g.kind];
      const supplier = g.kind === 'unsettled' || g.kind === 'unmatched' ? gapSupplier(g) : null;
      rows.push({
        tier: supplier ? n.tier + 1 : n.tier,
        company: supplier ?? company(n.key.ent),
        stage: 'gap',
        itemCode: n.fields.itemCode,
        lot: lotOf(n),
        doc: g.document,
        docEnt: g.document ? n.key.ent : null,
        note: label,
        block: null,
      });
    }
  }
  // Nearest tier first, in the order reached within a tier (sort is stable).
  rows.sort((x, y) => x.tier - y.tier);
  const withDocs = rows.filter((r) => r.doc && r.docEnt);
  const blocks = await documentBlocks(
    db,
    withDocs.map((r) => ({ ent: r.docEnt!, typeCode: r.doc!.typeCode, billNo: r.doc!.billNo })),
  );
  withDocs.forEach((r, i) => (r.block = blocks[i] ?? null));
  const gaps = gapsBelow(map, root);
  return { vin, complete: gaps.length === 0, gapCount: gaps.length, rows };
}

const HEADER: Readonly<Record<TLang, readonly string[]>> = {
  zh: [
    '层级',
    '企业',
    '环节',
    '物料编码',
    '批次/序列号',
    '单据类型',
    '单据编号',
    '业务日期',
    '存证区块',
    '说明',
  ],
  en: [
    'Tier',
    'Company',
    'Stage',
    'Material code',
    'Lot / SN',
    'Document type',
    'Document number',
    'Date',
    'Evidence block',
    'Notes',
  ],
};

/** A business time as its day in China (the platform's zone). */
const dayOf = (ms: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(ms);

/** A row's cells in `lang`, in HEADER's order. */
function cells(r: ReportRow, lang: TLang): string[] {
  const type = r.doc ? documentTypeByTypeCode(r.doc.typeCode) : undefined;
  return [
    String(r.tier),
    (lang === 'en' && r.company.nameEn) || r.company.name,
    TRACING_STAGE_LABELS[r.stage][lang],
    r.itemCode,
    r.lot,
    type ? type.title[lang] : r.doc ? String(r.doc.typeCode) : '',
    r.doc?.billNo ?? '',
    r.doc ? dayOf(r.doc.bizTime) : '',
    r.block === null ? '' : `#${r.block}`,
    r.note[lang],
  ];
}

const title = (lang: TLang) => (lang === 'zh' ? 'VIN溯源报告' : 'VIN tracing report');

export function reportFileName(report: TracingReport, lang: TLang, ext: 'xlsx' | 'pdf'): string {
  return `${lang === 'zh' ? 'VIN溯源报告' : 'tracing-report'}-${report.vin}.${ext}`;
}

export async function reportXlsx(report: TracingReport, lang: TLang): Promise<Buffer> {
  const header = [...HEADER[lang]];
  const rows: WriteCell[][] = report.rows.map((r) => {
    const c: WriteCell[] = cells(r, lang);
    c[0] = r.tier;
    c[8] = r.block;
    return c;
  });
  return writeWorkbook(`${title(lang)} ${report.vin}`.slice(0, 31), header, rows);
}

// ---- PDF ------------------------------------------------------------------------------------------------

const PAGE = { width: 841.89, height: 595.28 };
const MARGIN = 36;
const WIDTH = PAGE.width - 2 * MARGIN;
/** Column shares of the table's width, in HEADER's order. */
const SHARES = [0.045, 0.16, 0.075, 0.09, 0.11, 0.1, 0.11, 0.075, 0.065, 0.17];
const SIZE = 7.6;
const PAD = 3;
const COLOR = {
  primary: '#1d3b6f',
  text: '#1f2329',
  muted: '#5b6472',
  grid: '#d5dbe5',
  fill: '#f3f6fb',
  gap: '#c0392b',
};

export interface PdfOptions {
  enterpriseName: { name: string; nameEn: string };
  generatedAt: Date;
  /** Uncompressed content streams (tests read them). */
  compress?: boolean;
}

/** The report as an A4 landscape PDF: a title block, then the table, its header repeated on every page. */
export async function reportPdf(report: TracingReport, lang: TLang, opts: PdfOptions): Promise<Buffer> {
  const { regular, bold } = cjkFonts();
  const status = VIN_MAP_STATUS_LABELS[report.complete ? 'complete' : 'uncomplete'];
  const docs = [...new Set(report.rows.flatMap((r) => (r.doc ? [r.doc.billNo] : [])))];
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: 0,
    compress: opts.compress ?? true,
    // Kept to number the pages once all are laid out.
    bufferPages: true,
    lang: lang === 'zh' ? 'zh-CN' : 'en',
    displayTitle: true,
    info: {
      Title: `${title(lang)} ${report.vin}`,
      Subject: `${report.vin} ${status[lang]}`,
      // Machine-readable: the VIN, its status and every document number the report names.
      Keywords: `vin=${report.vin} status=${report.complete ? 'complete' : 'uncomplete'} gaps=${report.gapCount} docs=${docs.join(',')}`,
      Author: 'Tracehub',
      Creator: 'Tracehub',
      CreationDate: opts.generatedAt,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  doc.registerFont('cjk', regular);
  doc.registerFont('cjk-bold', bold);

  let y = MARGIN;
  doc.font('cjk-bold').fontSize(18).fillColor(COLOR.primary).text(title(lang), MARGIN, y, { width: WIDTH });
  y += 28;
  const enterprise = (lang === 'en' && opts.enterpriseName.nameEn) || opts.enterpriseName.name;
  const meta =
    lang === 'zh'
      ? `VIN：${report.vin}    企业：${enterprise}    地图校验：${status.zh}（缺口 ${report.gapCount}）    生成时间：${dayOf(opts.generatedAt.getTime())}`
      : `VIN: ${report.vin}    Enterprise: ${enterprise}    Map check: ${status.en} (gaps: ${report.gapCount})    Generated: ${dayOf(opts.generatedAt.getTime())}`;
  doc.font('cjk').fontSize(9).fillColor(COLOR.text).text(meta, MARGIN, y, { width: WIDTH });
  y += doc.heightOfString(meta, { width: WIDTH }) + 10;

  const widths = SHARES.map((s) => s * WIDTH);
  const drawRow = (texts: string[], top: number, header: boolean, gap: boolean): number => {
    doc.font(header ? 'cjk-bold' : 'cjk').fontSize(SIZE);
    const height =
      Math.max(...texts.map((t, i) => doc.heightOfString(t || ' ', { width: widths[i]! - 2 * PAD }))) +
      2 * PAD;
    if (header) doc.save().rect(MARGIN, top, WIDTH, height).fill(COLOR.fill).restore();
    let x = MARGIN;
    texts.forEach((t, i) => {
      doc
        .fillColor(header ? COLOR.primary : gap ? COLOR.gap : COLOR.text)
        .text(t, x + PAD, top + PAD, { width: widths[i]! - 2 * PAD });
      x += widths[i]!;
    });
    doc
      .save()
      .lineWidth(0.5)
      .strokeColor(COLOR.grid)
      .moveTo(MARGIN, top + height)
      .lineTo(MARGIN + WIDTH, top + height)
      .stroke()
      .restore();
    return top + height;
  };
  const header = [...HEADER[lang]];
  y = drawRow(header, y, true, false);
  for (const r of report.rows) {
    const texts = cells(r, lang);
    doc.font('cjk').fontSize(SIZE);
    const need =
      Math.max(...texts.map((t, i) => doc.heightOfString(t || ' ', { width: widths[i]! - 2 * PAD }))) +
      2 * PAD;
    if (y + need > PAGE.height - MARGIN) {
      doc.addPage({ size: 'A4', layout: 'landscape', margin: 0 });
      y = drawRow(header, MARGIN, true, false);
    }
    y = drawRow(texts, y, false, r.stage === 'gap');
  }
  if (report.rows.length === 0) {
    doc
      .font('cjk')
      .fontSize(9)
      .fillColor(COLOR.muted)
      .text(lang === 'zh' ? '暂无溯源记录' : 'No tracing records', MARGIN, y + 8);
  }
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const footer = `${report.vin} · ${i + 1} / ${range.count}`;
    doc
      .font('cjk')
      .fontSize(7.5)
      .fillColor(COLOR.muted)
      .text(footer, MARGIN, PAGE.height - MARGIN + 12, { width: WIDTH, align: 'right', lineBreak: false });
  }
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}
