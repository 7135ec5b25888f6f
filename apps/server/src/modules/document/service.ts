import {
  DOCUMENT_EXTRA_FIELDS,
  DOCUMENT_TYPES,
  documentRecords,
  documentType,
  documentTypeByTypeCode,
  LIMITS,
  type TDocumentDetail,
  type TDocumentRecord,
  type TDocumentTypeDef,
  type TListRequestBase,
  type TReturnDetail,
} from '@tracehub/contract';
import type { Db } from '../../db/client.ts';
import { documents } from '../../db/schema.ts';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { EVIDENCE } from '../../platform/ledger/subjects.ts';
import { defineRecordStore, type RecordStore, type RowValues } from '../../platform/records/store.ts';
import {
  anyReturnOf,
  documentsByBillNo,
  returnLines,
  settledPartners,
  sourceLines,
  type DocumentRow,
} from './repo.ts';
import { returnableLeft, returnSourceMissing, sumQuantities } from './returns.ts';
import { partnersByCode, type PartnerRow } from '../partner/public.ts';

// Documents of every type (spec 3 "Documents"): one record store per type, from its declaration (contract
// documentRecordOf), over the rows of its type code; the type's extra fields live in the row's jsonb
// `extra`. The store derives the list, detail, writes, import, export and evidence; the document's own rules
// are its hooks: the counterparty resolved by code among the enterprise's partners of the type's side,
// returns within what their goods left, goods that returns name kept, related numbers resolved. Every
// change is recorded as evidence (subject 'document') in the request's transaction.

type Tenant = Pick<TenantContext, 'enterpriseUuid'>;

/** The enterprise's partners of the type's side with these codes (none for a type without a counterparty). */
export async function partnersOf(
  db: Db,
  tenant: Tenant,
  def: TDocumentTypeDef,
  codes: readonly string[],
): Promise<Map<string, PartnerRow>> {
  const named = codes.filter((c) => c !== '');
  return def.partner && named.length ? partnersByCode(db, tenant, def.partner, named) : new Map();
}

/** A lot line of column values (a request's or a stored row's) with the numbers it names. */
const lineOf = (v: RowValues, billNos: readonly string[]) => ({
  itemCode: String(v.itemCode),
  batchNo: String(v.batchNo),
  vinSn: String(v.vinSn),
  billNos,
});

/**
 * A return must name goods of its source type (the related numbers, same item and lot) and may take back at
 * most what they brought less the other returns against them (spec 5 "Deletion and returns", 8).
 */
async function assertReturnable(
  db: Db,
  tenant: Tenant,
  def: TDocumentTypeDef,
  values: RowValues,
  excludeId: number | null,
): Promise<void> {
  if (!def.returnOf) return;
  const line = lineOf(values, values.relatedBillNos as string[]);
  const sources = await sourceLines(db, tenant, documentType(def.returnOf), line);
  if (sources.length === 0) throw new AppError(returnSourceMissing(def).error);
  const others = (await returnLines(db, tenant, def, line)).filter((r) => r.id !== excludeId);
  const left = returnableLeft(sources, others);
  if (Number(values.quantity ?? 0) > left + 1e-9) throw new AppError('RETURN_EXCEEDED');
}

/** The return type that counts against a source type (receipts: purchase returns ...), from the catalogue. */
const returnTypeOf = (def: TDocumentTypeDef): TDocumentTypeDef | null =>
  DOCUMENT_TYPES.find((d) => d.returnOf === def.code) ?? null;

/** Goods that returns name cannot go, nor lose their identity: a sales delivery says so (B2081). */
const namedByReturns = (def: TDocumentTypeDef) =>
  new AppError(def.code === 'SaleDelivery' ? 'SALES_RETURNS_EXIST' : 'DOCUMENT_IN_USE');

/** A source line with returns against it may not lose its identity nor fall below what was returned. */
async function assertSourceChange(
  db: Db,
  tenant: Tenant,
  def: TDocumentTypeDef,
  current: DocumentRow,
  values: RowValues,
): Promise<void> {
  const returnType = returnTypeOf(def);
  if (!returnType) return;
  const returns = await returnLines(db, tenant, returnType, lineOf(current, [current.billNo]));
  if (returns.length === 0) return;
  const sameIdentity = (['billNo', 'itemCode', 'batchNo', 'vinSn'] as const).every(
    (k) => current[k] === values[k],
  );
  if (!sameIdentity) throw namedByReturns(def);
  if (Number(values.quantity ?? 0) + 1e-9 < sumQuantities(returns)) throw new AppError('RETURN_EXCEEDED');
}

/** The related numbers resolved in the enterprise, and the returns against the line. */
async function links(
  db: Db,
  tenant: Tenant,
  def: TDocumentTypeDef,
  row: DocumentRow,
): Promise<Pick<TDocumentDetail, 'related' | 'returnBillNos' | 'returnCount' | 'returnable'>> {
  const targets = def.relatesTo.map((code) => documentType(code));
  const found = await documentsByBillNo(
    db,
    tenant,
    targets.map((t) => t.typeCode),
    row.relatedBillNos,
  );
  const related = row.relatedBillNos.map((billNo) => {
    const hit = found.find((f) => f.billNo === billNo);
    const type = hit ? targets.find((t) => t.typeCode === hit.docType) : undefined;
    return { billNo, docType: type?.code ?? null, id: hit?.id ?? null };
  });
  const returnType = returnTypeOf(def);
  const returns = returnType ? await returnLines(db, tenant, returnType, lineOf(row, [row.billNo])) : [];
  const numbers = [...new Set(returns.map((r) => r.billNo))];
  return {
    related,
    returnBillNos: numbers.slice(0, LIMITS.returnBillNumbersShown),
    returnCount: numbers.length,
    returnable: returnType ? String(Math.max(0, Number(row.quantity ?? 0) - sumQuantities(returns))) : null,
  };
}

