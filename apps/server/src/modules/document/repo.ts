import { and, arrayOverlaps, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type {
  TDocument,
  TDocumentCreate,
  TDocumentExtraField,
  TDocumentTypeDef,
  TListRequestBase,
} from '@tracehub/contract';
import { DOCUMENT_EXTRA_FIELDS, documentTypeByTypeCode } from '@tracehub/contract';
import type { Db } from '../../db/client.ts';
import { documents, partners } from '../../db/schema.ts';
import type { TenantContext } from '../../platform/context.ts';
import { decimalInput, decimalText } from '../../platform/decimal.ts';
import { isRowId } from '../../platform/ids.ts';
import type { NaturalKeyColumns } from '../../platform/imports/natural-keys.ts';
import { latestChainDetails } from '../../platform/ledger/records.ts';
import { EVIDENCE } from '../../platform/ledger/subjects.ts';
import { filters, type ListQuery, type TenantScope, visibleRows } from '../../platform/list-query.ts';

// Documents of the enterprise, one type at a time. Every query is scoped here: by the enterprise, by the
// type its page (endpoint) fixes, and by the caller's own rows when its data permission is 'account'.

export type DocumentRow = typeof documents.$inferSelect;
type Extra = DocumentRow['extra'];

/** The counterparty a document names, as resolved from its code among the enterprise's partners. */
export interface DocumentPartner {
  id: number;
  code: string;
  name: string;
  nameEn: string;
}

/** The fields a create or an update writes. */
export type DocumentValues = Pick<
  DocumentRow,
  | 'billNo'
  | 'bizTime'
  | 'partnerId'
  | 'partnerCode'
  | 'partnerName'
  | 'partnerNameEn'
  | 'itemCode'
  | 'itemName'
  | 'batchNo'
  | 'vinSn'
  | 'interiorBatchNo'
  | 'quantity'
  | 'unit'
  | 'unitPrice'
  | 'currency'
  | 'amount'
  | 'relatedBillNos'
  | 'notes'
  | 'extra'
>;

/** Dates among the extra fields travel as epoch milliseconds and are stored so. */
function extraOf(def: TDocumentTypeDef, input: TDocumentCreate): Extra {
  const extra: Extra = {};
  for (const key of def.extra) {
    const value = input[key];
    if (value !== undefined && value !== null && value !== '') extra[key] = value;
  }
  return extra;
}

/** The values of a create or update request, the partner resolved. */
export function documentValues(
  def: TDocumentTypeDef,
  input: TDocumentCreate,
  partner: DocumentPartner | null,
): DocumentValues {
  return {
    billNo: input.billNo,
    bizTime: new Date(input.bizTime),
    partnerId: partner?.id ?? null,
    partnerCode: partner?.code ?? '',
    partnerName: partner?.name ?? '',
    partnerNameEn: partner?.nameEn ?? '',
    itemCode: input.itemCode,
    itemName: input.itemName,
    batchNo: input.batchNo,
    vinSn: input.vinSn,
    interiorBatchNo: input.interiorBatchNo,
    quantity: decimalInput(input.quantity),
    unit: input.unit,
    unitPrice: decimalInput(input.unitPrice),
    currency: input.currency ?? null,
    amount: decimalInput(input.amount),
    relatedBillNos: [...new Set(input.relatedBillNos)],
    notes: input.notes,
    extra: extraOf(def, input),
  };
}

/** Rows as the database returns them, with decimals as their values (evidence and answers use them). */
export const normalised = (row: DocumentRow): DocumentRow => ({
  ...row,
  quantity: decimalText(row.quantity),
  unitPrice: decimalText(row.unitPrice),
  amount: decimalText(row.amount),
});

const ofType = (def: TDocumentTypeDef) => eq(documents.docType, def.typeCode);

/** The rows the caller may see and change, beyond the enterprise and the type. */
const visible = (tenant: TenantScope, def: TDocumentTypeDef) =>
  and(visibleRows(documents, tenant), ofType(def));

/** Where a document line's natural key (number, item code, batch, VIN/SN within its type) is stored. */
export const documentKeyAt = (def: TDocumentTypeDef): NaturalKeyColumns => ({
  enterpriseColumn: documents.enterpriseUuid,
  columns: [documents.billNo, documents.itemCode, documents.batchNo, documents.vinSn],
  where: ofType(def),
});

export const documentKey = (row: { billNo: string; itemCode: string; batchNo: string; vinSn: string }) => [
  row.billNo,
  row.itemCode,
  row.batchNo,
  row.vinSn,
];

export interface DocumentFilters {
  billNo?: string | undefined;
  partnerCode?: string | undefined;
  partnerName?: string | undefined;
  itemCode?: string | undefined;
  itemName?: string | undefined;
  batchNo?: string | undefined;
  vinSn?: string | undefined;
  relatedBillNo?: string | undefined;
  currency?: string | undefined;
  signed?: boolean | undefined;
  bizFrom?: number | undefined;
  bizTo?: number | undefined;
  createdFrom?: number | undefined;
  createdTo?: number | undefined;
}

const listColumns = {
  id: documents.id,
  enterpriseUuid: documents.enterpriseUuid,
  docType: documents.docType,
  stage: documents.stage,
  billNo: documents.billNo,
  bizTime: documents.bizTime,
  partnerId: documents.partnerId,
  partnerCode: documents.partnerCode,
  partnerName: documents.partnerName,
  partnerNameEn: documents.partnerNameEn,
  itemCode: documents.itemCode,
  itemName: documents.itemName,
  batchNo: documents.batchNo,
  vinSn: documents.vinSn,
  interiorBatchNo: documents.interiorBatchNo,
  quantity: documents.quantity,
  unit: documents.unit,
  unitPrice: documents.unitPrice,
  currency: documents.currency,
  amount: documents.amount,
  relatedBillNos: documents.relatedBillNos,
  notes: documents.notes,
  extra: documents.extra,
  createdBy: documents.createdBy,
  createdAt: documents.createdAt,
  updatedAt: documents.updatedAt,
};

/** The list's query (page and export) of one type; newest first. */
export function documentListQuery(
  tenant: TenantContext,
  def: TDocumentTypeDef,
  req: TListRequestBase & DocumentFilters,
): ListQuery<typeof listColumns> {
  return {
    table: documents,
    select: listColumns,
    tenantColumn: documents.enterpriseUuid,
    ownerColumn: documents.createdBy,
    tenant,
    where: [
      ofType(def),
      filters.contains(documents.billNo, req.billNo),
      filters.contains(documents.partnerCode, req.partnerCode),
      filters.containsAny([documents.partnerName, documents.partnerNameEn], req.partnerName),
      filters.contains(documents.itemCode, req.itemCode),
      filters.contains(documents.itemName, req.itemName),
      filters.contains(documents.batchNo, req.batchNo),
      filters.contains(documents.vinSn, req.vinSn),
      filters.overlaps(documents.relatedBillNos, req.relatedBillNo ? [req.relatedBillNo] : undefined),
      filters.eq(documents.currency, req.currency),
      req.signed === undefined
        ? undefined
        : req.signed
          ? sql`(${documents.extra} ->> 'signed') = 'true'`
          : sql`coalesce(${documents.extra} ->> 'signed', 'false') <> 'true'`,
      filters.from(documents.bizTime, req.bizFrom),
      filters.to(documents.bizTime, req.bizTo),
      filters.from(documents.createdAt, req.createdFrom),
      filters.to(documents.createdAt, req.createdTo),
    ],
    sortable: {
      billNo: documents.billNo,
      bizTime: documents.bizTime,
      itemCode: documents.itemCode,
      batchNo: documents.batchNo,
      quantity: documents.quantity,
      amount: documents.amount,
      createdAt: documents.createdAt,
      updatedAt: documents.updatedAt,
    },
    defaultSort: { column: documents.createdAt, order: 'desc' },
    tieBreak: documents.id,
    page: req,
  };
}

export async function findDocuments(
  db: Db,
  tenant: TenantScope,
  def: TDocumentTypeDef,
  ids: readonly number[],
): Promise<DocumentRow[]> {
  const valid = [...new Set(ids.filter(isRowId))];
  if (valid.length === 0) return [];
  const rows = await db
    .select()
    .from(documents)
    .where(and(visible(tenant, def), inArray(documents.id, valid)));
  return rows.map(normalised);
}

export async function insertDocuments(
  db: Db,
  tenant: Pick<TenantContext, 'enterpriseUuid' | 'userId'>,
  def: TDocumentTypeDef,
  rows: readonly DocumentValues[],
): Promise<DocumentRow[]> {
  if (rows.length === 0) return [];
  const inserted = await db
    .insert(documents)
    .values(
      rows.map((r) => ({
        ...r,
        docType: def.typeCode,
        stage: def.stage,
        enterpriseUuid: tenant.enterpriseUuid,
        createdBy: tenant.userId,
      })),
    )
    .returning();
  return inserted.map(normalised);
}

export async function updateDocument(
  db: Db,
  tenant: TenantScope,
  def: TDocumentTypeDef,
  id: number,
  values: DocumentValues,
): Promise<DocumentRow | null> {
  const [row] = await db
    .update(documents)
    .set({ ...values, updatedAt: new Date() })
    .where(and(visible(tenant, def), eq(documents.id, id)))
    .returning();
  return row ? normalised(row) : null;
}

export async function deleteDocuments(
  db: Db,
  tenant: TenantScope,
  def: TDocumentTypeDef,
  ids: readonly number[],
): Promise<DocumentRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .delete(documents)
    .where(and(visible(tenant, def), inArray(documents.id, [...ids])))
    .returning();
  return rows.map(normalised);
}

