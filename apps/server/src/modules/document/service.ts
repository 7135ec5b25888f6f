import type {
  TDocument,
  TDocumentCreate,
  TDocumentDetail,
  TDocumentTypeDef,
  TListRequestBase,
  TListResponse,
  TReturnDetail,
} from '@tracehub/contract';
import { DOCUMENT_TYPES, documentType, LIMITS } from '@tracehub/contract';
import type { Db } from '../../db/client.ts';
import type { TenantContext } from '../../platform/context.ts';
import { uniqueAsError } from '../../platform/db-errors.ts';
import { AppError } from '../../platform/errors.ts';
import { existingNaturalKeys } from '../../platform/imports/natural-keys.ts';
import { appendEvidence, appendEvidenceBatch, type EvidenceKeys } from '../../platform/ledger/append.ts';
import { documentEvidence, EVIDENCE } from '../../platform/ledger/subjects.ts';
import { runListQuery } from '../../platform/list-query.ts';
import {
  anyReturnOf,
  deleteDocuments,
  documentKey,
  documentKeyAt,
  documentListQuery,
  documentsByBillNo,
  documentValues,
  findDocuments,
  insertDocuments,
  returnLines,
  sourceLines,
  updateDocument,
  withChainDetails,
  type DocumentFilters,
  type DocumentPartner,
  type DocumentRow,
  type DocumentValues,
} from './repo.ts';
import { returnableLeft, returnSourceMissing, sumQuantities } from './returns.ts';
import { partnersByCode } from '../partner/public.ts';

// Documents of every type (spec 3 "Documents"). Every function takes the tenant transaction and the type its
// endpoint fixes; each change is recorded as evidence in that transaction, so there is never a change
// without its evidence or the reverse.

const UNIQUE_KEY = 'documents_natural_uq';

