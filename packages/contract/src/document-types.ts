/*
 * The catalogue of business documents (spec 1, 2.2 /stagePurchase ... /internalE, 2.3 "Document lists",
 * 3 "Documents", "Bill stage types"): every document list of the console is one entry here, and the
 * server's endpoints, import templates and evidence, and the web's list pages are all derived from it.
 * Pure data, so that the import kinds and file business types can be built from it without cycles.
 */

/** Spec 3 "Bill stage types". */
export const BILL_STAGES = {
  purchase: 10,
  production: 20,
  sales: 30,
  logistics: 40,
  vehicleSales: 50,
  keyParts: 60,
  nonKeyParts: 70,
  partsSource: 80,
} as const;
export type TBillStageName = keyof typeof BILL_STAGES;
export type TBillStage = (typeof BILL_STAGES)[TBillStageName];

/** A document family: the attachment types and the menu group (spec 5 attachment types per family). */
export type TDocumentFamily = 'purchase' | 'production' | 'sales' | 'logistics' | 'internal';

/**
 * Optional fields a document type may carry beyond the common ones (number, time, partner, item, lot,
 * quantity, unit, price, currency, amount, related numbers, notes). Stored in the row's `extra`.
 */
export const DOCUMENT_EXTRA_FIELDS = [
  'signed',
  'originCountry',
  'warrantyMonths',
  'deliveryEnterprise',
  'deliveryEnterpriseEn',
  'shippingAddress',
  'checkoutDate',
  'receiveCompanyName',
  'receiveCompanyNameEn',
  'deliveryAddress',
  'arrivalDate',
  'carrierEnterpriseNo',
  'shippingLatitude',
  'shippingLongitude',
  'deliveryLatitude',
  'deliveryLongitude',
  'siteName',
  'siteCountry',
  'siteLatitude',
  'siteLongitude',
] as const;
export type TDocumentExtraField = (typeof DOCUMENT_EXTRA_FIELDS)[number];

/** The common fields a type may require beyond the number and time (always required). */
export type TDocumentRequirable =
  'partner' | 'item' | 'lot' | 'vinSn' | 'quantity' | 'amount' | 'related' | TDocumentExtraField;

/**
 * What the document's lot identifies:
 * - batch: a batch number or a VIN/SN (at least one when 'lot' is required);
 * - vin: a VIN/SN (vehicle tables, completion by VIN);
 * - none: no lot (contracts, invoices, vouchers).
 */
export type TLotKind = 'batch' | 'vin' | 'none';

/** How a document takes part in traceability links (see the server's trace module). */
export type TTraceRole =
  /** Goods received from a supplier (purchase receipt, steel receipt). */
  | 'receipt'
  /** Goods delivered to a client (sales delivery, steel delivery). */
  | 'delivery'
  /** Material consumed by production (start-of-production picking). */
  | 'consume'
  /** Goods produced (completion stock-in; its related numbers name the pickings it consumed). */
  | 'produce'
  /** A part fitted into a vehicle (B1-1, C1-1: VIN plus the part's code and lot). */
  | 'fit'
  /** A vehicle sold (A1-1). */
  | 'vehicle'
  /** The mine or smelter a lot comes from (D, E tables). */
  | 'source';

export interface TDocumentTypeDef {
  /** The page's menu code (permissions `<code>:<Action>`), also the import kind. */
  code: string;
  /** The numeric document-type code of templates and attachment business types (spec 3). */
  typeCode: number;
  stage: TBillStage;
  family: TDocumentFamily;
  /** The list page's route below the layout and the API base below /api, e.g. 'stagePurchase/receipt'. */
  route: string;
  title: { zh: string; en: string };
  /** What one record is called in English ("Create receipt"); in Chinese the title serves. */
  singular: string;
  /** Action codes of the page beyond the standard list actions (menu tree). */
  actions?: readonly { code: string; zh: string; en: string }[];
  /** Which partners the document's counterparty is chosen from; null: no counterparty. */
  partner: 'supplier' | 'client' | null;
  /** Whether the item code names a material or a product (labels and pickers). */
  item: 'material' | 'product' | 'none';
  lot: TLotKind;
  /** Fields beyond the common ones. */
  extra: readonly TDocumentExtraField[];
  /** Fields that must be filled (number and time always must). */
  required: readonly TDocumentRequirable[];
  /** The document types its related numbers resolve to (in the same enterprise). */
  relatesTo: readonly string[];
  trace?: TTraceRole;
  /** Returns: the quantity returned may not exceed what the related document delivered or received. */
  returnOf?: string;
  /**
   * The field groups a VIN table (A-E) has besides its VIN/SN (its first field), number, time, notes and
   * extra fields; it takes no other field. Absent (stage documents): partner, item, lot and money follow
   * from the entry above.
   */
  fields?: readonly TVinTableGroup[];
}