/** Which of the partner ids are settled on the platform. */
async function settledPartners(db: Db, ids: readonly number[]): Promise<Set<number>> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Set();
  const rows = await db
    .select({ id: partners.id })
    .from(partners)
    .where(and(inArray(partners.id, wanted), sql`${partners.partnerEnterpriseUuid} is not null`));
  return new Set(rows.map((r) => r.id));
}

/** A document's lot key: its lines match others by item code and batch number or VIN/SN. */
export interface LotLine {
  billNo: string;
  itemCode: string;
  batchNo: string;
  vinSn: string;
}

const sameLot = (line: Omit<LotLine, 'billNo'>): SQL =>
  and(
    eq(documents.itemCode, line.itemCode),
    eq(documents.batchNo, line.batchNo),
    eq(documents.vinSn, line.vinSn),
  )!;

/**
 * The lines of a type with these numbers and this item and lot (the goods a return names): their ids and
 * quantities.
 */
export async function sourceLines(
  db: Db,
  tenant: Pick<TenantContext, 'enterpriseUuid'>,
  sourceType: TDocumentTypeDef,
  line: Omit<LotLine, 'billNo'> & { billNos: readonly string[] },
): Promise<{ id: number; billNo: string; quantity: string | null; interiorBatchNo: string }[]> {
  if (line.billNos.length === 0) return [];
  return db
    .select({
      id: documents.id,
      billNo: documents.billNo,
      quantity: documents.quantity,
      interiorBatchNo: documents.interiorBatchNo,
    })
    .from(documents)
    .where(
      and(
        eq(documents.enterpriseUuid, tenant.enterpriseUuid),
        ofType(sourceType),
        inArray(documents.billNo, [...line.billNos]),
        sameLot(line),
      ),
    );
}

