import {
  documentRecords,
  ENTERPRISE_MENU,
  menuCodes,
  vinCheckDigit,
  ZMaterialRelationCreate,
  ZPartnerCreate,
  ZProductCreate,
  ZProjectCreate,
  ZPurchasedMaterialCreate,
  type TDocumentCreateInput,
} from '@tracehub/contract';
import type { Db } from '../db/client.ts';
import { documentStore } from '../modules/document/service.ts';
import { materialStores } from '../modules/material/service.ts';
import { addRelation, linkRelation } from '../modules/material-relation/service.ts';
import { partnerStore } from '../modules/partner/service.ts';
import { addProduct } from '../modules/product/service.ts';
import { addProject } from '../modules/project/service.ts';
import type { TenantContext } from '../platform/context.ts';
import type { EvidenceKeys } from '../platform/ledger/append.ts';
import type { Mailer } from '../platform/mail.ts';
import { withTenant } from '../platform/tenancy.ts';

/*
 * The demo's supply chain: the mine (北辰锂业) sells a lot of lithium ore to the battery maker (恒信动力电池),
 * which makes a batch of cells from it and delivers part of it to the automaker (星河汽车), which fits the
 * cells into three vehicles of its project. Every record goes through the same services the API uses, so
 * each has its evidence, and the project data drill-down and the trace walk from a VIN to the mine lot.
 */

export interface DemoChainEnterprise {
  uuid: string;
  usci: string;
  /** The member the records are created by (the administrator, or the operator for the mine). */
  userId: number;
}

const ALL_CODES: ReadonlySet<string> = new Set(menuCodes(ENTERPRISE_MENU));

/** The three companies' names, as their partners and shipping papers write them. */
const NAMES = {
  mine: { zh: '北辰锂业有限公司', en: 'Beichen Lithium Co., Ltd.' },
  supplier: { zh: '恒信动力电池有限公司', en: 'Hengxin Power Battery Co., Ltd.' },
  auto: { zh: '星河汽车股份有限公司', en: 'Galaxy Motors Co., Ltd.' },
} as const;
type ChainMember = keyof typeof NAMES;
const DAY = 86_400_000;

/** A VIN of the automaker's WMI with its check digit (GB 16735 mandates it for L... VINs); tests plant more. */
export function demoVin(serial: number): string {
  const draft = `LGXCE4CB0N${String(serial).padStart(7, '0')}`;
  return `${draft.slice(0, 8)}${vinCheckDigit(draft)}${draft.slice(9)}`;
}
export const DEMO_VINS = [1, 2, 3].map(demoVin);

async function asTenant<T>(
  db: Db,
  e: DemoChainEnterprise,
  fn: (tx: Db, tenant: TenantContext) => Promise<T>,
) {
  const tenant: TenantContext = {
    enterpriseUuid: e.uuid,
    userId: e.userId,
    permissions: ALL_CODES,
    dataScope: 'company',
    unconfigured: new Set(),
  };
  return withTenant(db, tenant, (tx) => fn(tx, tenant));
}

