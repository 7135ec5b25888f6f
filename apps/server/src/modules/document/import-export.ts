import {
  DOCUMENT_TYPES,
  documentFieldLabel,
  documentFieldsOf,
  documentSchemas,
  documentType,
  validationMessage,
  type TBilingual,
  type TDocumentCreate,
  type TDocumentLabelKey,
  type TDocumentTypeDef,
  type TListRequestBase,
} from '@tracehub/contract';
import { decimalText } from '../../platform/decimal.ts';
import { readWallClockTime, readYesNo } from '../../platform/imports/cells.ts';
import type { ExportColumn, Exporter, ExportFormat } from '../../platform/imports/export.ts';
import {
  defineImporter,
  encodeKey,
  type ImportColumn,
  type ImportContext,
  type Importer,
  type PreparedRow,
} from '../../platform/imports/importer.ts';
import { existingNaturalKeys } from '../../platform/imports/natural-keys.ts';
import { appendEvidenceBatch } from '../../platform/ledger/append.ts';
import { documentEvidence, EVIDENCE } from '../../platform/ledger/subjects.ts';
import { runListRows } from '../../platform/list-query.ts';
import {
  documentKey,
  documentKeyAt,
  documentListQuery,
  documentValues,
  insertDocuments,
  returnContext,
  returnContextOf,
  type ReturnContext,
  type DocumentFilters,
  type DocumentRow,
  type DocumentValues,
} from './repo.ts';
import { returnableLeft, returnSourceMissing, sumQuantities } from './returns.ts';
import { partnersByCode } from '../partner/public.ts';

// Bulk import and export of every document type, derived from the catalogue: the template's columns are the
// type's fields (document-labels.ts), each row passes the create call's schema, the natural key is the
// number, item code, batch and VIN/SN within the type, partner codes must be the enterprise's partners, and
// returns must fit what is left of their goods (spec 8 "Unable to import, exceeded returnable quantity").

/** Related numbers are one cell, separated by commas or semicolons (either width) or new lines. */
const readList = (text: string) =>
  text
    .split(/[,，;；\n]/)
    .map((s) => s.trim())
    .filter(Boolean);

const TIME_FIELDS = new Set<TDocumentLabelKey>(['bizTime', 'checkoutDate', 'arrivalDate']);

const EXAMPLES: Partial<Record<TDocumentLabelKey, string | TBilingual>> = {
  billNo: 'DOC-20260115-001',
  bizTime: '2026-01-15 10:30:00',
  partnerCode: 'P-001',
  itemCode: 'M-100234',
  itemName: { zh: '锂电池电芯', en: 'Lithium battery cell' },
  batchNo: 'B20260115',
  vinSn: '',
  interiorBatchNo: '',
  quantity: '100',
  unit: { zh: '件', en: 'pcs' },
  unitPrice: '12.5',
  currency: 'CNY',
  amount: '1250',
  relatedBillNos: '',
  notes: '',
  signed: { zh: '是', en: 'yes' },
  originCountry: { zh: '中国', en: 'China' },
  warrantyMonths: '36',
  deliveryEnterprise: { zh: '上海某物流有限公司', en: 'Shanghai Logistics Co.' },
  shippingAddress: { zh: '上海市嘉定区', en: 'Jiading, Shanghai' },
  checkoutDate: '2026-01-16 08:00:00',
  receiveCompanyName: { zh: '某汽车有限公司', en: 'Example Motors Co.' },
  deliveryAddress: { zh: '湖北省武汉市', en: 'Wuhan, Hubei' },
  arrivalDate: '2026-01-18 17:00:00',
  carrierEnterpriseNo: 'C-01',
  shippingLatitude: '31.3747',
  shippingLongitude: '121.2655',
  deliveryLatitude: '30.5928',
  deliveryLongitude: '114.3055',
  siteName: { zh: '某矿山', en: 'Example mine' },
  siteCountry: { zh: '澳大利亚', en: 'Australia' },
  siteLatitude: '-23.3000',
  siteLongitude: '119.7000',
};

function readerOf(key: TDocumentLabelKey): ImportColumn['read'] {
  if (TIME_FIELDS.has(key)) return readWallClockTime;
  if (key === 'signed') return readYesNo;
  if (key === 'relatedBillNos') return readList;
  return undefined;
}

function importColumns(def: TDocumentTypeDef): ImportColumn[] {
  return documentFieldsOf(def).map((key) => {
    const read = readerOf(key);
    return {
      key,
      ...documentFieldLabel(def, key),
      example: key === 'vinSn' && def.lot === 'vin' ? 'LSVAU2180N2183294' : (EXAMPLES[key] ?? ''),
      ...(read ? { read } : {}),
    };
  });
}

/** Returns of the file counted so far against each goods line, so that two rows cannot share one quantity. */
type Claimed = Map<string, number>;

