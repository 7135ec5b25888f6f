import { z } from 'zod';
import {
  DOCUMENT_TYPES,
  documentType,
  type TDocumentExtraField,
  type TDocumentRequirable,
  type TDocumentTypeDef,
} from './document-types.ts';
import { endpoint } from './endpoint.ts';
import { importExportEndpoints, type TImportKind } from './imports.ts';
import { recordStamps } from './ledger.ts';
import { LIMITS } from './limits.ts';
import { PARTNER_LIMITS, ZPartnerOption } from './partner.ts';
import { recordEndpoints } from './record-endpoints.ts';
import { isValidWeight } from './validators/numbers.ts';

/*
 * Business documents (spec 3 "Documents"): one line of a document per record, with its number, time,
 * counterparty, item, lot (batch or VIN/SN), quantity, price, currency, amount and related document
 * numbers, plus the few fields of its type (document-types.ts). Every type shares these schemas and the
 * endpoint set below, under its own API base and permission codes.
 */

export * from './document-types.ts';
export * from './document-labels.ts';

/** Spec 3 "Currency option". */
export const CURRENCIES = [
  { code: 'CNY', name: '人民币', nameEn: 'Chinese Yuan' },
  { code: 'USD', name: '美元', nameEn: 'US Dollar' },
  { code: 'EUR', name: '欧元', nameEn: 'Euro' },
  { code: 'GBP', name: '英镑', nameEn: 'British Pound' },
  { code: 'AUD', name: '澳大利亚元', nameEn: 'Australian Dollar' },
  { code: 'CAD', name: '加拿大元', nameEn: 'Canadian Dollar' },
] as const;
export const CURRENCY_CODES = ['CNY', 'USD', 'EUR', 'GBP', 'AUD', 'CAD'] as const;
export type TCurrency = (typeof CURRENCY_CODES)[number];
export const ZCurrency = z.enum(CURRENCY_CODES);
export const ZCurrencyOption = z.object({ code: z.string(), name: z.string(), nameEn: z.string() });
export type TCurrencyOption = z.infer<typeof ZCurrencyOption>;
/** The synthetic first option of the client's currency select (spec 3: code -1, "(Empty)"). */
export const EMPTY_CURRENCY_CODE = '-1';

export const DOCUMENT_LIMITS = {
  billNoMax: 50,
  itemNameMax: 100,
  unitMax: 20,
  notesMax: LIMITS.commentMax,
  relatedMax: 20,
  textMax: 200,
  countryMax: 100,
  warrantyMonthsMax: 1200,
  /** Amounts may differ from quantity x unit price by rounding to cents. */
  amountTolerance: 0.01,
} as const;

const text = (max: number) => z.string().trim().max(max).optional().default('');

/** A decimal of the weight rule (>= 0, 9 integer digits, 4 decimals); blank or null is none. */
const zDecimal = z.preprocess(
  (v) => (v === '' || (typeof v === 'string' && v.trim() === '') ? null : v),
  z
    .union([z.number(), z.string()], { error: 'v.document.decimal' })
    .refine(isValidWeight, { error: 'v.document.decimal' })
    .transform((v) => Number(v))
    .nullable()
    .optional(),
);

/** The latest instant a timestamp column and a Date both hold. */
const MAX_TIME_MS = 253_402_300_799_999;
const zTime = z.number().int().min(0).max(MAX_TIME_MS);
const zOptionalTime = z.preprocess((v) => (v === '' ? null : v), zTime.nullable().optional());
const zCoordinate = (limit: number) =>
  z.preprocess(
    (v) => (v === '' ? null : typeof v === 'string' ? Number(v) : v),
    z.number().min(-limit).max(limit).nullable().optional(),
  );

const zRelated = z
  .array(z.string().trim().min(1).max(DOCUMENT_LIMITS.billNoMax))
  .max(DOCUMENT_LIMITS.relatedMax)
  .optional()
  .default([]);

