import { z } from 'zod';
import {
  DOCUMENT_EXTRA_FIELDS,
  DOCUMENT_TYPES,
  type TDocumentRequirable,
  type TDocumentTypeDef,
  type TVinTableGroup,
} from './document-types.ts';
import { endpoint } from './endpoint.ts';
import type { TBilingual } from './i18n/lang.ts';
import { LIMITS } from './limits.ts';
import { PARTNER_LIMITS, ZPartnerOption } from './partner.ts';
import {
  createdAtField,
  defineRecord,
  longTextField,
  optionalTextField,
  recordEndpointsOf,
  recordImportExportOf,
  requiredTextField,
  type TRecordCreateSchema,
  type TRecordField,
} from './record-catalogue.ts';
import { isValidWeight } from './validators/numbers.ts';

/*
 * Business documents (spec 3 "Documents"): one line of a document per record, with its number, time,
 * counterparty, item, lot (batch or VIN/SN), quantity, price, currency, amount and related document
 * numbers, plus the few fields of its type (document-types.ts). One field table (DOCUMENT_FIELDS) says each
 * field once: its name in both languages (the item's and the counterparty's by the type), rule, kind, list
 * width, search, sort, template example; `documentRecordOf` makes each type a record-catalogue declaration
 * from it and the type's entry (which fields it has, what it requires), and the endpoints, the server's
 * list, writes, import, export and evidence, and the web's list, form and detail derive from that.
 */

export * from './document-types.ts';

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
const zOptionalNumber = (schema: z.ZodNumber) =>
  z.preprocess(
    (v) => (v === '' ? null : typeof v === 'string' ? Number(v) : v),
    schema.nullable().optional(),
  );

/** Related document numbers, each once. */
const zRelated = z
  .array(z.string().trim().min(1).max(DOCUMENT_LIMITS.billNoMax))
  .max(DOCUMENT_LIMITS.relatedMax)
  .overwrite((numbers) => [...new Set(numbers)])
  .optional()
  .default([]);

/** A field of the document table: a record field whose name, presence and example may depend on the type. */
type TDocumentField = Omit<TRecordField, 'label' | 'import'> & {
  label: TBilingual | ((def: TDocumentTypeDef) => TBilingual);
  import?: { example: string | TBilingual | ((def: TDocumentTypeDef) => string) };
  /**
   * Whether a type has it (shows, takes, imports and exports it): every type by default, an extra field the
   * types that list it (TDocumentTypeDef.extra). A type without it still answers it blank, and its rule
   * refuses a value (the type rules), so that every type has the same request, item and filters.
   */
  of?: (def: TDocumentTypeDef) => boolean;
};

const ITEM_LABELS = {
  material: {
    code: { zh: '物料编码', en: 'Material code' },
    name: { zh: '物料名称', en: 'Material name' },
  },
  product: {
    code: { zh: '产品编码', en: 'Product code' },
    name: { zh: '产品名称', en: 'Product name' },
  },
  none: { code: { zh: '编码', en: 'Code' }, name: { zh: '名称', en: 'Name' } },
} as const;

const PARTNER_LABELS = {
  supplier: {
    code: { zh: '供应商编码', en: 'Supplier code' },
    name: { zh: '供应商名称', en: 'Supplier name' },
  },
  client: {
    code: { zh: '客户编码', en: 'Client code' },
    name: { zh: '客户名称', en: 'Client name' },
  },
  none: {
    code: { zh: '合作企业编码', en: 'Partner code' },
    name: { zh: '合作企业名称', en: 'Partner name' },
  },
} as const;

/** The item's names say material or product, the counterparty's supplier or client, by the type. */
const itemLabel = (part: 'code' | 'name') => (def: TDocumentTypeDef) => ITEM_LABELS[def.item][part];
const partnerLabel = (part: 'code' | 'name') => (def: TDocumentTypeDef) =>
  PARTNER_LABELS[def.partner ?? 'none'][part];

const hasPartner = (def: TDocumentTypeDef) => def.partner !== null;
const hasItem = (def: TDocumentTypeDef) => def.item !== 'none';
const hasLot = (def: TDocumentTypeDef) => def.lot !== 'none';
/** Money fields: goods have a price, and any type whose amount is required. */
const hasMoney = (def: TDocumentTypeDef) => def.required.includes('amount') || def.item !== 'none';

