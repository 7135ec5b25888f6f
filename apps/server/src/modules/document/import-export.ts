import {
  DOCUMENT_TYPES,
  documentType,
  validationMessage,
  type TDocumentCreate,
  type TDocumentTypeDef,
} from '@tracehub/contract';
import {
  encodeKey,
  type ImportContext,
  type Importer,
  type PreparedRow,
} from '../../platform/imports/importer.ts';
import type { Exporter } from '../../platform/imports/export.ts';
import type { RowValues } from '../../platform/records/store.ts';
import { recordExporter, recordImporter } from '../../platform/records/transfers.ts';
import { returnContext, returnContextOf, type DocumentRow, type ReturnContext } from './repo.ts';
import { returnableLeft, returnSourceMissing, sumQuantities } from './returns.ts';
import { documentStore, partnersOf } from './service.ts';

// Bulk import and export of every document type, from its declaration (platform/records): the template's
// columns are the type's fields, each row passes the create call's schema and the type's rules, the natural
// key is the number, item code, batch and VIN/SN within the type. Besides, partner codes must be the
// enterprise's partners, and returns must fit what is left of their goods, the rows before them in the
// file counted (spec 8 "Unable to import, exceeded returnable quantity").

/** Returns of the file counted so far against each goods line, so that two rows cannot share one quantity. */
type Claimed = Map<string, number>;

/** Checks a return row against its goods and the returns before it (stored, and earlier rows of the file). */
function returnReasons(
  ctx: ImportContext,
  def: TDocumentTypeDef,
  row: TDocumentCreate,
  context: ReturnContext,
  claimed: Claimed,
): string[] {
  const { sources, returns } = returnContextOf(context, { ...row, billNos: row.relatedBillNos });
  if (sources.length === 0) return [validationMessage(returnSourceMissing(def).reason, ctx.lang)];
  const key = encodeKey([...[...row.relatedBillNos].sort(), row.itemCode, row.batchNo, row.vinSn]);
  const left = returnableLeft(sources, returns) - (claimed.get(key) ?? 0);
  const quantity = Number(row.quantity ?? 0);
  if (quantity > left + 1e-9) {
    return [validationMessage('v.document.returnExceeded', ctx.lang, { left: String(Math.max(0, left)) })];
  }
  claimed.set(key, sumQuantities([{ quantity: (claimed.get(key) ?? 0) + quantity }]));
  return [];
}

function documentImporter(def: TDocumentTypeDef): Importer<RowValues> {
  return recordImporter(documentStore(def.code), {
    async prepareRows(ctx, values): Promise<PreparedRow<RowValues>[]> {
      const rows = values as readonly TDocumentCreate[];
      const partners = await partnersOf(
        ctx.db,
        ctx.tenant,
        def,
        rows.map((r) => r.partnerCode),
      );
      // The goods and stored returns of every return row of the chunk, in two queries.
      const context = def.returnOf
        ? await returnContext(
            ctx.db,
            ctx.tenant,
            documentType(def.returnOf),
            def,
            rows.map((r) => ({ ...r, billNos: r.relatedBillNos })),
          )
        : null;
      const claimed: Claimed = new Map();
      // In file order: the returns of a row count against the rows after it.
      return rows.map((row): PreparedRow<RowValues> => {
        if (row.partnerCode && !partners.has(row.partnerCode)) {
          return {
            reasons: [validationMessage('v.document.partnerUnknown', ctx.lang, { code: row.partnerCode })],
          };
        }
        const reasons = context ? returnReasons(ctx, def, row, context, claimed) : [];
        return reasons.length ? { reasons } : { row };
      });
    },
  });
}

/** The importer and exporter of each type, declared once at module load. */
export const documentTransfers: ReadonlyMap<
  string,
  { importer: Importer<RowValues>; exporter: Exporter<never, DocumentRow> }
> = new Map(
  DOCUMENT_TYPES.map((def) => [
    def.code,
    { importer: documentImporter(def), exporter: recordExporter(documentStore(def.code)) },
  ]),
);