/** Returns of a type that name any of the numbers for this item and lot, oldest first. */
export async function returnLines(
  db: Db,
  tenant: Pick<TenantContext, 'enterpriseUuid'>,
  returnType: TDocumentTypeDef,
  line: Omit<LotLine, 'billNo'> & { billNos: readonly string[] },
): Promise<{ id: number; billNo: string; quantity: string | null }[]> {
  if (line.billNos.length === 0) return [];
  return db
    .select({ id: documents.id, billNo: documents.billNo, quantity: documents.quantity })
    .from(documents)
    .where(
      and(
        eq(documents.enterpriseUuid, tenant.enterpriseUuid),
        ofType(returnType),
        arrayOverlaps(documents.relatedBillNos, [...line.billNos]),
        sameLot(line),
      ),
    )
    .orderBy(documents.bizTime, documents.id);
}

/** What the returns of several lines need, read at once: the goods and stored returns of any of them. */
export interface ReturnContext {
  sources: {
    id: number;
    billNo: string;
    quantity: string | null;
    itemCode: string;
    batchNo: string;
    vinSn: string;
  }[];
  returns: {
    id: number;
    quantity: string | null;
    relatedBillNos: string[];
    itemCode: string;
    batchNo: string;
    vinSn: string;
  }[];
}

