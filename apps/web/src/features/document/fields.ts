import {
  DOCUMENT_LIMITS,
  LIMITS,
  documentFieldsOf,
  type TDocumentLabelKey,
  type TDocumentRequirable,
  type TDocumentTypeDef,
} from '@tracehub/contract';
import type { TI18nKey } from '../../i18n';

/*
 * What a document type shows and takes, derived from its catalogue entry (document-types.ts) and the
 * contract's field list (documentFieldsOf): the same fields, in the same order, on every list, form and
 * detail, so that a new type in the catalogue needs nothing here.
 */

/** How a field is entered and shown. */
export type TFieldKind =
  | 'text'
  | 'textarea'
  | 'datetime'
  | 'decimal'
  | 'integer'
  | 'coordinate'
  | 'currency'
  | 'partner'
  | 'item'
  | 'related'
  | 'yesNo';

const KINDS: Partial<Record<TDocumentLabelKey, TFieldKind>> = {
  bizTime: 'datetime',
  checkoutDate: 'datetime',
  arrivalDate: 'datetime',
  createdAt: 'datetime',
  quantity: 'decimal',
  unitPrice: 'decimal',
  amount: 'decimal',
  warrantyMonths: 'integer',
  shippingLatitude: 'coordinate',
  shippingLongitude: 'coordinate',
  deliveryLatitude: 'coordinate',
  deliveryLongitude: 'coordinate',
  siteLatitude: 'coordinate',
  siteLongitude: 'coordinate',
  currency: 'currency',
  partnerCode: 'partner',
  itemCode: 'item',
  relatedBillNos: 'related',
  signed: 'yesNo',
  notes: 'textarea',
};

export const fieldKind = (key: TDocumentLabelKey): TFieldKind => KINDS[key] ?? 'text';

/** The bound of a coordinate: latitudes within ±90, longitudes within ±180. */
export const coordinateLimit = (key: TDocumentLabelKey): number => (/Latitude$/.test(key) ? 90 : 180);

const CODE_FIELDS = new Set<TDocumentLabelKey>([
  'partnerCode',
  'itemCode',
  'batchNo',
  'vinSn',
  'interiorBatchNo',
]);
const WIDE_TEXT_FIELDS = new Set<TDocumentLabelKey>([
  'deliveryEnterprise',
  'deliveryEnterpriseEn',
  'shippingAddress',
  'receiveCompanyName',
  'receiveCompanyNameEn',
  'deliveryAddress',
  'siteName',
]);

/** The most characters a text field takes (the contract's limits). */
export function maxLengthOf(key: TDocumentLabelKey): number | undefined {
  if (key === 'billNo' || key === 'carrierEnterpriseNo') return DOCUMENT_LIMITS.billNoMax;
  if (CODE_FIELDS.has(key)) return LIMITS.productCodeOrBatchMax;
  if (key === 'itemName') return DOCUMENT_LIMITS.itemNameMax;
  if (key === 'unit') return DOCUMENT_LIMITS.unitMax;
  if (key === 'notes') return DOCUMENT_LIMITS.notesMax;
  if (key === 'originCountry' || key === 'siteCountry') return DOCUMENT_LIMITS.countryMax;
  if (WIDE_TEXT_FIELDS.has(key)) return DOCUMENT_LIMITS.textMax;
  return undefined;
}

/** A field's name as a translation key: item and partner names depend on the type (see the locales). */
export function labelKey(def: TDocumentTypeDef, key: TDocumentLabelKey): TI18nKey {
  if (key === 'itemCode' || key === 'itemName') return `document.labels.item.${def.item}.${key}`;
  if (key === 'partnerCode' || key === 'partnerName') {
    return def.partner ? `document.labels.partner.${def.partner}.${key}` : `document.labels.fields.${key}`;
  }
  return `document.labels.fields.${key}`;
}