/** Fields beyond the common ones, each optional here; a type's `required` list makes some mandatory. */
const extraFields = {
  signed: z.boolean().nullable().optional(),
  originCountry: text(DOCUMENT_LIMITS.countryMax),
  warrantyMonths: z.preprocess(
    (v) => (v === '' ? null : typeof v === 'string' ? Number(v) : v),
    z.number().int().min(0).max(DOCUMENT_LIMITS.warrantyMonthsMax).nullable().optional(),
  ),
  deliveryEnterprise: text(DOCUMENT_LIMITS.textMax),
  deliveryEnterpriseEn: text(DOCUMENT_LIMITS.textMax),
  shippingAddress: text(DOCUMENT_LIMITS.textMax),
  checkoutDate: zOptionalTime,
  receiveCompanyName: text(DOCUMENT_LIMITS.textMax),
  receiveCompanyNameEn: text(DOCUMENT_LIMITS.textMax),
  deliveryAddress: text(DOCUMENT_LIMITS.textMax),
  arrivalDate: zOptionalTime,
  carrierEnterpriseNo: text(DOCUMENT_LIMITS.billNoMax),
  shippingLatitude: zCoordinate(90),
  shippingLongitude: zCoordinate(180),
  deliveryLatitude: zCoordinate(90),
  deliveryLongitude: zCoordinate(180),
  siteName: text(DOCUMENT_LIMITS.textMax),
  siteCountry: text(DOCUMENT_LIMITS.countryMax),
  siteLatitude: zCoordinate(90),
  siteLongitude: zCoordinate(180),
} satisfies Record<TDocumentExtraField, z.ZodType>;

/** Every field a document line can carry; one schema for the create call and each imported row. */
const documentFields = {
  billNo: z.string().trim().min(1).max(DOCUMENT_LIMITS.billNoMax),
  bizTime: zTime,
  /** The counterparty: one of the enterprise's partners of the type's side, by its code. */
  partnerCode: text(LIMITS.productCodeOrBatchMax),
  itemCode: text(LIMITS.productCodeOrBatchMax),
  itemName: text(DOCUMENT_LIMITS.itemNameMax),
  batchNo: text(LIMITS.productCodeOrBatchMax),
  vinSn: text(LIMITS.productCodeOrBatchMax),
  interiorBatchNo: text(LIMITS.productCodeOrBatchMax),
  quantity: zDecimal,
  unit: text(DOCUMENT_LIMITS.unitMax),
  unitPrice: zDecimal,
  currency: z.preprocess((v) => (v === '' || v === '-1' ? null : v), ZCurrency.nullable().optional()),
  amount: zDecimal,
  relatedBillNos: zRelated,
  notes: text(DOCUMENT_LIMITS.notesMax),
  ...extraFields,
};

const ZDocumentFields = z.object(documentFields);
export type TDocumentCreate = z.output<typeof ZDocumentFields>;
export type TDocumentCreateInput = z.input<typeof ZDocumentFields>;
export type TDocumentUpdate = TDocumentCreate & { id: number };
export type TDocumentUpdateInput = TDocumentCreateInput & { id: number };

const blank = (v: unknown) => v === undefined || v === null || v === '';

/** Whether a requirable field is filled in a parsed document. */
function filled(doc: TDocumentCreate, field: TDocumentRequirable): boolean {
  switch (field) {
    case 'partner':
      return doc.partnerCode !== '';
    case 'item':
      return doc.itemCode !== '';
    case 'lot':
      return doc.batchNo !== '' || doc.vinSn !== '';
    case 'vinSn':
      return doc.vinSn !== '';
    case 'quantity':
      return doc.quantity !== null && doc.quantity !== undefined;
    case 'amount':
      return !blank(doc.amount);
    case 'related':
      return doc.relatedBillNos.length > 0;
    default:
      return !blank(doc[field]);
  }
}

/** The input field a missing requirable is reported on. */
const FIELD_OF: Partial<Record<TDocumentRequirable, keyof TDocumentCreate>> = {
  partner: 'partnerCode',
  item: 'itemCode',
  lot: 'batchNo',
  related: 'relatedBillNos',
};

/**
 * The rules of a type beyond each field's own: required fields, a currency with any price or amount, an
 * amount that agrees with quantity x unit price, and no fields of other types.
 */
function typeRules(def: TDocumentTypeDef) {
  const allowedExtra = new Set<string>(def.extra);
  return (doc: TDocumentCreate, ctx: z.RefinementCtx) => {
    for (const field of def.required) {
      if (filled(doc, field)) continue;
      const path = FIELD_OF[field] ?? field;
      const message = field === 'lot' ? 'v.document.lotRequired' : 'v.required';
      ctx.addIssue({ code: 'custom', path: [path], message });
    }
    if ((!blank(doc.unitPrice) || !blank(doc.amount)) && blank(doc.currency)) {
      ctx.addIssue({ code: 'custom', path: ['currency'], message: 'v.document.currencyRequired' });
    }
    if (!blank(doc.quantity) && !blank(doc.unitPrice) && !blank(doc.amount)) {
      const expected = Number(doc.quantity) * Number(doc.unitPrice);
      if (Math.abs(expected - Number(doc.amount)) > DOCUMENT_LIMITS.amountTolerance + 1e-9) {
        ctx.addIssue({ code: 'custom', path: ['amount'], message: 'v.document.amountMismatch' });
      }
    }
    if (def.partner === null && doc.partnerCode !== '') {
      ctx.addIssue({ code: 'custom', path: ['partnerCode'], message: 'v.document.noPartner' });
    }
    for (const key of Object.keys(extraFields) as TDocumentExtraField[]) {
      if (!allowedExtra.has(key) && !blank(doc[key])) {
        ctx.addIssue({ code: 'custom', path: [key], message: 'v.document.notOfType' });
      }
    }
  };
}