/**
 * A VIN table's field groups: the counterparty (code, name), the item (code, name), the batch (batch and
 * internal batch numbers), the quantity (with its unit), money (unit price, currency, amount) and related
 * document numbers.
 */
export type TVinTableGroup = 'partner' | 'item' | 'batch' | 'quantity' | 'money' | 'related';

const LOGISTICS_EXTRA = [
  'deliveryEnterprise',
  'deliveryEnterpriseEn',
  'shippingAddress',
  'checkoutDate',
  'receiveCompanyName',
  'receiveCompanyNameEn',
  'deliveryAddress',
  'arrivalDate',
  'carrierEnterpriseNo',
  'shippingLatitude',
  'shippingLongitude',
  'deliveryLatitude',
  'deliveryLongitude',
] as const satisfies readonly TDocumentExtraField[];

const SITE_EXTRA = [
  'siteName',
  'siteCountry',
  'siteLatitude',
  'siteLongitude',
] as const satisfies readonly TDocumentExtraField[];

type Def = Omit<TDocumentTypeDef, 'stage' | 'family' | 'partner' | 'extra' | 'relatesTo'> &
  Partial<Pick<TDocumentTypeDef, 'extra' | 'relatesTo' | 'partner'>>;

const inStage =
  (stage: TBillStage, family: TDocumentFamily, partner: TDocumentTypeDef['partner']) =>
  (d: Def): TDocumentTypeDef => ({
    stage,
    family,
    extra: [],
    relatesTo: [],
    ...d,
    partner: d.partner === undefined ? partner : d.partner,
  });

const purchase = inStage(BILL_STAGES.purchase, 'purchase', 'supplier');
const production = inStage(BILL_STAGES.production, 'production', null);
const sales = inStage(BILL_STAGES.sales, 'sales', 'client');
const logistics = inStage(BILL_STAGES.logistics, 'logistics', 'client');

/**
 * A VIN-based internal table (spec 1 "Internal-document tables labelled A to E"): its VIN/SN first, then
 * the field groups it has (`fields`), no others.
 */
const internal = (
  stage: TBillStage,
  name: string,
  typeCode: number,
  title: { zh: string; en: string; one: string },
  fields: readonly TVinTableGroup[],
  d: Partial<Def> = {},
): TDocumentTypeDef => {
  const group = name.charAt(0);
  return {
    stage,
    family: 'internal',
    code: `Internal${name.replace(/-/g, '')}`,
    typeCode,
    route: `internal${group}/${name}`,
    title: { zh: `${name} ${title.zh}`, en: `${name} ${title.en}` },
    singular: `${name} ${title.one}`,
    partner: null,
    item: 'product',
    lot: 'vin',
    extra: [],
    required: ['vinSn'],
    relatesTo: [],
    ...d,
    fields,
  };
};

const SUPPLIED = { partner: 'supplier', item: 'material' } as const;