const lotKey = (l: Omit<LotLine, 'billNo'>) => JSON.stringify([l.itemCode, l.batchNo, l.vinSn]);

/**
 * The goods (source type, numbered among the lines' related numbers) and the stored returns (naming any of
 * them) of the lines' lots, in two queries for a whole import chunk; `returnContextOf` picks a line's own.
 */
export async function returnContext(
  db: Db,
  tenant: Pick<TenantContext, 'enterpriseUuid'>,
  sourceType: TDocumentTypeDef,
  returnType: TDocumentTypeDef,
  lines: readonly (Omit<LotLine, 'billNo'> & { billNos: readonly string[] })[],
): Promise<ReturnContext> {
  const billNos = [...new Set(lines.flatMap((l) => l.billNos))];
  const itemCodes = [...new Set(lines.map((l) => l.itemCode))];
  if (billNos.length === 0) return { sources: [], returns: [] };
  const lot = {
    itemCode: documents.itemCode,
    batchNo: documents.batchNo,
    vinSn: documents.vinSn,
  };
  const mine = eq(documents.enterpriseUuid, tenant.enterpriseUuid);
  const [sources, returns] = [
    await db
      .select({ id: documents.id, billNo: documents.billNo, quantity: documents.quantity, ...lot })
      .from(documents)
      .where(
        and(
          mine,
          ofType(sourceType),
          inArray(documents.billNo, billNos),
          inArray(documents.itemCode, itemCodes),
        ),
      ),
    await db
      .select({
        id: documents.id,
        quantity: documents.quantity,
        relatedBillNos: documents.relatedBillNos,
        ...lot,
      })
      .from(documents)
      .where(
        and(
          mine,
          ofType(returnType),
          arrayOverlaps(documents.relatedBillNos, billNos),
          inArray(documents.itemCode, itemCodes),
        ),
      ),
  ];
  return { sources, returns };
}

/** One line's goods and stored returns out of a chunk's context. */
export function returnContextOf(
  context: ReturnContext,
  line: Omit<LotLine, 'billNo'> & { billNos: readonly string[] },
): ReturnContext {
  const key = lotKey(line);
  const numbers = new Set(line.billNos);
  return {
    sources: context.sources.filter((r) => lotKey(r) === key && numbers.has(r.billNo)),
    returns: context.returns.filter((r) => lotKey(r) === key && r.relatedBillNos.some((n) => numbers.has(n))),
  };
}