const schemaCache = new Map<
  string,
  {
    create: z.ZodType<TDocumentCreate, TDocumentCreateInput>;
    update: z.ZodType<TDocumentUpdate, TDocumentUpdateInput>;
  }
>();

/** The create and update requests of a type (same fields, the type's rules). */
export function documentSchemas(code: string) {
  let schemas = schemaCache.get(code);
  if (!schemas) {
    const rules = typeRules(documentType(code));
    schemas = {
      create: ZDocumentFields.superRefine(rules),
      update: ZDocumentFields.extend({ id: z.number().int() }).superRefine(rules),
    };
    schemaCache.set(code, schemas);
  }
  return schemas;
}

/** A related document number and the record it resolves to in the enterprise (null when none has it). */
export const ZRelatedDocument = z.object({
  billNo: z.string(),
  /** The resolved document's type code and id. */
  docType: z.string().nullable(),
  id: z.number().int().nullable(),
});

export const ZDocument = z.object({
  id: z.number().int(),
  /** The type's menu code (e.g. PurchaseReceipt). */
  docType: z.string(),
  typeCode: z.number().int(),
  stage: z.number().int(),
  billNo: z.string(),
  bizTime: z.number().int(),
  partnerCode: z.string(),
  partnerName: z.string(),
  partnerNameEn: z.string(),
  /** The partner is settled on the platform (its documents can be linked to ours). */
  partnerSettled: z.boolean(),
  itemCode: z.string(),
  itemName: z.string(),
  batchNo: z.string(),
  vinSn: z.string(),
  interiorBatchNo: z.string(),
  /** Decimals as exact text ('12.5'), null when blank. */
  quantity: z.string().nullable(),
  unit: z.string(),
  unitPrice: z.string().nullable(),
  currency: z.string().nullable(),
  amount: z.string().nullable(),
  relatedBillNos: z.array(z.string()),
  notes: z.string(),
  signed: z.boolean().nullable(),
  originCountry: z.string(),
  warrantyMonths: z.number().int().nullable(),
  deliveryEnterprise: z.string(),
  deliveryEnterpriseEn: z.string(),
  shippingAddress: z.string(),
  checkoutDate: z.number().int().nullable(),
  receiveCompanyName: z.string(),
  receiveCompanyNameEn: z.string(),
  deliveryAddress: z.string(),
  arrivalDate: z.number().int().nullable(),
  carrierEnterpriseNo: z.string(),
  shippingLatitude: z.number().nullable(),
  shippingLongitude: z.number().nullable(),
  deliveryLatitude: z.number().nullable(),
  deliveryLongitude: z.number().nullable(),
  siteName: z.string(),
  siteCountry: z.string(),
  siteLatitude: z.number().nullable(),
  siteLongitude: z.number().nullable(),
  ...recordStamps,
});
export type TDocument = z.infer<typeof ZDocument>;

/** The detail adds the related numbers resolved and, for goods received or delivered, their returns. */
export const ZDocumentDetail = ZDocument.extend({
  related: z.array(ZRelatedDocument),
  /** Returns that name this document (first LIMITS.returnBillNumbersShown numbers) and their count. */
  returnBillNos: z.array(z.string()),
  returnCount: z.number().int(),
  /** Quantity still returnable (receipts and deliveries with returns), exact text. */
  returnable: z.string().nullable(),
});
export type TDocumentDetail = z.infer<typeof ZDocumentDetail>;

const zFilterText = (max: number) => z.string().trim().max(max).optional();

/** Search fields of every document list (and of its export). */
export const ZDocumentFilters = {
  billNo: zFilterText(DOCUMENT_LIMITS.billNoMax),
  partnerCode: zFilterText(LIMITS.productCodeOrBatchMax),
  /** The partner's Chinese or English name contains it. */
  partnerName: zFilterText(DOCUMENT_LIMITS.textMax),
  itemCode: zFilterText(LIMITS.productCodeOrBatchMax),
  itemName: zFilterText(DOCUMENT_LIMITS.itemNameMax),
  batchNo: zFilterText(LIMITS.productCodeOrBatchMax),
  vinSn: zFilterText(LIMITS.productCodeOrBatchMax),
  /** A related document number, exactly. */
  relatedBillNo: zFilterText(DOCUMENT_LIMITS.billNoMax),
  currency: ZCurrency.optional(),
  signed: z.union([z.boolean(), z.stringbool()]).optional(),
  bizFrom: z.coerce.number().int().optional(),
  bizTo: z.coerce.number().int().optional(),
  createdFrom: z.coerce.number().int().optional(),
  createdTo: z.coerce.number().int().optional(),
};