/** Every document type, in menu order. */
export const DOCUMENT_TYPES: readonly TDocumentTypeDef[] = [
  // Purchase (10): documents received from suppliers.
  purchase({
    code: 'PurchaseContract',
    typeCode: 100,
    route: 'stagePurchase/contract',
    title: { zh: '采购订单', en: 'Purchase Orders' },
    singular: 'purchase order',
    item: 'material',
    lot: 'none',
    required: ['partner', 'amount'],
  }),
  purchase({
    code: 'PurchaseReceipt',
    typeCode: 110,
    route: 'stagePurchase/receipt',
    title: { zh: '采购入库', en: 'Receipts' },
    singular: 'receipt',
    item: 'material',
    lot: 'batch',
    required: ['partner', 'item', 'lot', 'quantity'],
    relatesTo: ['PurchaseContract'],
    trace: 'receipt',
  }),
  purchase({
    code: 'PurchaseReturn',
    typeCode: 120,
    route: 'stagePurchase/return',
    title: { zh: '采购退货', en: 'Purchase Returns' },
    singular: 'purchase return',
    item: 'material',
    lot: 'batch',
    required: ['partner', 'item', 'lot', 'quantity', 'related'],
    relatesTo: ['PurchaseReceipt'],
    returnOf: 'PurchaseReceipt',
    actions: [{ code: 'ViewReturnedMaterial', zh: '查看退货物料', en: 'View returned materials' }],
  }),
  purchase({
    code: 'PurchaseInvoice',
    typeCode: 130,
    route: 'stagePurchase/invoice',
    title: { zh: '采购发票', en: 'Purchase Invoices' },
    singular: 'purchase invoice',
    item: 'material',
    lot: 'none',
    required: ['partner', 'amount'],
    relatesTo: ['PurchaseContract', 'PurchaseReceipt'],
  }),
  purchase({
    code: 'PurchasePay',
    typeCode: 140,
    route: 'stagePurchase/pay',
    title: { zh: '付款凭证', en: 'Payment Vouchers' },
    singular: 'payment voucher',
    item: 'none',
    lot: 'none',
    required: ['partner', 'amount'],
    relatesTo: ['PurchaseInvoice', 'PurchaseContract'],
  }),
  // The periodic statement of account a supplier and the enterprise reconcile (spec 2.3 "statement").
  purchase({
    code: 'PurchaseStatement',
    typeCode: 145,
    route: 'stagePurchase/statement',
    title: { zh: '对账单', en: 'Statements' },
    singular: 'statement',
    item: 'none',
    lot: 'none',
    required: ['partner', 'amount'],
    relatesTo: ['PurchaseReceipt', 'PurchaseReturn', 'PurchaseInvoice'],
  }),
  purchase({
    code: 'SupplierAffidavit',
    typeCode: 150,
    route: 'stagePurchase/supplierAffidavit',
    title: { zh: '供应商声明书', en: 'Supplier Affidavits' },
    singular: 'supplier affidavit',
    item: 'material',
    lot: 'batch',
    extra: ['signed'],
    required: ['partner', 'item'],
    relatesTo: ['PurchaseContract', 'PurchaseReceipt'],
  }),
  purchase({
    code: 'PurchasePacking',
    typeCode: 160,
    route: 'stagePurchase/packing',
    title: { zh: '装箱单', en: 'Packing Lists' },
    singular: 'packing list',
    item: 'material',
    lot: 'batch',
    required: ['partner', 'item', 'quantity'],
    relatesTo: ['PurchaseContract', 'PurchaseReceipt'],
  }),
  purchase({
    code: 'PurchaseLading',
    typeCode: 170,
    route: 'stagePurchase/lading',
    title: { zh: '提单', en: 'Bills of Lading' },
    singular: 'bill of lading',
    item: 'material',
    lot: 'batch',
    required: ['partner'],
    relatesTo: ['PurchaseContract', 'PurchasePacking'],
  }),
  purchase({
    code: 'PurchaseOrigin',
    typeCode: 180,
    route: 'stagePurchase/origin',
    title: { zh: '原产地证明', en: 'Certificates of Origin' },
    singular: 'certificate of origin',
    item: 'material',
    lot: 'batch',
    extra: ['originCountry'],
    required: ['partner', 'item', 'originCountry'],
    relatesTo: ['PurchaseContract', 'PurchaseReceipt'],
  }),
  purchase({
    code: 'PurchaseReceiptSteel',
    typeCode: 190,
    route: 'stagePurchase/receiptSteel',
    title: { zh: '钢材入库', en: 'Steel Receipts' },
    singular: 'steel receipt',
    item: 'material',
    lot: 'batch',
    required: ['partner', 'item', 'lot', 'quantity'],
    relatesTo: ['PurchaseContract'],
    trace: 'receipt',
  }),

  // Production (20): within the enterprise.
  production({
    code: 'ProductionStart',
    typeCode: 200,
    route: 'stageProduction/start',
    title: { zh: '生产领料', en: 'Start-of-production Picking' },
    singular: 'production picking',
    item: 'material',
    lot: 'batch',
    required: ['item', 'lot', 'quantity'],
    trace: 'consume',
  }),
  production({
    code: 'ProductionEnd',
    typeCode: 210,
    route: 'stageProduction/end',
    title: { zh: '完工入库', en: 'Production Completion Stock-in' },
    singular: 'completion stock-in',
    item: 'product',
    lot: 'batch',
    required: ['item', 'lot', 'quantity'],
    relatesTo: ['ProductionStart'],
    trace: 'produce',
  }),
  production({
    code: 'ProductionEndNew',
    typeCode: 220,
    route: 'stageProduction/endNew',
    title: { zh: '完工入库（新）', en: 'Production Completion (New)' },
    singular: 'completion stock-in (new)',
    item: 'product',
    lot: 'vin',
    required: ['item', 'vinSn'],
    relatesTo: ['ProductionStart'],
    trace: 'produce',
  }),

  // Sales (30): documents issued to clients.
  sales({
    code: 'SaleContract',
    typeCode: 300,
    route: 'stageSale/contract',
    title: { zh: '销售合同', en: 'Sales Contracts' },
    singular: 'sales contract',
    item: 'product',
    lot: 'none',
    required: ['partner', 'amount'],
  }),
  sales({
    code: 'SaleDelivery',
    typeCode: 310,
    route: 'stageSale/delivery',
    title: { zh: '销售出库', en: 'Deliveries' },
    singular: 'delivery',
    item: 'product',
    lot: 'batch',
    required: ['partner', 'item', 'lot', 'quantity'],
    relatesTo: ['SaleContract'],
    trace: 'delivery',
  }),
  sales({
    code: 'SaleReturn',
    typeCode: 320,
    route: 'stageSale/return',
    title: { zh: '销售退货', en: 'Sales Returns' },
    singular: 'sales return',
    item: 'product',
    lot: 'batch',
    required: ['partner', 'item', 'lot', 'quantity', 'related'],
    relatesTo: ['SaleDelivery'],
    returnOf: 'SaleDelivery',
  }),
  sales({
    code: 'SaleInvoice',
    typeCode: 330,
    route: 'stageSale/invoice',
    title: { zh: '销售发票', en: 'Sales Invoices' },
    singular: 'sales invoice',
    item: 'product',
    lot: 'none',
    required: ['partner', 'amount'],
    relatesTo: ['SaleContract', 'SaleDelivery'],
  }),
  sales({
    code: 'SaleOrigin',
    typeCode: 340,
    route: 'stageSale/origin',
    title: { zh: '原产地证明', en: 'Certificates of Origin' },
    singular: 'certificate of origin',
    item: 'product',
    lot: 'batch',
    extra: ['originCountry'],
    required: ['partner', 'item', 'originCountry'],
    relatesTo: ['SaleContract', 'SaleDelivery'],
  }),
  sales({
    code: 'SaleReceipt',
    typeCode: 350,
    route: 'stageSale/receipt',
    title: { zh: '收款凭证', en: 'Collection Vouchers' },
    singular: 'collection voucher',
    item: 'none',
    lot: 'none',
    required: ['partner', 'amount'],
    relatesTo: ['SaleInvoice', 'SaleContract'],
  }),
  sales({
    code: 'SaleWarranty',
    typeCode: 360,
    route: 'stageSale/warranty',
    title: { zh: '质保单', en: 'Warranty Bills' },
    singular: 'warranty bill',
    item: 'product',
    lot: 'batch',
    extra: ['warrantyMonths'],
    required: ['partner', 'item', 'lot', 'warrantyMonths'],
    relatesTo: ['SaleDelivery'],
  }),
  sales({
    code: 'SaleDeliverySteel',
    typeCode: 370,
    route: 'stageSale/deliverySteel',
    title: { zh: '钢材出库', en: 'Steel Deliveries' },
    singular: 'steel delivery',
    item: 'product',
    lot: 'batch',
    required: ['partner', 'item', 'lot', 'quantity'],
    relatesTo: ['SaleContract'],
    trace: 'delivery',
  }),

  // Logistics (40): shipments of sales deliveries.
  logistics({
    code: 'LogisticsTrans',
    typeCode: 400,
    route: 'stageLogistics/trans',
    title: { zh: '发运单', en: 'Shipments' },
    singular: 'shipment',
    item: 'product',
    lot: 'batch',
    extra: LOGISTICS_EXTRA,
    required: [
      'partner',
      'shippingAddress',
      'deliveryAddress',
      'checkoutDate',
      'shippingLatitude',
      'shippingLongitude',
      'deliveryLatitude',
      'deliveryLongitude',
    ],
    relatesTo: ['SaleDelivery'],
    actions: [{ code: 'LogisticsTrans:ViewTrajectory', zh: '查看物流轨迹图', en: 'View trajectory map' }],
  }),
  logistics({
    code: 'LogisticsPacking',
    typeCode: 410,
    route: 'stageLogistics/packing',
    title: { zh: '装箱单', en: 'Packing Lists' },
    singular: 'packing list',
    item: 'product',
    lot: 'batch',
    required: ['partner', 'item', 'quantity'],
    relatesTo: ['LogisticsTrans', 'SaleDelivery'],
  }),
  logistics({
    code: 'LogisticsLading',
    typeCode: 420,
    route: 'stageLogistics/lading',
    title: { zh: '提单', en: 'Bills of Lading' },
    singular: 'bill of lading',
    item: 'product',
    lot: 'batch',
    required: ['partner'],
    relatesTo: ['LogisticsTrans', 'LogisticsPacking'],
  }),

  // A: whole-vehicle sales data (50): the vehicle (product) by its VIN; money only where it is sold.
  internal(
    50,
    'A1-1',
    500,
    { zh: '整车销售', en: 'Vehicle sales', one: 'vehicle sales record' },
    ['partner', 'item', 'quantity', 'money'],
    { partner: 'client', trace: 'vehicle', required: ['vinSn', 'item'] },
  ),
  internal(
    50,
    'A1-2',
    501,
    { zh: '整车销售明细', en: 'Vehicle sales details', one: 'vehicle sales detail' },
    ['partner', 'item', 'quantity', 'money', 'related'],
    { partner: 'client' },
  ),
  internal(50, 'A1-3', 502, { zh: '整车配置', en: 'Vehicle configuration', one: 'vehicle configuration' }, [
    'item',
  ]),
  internal(
    50,
    'A1-4',
    503,
    { zh: '整车交付', en: 'Vehicle delivery', one: 'vehicle delivery' },
    ['partner', 'item', 'quantity'],
    { partner: 'client' },
  ),
  internal(
    50,
    'A2-1',
    504,
    { zh: '整车出口', en: 'Vehicle export', one: 'vehicle export' },
    ['partner', 'item', 'quantity'],
    { partner: 'client', extra: ['originCountry'] },
  ),
  internal(50, 'A3', 505, { zh: '整车库存', en: 'Vehicle stock', one: 'vehicle stock record' }, [
    'item',
    'quantity',
  ]),
  // A recall names the vehicle and its reason (notes): no counterparty, quantity or money.
  internal(50, 'A4', 506, { zh: '整车召回', en: 'Vehicle recall', one: 'vehicle recall' }, ['item']),

  // B: key parts (60). A fitted part is the vehicle's VIN plus the part's code and lot.
  internal(
    60,
    'B1-1',
    600,
    { zh: '关键零部件装车', en: 'Key parts fitted', one: 'key part fitting' },
    ['partner', 'item', 'batch', 'quantity'],
    { ...SUPPLIED, trace: 'fit', required: ['vinSn', 'item', 'lot'], lot: 'batch' },
  ),
  internal(
    60,
    'B1-2',
    601,
    { zh: '关键零部件批次', en: 'Key part batches', one: 'key part batch' },
    ['partner', 'item', 'batch', 'quantity'],
    { ...SUPPLIED, lot: 'batch', required: ['item', 'lot'] },
  ),
  internal(
    60,
    'B1-3',
    602,
    { zh: '关键零部件序列号', en: 'Key part serial numbers', one: 'key part serial number' },
    ['partner', 'item', 'batch'],
    { ...SUPPLIED, lot: 'vin', required: ['item', 'vinSn'] },
  ),
  internal(
    60,
    'B2',
    603,
    { zh: '关键零部件来源', en: 'Key part sources', one: 'key part source' },
    ['partner', 'item', 'batch'],
    { ...SUPPLIED, lot: 'batch', required: ['item', 'partner'] },
  ),
  internal(
    60,
    'B2VP3',
    604,
    { zh: '动力电池来源', en: 'Traction battery sources', one: 'traction battery source' },
    ['partner', 'item', 'batch'],
    { ...SUPPLIED, lot: 'batch', required: ['item', 'partner'] },
  ),

  // C: non-key parts (70); standard parts, auxiliary and packaging materials are bought, with money.
  internal(
    70,
    'C1-1',
    700,
    { zh: '非关键零部件装车', en: 'Non-key parts fitted', one: 'non-key part fitting' },
    ['partner', 'item', 'batch', 'quantity'],
    { ...SUPPLIED, trace: 'fit', required: ['vinSn', 'item', 'lot'], lot: 'batch' },
  ),
  internal(
    70,
    'C1-2',
    701,
    { zh: '非关键零部件批次', en: 'Non-key part batches', one: 'non-key part batch' },
    ['partner', 'item', 'batch', 'quantity'],
    { ...SUPPLIED, lot: 'batch', required: ['item', 'lot'] },
  ),
  internal(
    70,
    'C2',
    702,
    { zh: '非关键零部件来源', en: 'Non-key part sources', one: 'non-key part source' },
    ['partner', 'item', 'batch'],
    { ...SUPPLIED, lot: 'batch', required: ['item', 'partner'] },
  ),
  internal(
    70,
    'C3-1',
    703,
    { zh: '标准件', en: 'Standard parts', one: 'standard part' },
    ['partner', 'item', 'batch', 'quantity', 'money'],
    { ...SUPPLIED, lot: 'batch', required: ['item'] },
  ),
  internal(
    70,
    'C3-2',
    704,
    { zh: '标准件来源', en: 'Standard part sources', one: 'standard part source' },
    ['partner', 'item', 'batch'],
    { ...SUPPLIED, lot: 'batch', required: ['item', 'partner'] },
  ),
  internal(
    70,
    'C4',
    705,
    { zh: '辅料', en: 'Auxiliary materials', one: 'auxiliary material' },
    ['partner', 'item', 'batch', 'quantity', 'money'],
    { ...SUPPLIED, lot: 'batch', required: ['item'] },
  ),
  internal(
    70,
    'C5',
    706,
    { zh: '包装材料', en: 'Packaging materials', one: 'packaging material' },
    ['partner', 'item', 'batch', 'quantity', 'money'],
    { ...SUPPLIED, lot: 'batch', required: ['item'] },
  ),

  // D: parts source (80): the raw materials of parts and their smelters.
  internal(
    80,
    'D1-1',
    780,
    { zh: '零部件原材料来源', en: 'Part raw-material sources', one: 'part raw-material source' },
    ['partner', 'item', 'batch'],
    { ...SUPPLIED, lot: 'batch', extra: SITE_EXTRA, required: ['item', 'partner'] },
  ),
  internal(
    80,
    'D1-2',
    781,
    { zh: '原材料冶炼来源', en: 'Raw-material smelter sources', one: 'raw-material smelter source' },
    ['partner', 'item', 'batch'],
    { ...SUPPLIED, lot: 'batch', extra: SITE_EXTRA, required: ['item', 'siteName'], trace: 'source' },
  ),

  // E: supply-chain data (80): mineral sources and mines.
  internal(
    80,
    'E1',
    790,
    { zh: '矿产来源', en: 'Mineral sources', one: 'mineral source' },
    ['partner', 'item', 'batch', 'quantity'],
    { ...SUPPLIED, lot: 'batch', extra: SITE_EXTRA, required: ['item', 'siteName'], trace: 'source' },
  ),
  // A mine and the ore lot it produced: where, what and how much; nothing is sold here (no money).
  internal(
    80,
    'E2',
    800,
    { zh: '矿山信息', en: 'Mine information', one: 'mine' },
    ['item', 'batch', 'quantity'],
    {
      partner: null,
      item: 'material',
      lot: 'batch',
      extra: SITE_EXTRA,
      required: ['siteName', 'siteCountry', 'siteLatitude', 'siteLongitude'],
      trace: 'source',
    },
  ),
];

