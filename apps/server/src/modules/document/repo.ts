import { and, arrayOverlaps, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { TDocumentTypeDef } from '@tracehub/contract';
import type { Db } from '../../db/client.ts';
import { documents, partners } from '../../db/schema.ts';
import type { TenantContext } from '../../platform/context.ts';

// The document queries the record store does not make (platform/records: lists, writes and evidence of
// each type): the goods and returns of a lot, related numbers resolved, the partners' settlement, and what
// other master data documents reference. Each query is scoped by the enterprise.

export type DocumentRow = typeof documents.$inferSelect;

const ofType = (def: TDocumentTypeDef) => eq(documents.docType, def.typeCode);

/** Which of the partner ids are settled on the platform. */
export async function settledPartners(db: Db, ids: readonly number[]): Promise<Set<number>> {
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