export async function seedDemoSupplyChain(
  db: Db,
  deps: { keys: EvidenceKeys; mailer: Mailer },
  chain: { mine: DemoChainEnterprise; supplier: DemoChainEnterprise; auto: DemoChainEnterprise },
  now = Date.now(),
): Promise<void> {
  const t = (daysAgo: number) => now - daysAgo * DAY;
  const doc = (tx: Db, tenant: TenantContext, code: string, input: TDocumentCreateInput) =>
    documentStore(code).add(tx, deps.keys, tenant, documentRecords[code]!.create.parse(input));
  /** `company` recorded as a partner of one side under the recording enterprise's own code. */
  const partner = (
    tx: Db,
    tenant: TenantContext,
    partnerType: 'supplier' | 'client',
    code: string,
    company: ChainMember,
  ) =>
    partnerStore.add(
      tx,
      deps.keys,
      tenant,
      ZPartnerCreate.parse({
        partnerType,
        code,
        name: NAMES[company].zh,
        nameEn: NAMES[company].en,
        usci: chain[company].usci,
      }),
    );

  // The mine: its mine, the ore lot it produced and the part of it sold to the battery maker.
  await asTenant(db, chain.mine, async (tx, tenant) => {
    await partner(tx, tenant, 'client', 'HX-BAT', 'supplier');
    await doc(tx, tenant, 'InternalE2', {
      billNo: 'KS-2026-001',
      bizTime: t(60),
      itemCode: 'LI-ORE',
      batchNo: 'ORE-2026-01',
      siteName: '北辰一号锂矿',
      siteCountry: '中国',
      siteLatitude: 30.6586,
      siteLongitude: 104.0647,
    });
    await doc(tx, tenant, 'ProductionEnd', {
      billNo: 'WG-ORE-001',
      bizTime: t(50),
      itemCode: 'LI-ORE',
      itemName: '锂辉石精矿',
      batchNo: 'ORE-2026-01',
      quantity: 500,
      unit: 't',
    });
    await doc(tx, tenant, 'SaleContract', {
      billNo: 'HT-ORE-001',
      bizTime: t(48),
      partnerCode: 'HX-BAT',
      amount: 1_600_000,
      currency: 'CNY',
    });
    await doc(tx, tenant, 'SaleDelivery', {
      billNo: 'CK-ORE-001',
      bizTime: t(45),
      partnerCode: 'HX-BAT',
      itemCode: 'LI-ORE',
      itemName: '锂辉石精矿',
      batchNo: 'ORE-2026-01',
      quantity: 200,
      unit: 't',
      unitPrice: 8000,
      amount: 1_600_000,
      currency: 'CNY',
      relatedBillNos: ['HT-ORE-001'],
    });
  });

  // The battery maker: receives the ore under its own code, makes cells of it, delivers them.
  await asTenant(db, chain.supplier, async (tx, tenant) => {
    const mine = await partner(tx, tenant, 'supplier', 'BC-LI', 'mine');
    await partner(tx, tenant, 'client', 'XH-AUTO', 'auto');
    const ore = await materialStores.purchased.add(
      tx,
      deps.keys,
      tenant,
      ZPurchasedMaterialCreate.parse({
        code: 'HX-ORE',
        name: '锂精矿',
        nameEn: 'Lithium concentrate',
        tracingObject: true,
        unit: 't',
      }),
    );
    const mapping = await addRelation(
      tx,
      deps.keys,
      tenant,
      'supplier',
      ZMaterialRelationCreate.parse({
        partnerId: mine.id,
        partnerMaterialNo: 'LI-ORE',
        partnerMaterialName: '锂辉石精矿',
      }),
    );
    await linkRelation(tx, deps.keys, tenant, 'supplier', {
      id: mapping.id,
      kind: 'material',
      targetId: ore.id,
    });
    await doc(tx, tenant, 'PurchaseReceipt', {
      billNo: 'RK-HX-001',
      bizTime: t(40),
      partnerCode: 'BC-LI',
      itemCode: 'HX-ORE',
      itemName: '锂精矿',
      batchNo: 'ORE-2026-01',
      quantity: 200,
      unit: 't',
    });
    await doc(tx, tenant, 'ProductionStart', {
      billNo: 'LL-HX-001',
      bizTime: t(35),
      itemCode: 'HX-ORE',
      itemName: '锂精矿',
      batchNo: 'ORE-2026-01',
      quantity: 200,
      unit: 't',
    });
    await doc(tx, tenant, 'ProductionEnd', {
      billNo: 'WG-HX-001',
      bizTime: t(30),
      itemCode: 'CELL-72',
      itemName: '72Ah 动力电芯',
      batchNo: 'CELL-2026-03',
      quantity: 1000,
      unit: '件',
      relatedBillNos: ['LL-HX-001'],
    });
    await doc(tx, tenant, 'SaleDelivery', {
      billNo: 'XS-HX-001',
      bizTime: t(25),
      partnerCode: 'XH-AUTO',
      itemCode: 'CELL-72',
      itemName: '72Ah 动力电芯',
      batchNo: 'CELL-2026-03',
      quantity: 600,
      unit: '件',
      unitPrice: 520,
      amount: 312_000,
      currency: 'CNY',
    });
    await doc(tx, tenant, 'SaleInvoice', {
      billNo: 'FP-HX-001',
      bizTime: t(24),
      partnerCode: 'XH-AUTO',
      amount: 312_000,
      currency: 'CNY',
      relatedBillNos: ['XS-HX-001'],
    });
    await doc(tx, tenant, 'LogisticsTrans', {
      billNo: 'FY-HX-001',
      bizTime: t(25),
      partnerCode: 'XH-AUTO',
      itemCode: 'CELL-72',
      batchNo: 'CELL-2026-03',
      deliveryEnterprise: NAMES.supplier.zh,
      deliveryEnterpriseEn: NAMES.supplier.en,
      shippingAddress: '江苏省苏州市工业园区',
      checkoutDate: t(25),
      receiveCompanyName: NAMES.auto.zh,
      receiveCompanyNameEn: NAMES.auto.en,
      deliveryAddress: '上海市嘉定区安亭镇',
      arrivalDate: t(24),
      carrierEnterpriseNo: 'SF-LOG',
      shippingLatitude: 31.2989,
      shippingLongitude: 120.5853,
      deliveryLatitude: 31.2946,
      deliveryLongitude: 121.1648,
      relatedBillNos: ['XS-HX-001'],
    });
  });

  // The automaker: receives the cells, returns a few, builds three vehicles of its project with them.
  await asTenant(db, chain.auto, async (tx, tenant) => {
    const battery = await partner(tx, tenant, 'supplier', 'HX-BAT', 'supplier');
    const cell = await materialStores.purchased.add(
      tx,
      deps.keys,
      tenant,
      ZPurchasedMaterialCreate.parse({
        code: 'XH-CELL',
        name: '动力电芯',
        nameEn: 'Traction cell',
        tracingObject: true,
        supplierMaterialCode: 'CELL-72',
        unit: '件',
      }),
    );
    const mapping = await addRelation(
      tx,
      deps.keys,
      tenant,
      'supplier',
      ZMaterialRelationCreate.parse({
        partnerId: battery.id,
        partnerMaterialNo: 'CELL-72',
        partnerMaterialName: '72Ah 动力电芯',
      }),
    );
    await linkRelation(tx, deps.keys, tenant, 'supplier', {
      id: mapping.id,
      kind: 'material',
      targetId: cell.id,
    });
    const project = await addProject(
      tx,
      deps.keys,
      tenant,
      ZProjectCreate.parse({ code: 'XH-EV-2026', notes: '纯电动车型 EV7' }),
    );
    for (const v of DEMO_VINS) {
      await addProduct(
        tx,
        deps.keys,
        tenant,
        ZProductCreate.parse({
          name: '星河 EV7',
          nameEn: 'Galaxy EV7',
          code: 'XH-EV7',
          vinSn: v,
          unit: '辆',
          projectCodeId: project.id,
          materialIds: [cell.id],
        }),
        'zh',
      );
    }
    await doc(tx, tenant, 'PurchaseContract', {
      billNo: 'PO-XH-001',
      bizTime: t(28),
      partnerCode: 'HX-BAT',
      itemCode: 'XH-CELL',
      amount: 312_000,
      currency: 'CNY',
    });
    await doc(tx, tenant, 'PurchaseReceipt', {
      billNo: 'RK-XH-001',
      bizTime: t(23),
      partnerCode: 'HX-BAT',
      itemCode: 'XH-CELL',
      itemName: '动力电芯',
      batchNo: 'CELL-2026-03',
      quantity: 600,
      unit: '件',
      unitPrice: 520,
      amount: 312_000,
      currency: 'CNY',
      relatedBillNos: ['PO-XH-001'],
    });
    await doc(tx, tenant, 'PurchaseReturn', {
      billNo: 'TH-XH-001',
      bizTime: t(20),
      partnerCode: 'HX-BAT',
      itemCode: 'XH-CELL',
      batchNo: 'CELL-2026-03',
      quantity: 5,
      unit: '件',
      relatedBillNos: ['RK-XH-001'],
      notes: '外观不良',
    });
    await doc(tx, tenant, 'ProductionStart', {
      billNo: 'LL-XH-001',
      bizTime: t(15),
      itemCode: 'XH-CELL',
      itemName: '动力电芯',
      batchNo: 'CELL-2026-03',
      quantity: 300,
      unit: '件',
    });
    for (const [i, v] of DEMO_VINS.entries()) {
      await doc(tx, tenant, 'ProductionEndNew', {
        billNo: 'WG-XH-001',
        bizTime: t(10 - i),
        itemCode: 'XH-EV7',
        itemName: '星河 EV7',
        vinSn: v,
        quantity: 1,
        unit: '辆',
        relatedBillNos: ['LL-XH-001'],
      });
      await doc(tx, tenant, 'InternalB11', {
        billNo: `ZC-XH-00${i + 1}`,
        bizTime: t(10 - i),
        vinSn: v,
        partnerCode: 'HX-BAT',
        itemCode: 'XH-CELL',
        itemName: '动力电芯',
        batchNo: 'CELL-2026-03',
        quantity: 100,
        unit: '件',
      });
    }
  });
}