const decimal = {
  kind: 'decimal',
  schema: zDecimal,
  item: z.string().nullable(),
  list: { width: 130 },
} as const;
const time = {
  kind: 'datetime',
  schema: zOptionalTime,
  item: z.number().int().nullable(),
  list: { width: 180 },
} as const;
/** Latitudes within ±90, longitudes within ±180. */
const coordinate = (limit: 90 | 180) =>
  ({
    kind: 'number',
    schema: zOptionalNumber(z.number().min(-limit).max(limit)),
    item: z.number().nullable(),
    min: -limit,
    max: limit,
    list: { width: 120 },
  }) as const;
const code = LIMITS.productCodeOrBatchMax;
/** The width of most text columns. */
const TEXT = { width: 160 } as const;
/** An address or a company's name: a wider column, and the template's example. */
const wideText = <E extends string | TBilingual>(example: E) =>
  ({ ...optionalTextField(DOCUMENT_LIMITS.textMax), list: { width: 200 }, import: { example } }) as const;

/**
 * Every field a document line can carry, in form, template and column order; each type has the ones its
 * entry gives it (`of`). A few are the item's alone, with no rule (nothing a request writes): the type, and
 * the counterparty as resolved from its code.
 */
export const DOCUMENT_FIELDS = {
  /** The type's menu code (e.g. PurchaseReceipt). */
  docType: { label: { zh: '单据类型', en: 'Document type' }, kind: 'text', item: z.string(), detail: false },
  typeCode: {
    label: { zh: '单据类型编码', en: 'Document type code' },
    kind: 'number',
    item: z.number().int(),
    detail: false,
  },
  stage: { label: { zh: '业务阶段', en: 'Stage' }, kind: 'number', item: z.number().int(), detail: false },
  billNo: {
    label: { zh: '单据编号', en: 'Document number' },
    priority: 1,
    ...requiredTextField(DOCUMENT_LIMITS.billNoMax),
    list: TEXT,
    search: 'contains',
    basic: true,
    sort: true,
    import: { example: 'DOC-20260115-001' },
  },
  bizTime: {
    label: { zh: '单据时间', en: 'Document time' },
    priority: 2,
    kind: 'datetime',
    schema: zTime,
    item: z.number().int(),
    list: { width: 180 },
    search: 'range',
    sort: true,
    import: { example: '2026-01-15 10:30:00' },
  },
  /** The counterparty: one of the enterprise's partners of the type's side, by its code. */
  partnerCode: {
    label: partnerLabel('code'),
    ...optionalTextField(code),
    of: hasPartner,
    list: TEXT,
    search: 'contains',
    basic: true,
    import: { example: 'P-001' },
  },
  /** Its name as the partner had it when the document was written; searched in Chinese or English. */
  partnerName: {
    label: partnerLabel('name'),
    priority: 2,
    kind: 'text',
    item: z.string(),
    max: DOCUMENT_LIMITS.textMax,
    of: hasPartner,
    list: TEXT,
    search: 'contains',
    searchAlso: ['partnerNameEn'],
    evidence: true,
  },
  partnerNameEn: {
    label: { zh: '合作企业英文名称', en: 'Partner name (English)' },
    kind: 'text',
    item: z.string(),
    detail: false,
  },
  /** The partner is settled on the platform (its documents can be linked to ours). */
  partnerSettled: {
    label: { zh: '合作企业已入驻', en: 'Partner settled' },
    kind: 'boolean',
    item: z.boolean(),
    detail: false,
  },
  itemCode: {
    label: itemLabel('code'),
    ...optionalTextField(code),
    of: hasItem,
    list: TEXT,
    search: 'contains',
    basic: true,
    sort: true,
    import: { example: 'M-100234' },
  },
  itemName: {
    label: itemLabel('name'),
    priority: 2,
    ...optionalTextField(DOCUMENT_LIMITS.itemNameMax),
    of: hasItem,
    list: TEXT,
    search: 'contains',
    import: { example: { zh: '锂电池电芯', en: 'Lithium battery cell' } },
  },
  batchNo: {
    label: { zh: '批次号', en: 'Batch number' },
    priority: 1,
    ...optionalTextField(code),
    of: hasLot,
    list: TEXT,
    search: 'contains',
    sort: true,
    import: { example: 'B20260115' },
  },
  vinSn: {
    label: { zh: '车架号/序列号', en: 'VIN/SN' },
    priority: 1,
    ...optionalTextField(code),
    of: hasLot,
    list: TEXT,
    search: 'contains',
    import: { example: (def) => (def.lot === 'vin' ? 'LSVAU2180N2183294' : '') },
  },
  interiorBatchNo: {
    label: { zh: '内部批次号', en: 'Internal batch number' },
    ...optionalTextField(code),
    of: hasLot,
    list: TEXT,
    import: { example: '' },
  },
  /** Decimals as exact text ('12.5'), null when blank. */
  quantity: {
    label: { zh: '数量', en: 'Quantity' },
    priority: 1,
    ...decimal,
    of: hasItem,
    sort: true,
    import: { example: '100' },
  },
  unit: {
    label: { zh: '单位', en: 'Unit' },
    priority: 2,
    ...optionalTextField(DOCUMENT_LIMITS.unitMax),
    of: hasItem,
    list: { width: 88 },
    import: { example: { zh: '件', en: 'pcs' } },
  },
  unitPrice: {
    label: { zh: '单价', en: 'Unit price' },
    ...decimal,
    of: hasMoney,
    import: { example: '12.5' },
  },
  /** A currency of CURRENCIES by its code, shown as its code; '' or the form's "(Empty)" (-1) is none. */
  currency: {
    label: { zh: '币种', en: 'Currency' },
    priority: 2,
    kind: 'enum',
    schema: z.preprocess(
      (v) => (v === '' || v === EMPTY_CURRENCY_CODE ? null : v),
      ZCurrency.nullable().optional(),
    ),
    item: z.string().nullable(),
    options: CURRENCY_CODES.map((c) => ({ value: c, label: { zh: c, en: c } })),
    of: hasMoney,
    list: { width: 100 },
    search: 'equals',
    import: { example: 'CNY' },
  },
  amount: {
    label: { zh: '金额', en: 'Amount' },
    priority: 1,
    ...decimal,
    of: hasMoney,
    sort: true,
    import: { example: '1250' },
  },
  // The extra fields (DOCUMENT_EXTRA_FIELDS), stored in the row's `extra`: each type has those it lists.
  signed: {
    label: { zh: '是否已签署', en: 'Signed' },
    kind: 'boolean',
    schema: z.boolean().nullable().optional(),
    item: z.boolean().nullable(),
    list: { width: 110 },
    search: 'equals',
    import: { example: { zh: '是', en: 'yes' } },
  },
  originCountry: {
    label: { zh: '原产国', en: 'Country of origin' },
    ...optionalTextField(DOCUMENT_LIMITS.countryMax),
    list: TEXT,
    import: { example: { zh: '中国', en: 'China' } },
  },
  warrantyMonths: {
    label: { zh: '质保期（月）', en: 'Warranty (months)' },
    kind: 'number',
    schema: zOptionalNumber(z.number().int().min(0).max(DOCUMENT_LIMITS.warrantyMonthsMax)),
    item: z.number().int().nullable(),
    min: 0,
    max: DOCUMENT_LIMITS.warrantyMonthsMax,
    integer: true,
    list: { width: 120 },
    import: { example: '36' },
  },
  deliveryEnterprise: {
    label: { zh: '发货企业', en: 'Shipping company' },
    ...wideText({ zh: '上海某物流有限公司', en: 'Shanghai Logistics Co.' }),
  },
  deliveryEnterpriseEn: {
    label: { zh: '发货企业英文名称', en: 'Shipping company (English)' },
    ...wideText(''),
  },
  shippingAddress: {
    label: { zh: '发货地址', en: 'Shipping address' },
    ...wideText({ zh: '上海市嘉定区', en: 'Jiading, Shanghai' }),
  },
  checkoutDate: {
    label: { zh: '发货时间', en: 'Shipped' },
    ...time,
    import: { example: '2026-01-16 08:00:00' },
  },
  receiveCompanyName: {
    label: { zh: '收货企业', en: 'Receiving company' },
    ...wideText({ zh: '某汽车有限公司', en: 'Example Motors Co.' }),
  },
  receiveCompanyNameEn: {
    label: { zh: '收货企业英文名称', en: 'Receiving company (English)' },
    ...wideText(''),
  },
  deliveryAddress: {
    label: { zh: '收货地址', en: 'Delivery address' },
    ...wideText({ zh: '湖北省武汉市', en: 'Wuhan, Hubei' }),
  },
  arrivalDate: {
    label: { zh: '到货时间', en: 'Arrived' },
    ...time,
    import: { example: '2026-01-18 17:00:00' },
  },
  carrierEnterpriseNo: {
    label: { zh: '承运企业编号', en: 'Carrier number' },
    ...optionalTextField(DOCUMENT_LIMITS.billNoMax),
    list: TEXT,
    import: { example: 'C-01' },
  },
  shippingLatitude: {
    label: { zh: '发货地纬度', en: 'Shipping latitude' },
    ...coordinate(90),
    import: { example: '31.3747' },
  },
  shippingLongitude: {
    label: { zh: '发货地经度', en: 'Shipping longitude' },
    ...coordinate(180),
    import: { example: '121.2655' },
  },
  deliveryLatitude: {
    label: { zh: '收货地纬度', en: 'Delivery latitude' },
    ...coordinate(90),
    import: { example: '30.5928' },
  },
  deliveryLongitude: {
    label: { zh: '收货地经度', en: 'Delivery longitude' },
    ...coordinate(180),
    import: { example: '114.3055' },
  },
  siteName: {
    label: { zh: '矿山/冶炼厂名称', en: 'Mine or smelter' },
    ...wideText({ zh: '某矿山', en: 'Example mine' }),
  },
  siteCountry: {
    label: { zh: '所在国家', en: 'Country' },
    ...optionalTextField(DOCUMENT_LIMITS.countryMax),
    list: TEXT,
    import: { example: { zh: '澳大利亚', en: 'Australia' } },
  },
  siteLatitude: { label: { zh: '纬度', en: 'Latitude' }, ...coordinate(90), import: { example: '-23.3000' } },
  siteLongitude: {
    label: { zh: '经度', en: 'Longitude' },
    ...coordinate(180),
    import: { example: '119.7000' },
  },
  /** Numbers of other documents of the enterprise (resolved by the detail); searched one number exactly. */
  relatedBillNos: {
    label: { zh: '关联单据编号', en: 'Related document numbers' },
    kind: 'tags',
    schema: zRelated,
    item: z.array(z.string()),
    max: DOCUMENT_LIMITS.billNoMax,
    maxItems: DOCUMENT_LIMITS.relatedMax,
    list: { width: 220 },
    search: 'equals',
    searchKey: 'relatedBillNo',
    detail: 'wide',
    import: { example: '' },
  },
  notes: { label: { zh: '备注', en: 'Notes' }, ...longTextField(DOCUMENT_LIMITS.notesMax) },
  createdAt: { ...createdAtField, priority: 2 },
} as const satisfies Record<string, TDocumentField>;