async function mustFind(db: Db, tenant: TenantContext, def: TDocumentTypeDef, id: number) {
  const [row] = await findDocuments(db, tenant, def, [id]);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

const duplicateAsExists = <T>(write: () => Promise<T>) =>
  uniqueAsError(write, { [UNIQUE_KEY]: 'DOCUMENT_EXISTS' });

async function assertKeyFree(db: Db, tenant: TenantContext, def: TDocumentTypeDef, values: DocumentValues) {
  const found = await existingNaturalKeys(db, tenant.enterpriseUuid, documentKeyAt(def), [
    documentKey(values),
  ]);
  if (found.length > 0) throw new AppError('DOCUMENT_EXISTS');
}

/** The counterparty of a request: the enterprise's partner of the type's side with that code. */
export async function resolvePartner(
  db: Db,
  tenant: TenantContext,
  def: TDocumentTypeDef,
  code: string,
): Promise<DocumentPartner | null> {
  if (!def.partner || code === '') return null;
  const found = (await partnersByCode(db, tenant, def.partner, [code])).get(code);
  if (!found) throw new AppError('DOCUMENT_PARTNER_UNKNOWN');
  return found;
}

/**
 * A return must name goods of its source type (the related numbers, same item and lot) and may take back at
 * most what they brought less the other returns against them (spec 5 "Deletion and returns", 8).
 */
async function assertReturnable(
  db: Db,
  tenant: TenantContext,
  def: TDocumentTypeDef,
  values: DocumentValues,
  excludeId: number | null,
): Promise<void> {
  if (!def.returnOf) return;
  const line = { ...values, billNos: values.relatedBillNos };
  const sources = await sourceLines(db, tenant, documentType(def.returnOf), line);
  if (sources.length === 0) throw new AppError(returnSourceMissing(def).error);
  const others = (await returnLines(db, tenant, def, line)).filter((r) => r.id !== excludeId);
  const left = returnableLeft(sources, others);
  if (Number(values.quantity ?? 0) > left + 1e-9) throw new AppError('RETURN_EXCEEDED');
}

/** The return type that counts against a source type (receipts: purchase returns ...), from the catalogue. */
const returnTypeOf = (def: TDocumentTypeDef): TDocumentTypeDef | null =>
  DOCUMENT_TYPES.find((d) => d.returnOf === def.code) ?? null;

/** A source line with returns against it may not lose its identity nor fall below what was returned. */
async function assertSourceChange(
  db: Db,
  tenant: TenantContext,
  def: TDocumentTypeDef,
  current: DocumentRow,
  values: DocumentValues,
): Promise<void> {
  const returnType = returnTypeOf(def);
  if (!returnType) return;
  const returns = await returnLines(db, tenant, returnType, { ...current, billNos: [current.billNo] });
  if (returns.length === 0) return;
  const sameIdentity =
    current.billNo === values.billNo &&
    current.itemCode === values.itemCode &&
    current.batchNo === values.batchNo &&
    current.vinSn === values.vinSn;
  if (!sameIdentity)
    throw new AppError(def.code === 'SaleDelivery' ? 'SALES_RETURNS_EXIST' : 'DOCUMENT_IN_USE');
  if (Number(values.quantity ?? 0) + 1e-9 < sumQuantities(returns)) throw new AppError('RETURN_EXCEEDED');
}

async function detailOf(db: Db, tenant: TenantContext, def: TDocumentTypeDef, row: DocumentRow) {
  const [doc] = await withChainDetails(db, [row]);
  return withLinks(db, tenant, def, doc!);
}

/** The related numbers resolved in the enterprise, and the returns against the line. */
async function withLinks(
  db: Db,
  tenant: TenantContext,
  def: TDocumentTypeDef,
  doc: TDocument,
): Promise<TDocumentDetail> {
  const targets = def.relatesTo.map((code) => documentType(code));
  const found = await documentsByBillNo(
    db,
    tenant,
    targets.map((t) => t.typeCode),
    doc.relatedBillNos,
  );
  const related = doc.relatedBillNos.map((billNo) => {
    const hit = found.find((f) => f.billNo === billNo);
    const type = hit ? targets.find((t) => t.typeCode === hit.docType) : undefined;
    return { billNo, docType: type?.code ?? null, id: hit?.id ?? null };
  });
  const returnType = returnTypeOf(def);
  const returns = returnType
    ? await returnLines(db, tenant, returnType, { ...doc, billNos: [doc.billNo] })
    : [];
  return {
    ...doc,
    related,
    returnBillNos: [...new Set(returns.map((r) => r.billNo))].slice(0, LIMITS.returnBillNumbersShown),
    returnCount: new Set(returns.map((r) => r.billNo)).size,
    returnable: returnType ? String(Math.max(0, Number(doc.quantity ?? 0) - sumQuantities(returns))) : null,
  };
}

export async function pageDocuments(
  db: Db,
  tenant: TenantContext,
  def: TDocumentTypeDef,
  req: TListRequestBase & DocumentFilters,
): Promise<TListResponse<TDocument>> {
  const { list, total } = await runListQuery(db, documentListQuery(tenant, def, req));
  return { list: await withChainDetails(db, list), total };
}

export async function documentDetail(
  db: Db,
  tenant: TenantContext,
  def: TDocumentTypeDef,
  id: number,
): Promise<TDocumentDetail> {
  return detailOf(db, tenant, def, await mustFind(db, tenant, def, id));
}

export async function addDocument(
  db: Db,
  keys: EvidenceKeys,
  tenant: TenantContext,
  def: TDocumentTypeDef,
  input: TDocumentCreate,
): Promise<TDocumentDetail> {
  const values = documentValues(def, input, await resolvePartner(db, tenant, def, input.partnerCode));
  await assertKeyFree(db, tenant, def, values);
  await assertReturnable(db, tenant, def, values, null);
  const [row] = await duplicateAsExists(() => insertDocuments(db, tenant, def, [values]));
  await appendEvidence(db, keys, documentEvidence(EVIDENCE.documentCreated, row!));
  return detailOf(db, tenant, def, row!);
}

/** Whether the values differ from the row's (decimals compare as normalised text, times by instant). */
function changed(row: DocumentRow, values: DocumentValues): boolean {
  return (Object.keys(values) as (keyof DocumentValues)[]).some((key) => {
    if (key === 'bizTime') return row.bizTime.getTime() !== values.bizTime.getTime();
    if (key === 'relatedBillNos' || key === 'extra')
      return JSON.stringify(row[key]) !== JSON.stringify(values[key]);
    return row[key] !== values[key];
  });
}

export async function editDocument(
  db: Db,
  keys: EvidenceKeys,
  tenant: TenantContext,
  def: TDocumentTypeDef,
  input: TDocumentCreate & { id: number },
): Promise<TDocumentDetail> {
  const current = await mustFind(db, tenant, def, input.id);
  const values = documentValues(def, input, await resolvePartner(db, tenant, def, input.partnerCode));
  if (!changed(current, values)) return detailOf(db, tenant, def, current);
  if (JSON.stringify(documentKey(current)) !== JSON.stringify(documentKey(values))) {
    await assertKeyFree(db, tenant, def, values);
  }
  await assertSourceChange(db, tenant, def, current, values);
  await assertReturnable(db, tenant, def, values, current.id);
  const row = await duplicateAsExists(() => updateDocument(db, tenant, def, current.id, values));
  if (!row) throw new AppError('NOT_FOUND');
  await appendEvidence(db, keys, documentEvidence(EVIDENCE.documentUpdated, row));
  return detailOf(db, tenant, def, row);
}

/**
 * Deletes document lines, all or none, and records each deletion. Lines that returns name cannot go (spec 5:
 * "Sales outbound with returns cannot be deleted"; receipts likewise).
 */
export async function removeDocuments(
  db: Db,
  keys: EvidenceKeys,
  tenant: TenantContext,
  def: TDocumentTypeDef,
  ids: readonly number[],
): Promise<number> {
  const wanted = new Set(ids);
  const rows = await findDocuments(db, tenant, def, [...wanted]);
  if (rows.length !== wanted.size) throw new AppError('NOT_FOUND');
  const returnType = returnTypeOf(def);
  if (returnType && (await anyReturnOf(db, tenant, returnType, rows))) {
    throw new AppError(def.code === 'SaleDelivery' ? 'SALES_RETURNS_EXIST' : 'DOCUMENT_IN_USE');
  }
  const deleted = await deleteDocuments(
    db,
    tenant,
    def,
    rows.map((r) => r.id),
  );
  if (deleted.length !== rows.length) throw new AppError('NOT_FOUND');
  await appendEvidenceBatch(
    db,
    keys,
    deleted.map((row) => documentEvidence(EVIDENCE.documentDeleted, row)),
  );
  return deleted.length;
}

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