/**
 * A return's detail for one received line (spec 2.4 "Purchase return detail", 3 "Purchase return"): the
 * receipt's number, material code and lot, and the numbers of the returns against it.
 */
export const ZReturnDetailRequest = z.object({
  billNo: z.string().trim().min(1).max(DOCUMENT_LIMITS.billNoMax),
  materialsCode: z.string().trim().max(LIMITS.productCodeOrBatchMax).optional().default(''),
  batchNo: z.string().trim().max(LIMITS.productCodeOrBatchMax).optional().default(''),
  vinSn: z.string().trim().max(LIMITS.productCodeOrBatchMax).optional().default(''),
});
export const ZReturnDetail = z.object({
  billNo: z.string(),
  materialsCode: z.string(),
  batchNo: z.string(),
  vinSn: z.string(),
  interiorBatchNo: z.string(),
  /** The first LIMITS.returnBillNumbersShown return numbers, oldest first. */
  returnBillNos: z.array(z.string()),
  total: z.number().int(),
  returnedQuantity: z.string(),
  receivedQuantity: z.string().nullable(),
});
export type TReturnDetail = z.infer<typeof ZReturnDetail>;

/** The endpoints of one document type, under its route and permission codes. */
function documentEndpointsOf(def: TDocumentTypeDef) {
  const { code } = def;
  const base = `/${def.route}`;
  const { create, update } = documentSchemas(code);
  const tag = 'document';
  const noun = def.title.en.toLowerCase();
  return {
    ...recordEndpoints({
      base,
      code,
      tag,
      filters: ZDocumentFilters,
      item: ZDocument,
      detail: ZDocumentDetail,
      create,
      update,
      summaries: {
        page: `The enterprise's ${noun} with their evidence; sortField billNo, bizTime, itemCode, batchNo, quantity, amount, createdAt (default, newest first) or updatedAt`,
        detail: `One of the ${noun}, its related numbers resolved${def.trace === 'receipt' || def.trace === 'delivery' ? ' and its returns' : ''}`,
        add: `Create one of the ${noun} (number, item and lot unique per type; B2080 when it exists); recorded as evidence`,
        update: `Change one of the ${noun}; recorded as evidence`,
        delete: `Delete one of the ${noun}${def.trace === 'delivery' ? ' (refused with B2081 while sales returns name it)' : ''}; recorded as evidence`,
        batchDelete: `Delete several ${noun} at once, all or none`,
      },
    }),
    partnerOptions: endpoint({
      method: 'POST',
      path: `${base}/partnerOptions`,
      input: z.object({ keyword: z.string().trim().max(PARTNER_LIMITS.name).optional() }),
      output: z.array(ZPartnerOption),
      auth: 'enterprise',
      permission: [`${code}:Create`, `${code}:Edit`],
      tag,
      summary: `The enterprise's ${def.partner ?? 'partner'}s the form can name (code or name contains the keyword; at most 100; none for types without a counterparty)`,
    }),
    ...importExportEndpoints({
      kind: code as TImportKind,
      base,
      code,
      filters: ZDocumentFilters,
      tag,
      noun,
    }),
  };
}

export type TDocumentEndpoints = ReturnType<typeof documentEndpointsOf>;

/** The endpoints of every document type, by its menu code. */
export const documentEndpoints: Readonly<Record<string, TDocumentEndpoints>> = Object.fromEntries(
  DOCUMENT_TYPES.map((def) => [def.code, documentEndpointsOf(def)]),
);

/** Endpoints shared by the document pages. */
export const documentCommonEndpoints = {
  currencies: endpoint({
    method: 'GET',
    path: '/common/getAllCurrency',
    input: z.object({}),
    output: z.array(ZCurrencyOption),
    auth: 'session',
    tag: 'document',
    summary: 'The currencies documents may use (code, name, nameEn)',
  }),
  purchaseReturnDetail: endpoint({
    method: 'POST',
    path: '/stagePurchase/return/detailOfReceipt',
    input: ZReturnDetailRequest,
    output: ZReturnDetail,
    auth: 'enterprise',
    permission: 'ViewReturnedMaterial',
    tag: 'document',
    summary:
      'The purchase returns against one receipt line (billNo, materialsCode, batchNo or vinSn): the first 20 return numbers, their count and quantities',
  }),
};