type TDocumentFields = typeof DOCUMENT_FIELDS;
export type TDocumentLabelKey = keyof TDocumentFields;

/** The table's fields as one type's declaration has them: their names and examples for the type. */
type TTypeFields = {
  [K in TDocumentLabelKey]: Omit<TDocumentFields[K], 'label' | 'of' | 'import'> & {
    label: TBilingual;
    import?: { example: string | TBilingual };
  };
};

const resolve = <T>(value: T | ((def: TDocumentTypeDef) => T), def: TDocumentTypeDef): T =>
  typeof value === 'function' ? (value as (def: TDocumentTypeDef) => T)(def) : value;

const EXTRA = new Set<string>(DOCUMENT_EXTRA_FIELDS);

/** The fields of each group of a VIN table (TDocumentTypeDef.fields). */
const GROUP_FIELDS: Readonly<Record<TVinTableGroup, readonly TDocumentLabelKey[]>> = {
  partner: ['partnerCode', 'partnerName'],
  item: ['itemCode', 'itemName'],
  batch: ['batchNo', 'interiorBatchNo'],
  quantity: ['quantity', 'unit'],
  money: ['unitPrice', 'currency', 'amount'],
  related: ['relatedBillNos'],
};
const GROUP_OF = new Map<string, TVinTableGroup>(
  (Object.entries(GROUP_FIELDS) as [TVinTableGroup, readonly string[]][]).flatMap(([g, keys]) =>
    keys.map((k) => [k, g] as const),
  ),
);