/** Checks a return row against its goods and the returns before it (stored, and earlier rows of the file). */
function returnReasons(
  ctx: ImportContext,
  def: TDocumentTypeDef,
  values: DocumentValues,
  context: ReturnContext,
  claimed: Claimed,
): string[] {
  const line = { ...values, billNos: values.relatedBillNos };
  const { sources, returns } = returnContextOf(context, line);
  if (sources.length === 0) return [validationMessage(returnSourceMissing(def).reason, ctx.lang)];
  const key = encodeKey([
    ...[...values.relatedBillNos].sort(),
    values.itemCode,
    values.batchNo,
    values.vinSn,
  ]);
  const left = returnableLeft(sources, returns) - (claimed.get(key) ?? 0);
  const quantity = Number(values.quantity ?? 0);
  if (quantity > left + 1e-9) {
    return [validationMessage('v.document.returnExceeded', ctx.lang, { left: String(Math.max(0, left)) })];
  }
  claimed.set(key, sumQuantities([{ quantity: (claimed.get(key) ?? 0) + quantity }]));
  return [];
}

function documentImporter(def: TDocumentTypeDef): Importer<TDocumentCreate, DocumentValues> {
  return defineImporter<TDocumentCreate, DocumentValues>({
    kind: def.code,
    title: def.title,
    columns: importColumns(def),
    schema: documentSchemas(def.code).create,
    naturalKey: documentKey,
    existingKeys: (ctx, keys) =>
      existingNaturalKeys(ctx.db, ctx.tenant.enterpriseUuid, documentKeyAt(def), keys),
    async prepareRows(ctx, rows): Promise<PreparedRow<DocumentValues>[]> {
      const partners = def.partner
        ? await partnersByCode(
            ctx.db,
            ctx.tenant,
            def.partner,
            rows.map((r) => r.partnerCode),
          )
        : new Map();
      const claimed: Claimed = new Map();
      const candidates = rows.map((row) => {
        const partner = row.partnerCode ? partners.get(row.partnerCode) : null;
        return { row, partner, values: documentValues(def, row, partner ?? null) };
      });
      // The goods and stored returns of every return row of the chunk, in two queries.
      const context = def.returnOf
        ? await returnContext(
            ctx.db,
            ctx.tenant,
            documentType(def.returnOf),
            def,
            candidates.map((c) => ({ ...c.values, billNos: c.values.relatedBillNos })),
          )
        : null;
      // In file order: the returns of a row count against the rows after it.
      const prepared = candidates.map(({ row, partner, values }): PreparedRow<DocumentValues> => {
        if (row.partnerCode && !partner) {
          return {
            reasons: [validationMessage('v.document.partnerUnknown', ctx.lang, { code: row.partnerCode })],
          };
        }
        const reasons = context ? returnReasons(ctx, def, values, context, claimed) : [];
        return reasons.length ? { reasons } : { row: values };
      });
      return prepared;
    },
    async insertRows(ctx, rows) {
      const inserted = await insertDocuments(ctx.db, ctx.tenant, def, rows);
      await appendEvidenceBatch(
        ctx.db,
        ctx.keys,
        inserted.map((row) => documentEvidence(EVIDENCE.documentCreated, row)),
      );
    },
  });
}

/** A stored field as an export cell: decimals as numbers, times in the request's zone, lists joined. */
function exportValue(key: TDocumentLabelKey, row: DocumentRow, format: ExportFormat) {
  switch (key) {
    case 'bizTime':
      return format.dateTime(row.bizTime.getTime());
    case 'quantity':
    case 'unitPrice':
    case 'amount': {
      const value = row[key];
      return value === null ? null : Number(decimalText(value));
    }
    case 'relatedBillNos':
      return row.relatedBillNos.join(', ');
    case 'currency':
      return row.currency ?? '';
    case 'createdAt':
      return format.dateTime(row.createdAt.getTime());
    case 'partnerName':
      return format.lang === 'en' && row.partnerNameEn ? row.partnerNameEn : row.partnerName;
    default: {
      if (key in row) return String(row[key as keyof DocumentRow] ?? '');
      const value = row.extra[key];
      if (value === undefined || value === null) return '';
      if (typeof value === 'boolean')
        return value ? (format.lang === 'zh' ? '是' : 'yes') : format.lang === 'zh' ? '否' : 'no';
      if (TIME_FIELDS.has(key) && typeof value === 'number') return format.dateTime(value);
      return value;
    }
  }
}

function documentExporter(def: TDocumentTypeDef): Exporter<TListRequestBase & DocumentFilters, DocumentRow> {
  const keys: TDocumentLabelKey[] = documentFieldsOf(def).flatMap((key) =>
    key === 'partnerCode' ? (['partnerCode', 'partnerName'] as const) : [key],
  );
  const columns: ExportColumn<DocumentRow>[] = [...keys, 'createdAt' as const].map((key) => ({
    ...documentFieldLabel(def, key),
    value: (row, format) => exportValue(key, row, format),
  }));
  return {
    title: def.title,
    columns,
    rows: (db, tenant, filters, limit) => runListRows(db, documentListQuery(tenant, def, filters), limit),
  };
}

/** The importer and exporter of each type, declared once at module load. */
export const documentTransfers: ReadonlyMap<
  string,
  { importer: Importer<TDocumentCreate, DocumentValues>; exporter: ReturnType<typeof documentExporter> }
> = new Map(
  DOCUMENT_TYPES.map((def) => [
    def.code,
    { importer: documentImporter(def), exporter: documentExporter(def) },
  ]),
);