/** The menu codes of all document types, in menu order. */
export const DOCUMENT_TYPE_CODES = DOCUMENT_TYPES.map((d) => d.code);

const BY_CODE = new Map(DOCUMENT_TYPES.map((d) => [d.code, d]));
const BY_TYPE_CODE = new Map(DOCUMENT_TYPES.map((d) => [d.typeCode, d]));

/** The type of a menu code; throws for an unknown one (a programming error). */
export function documentType(code: string): TDocumentTypeDef {
  const def = BY_CODE.get(code);
  if (!def) throw new Error(`unknown document type ${code}`);
  return def;
}

/** The type of a numeric document-type code (attachment bizType, billType), or undefined. */
export const documentTypeByTypeCode = (typeCode: number): TDocumentTypeDef | undefined =>
  BY_TYPE_CODE.get(typeCode);

export const isDocumentTypeCode = (code: string): boolean => BY_CODE.has(code);

/**
 * Attachment extensions per family (spec 5: "Attachment upload: jpg, jpeg, png, doc, docx, pdf, xlsx, xls";
 * scanned logistics papers and internal tables' evidence are pictures or pdf).
 */
export const DOCUMENT_ATTACHMENT_TYPES: Readonly<Record<TDocumentFamily, readonly string[]>> = {
  purchase: ['jpg', 'jpeg', 'png', 'doc', 'docx', 'pdf', 'xlsx', 'xls'],
  production: ['jpg', 'jpeg', 'png', 'doc', 'docx', 'pdf', 'xlsx', 'xls'],
  sales: ['jpg', 'jpeg', 'png', 'doc', 'docx', 'pdf', 'xlsx', 'xls'],
  logistics: ['jpg', 'jpeg', 'png', 'pdf'],
  internal: ['jpg', 'jpeg', 'png', 'pdf', 'xlsx', 'xls'],
};