/** Whether a type has a field of the table. */
function typeHas(def: TDocumentTypeDef, key: string, f: TDocumentField): boolean {
  if (EXTRA.has(key)) return (def.extra as readonly string[]).includes(key);
  const group = GROUP_OF.get(key);
  if (def.fields && group) return def.fields.includes(group);
  return f.of?.(def) ?? true;
}

/**
 * The fields of the groups a VIN table does not have: they must stay blank on it (a table without a
 * counterparty refuses a partner with its own message).
 */
const fieldsNotOf = (def: TDocumentTypeDef): readonly TDocumentLabelKey[] => {
  const { fields } = def;
  if (!fields) return [];
  return (Object.keys(GROUP_FIELDS) as TVinTableGroup[])
    .filter((g) => !fields.includes(g) && !(g === 'partner' && def.partner === null))
    .flatMap((g) => GROUP_FIELDS[g]);
};

/** A VIN table's VIN/SN comes first (form, columns, template, export); other types keep the table's order. */
const fieldOrder = (def: TDocumentTypeDef, keys: readonly string[]): string[] =>
  def.fields ? ['vinSn', ...keys.filter((k) => k !== 'vinSn')] : [...keys];

/** What a field the type does not have keeps: its rule, item and filter, nowhere on the type's pages. */
const ABSENT = { list: false, form: false, detail: false, export: false, searchIn: 'none' } as const;