/** The form fields of a type: the contract's field list (the partner's name comes with its code). */
export const formFieldKeys = (def: TDocumentTypeDef): TDocumentLabelKey[] => documentFieldsOf(def);

/** The form field a requirable names. */
const requiredField = (r: Exclude<TDocumentRequirable, 'lot'>): TDocumentLabelKey =>
  r === 'partner' ? 'partnerCode' : r === 'item' ? 'itemCode' : r === 'related' ? 'relatedBillNos' : r;

/**
 * The form fields a type requires besides the number and time, marked and checked as they are typed. A
 * required lot is a batch number or a VIN/SN: the whole form's check reports it on the batch number.
 */
export function requiredFieldKeys(def: TDocumentTypeDef): Set<TDocumentLabelKey> {
  return new Set(def.required.flatMap((r) => (r === 'lot' ? [] : [requiredField(r)])));
}

/**
 * The list's columns: every field of the type except the long notes, the partner's name beside its code,
 * then the record's creation time (the chain status column goes before it).
 */
export function columnKeys(def: TDocumentTypeDef): TDocumentLabelKey[] {
  return [
    ...documentFieldsOf(def)
      .filter((k) => k !== 'notes')
      .flatMap((k): TDocumentLabelKey[] => (k === 'partnerCode' ? ['partnerCode', 'partnerName'] : [k])),
    'createdAt',
  ];
}

/** Columns the list endpoint sorts by (ZDocument page: sortField). */
export const SORTABLE = new Set<TDocumentLabelKey>([
  'billNo',
  'bizTime',
  'itemCode',
  'batchNo',
  'quantity',
  'amount',
  'createdAt',
]);

const COLUMN_WIDTHS: Partial<Record<TFieldKind, number>> = {
  datetime: 180,
  decimal: 130,
  integer: 120,
  coordinate: 120,
  currency: 100,
  yesNo: 110,
  related: 220,
};

export const columnWidth = (key: TDocumentLabelKey): number =>
  key === 'unit' ? 88 : (COLUMN_WIDTHS[fieldKind(key)] ?? (WIDE_TEXT_FIELDS.has(key) ? 200 : 160));

/** A search field of a document list: its request key (ZDocumentFilters) and the field it searches. */
export interface TSearchKey {
  prop: string;
  label: TDocumentLabelKey;
  kind: 'text' | 'currency' | 'yesNo' | 'range';
  /** Offered in the one-box basic mode. */
  basic?: boolean;
}

/** The searches a type offers: only over the fields it has (ZDocumentFilters names them). */
export function searchKeys(def: TDocumentTypeDef): TSearchKey[] {
  const fields = new Set(documentFieldsOf(def));
  const keys: TSearchKey[] = [{ prop: 'billNo', label: 'billNo', kind: 'text', basic: true }];
  if (fields.has('partnerCode')) {
    keys.push({ prop: 'partnerCode', label: 'partnerCode', kind: 'text', basic: true });
    keys.push({ prop: 'partnerName', label: 'partnerName', kind: 'text' });
  }
  if (fields.has('itemCode')) {
    keys.push({ prop: 'itemCode', label: 'itemCode', kind: 'text', basic: true });
    keys.push({ prop: 'itemName', label: 'itemName', kind: 'text' });
  }
  if (fields.has('batchNo')) keys.push({ prop: 'batchNo', label: 'batchNo', kind: 'text' });
  if (fields.has('vinSn')) keys.push({ prop: 'vinSn', label: 'vinSn', kind: 'text' });
  keys.push({ prop: 'relatedBillNo', label: 'relatedBillNos', kind: 'text' });
  if (fields.has('currency')) keys.push({ prop: 'currency', label: 'currency', kind: 'currency' });
  if (fields.has('signed')) keys.push({ prop: 'signed', label: 'signed', kind: 'yesNo' });
  keys.push({ prop: 'bizRange', label: 'bizTime', kind: 'range' });
  keys.push({ prop: 'createdRange', label: 'createdAt', kind: 'range' });
  return keys;
}