/**
 * An enterprise's kind (spec 1: automaker, manufacturing, trading and source/mineral types): enterprise
 * role 1 is an automaker, otherwise its business attribute says; null before certification.
 */
export const ENTERPRISE_KINDS = ['automaker', 'manufacturing', 'trading', 'mineral'] as const;
export type TEnterpriseKind = (typeof ENTERPRISE_KINDS)[number];

export function enterpriseKind(role: number, businessAttribute: string | null): TEnterpriseKind | null {
  if (role === 1) return 'automaker';
  return (ENTERPRISE_KINDS as readonly string[]).includes(businessAttribute ?? '')
    ? (businessAttribute as TEnterpriseKind)
    : null;
}

/** The VIN tables (their menu codes), in menu order. */
export const VIN_TABLE_CODES: readonly string[] = DOCUMENT_TYPES.filter((d) => d.family === 'internal').map(
  (d) => d.code,
);

/**
 * The VIN table groups each kind keeps by default: an automaker records its vehicles (A), the parts fitted
 * into them (B, C) and their sources (D, E); a parts maker or a trader the sources of what it sells (D, E);
 * a mine its mines and mineral sources (E).
 */
const KIND_TABLE_GROUPS: Readonly<Record<TEnterpriseKind, string>> = {
  automaker: 'ABCDE',
  manufacturing: 'DE',
  trading: 'DE',
  mineral: 'E',
};

/** The VIN tables a kind shows by default; every table for an enterprise of no known kind. */
export const defaultVinTables = (kind: TEnterpriseKind | null): readonly string[] =>
  kind === null
    ? VIN_TABLE_CODES
    : DOCUMENT_TYPES.filter(
        (d) => d.family === 'internal' && KIND_TABLE_GROUPS[kind].includes(d.route.charAt('internal'.length)),
      ).map((d) => d.code);

/**
 * The VIN tables an enterprise does not use: those outside the operator's choice (`chosen`, codes of
 * VIN_TABLE_CODES), or without one outside its kind's default. Their pages leave its menu and endpoints.
 */
export function unusedVinTables(
  kind: TEnterpriseKind | null,
  chosen: readonly string[] | null,
): ReadonlySet<string> {
  const used = new Set(chosen ?? defaultVinTables(kind));
  return new Set(VIN_TABLE_CODES.filter((code) => !used.has(code)));
}