function typeFields(def: TDocumentTypeDef): TTypeFields {
  const table = DOCUMENT_FIELDS as Record<string, TDocumentField>;
  const entries = fieldOrder(def, Object.keys(table)).map((key) => {
    const f = table[key]!;
    const { label, of: _of, import: template, ...rest } = f;
    const has = typeHas(def, key, f);
    return [
      key,
      {
        ...rest,
        label: resolve(label, def),
        ...(has && template ? { import: { example: resolve(template.example, def) } } : {}),
        ...(has ? {} : ABSENT),
      },
    ];
  });
  return Object.fromEntries(entries) as TTypeFields;
}

/** A field's name in a type's context (item fields say material or product, partner fields supplier or client). */
export function documentFieldLabel(def: TDocumentTypeDef, key: TDocumentLabelKey): TBilingual {
  return resolve((DOCUMENT_FIELDS as Record<string, TDocumentField>)[key]!.label, def);
}

/** The create request and each imported row of a document type, after each field's own rule. */
export type TDocumentCreate = z.output<TRecordCreateSchema<TTypeFields>>;
export type TDocumentCreateInput = z.input<TRecordCreateSchema<TTypeFields>>;

const blank = (v: unknown) => v === undefined || v === null || v === '';

/** The field a requirable is checked on and reported on (a lot: a batch number or a VIN/SN, on the batch). */
const REQUIRED_FIELD: Partial<Record<TDocumentRequirable, keyof TDocumentCreate>> = {
  partner: 'partnerCode',
  item: 'itemCode',
  lot: 'batchNo',
  related: 'relatedBillNos',
};
const requiredField = (r: TDocumentRequirable) => REQUIRED_FIELD[r] ?? (r as keyof TDocumentCreate);

/**
 * The fields a type requires besides the number and time, as a form marks them: a required lot is a batch
 * number or a VIN/SN, which only the whole document's rule can tell (reported on the batch number).
 */
export const documentRequiredFields = (def: TDocumentTypeDef): (keyof TDocumentCreate)[] =>
  def.required.filter((r) => r !== 'lot').map(requiredField);

/** Whether a requirable field is filled in a parsed document. */
function filled(doc: TDocumentCreate, field: TDocumentRequirable): boolean {
  switch (field) {
    case 'lot':
      return doc.batchNo !== '' || doc.vinSn !== '';
    case 'related':
      return doc.relatedBillNos.length > 0;
    default:
      return !blank(doc[requiredField(field)]);
  }
}

/**
 * The rules of a type beyond each field's own: required fields, a currency with any price or amount, an
 * amount that agrees with quantity x unit price, and no fields of other types.
 */
