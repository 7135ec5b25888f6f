import { DOCUMENT_TYPES, type TDocumentCreateInput } from '@tracehub/contract';
import { CARRIERS, SUNDRIES } from './catalog.ts';
import {
  BASE_TIME,
  LEVEL,
  Numbering,
  originSite,
  type Build,
  type Lot,
  type Pick,
  type Production,
  type Shipment,
  type ShipmentPart,
} from './chain.ts';
import { categoryOf, type PlanEnterprise } from './enterprises-plan.ts';
import { modelPrice, partnersOf, type PartnerBook } from './master.ts';
import { COMPANIONS, type Plan } from './plan.ts';
import { hash32 } from './prng.ts';

// The documents of one scale enterprise, as create requests of their types (what an import row parses
// to): the chain's receipts, deliveries, pickings, completions, vehicles, fits and mine rows, and the
// documents around them the plan chose. A pure function of the plan: the same plan gives the same rows.

export type DocInput = TDocumentCreateInput;

/** What the documents of each enterprise are generated from, looked up by enterprise. */
export interface PlanIndex {
  asSupplier: Map<number, Shipment[]>;
  asClient: Map<number, Shipment[]>;
  picks: Map<number, Pick[]>;
  productions: Map<number, Production[]>;
  builds: Map<number, Build[]>;
  ores: Map<number, Lot[]>;
  partLots: Map<number, Lot[]>;
  /** Companion type -> the ids of the shipments, VINs (global index) or lots it was chosen for. */
  chosenIds: Map<string, Set<number>>;
  /** B1-3: unit indexes of each key lot (by lot id) that get a serial number row. */
  keyUnits: Map<number, number[]>;
  books: PartnerBook[];
}

const push = <K, V>(m: Map<K, V[]>, k: K, v: V) => {
  const list = m.get(k);
  if (list) list.push(v);
  else m.set(k, [v]);
};

export function indexPlan(plan: Plan): PlanIndex {
  const c = plan.chain;
  const index: PlanIndex = {
    asSupplier: new Map(),
    asClient: new Map(),
    picks: new Map(),
    productions: new Map(),
    builds: new Map(),
    ores: new Map(),
    partLots: new Map(),
    chosenIds: new Map(),
    keyUnits: new Map(),
    books: plan.ents.map((e) => partnersOf(plan, e)),
  };
  for (const s of c.shipments) {
    push(index.asSupplier, s.supplier, s);
    push(index.asClient, s.client, s);
  }
  for (const p of c.picks) push(index.picks, p.ent, p);
  for (const p of c.productions) push(index.productions, p.ent, p);
  for (const b of c.builds) push(index.builds, b.auto, b);
  for (const lot of c.lots) {
    if (lot.level === LEVEL.ore) push(index.ores, lot.ent, lot);
    if (lot.level === LEVEL.autoReceived) push(index.partLots, lot.ent, lot);
  }
  for (const def of COMPANIONS) {
    if (def.source === 'free') continue;
    const chosen = plan.chosen.get(def.code) ?? [];
    if (def.source === 'keyUnit') {
      for (const i of chosen) {
        const [lot, unit] = plan.sources.keyUnit[i]!;
        push(index.keyUnits, lot.id, unit);
      }
      continue;
    }
    const list = plan.sources[def.source];
    const ids = new Set<number>();
    for (const i of chosen) {
      const item = list[i]!;
      ids.add(typeof item === 'number' ? item : item.id);
    }
    index.chosenIds.set(def.code, ids);
  }
  return index;
}

const DAY_MS = 86_400_000;
/** A business time on a day: working hours, the minute fixed by the record's key. */
const at = (day: number, key: string) => BASE_TIME + day * DAY_MS + (480 + (hash32(key) % 600)) * 60_000;
const offset = (key: string, min: number, max: number) => min + (hash32(key) % (max - min + 1));
const qtyOf = (hundredths: number) => hundredths / 100;
const amountOf = (hundredths: number, cents: number) => Math.round((hundredths * cents) / 100) / 100;