function documentStoreOf(def: TDocumentTypeDef) {
  return defineRecordStore<TDocumentRecord, DocumentRow>(documentRecords[def.code]!, {
    table: documents,
    scope: { column: documents.docType, key: 'docType', value: def.typeCode, also: { stage: def.stage } },
    jsonFields: { column: 'extra', fields: DOCUMENT_EXTRA_FIELDS },
    subject: EVIDENCE.documentCreated.subjectType,
    hooks: {
      /** The counterparty by its code, with its names as they are now (one look-up a batch). */
      async valuesBatch({ db, tenant }, writes) {
        const found = await partnersOf(
          db,
          tenant,
          def,
          writes.map((w) => String(w.values.partnerCode)),
        );
        return writes.map(({ values }) => {
          const code = String(values.partnerCode);
          const partner = found.get(code);
          if (code !== '' && !partner) throw new AppError('DOCUMENT_PARTNER_UNKNOWN');
          return {
            partnerId: partner?.id ?? null,
            partnerCode: partner?.code ?? '',
            partnerName: partner?.name ?? '',
            partnerNameEn: partner?.nameEn ?? '',
          };
        });
      },
      present: (row) => ({
        docType: documentTypeByTypeCode(row.docType)?.code ?? String(row.docType),
        typeCode: row.docType,
        stage: row.stage,
      }),
      async presentBatch({ db }, rows) {
        const settled = await settledPartners(
          db,
          rows.flatMap((r) => (r.partnerId === null ? [] : [r.partnerId])),
        );
        return rows.map((r) => ({ partnerSettled: r.partnerId !== null && settled.has(r.partnerId) }));
      },
      detail: ({ db, tenant }, row) => links(db, tenant, def, row),
      async beforeWrite({ db, tenant }, { values, current }) {
        if (current) await assertSourceChange(db, tenant, def, current, values);
        await assertReturnable(db, tenant, def, values, current?.id ?? null);
      },
      /** Lines that returns name cannot go (spec 5: "Sales outbound with returns cannot be deleted"). */
      async beforeRemove({ db, tenant }, rows) {
        const returnType = returnTypeOf(def);
        if (returnType && (await anyReturnOf(db, tenant, returnType, rows))) throw namedByReturns(def);
      },
      /** The type as its numeric code and the stage (spec 3 bill stage types) with the fields. */
      evidence: (row, payload) => ({ docType: row.docType, stage: row.stage, ...payload }),
      exportValues: {
        partnerName: (row, format) =>
          format.lang === 'en' && row.partnerNameEn ? row.partnerNameEn : row.partnerName,
        relatedBillNos: (row) => row.relatedBillNos.join(', '),
      },
    },
  });
}

export type DocumentStore = RecordStore<TDocumentRecord, DocumentRow>;

/** Each type's store, declared once at module load. */
const stores: ReadonlyMap<string, DocumentStore> = new Map(
  DOCUMENT_TYPES.map((def) => [def.code, documentStoreOf(def)]),
);

/** The store of a document type by its menu code. */
export function documentStore(code: string): DocumentStore {
  const store = stores.get(code);
  if (!store) throw new Error(`unknown document type ${code}`);
  return store;
}

/** One type's list page. */
export const pageDocuments = (
  db: Db,
  tenant: TenantContext,
  def: TDocumentTypeDef,
  req: TListRequestBase & Record<string, unknown>,
) => documentStore(def.code).page(db, tenant, req);

/** Spec 2.4 "Purchase return detail": the returns against one receipt line. */
export async function purchaseReturnDetail(
  db: Db,
  tenant: TenantContext,
  req: { billNo: string; materialsCode: string; batchNo: string; vinSn: string },
): Promise<TReturnDetail> {
  const line = { itemCode: req.materialsCode, batchNo: req.batchNo, vinSn: req.vinSn, billNos: [req.billNo] };
  const sources = await sourceLines(db, tenant, documentType('PurchaseReceipt'), line);
  if (sources.length === 0) throw new AppError('NOT_FOUND');
  const returns = await returnLines(db, tenant, documentType('PurchaseReturn'), line);
  const numbers = [...new Set(returns.map((r) => r.billNo))];
  return {
    billNo: req.billNo,
    materialsCode: req.materialsCode,
    batchNo: req.batchNo,
    vinSn: req.vinSn,
    interiorBatchNo: sources[0]!.interiorBatchNo,
    returnBillNos: numbers.slice(0, LIMITS.returnBillNumbersShown),
    total: numbers.length,
    returnedQuantity: String(sumQuantities(returns)),
    receivedQuantity: String(sumQuantities(sources)),
  };
}