function typeRules(def: TDocumentTypeDef) {
  const allowedExtra = new Set<string>(def.extra);
  const notOf = fieldsNotOf(def);
  return (doc: TDocumentCreate, ctx: z.RefinementCtx) => {
    for (const key of notOf) {
      const v = doc[key as keyof TDocumentCreate];
      if (!blank(v) && !(Array.isArray(v) && v.length === 0)) {
        ctx.addIssue({ code: 'custom', path: [key], message: 'v.document.notOfType' });
      }
    }
    for (const field of def.required) {
      if (filled(doc, field)) continue;
      const message = field === 'lot' ? 'v.document.lotRequired' : 'v.required';
      ctx.addIssue({ code: 'custom', path: [requiredField(field)], message });
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
    for (const key of DOCUMENT_EXTRA_FIELDS) {
      if (!allowedExtra.has(key) && !blank(doc[key])) {
        ctx.addIssue({ code: 'custom', path: [key], message: 'v.document.notOfType' });
      }
    }
  };
}

/** A related document number and the record it resolves to in the enterprise (null when none has it). */
export const ZRelatedDocument = z.object({
  billNo: z.string(),
  /** The resolved document's type code and id. */
  docType: z.string().nullable(),
  id: z.number().int().nullable(),
});

/** What the detail adds: the related numbers resolved and, for goods received or delivered, their returns. */
const DOCUMENT_DETAIL = {
  related: z.array(ZRelatedDocument),
  /** Returns that name this document (first LIMITS.returnBillNumbersShown numbers) and their count. */
  returnBillNos: z.array(z.string()),
  returnCount: z.number().int(),
  /** Quantity still returnable (receipts and deliveries with returns), exact text. */
  returnable: z.string().nullable(),
};

/**
 * A document type as a record-catalogue declaration: the table's fields with the type's names, those it
 * has on its pages (every field in its requests and items), the type's rules, the number, item code and lot
 * unique within the type, attachments of its family's extensions.
 */
export function documentRecordOf(def: TDocumentTypeDef) {
  const noun = def.title.en.toLowerCase();
  const goods = def.trace === 'receipt' || def.trace === 'delivery';
  return defineRecord({
    name: def.code,
    code: def.code,
    base: `/${def.route}`,
    tag: 'document',
    title: def.title,
    noun: { zh: def.title.zh, en: def.singular },
    fields: typeFields(def),
    naturalKey: { fields: ['billNo', 'itemCode', 'batchNo', 'vinSn'], exists: 'DOCUMENT_EXISTS' },
    importExport: true,
    // Filed under the type's code, so that its family's extensions apply (DOCUMENT_ATTACHMENT_TYPES).
    attachments: { bizType: String(def.typeCode) },
    refine: typeRules(def),
    detail: DOCUMENT_DETAIL,
    summaries: {
      page: `The enterprise's ${noun} with their evidence; sortField billNo, bizTime, itemCode, batchNo, quantity, amount, createdAt (default, newest first) or updatedAt`,
      detail: `One of the ${noun}, its related numbers resolved${goods ? ' and its returns' : ''}`,
      add: `Create one of the ${noun} (number, item and lot unique per type; B2080 when it exists); recorded as evidence`,
      update: `Change one of the ${noun}; recorded as evidence`,
      delete: `Delete one of the ${noun}${def.trace === 'delivery' ? ' (refused with B2081 while sales returns name it)' : ''}; recorded as evidence`,
      batchDelete: `Delete several ${noun} at once, all or none`,
    },
  });
}

export type TDocumentRecord = ReturnType<typeof documentRecordOf>;

/** The declaration of every document type, by its menu code. */
export const documentRecords: Readonly<Record<string, TDocumentRecord>> = Object.fromEntries(
  DOCUMENT_TYPES.map((def) => [def.code, documentRecordOf(def)]),
);

const anyRecord = documentRecords[DOCUMENT_TYPES[0]!.code]!;

/** A document of any type: every type's item has every field, blank where the type has none. */
export const ZDocument = anyRecord.item;
export type TDocument = z.infer<typeof ZDocument>;

/** The detail adds the related numbers resolved and, for goods received or delivered, their returns. */
export const ZDocumentDetail = anyRecord.detailItem;
export type TDocumentDetail = z.infer<typeof ZDocumentDetail>;

/** Search fields of every document list (and of its export): every type takes the same. */
export const ZDocumentFilters = anyRecord.filters;

/** The fields a type shows and takes, in form and template order. */
export function documentFieldsOf(def: TDocumentTypeDef): TDocumentLabelKey[] {
  return documentRecords[def.code]!.importColumns.map((c) => c.key as TDocumentLabelKey);
}

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

/** The endpoints of one document type: its declaration's, and the partners its form can name. */
function documentEndpointsOf(def: TDocumentTypeDef) {
  const record = documentRecords[def.code]!;
  return {
    ...recordEndpointsOf(record),
    partnerOptions: endpoint({
      method: 'POST',
      path: `${record.base}/partnerOptions`,
      input: z.object({ keyword: z.string().trim().max(PARTNER_LIMITS.name).optional() }),
      output: z.array(ZPartnerOption),
      auth: 'enterprise',
      permission: [`${def.code}:Create`, `${def.code}:Edit`],
      tag: record.tag,
      summary: `The enterprise's ${def.partner ?? 'partner'}s the form can name (code or name contains the keyword; at most 100; none for types without a counterparty)`,
    }),
    ...recordImportExportOf(record),
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