/** Number prefixes of the documents around the chain. */
const PREFIX: Readonly<Record<string, string>> = {
  PurchaseContract: 'PO',
  PurchaseReturn: 'TH',
  PurchaseInvoice: 'FP',
  PurchasePay: 'FK',
  PurchaseStatement: 'DZ',
  SupplierAffidavit: 'SM',
  PurchasePacking: 'ZX',
  PurchaseLading: 'TD',
  PurchaseOrigin: 'YC',
  SaleContract: 'HT',
  SaleReturn: 'XT',
  SaleInvoice: 'KP',
  SaleOrigin: 'YZ',
  SaleReceipt: 'SK',
  SaleWarranty: 'ZB',
  LogisticsTrans: 'FY',
  LogisticsPacking: 'WZ',
  LogisticsLading: 'WT',
  InternalA12: 'XD',
  InternalA13: 'PZ',
  InternalA14: 'JC',
  InternalA21: 'CK',
  InternalA3: 'KC',
  InternalA4: 'ZH',
  InternalB12: 'GP',
  InternalB13: 'GX',
  InternalB2: 'GY',
  InternalB2VP3: 'DC',
  InternalC11: 'FZ',
  InternalC12: 'FB',
  InternalC2: 'FL',
  InternalC31: 'BZ',
  InternalC32: 'BL',
  InternalC4: 'FC',
  InternalC5: 'BC',
  InternalD11: 'YL',
  InternalD12: 'YY',
  InternalE1: 'KY',
};

const RECALLS = ['制动软管批次召回', '车载软件升级召回', '安全带卷收器检查', '高压线束护套更换'];
const CONFIGS = ['长续航版 / 后驱', '高性能版 / 四驱', '标准续航版 / 前驱', '智驾版 / 四驱'];
const RETURN_REASONS = ['外观不良', '尺寸超差', '包装破损', '来料检验不合格'];