/** Whether any return of the type names one of these lines (by number, item and lot). */
export async function anyReturnOf(
  db: Db,
  tenant: Pick<TenantContext, 'enterpriseUuid'>,
  returnType: TDocumentTypeDef,
  lines: readonly LotLine[],
): Promise<boolean> {
  if (lines.length === 0) return false;
  const [row] = await db
    .select({ id: documents.id })
    .from(documents)
    .where(
      and(
        eq(documents.enterpriseUuid, tenant.enterpriseUuid),
        ofType(returnType),
        or(...lines.map((l) => and(arrayOverlaps(documents.relatedBillNos, [l.billNo]), sameLot(l)))),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The enterprise's documents of the given types with these numbers (related numbers resolved). */
export async function documentsByBillNo(
  db: Db,
  tenant: Pick<TenantContext, 'enterpriseUuid'>,
  typeCodes: readonly number[],
  billNos: readonly string[],
): Promise<{ id: number; billNo: string; docType: number }[]> {
  if (typeCodes.length === 0 || billNos.length === 0) return [];
  return db
    .select({ id: documents.id, billNo: documents.billNo, docType: documents.docType })
    .from(documents)
    .where(
      and(
        eq(documents.enterpriseUuid, tenant.enterpriseUuid),
        inArray(documents.billNo, [...billNos]),
        inArray(documents.docType, [...typeCodes]),
      ),
    )
    .orderBy(documents.id);
}

/** Whether documents name any of the partners, or any of the item codes (of the given item kind). */
export async function anyDocumentWith(
  db: Db,
  tenant: Pick<TenantContext, 'enterpriseUuid'>,
  match: { partnerIds: readonly number[] } | { itemCodes: readonly string[]; typeCodes: readonly number[] },
): Promise<boolean> {
  const condition =
    'partnerIds' in match
      ? match.partnerIds.length
        ? inArray(documents.partnerId, [...match.partnerIds])
        : undefined
      : match.itemCodes.length && match.typeCodes.length
        ? and(
            inArray(documents.itemCode, [...match.itemCodes]),
            inArray(documents.docType, [...match.typeCodes]),
          )
        : undefined;
  if (!condition) return false;
  const [row] = await db
    .select({ id: documents.id })
    .from(documents)
    .where(and(eq(documents.enterpriseUuid, tenant.enterpriseUuid), condition))
    .limit(1);
  return row !== undefined;
}

const numberOrNull = (v: unknown) => (typeof v === 'number' ? v : null);
const textOf = (v: unknown) => (typeof v === 'string' ? v : '');

/** The extra fields as the API shows them: every one present, blank when the type has none. */
function extraFieldsOf(extra: Extra): Pick<TDocument, TDocumentExtraField> {
  const out: Record<string, unknown> = {};
  for (const key of DOCUMENT_EXTRA_FIELDS) {
    const value = extra[key];
    out[key] =
      key === 'signed'
        ? typeof value === 'boolean'
          ? value
          : null
        : [
              'warrantyMonths',
              'checkoutDate',
              'arrivalDate',
              'shippingLatitude',
              'shippingLongitude',
              'deliveryLatitude',
              'deliveryLongitude',
              'siteLatitude',
              'siteLongitude',
            ].includes(key)
          ? numberOrNull(value)
          : textOf(value);
  }
  return out as Pick<TDocument, TDocumentExtraField>;
}

/** The rows as the API shows them, each with the chain detail of its latest evidence. */
export async function withChainDetails(db: Db, rows: readonly DocumentRow[]): Promise<TDocument[]> {
  const chains = await latestChainDetails(
    db,
    EVIDENCE.documentCreated.subjectType,
    rows.map((r) => String(r.id)),
  );
  const settled = await settledPartners(
    db,
    rows.flatMap((r) => (r.partnerId === null ? [] : [r.partnerId])),
  );
  return rows.map((r) => ({
    id: r.id,
    docType: documentTypeByTypeCode(r.docType)?.code ?? String(r.docType),
    typeCode: r.docType,
    stage: r.stage,
    billNo: r.billNo,
    bizTime: r.bizTime.getTime(),
    partnerCode: r.partnerCode,
    partnerName: r.partnerName,
    partnerNameEn: r.partnerNameEn,
    partnerSettled: r.partnerId !== null && settled.has(r.partnerId),
    itemCode: r.itemCode,
    itemName: r.itemName,
    batchNo: r.batchNo,
    vinSn: r.vinSn,
    interiorBatchNo: r.interiorBatchNo,
    quantity: decimalText(r.quantity),
    unit: r.unit,
    unitPrice: decimalText(r.unitPrice),
    currency: r.currency,
    amount: decimalText(r.amount),
    relatedBillNos: r.relatedBillNos,
    notes: r.notes,
    ...extraFieldsOf(r.extra),
    createdAt: r.createdAt.getTime(),
    updatedAt: r.updatedAt.getTime(),
    chain: chains.get(String(r.id)) ?? null,
  }));
}
