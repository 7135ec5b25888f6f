import type { TDocumentTypeDef } from './document-types.ts';

/*
 * The names of document fields in both languages: import template headers, export columns, list columns,
 * form labels and detail fields all read them here, so that one field has one name everywhere (GLOSSARY).
 */

type TLabel = { zh: string; en: string };

export const DOCUMENT_FIELD_LABELS = {
  billNo: { zh: '单据编号', en: 'Document number' },
  bizTime: { zh: '单据时间', en: 'Document time' },
  partnerCode: { zh: '合作企业编码', en: 'Partner code' },
  partnerName: { zh: '合作企业名称', en: 'Partner name' },
  batchNo: { zh: '批次号', en: 'Batch number' },
  vinSn: { zh: '车架号/序列号', en: 'VIN/SN' },
  interiorBatchNo: { zh: '内部批次号', en: 'Internal batch number' },
  quantity: { zh: '数量', en: 'Quantity' },
  unit: { zh: '单位', en: 'Unit' },
  unitPrice: { zh: '单价', en: 'Unit price' },
  currency: { zh: '币种', en: 'Currency' },
  amount: { zh: '金额', en: 'Amount' },
  relatedBillNos: { zh: '关联单据编号', en: 'Related document numbers' },
  notes: { zh: '备注', en: 'Notes' },
  signed: { zh: '是否已签署', en: 'Signed' },
  originCountry: { zh: '原产国', en: 'Country of origin' },
  warrantyMonths: { zh: '质保期（月）', en: 'Warranty (months)' },
  deliveryEnterprise: { zh: '发货企业', en: 'Shipping company' },
  deliveryEnterpriseEn: { zh: '发货企业英文名称', en: 'Shipping company (English)' },
  shippingAddress: { zh: '发货地址', en: 'Shipping address' },
  checkoutDate: { zh: '发货时间', en: 'Shipped' },
  receiveCompanyName: { zh: '收货企业', en: 'Receiving company' },
  receiveCompanyNameEn: { zh: '收货企业英文名称', en: 'Receiving company (English)' },
  deliveryAddress: { zh: '收货地址', en: 'Delivery address' },
  arrivalDate: { zh: '到货时间', en: 'Arrived' },
  carrierEnterpriseNo: { zh: '承运企业编号', en: 'Carrier number' },
  shippingLatitude: { zh: '发货地纬度', en: 'Shipping latitude' },
  shippingLongitude: { zh: '发货地经度', en: 'Shipping longitude' },
  deliveryLatitude: { zh: '收货地纬度', en: 'Delivery latitude' },
  deliveryLongitude: { zh: '收货地经度', en: 'Delivery longitude' },
  siteName: { zh: '矿山/冶炼厂名称', en: 'Mine or smelter' },
  siteCountry: { zh: '所在国家', en: 'Country' },
  siteLatitude: { zh: '纬度', en: 'Latitude' },
  siteLongitude: { zh: '经度', en: 'Longitude' },
  createdAt: { zh: '创建时间', en: 'Created' },
} as const satisfies Record<string, TLabel>;

export type TDocumentLabelKey = keyof typeof DOCUMENT_FIELD_LABELS | 'itemCode' | 'itemName';

const ITEM_LABELS = {
  material: {
    itemCode: { zh: '物料编码', en: 'Material code' },
    itemName: { zh: '物料名称', en: 'Material name' },
  },
  product: {
    itemCode: { zh: '产品编码', en: 'Product code' },
    itemName: { zh: '产品名称', en: 'Product name' },
  },
  none: { itemCode: { zh: '编码', en: 'Code' }, itemName: { zh: '名称', en: 'Name' } },
} as const;

const PARTNER_LABELS = {
  supplier: {
    partnerCode: { zh: '供应商编码', en: 'Supplier code' },
    partnerName: { zh: '供应商名称', en: 'Supplier name' },
  },
  client: {
    partnerCode: { zh: '客户编码', en: 'Client code' },
    partnerName: { zh: '客户名称', en: 'Client name' },
  },
} as const;

/** A field's name in a type's context (item fields say material or product, partner fields supplier or client). */
export function documentFieldLabel(def: TDocumentTypeDef, key: TDocumentLabelKey): TLabel {
  if (key === 'itemCode' || key === 'itemName') return ITEM_LABELS[def.item][key];
  if ((key === 'partnerCode' || key === 'partnerName') && def.partner)
    return PARTNER_LABELS[def.partner][key];
  return DOCUMENT_FIELD_LABELS[key];
}

/** The fields a type shows and takes, in form and template order. */
export function documentFieldsOf(def: TDocumentTypeDef): TDocumentLabelKey[] {
  const money = def.required.includes('amount') || def.item !== 'none';
  return [
    'billNo',
    'bizTime',
    ...(def.partner ? (['partnerCode'] as const) : []),
    ...(def.item !== 'none' ? (['itemCode', 'itemName'] as const) : []),
    ...(def.lot !== 'none' ? (['batchNo', 'vinSn', 'interiorBatchNo'] as const) : []),
    ...(def.item !== 'none' ? (['quantity', 'unit'] as const) : []),
    ...(money ? (['unitPrice', 'currency', 'amount'] as const) : []),
    ...def.extra,
    'relatedBillNos',
    'notes',
  ];
}