/** The documents of enterprise `e` by type (menu code), in catalogue order. */
export function documentsOf(plan: Plan, index: PlanIndex, e: PlanEnterprise): Map<string, DocInput[]> {
  const seed = plan.sizes.seed;
  const ents = plan.ents;
  const book = index.books[e.index]!;
  const out = new Map<string, DocInput[]>(DOCUMENT_TYPES.map((d) => [d.code, []]));
  const add = (code: string, row: DocInput) => out.get(code)!.push(row);
  const has = (code: string, id: number) => index.chosenIds.get(code)?.has(id) ?? false;
  const k = (...parts: (string | number)[]) => `${seed}:${parts.join(':')}`;

  // Numbers of the documents around the chain, in date order per type (they name each other).
  const numbering = new Numbering(ents);
  const numbers = new Map<string, string>();
  const number = (code: string, key: string, day: number) =>
    numbering.add(e.index, PREFIX[code]!, day, hash32(key), (no) => numbers.set(`${code}:${key}`, no));
  const no = (code: string, key: string) => numbers.get(`${code}:${key}`) ?? '';

  const purchases = index.asClient.get(e.index) ?? [];
  const sales = index.asSupplier.get(e.index) ?? [];
  const firstReceipt = (s: Shipment) => s.parts[0]!;
  const lastReceipt = (s: Shipment) => s.parts[s.parts.length - 1]!;
  const days = {
    contract: (s: Shipment) => s.deliveryDay - offset(k('pc', s.id), 15, 40),
    saleContract: (s: Shipment) => s.deliveryDay - offset(k('sc', s.id), 12, 35),
    invoice: (s: Shipment) => lastReceipt(s).receiptDay + offset(k('pi', s.id), 1, 10),
    pay: (s: Shipment) => lastReceipt(s).receiptDay + offset(k('pp', s.id), 20, 55),
    saleInvoice: (s: Shipment) => lastReceipt(s).deliveryDay + offset(k('si', s.id), 1, 8),
    collection: (s: Shipment) => lastReceipt(s).deliveryDay + offset(k('sr', s.id), 25, 60),
    purchaseReturn: (s: Shipment) => firstReceipt(s).receiptDay + offset(k('pr', s.id), 3, 20),
    saleReturn: (s: Shipment) => firstReceipt(s).deliveryDay + offset(k('sx', s.id), 5, 25),
  };
  const PURCHASE_DOCS: [string, (s: Shipment) => number][] = [
    ['PurchaseContract', days.contract],
    ['PurchaseReturn', days.purchaseReturn],
    ['PurchaseInvoice', days.invoice],
    ['PurchasePay', days.pay],
    ['PurchaseStatement', (s) => days.invoice(s) + 3],
    ['SupplierAffidavit', (s) => days.contract(s) + 2],
    ['PurchasePacking', (s) => s.deliveryDay],
    ['PurchaseLading', (s) => s.deliveryDay],
    ['PurchaseOrigin', (s) => s.deliveryDay - 1],
  ];
  const SALE_DOCS: [string, (s: Shipment) => number][] = [
    ['SaleContract', days.saleContract],
    ['SaleReturn', days.saleReturn],
    ['SaleInvoice', days.saleInvoice],
    ['SaleOrigin', (s) => s.deliveryDay - 1],
    ['SaleReceipt', days.collection],
    ['SaleWarranty', (s) => s.deliveryDay],
    ['LogisticsTrans', (s) => s.deliveryDay],
    ['LogisticsPacking', (s) => s.deliveryDay],
    ['LogisticsLading', (s) => s.deliveryDay],
  ];
  for (const s of purchases)
    for (const [code, day] of PURCHASE_DOCS) if (has(code, s.id)) number(code, String(s.id), day(s));
  for (const s of sales)
    for (const [code, day] of SALE_DOCS) if (has(code, s.id)) number(code, String(s.id), day(s));

  const builds = index.builds.get(e.index) ?? [];
  const VIN_DOCS: [string, (b: Build, v: number) => number][] = [
    ['InternalA12', (_b, v) => plan.chain.vinSale[v]!.day],
    ['InternalA13', (b) => b.day],
    ['InternalA14', (_b, v) => plan.chain.vinSale[v]!.day + offset(k('a14', v), 1, 10)],
    ['InternalA21', (_b, v) => plan.chain.vinSale[v]!.day + offset(k('a21', v), 5, 30)],
    ['InternalA3', (b) => b.day + 1],
    ['InternalA4', (_b, v) => plan.chain.vinSale[v]!.day + offset(k('a4', v), 60, 200)],
  ];
  for (const b of builds) {
    for (let i = 0; i < b.vins.length; i++) {
      const v = b.firstVin + i;
      for (const [code, day] of VIN_DOCS) if (has(code, v)) number(code, String(v), day(b, v));
    }
    if (b.vins.some((_, i) => has('InternalC11', b.firstVin + i))) number('InternalC11', String(b.id), b.day);
  }
  const partLots = index.partLots.get(e.index) ?? [];
  const LOT_DOCS = [
    'InternalB12',
    'InternalB2',
    'InternalB2VP3',
    'InternalC12',
    'InternalC2',
    'InternalD11',
    'InternalD12',
    'InternalE1',
  ];
  for (const lot of partLots) {
    for (const code of LOT_DOCS) if (has(code, lot.id)) number(code, String(lot.id), lot.day);
    if (index.keyUnits.has(lot.id)) number('InternalB13', String(lot.id), lot.day);
  }
  const free = plan.free.get(e.index);
  for (const [code, n] of free ?? []) {
    for (let i = 0; i < n; i++) number(code, `f${i}`, freeDay(i, n));
  }
  numbering.assign();

  // ---- what purchases and sales have alike: the goods lines, the contract, a return and the invoice ----
  interface TradeSide {
    partnerCode: (s: Shipment) => string;
    lot: (s: Shipment) => Lot;
    goods: string;
    goodsSteel: string;
    contract: string;
    returns: string;
    invoice: string;
    partNo: (p: ShipmentPart) => string;
    partDay: (p: ShipmentPart) => number;
    contractDay: (s: Shipment) => number;
    returnDay: (s: Shipment) => number;
    invoiceDay: (s: Shipment) => number;
    /** Share of the first part returned, and the key whose hash picks the reason. */
    returnShare: number;
    returnReasonKey: (key: string) => string;
  }
  const trade = (s: Shipment, side: TradeSide) => {
    const cat = categoryOf(s.cat);
    const partnerCode = side.partnerCode(s);
    const item = { itemCode: side.lot(s).item, itemName: cat.name.zh };
    const lot = { ...item, batchNo: side.lot(s).batch };
    const priced = (hundredths: number) => ({
      quantity: qtyOf(hundredths),
      unit: cat.unit.zh,
      unitPrice: s.price / 100,
      currency: 'CNY' as const,
      amount: amountOf(hundredths, s.price),
    });
    const key = String(s.id);
    const contractNo = no(side.contract, key);
    for (const part of s.parts) {
      add(s.steel ? side.goodsSteel : side.goods, {
        billNo: side.partNo(part),
        bizTime: at(side.partDay(part), side.partNo(part)),
        partnerCode,
        ...lot,
        ...priced(part.qty),
        relatedBillNos: contractNo ? [contractNo] : [],
      });
    }
    const base = (code: string, day: number) => ({
      billNo: no(code, key),
      bizTime: at(day, no(code, key)),
      partnerCode,
    });
    if (contractNo)
      add(side.contract, { ...base(side.contract, side.contractDay(s)), ...item, ...priced(s.qty) });
    if (has(side.returns, s.id)) {
      const part = firstReceipt(s);
      const unit = cat.whole ? 100 : 1;
      const qty = Math.max(unit, Math.floor((part.qty * side.returnShare) / unit) * unit);
      add(side.returns, {
        ...base(side.returns, side.returnDay(s)),
        ...lot,
        ...priced(Math.min(qty, part.qty)),
        relatedBillNos: [side.partNo(part)],
        notes: RETURN_REASONS[hash32(side.returnReasonKey(key)) % RETURN_REASONS.length]!,
      });
    }
    const invoiceNo = no(side.invoice, key);
    if (invoiceNo) {
      add(side.invoice, {
        ...base(side.invoice, side.invoiceDay(s)),
        ...item,
        amount: amountOf(s.qty, s.price),
        currency: 'CNY',
        relatedBillNos: [...(contractNo ? [contractNo] : []), ...s.parts.map(side.partNo)].slice(0, 20),
      });
    }
    return { cat, item, lot, base, key, contractNo, invoiceNo, firstNo: side.partNo(firstReceipt(s)) };
  };

  // ---- purchases (this enterprise received) ----
  const PURCHASE: TradeSide = {
    partnerCode: (s) => book.supplier.get(s.supplier)!,
    lot: (s) => s.toLot,
    goods: 'PurchaseReceipt',
    goodsSteel: 'PurchaseReceiptSteel',
    contract: 'PurchaseContract',
    returns: 'PurchaseReturn',
    invoice: 'PurchaseInvoice',
    partNo: (p) => p.receiptNo,
    partDay: (p) => p.receiptDay,
    contractDay: days.contract,
    returnDay: days.purchaseReturn,
    invoiceDay: days.invoice,
    returnShare: 0.02,
    returnReasonKey: (key) => key,
  };
  for (const s of purchases) {
    const supplier = ents[s.supplier]!;
    const { cat, lot, base, key, contractNo, invoiceNo, firstNo: receiptNo } = trade(s, PURCHASE);
    if (has('PurchasePay', s.id)) {
      add('PurchasePay', {
        ...base('PurchasePay', days.pay(s)),
        amount: amountOf(s.qty, s.price),
        currency: 'CNY',
        relatedBillNos: invoiceNo ? [invoiceNo] : contractNo ? [contractNo] : [],
      });
    }
    // The statement reconciles the lot's receipt and invoice with the supplier.
    if (has('PurchaseStatement', s.id)) {
      add('PurchaseStatement', {
        ...base('PurchaseStatement', days.invoice(s) + 3),
        amount: amountOf(s.qty, s.price),
        currency: 'CNY',
        relatedBillNos: invoiceNo ? [receiptNo, invoiceNo] : [receiptNo],
      });
    }
    if (has('SupplierAffidavit', s.id)) {
      add('SupplierAffidavit', {
        ...base('SupplierAffidavit', days.contract(s) + 2),
        ...lot,
        signed: hash32(k('signed', key)) % 10 !== 0,
        relatedBillNos: [receiptNo],
      });
    }
    const packingNo = no('PurchasePacking', key);
    if (packingNo) {
      add('PurchasePacking', {
        ...base('PurchasePacking', s.deliveryDay),
        ...lot,
        quantity: qtyOf(s.qty),
        unit: cat.unit.zh,
        relatedBillNos: [receiptNo],
      });
    }
    if (has('PurchaseLading', s.id)) {
      add('PurchaseLading', {
        ...base('PurchaseLading', s.deliveryDay),
        ...lot,
        relatedBillNos: packingNo ? [packingNo] : contractNo ? [contractNo] : [],
      });
    }
    if (has('PurchaseOrigin', s.id)) {
      add('PurchaseOrigin', {
        ...base('PurchaseOrigin', s.deliveryDay - 1),
        ...lot,
        originCountry: supplier.tier === 'mine' ? (originSite(s.toLot)?.country ?? '中国') : '中国',
        relatedBillNos: [receiptNo],
      });
    }
  }

  // ---- sales (this enterprise delivered) ----
  const SALE: TradeSide = {
    partnerCode: (s) => book.client.get(s.client)!,
    lot: (s) => s.fromLot,
    goods: 'SaleDelivery',
    goodsSteel: 'SaleDeliverySteel',
    contract: 'SaleContract',
    returns: 'SaleReturn',
    invoice: 'SaleInvoice',
    partNo: (p) => p.deliveryNo,
    partDay: (p) => p.deliveryDay,
    contractDay: days.saleContract,
    returnDay: days.saleReturn,
    invoiceDay: days.saleInvoice,
    returnShare: 0.015,
    returnReasonKey: (key) => k('sr', key),
  };
  for (const s of sales) {
    const client = ents[s.client]!;
    const { cat, lot, base, key, contractNo, invoiceNo, firstNo: deliveryNo } = trade(s, SALE);
    if (has('SaleOrigin', s.id)) {
      add('SaleOrigin', {
        ...base('SaleOrigin', s.deliveryDay - 1),
        ...lot,
        originCountry:
          e.tier === 'mine' || e.tier === 'trader' ? (originSite(s.fromLot)?.country ?? '中国') : '中国',
        relatedBillNos: [deliveryNo],
      });
    }
    if (has('SaleReceipt', s.id)) {
      add('SaleReceipt', {
        ...base('SaleReceipt', days.collection(s)),
        amount: amountOf(s.qty, s.price),
        currency: 'CNY',
        relatedBillNos: invoiceNo ? [invoiceNo] : contractNo ? [contractNo] : [],
      });
    }
    if (has('SaleWarranty', s.id)) {
      add('SaleWarranty', {
        ...base('SaleWarranty', s.deliveryDay),
        ...lot,
        warrantyMonths: [24, 36, 60, 96][hash32(k('w', key)) % 4]!,
        relatedBillNos: [deliveryNo],
      });
    }
    const transNo = no('LogisticsTrans', key);
    if (transNo) {
      const from = e.profile.operationAddress;
      const to = client.profile.operationAddress;
      const last = lastReceipt(s);
      add('LogisticsTrans', {
        ...base('LogisticsTrans', s.deliveryDay),
        ...lot,
        deliveryEnterprise: e.name.zh,
        deliveryEnterpriseEn: e.name.en,
        shippingAddress: `${from.province}${from.city === from.province ? '' : from.city}${from.area}${from.detail}`,
        checkoutDate: at(s.deliveryDay, `${transNo}:out`),
        receiveCompanyName: client.name.zh,
        receiveCompanyNameEn: client.name.en,
        deliveryAddress: `${to.province}${to.city === to.province ? '' : to.city}${to.area}${to.detail}`,
        arrivalDate: at(last.receiptDay, `${transNo}:in`),
        carrierEnterpriseNo: CARRIERS[hash32(k('carrier', s.supplier, s.client)) % CARRIERS.length]!,
        shippingLatitude: from.latitude,
        shippingLongitude: from.longitude,
        deliveryLatitude: to.latitude,
        deliveryLongitude: to.longitude,
        relatedBillNos: s.parts.map((p) => p.deliveryNo).slice(0, 20),
      });
    }
    if (has('LogisticsPacking', s.id)) {
      add('LogisticsPacking', {
        ...base('LogisticsPacking', s.deliveryDay),
        ...lot,
        quantity: qtyOf(s.qty),
        unit: cat.unit.zh,
        relatedBillNos: [transNo || deliveryNo],
      });
    }
    if (has('LogisticsLading', s.id)) {
      add('LogisticsLading', {
        ...base('LogisticsLading', s.deliveryDay),
        ...lot,
        relatedBillNos: transNo ? [transNo] : [],
      });
    }
  }

  // ---- production: pickings and completions ----
  for (const p of index.picks.get(e.index) ?? []) {
    const cat = p.lot.cat.startsWith('ORE-') ? null : categoryOf(p.lot.cat);
    add('ProductionStart', {
      billNo: p.billNo,
      bizTime: at(p.day, p.billNo),
      itemCode: p.lot.item,
      itemName: cat ? cat.name.zh : oreName(p.lot.cat),
      batchNo: p.lot.batch,
      quantity: qtyOf(p.qty),
      unit: cat ? cat.unit.zh : '吨',
    });
  }
  for (const p of index.productions.get(e.index) ?? []) {
    const cat = categoryOf(p.out.cat);
    add('ProductionEnd', {
      billNo: p.billNo,
      bizTime: at(p.day, p.billNo),
      itemCode: p.out.item,
      itemName: cat.name.zh,
      batchNo: p.out.batch,
      quantity: qtyOf(p.out.qty),
      unit: cat.unit.zh,
      relatedBillNos: p.picks.map((x) => x.billNo),
    });
  }
  for (const lot of index.ores.get(e.index) ?? []) {
    const site = lot.site!;
    add('InternalE2', {
      billNo: lot.billNo,
      bizTime: at(lot.day, lot.billNo),
      itemCode: lot.item,
      itemName: oreName(lot.cat),
      batchNo: lot.batch,
      quantity: qtyOf(lot.qty),
      unit: '吨',
      siteName: site.name.zh,
      siteCountry: site.country,
      siteLatitude: site.latitude,
      siteLongitude: site.longitude,
    });
  }

  // ---- vehicles ----
  const dealerOf = (v: number) => book.dealers[plan.chain.vinSale[v]!.dealer % book.dealers.length]!;
  const supplierCode = (lot: Lot) => book.supplier.get(lot.from!.supplier)!;
  for (const b of builds) {
    const model = { itemCode: b.model.code, itemName: b.model.name.zh };
    const price = modelPrice(b.model);
    const c11 = no('InternalC11', String(b.id));
    b.vins.forEach((vin, i) => {
      const v = b.firstVin + i;
      const sale = plan.chain.vinSale[v]!;
      const vehicle = { ...model, vinSn: vin };
      const one = { quantity: 1, unit: '辆' };
      add('ProductionEndNew', {
        billNo: b.completionNo,
        bizTime: at(b.day, vin),
        ...vehicle,
        ...one,
        relatedBillNos: b.picks.map((p) => p.billNo),
      });
      if (b.keyLot) {
        const cat = categoryOf(b.keyLot.cat);
        add('InternalB11', {
          billNo: b.fitNo,
          bizTime: at(b.day, `${vin}:fit`),
          vinSn: vin,
          partnerCode: supplierCode(b.keyLot),
          itemCode: b.keyLot.item,
          itemName: cat.name.zh,
          batchNo: b.keyLot.batch,
          quantity: 1,
          unit: cat.unit.zh,
        });
      }
      if (c11 && b.nonKeyLot && has('InternalC11', v)) {
        const cat = categoryOf(b.nonKeyLot.cat);
        add('InternalC11', {
          billNo: c11,
          bizTime: at(b.day, `${vin}:c11`),
          vinSn: vin,
          partnerCode: supplierCode(b.nonKeyLot),
          itemCode: b.nonKeyLot.item,
          itemName: cat.name.zh,
          batchNo: b.nonKeyLot.batch,
          quantity: 1,
          unit: cat.unit.zh,
        });
      }
      const priced = { ...one, unitPrice: price, currency: 'CNY' as const, amount: price };
      add('InternalA11', {
        billNo: sale.billNo,
        bizTime: at(sale.day, sale.billNo),
        partnerCode: dealerOf(v),
        ...vehicle,
        ...priced,
      });
      const row = (code: string, day: number) => ({
        billNo: no(code, String(v)),
        bizTime: at(day, `${code}:${vin}`),
      });
      if (has('InternalA12', v))
        add('InternalA12', {
          ...row('InternalA12', sale.day),
          partnerCode: dealerOf(v),
          ...vehicle,
          ...priced,
          relatedBillNos: [],
        });
      if (has('InternalA13', v))
        add('InternalA13', {
          ...row('InternalA13', b.day),
          ...vehicle,
          notes: CONFIGS[hash32(vin) % CONFIGS.length]!,
        });
      if (has('InternalA14', v))
        add('InternalA14', {
          ...row('InternalA14', sale.day + offset(k('a14', v), 1, 10)),
          partnerCode: dealerOf(v),
          ...vehicle,
          ...one,
        });
      if (has('InternalA21', v))
        add('InternalA21', {
          ...row('InternalA21', sale.day + offset(k('a21', v), 5, 30)),
          partnerCode: dealerOf(v),
          ...vehicle,
          ...one,
          originCountry: '中国',
        });
      if (has('InternalA3', v)) add('InternalA3', { ...row('InternalA3', b.day + 1), ...vehicle, ...one });
      if (has('InternalA4', v))
        add('InternalA4', {
          ...row('InternalA4', sale.day + offset(k('a4', v), 60, 200)),
          ...vehicle,
          notes: RECALLS[hash32(`${vin}:r`) % RECALLS.length]!,
        });
    });
  }

  // ---- the automaker's records of the part lots it received ----
  for (const lot of partLots) {
    const cat = categoryOf(lot.cat);
    const part = { itemCode: lot.item, itemName: cat.name.zh, batchNo: lot.batch };
    const row = (code: string) => ({
      billNo: no(code, String(lot.id)),
      bizTime: at(lot.day, `${code}:${lot.id}`),
    });
    const partnerCode = supplierCode(lot);
    const site = originSite(lot);
    const siteFields = site
      ? {
          siteName: site.name.zh,
          siteCountry: site.country,
          siteLatitude: site.latitude,
          siteLongitude: site.longitude,
        }
      : { siteName: '未知矿区', siteCountry: '中国' };
    if (has('InternalB12', lot.id))
      add('InternalB12', {
        ...row('InternalB12'),
        partnerCode,
        ...part,
        quantity: qtyOf(lot.qty),
        unit: cat.unit.zh,
      });
    for (const u of index.keyUnits.get(lot.id) ?? []) {
      add('InternalB13', {
        ...row('InternalB13'),
        partnerCode,
        ...part,
        vinSn: `${lot.batch}-${String(u + 1).padStart(4, '0')}`,
      });
    }
    if (has('InternalB2', lot.id)) add('InternalB2', { ...row('InternalB2'), partnerCode, ...part });
    if (has('InternalB2VP3', lot.id)) add('InternalB2VP3', { ...row('InternalB2VP3'), partnerCode, ...part });
    if (has('InternalC12', lot.id))
      add('InternalC12', {
        ...row('InternalC12'),
        partnerCode,
        ...part,
        quantity: qtyOf(lot.qty),
        unit: cat.unit.zh,
      });
    if (has('InternalC2', lot.id)) add('InternalC2', { ...row('InternalC2'), partnerCode, ...part });
    if (has('InternalD11', lot.id))
      add('InternalD11', { ...row('InternalD11'), partnerCode, ...part, ...siteFields });
    if (has('InternalD12', lot.id))
      add('InternalD12', { ...row('InternalD12'), partnerCode, ...part, ...siteFields });
    if (has('InternalE1', lot.id))
      add('InternalE1', { ...row('InternalE1'), partnerCode, ...part, ...siteFields });
  }

  // ---- sundries bought off the traced chain ----
  const SUNDRY_OF: Readonly<Record<string, keyof typeof SUNDRIES>> = {
    InternalC31: 'standard',
    InternalC32: 'standard',
    InternalC4: 'auxiliary',
    InternalC5: 'packaging',
  };
  for (const [code, n] of free ?? []) {
    const kind = SUNDRY_OF[code]!;
    for (let i = 0; i < n; i++) {
      const goods = SUNDRIES[kind][i % SUNDRIES[kind].length]!;
      const day = freeDay(i, n);
      const billNo = no(code, `f${i}`);
      add(code, {
        billNo,
        bizTime: at(day, billNo),
        ...(code === 'InternalC32' ? { partnerCode: book.sundry.get(kind)! } : {}),
        itemCode: `${e.code}-${goods.code}`,
        itemName: goods.name.zh,
        batchNo: `${e.code}-${goods.code}-${billNo.slice(-10)}`,
        ...(code === 'InternalC32'
          ? {}
          : { quantity: 500 + (hash32(billNo) % 20) * 100, unit: goods.unit.zh }),
      });
    }
  }
  return out;
}

/** Free rows spread over the vehicles' year. */
const freeDay = (i: number, n: number) => 150 + Math.floor(((i + 0.5) / Math.max(1, n)) * 330);

const oreName = (cat: string) => `${categoryOf(cat.slice(4)).name.zh.replace(/精矿$/, '')}原矿`;
