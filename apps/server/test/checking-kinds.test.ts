import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  documentType,
  type TCheckFinding,
  type TCheckPackage,
  type TCheckTask,
  type TListResponse,
} from '@tracehub/contract';
import { CHECKS } from '../src/modules/checking/checks/index.ts';
import { runJobsUntilIdle } from '../src/platform/jobs/worker.ts';
import { usciOf } from '../src/seed/demo-companies.ts';
import { DEMO_VINS } from '../src/seed/demo-supply-chain.ts';
import { AS_AUTO, AS_SUPPLIER, call, useTestApp, type TestAppFixture } from './support/app.ts';
import { pdfBytes, upload } from './support/files.ts';
import { expectOk } from './support/helpers.ts';
import { seal } from './support/ledger.ts';
import { newPartner } from './support/records.ts';

// Each kind of check of the troubleshooting library (modules/checking/checks) on the demo chain with errors
// planted for its checks: every planted error is found, by the check planted for, and no other check of
// the kind fires (the clean chain finds nothing: checking.test.ts). Each kind runs on a chain of its own.

const DAY = 86_400_000;
const now = Date.now();
const t = (daysAgo: number) => now - daysAgo * DAY;

interface Chain {
  app: TestAppFixture<'auto' | 'supplier'>;
  readonly auto: string;
  readonly supplier: string;
  /** Creates a document of `code` as `token` (the automaker's by default); answers its id. */
  doc(code: string, body: Record<string, unknown>, token?: string): Promise<number>;
  /** Runs the standard package over the last 30 days (or `window`) as `token`; answers its findings. */
  run(token?: string, window?: { from: number; to: number }): Promise<TCheckFinding[]>;
}

/** The demo chain on an app of the enclosing describe (useTestApp), sealed before its tests. */
function useChain(): Chain {
  const app = useTestApp({ auto: AS_AUTO, supplier: AS_SUPPLIER }, { SEED_DEMO_CHAIN: 'true' });
  beforeAll(async () => {
    await seal(app);
  });
  const chain: Chain = {
    app,
    get auto() {
      return app.auto;
    },
    get supplier() {
      return app.supplier;
    },
    async doc(code, body, token = app.auto) {
      const path = `/${documentType(code).route}/add`;
      return expectOk(await call<{ id: number }>(app.app, path, { token, body })).id;
    },
    async run(token = app.auto, window = { from: t(30), to: now }) {
      await seal(app);
      const packages = expectOk(await call<TCheckPackage[]>(app.app, '/dataChecking/packages', { token }));
      const standard = packages.find((p) => p.id === 'standard')!;
      const task = expectOk(
        await call<TCheckTask>(app.app, '/dataChecking/createTask', {
          token,
          body: {
            taskType: 'internal',
            dimension: 'time',
            timeBasis: 'business',
            ...window,
            maxAmount: 10_000,
            packageId: 'standard',
            checkIds: standard.checkIds,
          },
        }),
      );
      await runJobsUntilIdle(app.runtime.deps);
      const found: TCheckFinding[] = [];
      for (let pageNo = 1; ; pageNo++) {
        const page = expectOk(
          await call<TListResponse<TCheckFinding>>(app.app, '/dataChecking/selectAbnormalPage', {
            token,
            body: { taskId: task.id, pageNo, pageSize: 100 },
          }),
        );
        found.push(...page.list);
        if (found.length >= page.total) return found;
      }
    },
  };
  return chain;
}

/** The abnormal findings of checks whose id starts with one of `prefixes`, as "check outcome bill". */
function ofKind(list: readonly TCheckFinding[], ...prefixes: string[]): string[] {
  return list
    .filter((f) => f.outcome !== 'pass' && prefixes.some((p) => f.checkId.startsWith(p)))
    .map((f) => `${f.checkId} ${f.outcome} ${f.cited[0]?.label ?? f.subject}`)
    .sort();
}

/** Every finding names its check and says what is wrong in both languages, each in its own words. */
function expectBilingual(list: readonly TCheckFinding[]): void {
  for (const f of list) {
    expect(f.checkName.zh).not.toBe(f.checkId);
    expect(f.checkName.en).not.toBe(f.checkId);
    expect(f.checkName.zh).not.toBe(f.checkName.en);
    expect(f.message.zh.length).toBeGreaterThan(0);
    expect(f.message.en.length).toBeGreaterThan(0);
    expect(f.message.zh).not.toBe(f.message.en);
  }
}

const RECEIPT = { partnerCode: 'HX-BAT', itemCode: 'XH-CELL', unit: '件' };

describe('the kinds of check, each with its planted errors', () => {
  it('are listed in docs/checks.md, every check of the library with its id', () => {
    const page = readFileSync(path.join(import.meta.dirname, '../../../docs/checks.md'), 'utf8');
    const listed = [...page.matchAll(/^\| `([^`]+)` \|/gm)].map((m) => m[1]);
    expect(listed).toEqual(CHECKS.map((c) => c.id));
  });

  describe('VIN records', () => {
    const c = useChain();

    it('finds a VIN completed twice, sold twice, and fitted with a lot never received', async () => {
      await c.doc('ProductionEndNew', {
        billNo: 'WG-XH-009',
        bizTime: t(7),
        itemCode: 'XH-EV7',
        vinSn: DEMO_VINS[1],
        quantity: 1,
        unit: '辆',
      });
      for (const billNo of ['XS-A-001', 'XS-A-002'])
        await c.doc('InternalA11', { billNo, bizTime: t(5), vinSn: DEMO_VINS[2], itemCode: 'XH-EV7' });
      await c.doc('InternalB11', {
        billNo: 'ZC-XH-050',
        bizTime: t(6),
        vinSn: DEMO_VINS[0],
        partnerCode: 'HX-BAT',
        itemCode: 'XH-CELL',
        batchNo: 'CELL-GHOST',
        quantity: 1,
        unit: '件',
      });
      const list = await c.run();
      expect(ofKind(list, 'vin-')).toEqual([
        'vin-completed-twice fail WG-XH-001',
        'vin-part-lot-unsourced fail ZC-XH-050',
        'vin-sold-twice fail XS-A-001',
      ]);
      const twice = list.find((f) => f.checkId === 'vin-completed-twice')!;
      expect(twice.message.en).toBe(
        `VIN ${DEMO_VINS[1]} was completed under several numbers: WG-XH-001, WG-XH-009`,
      );
      expect(twice.checkName).toEqual({ zh: 'VIN重复完工入库', en: 'VIN completed more than once' });
      expect(list.find((f) => f.checkId === 'vin-sold-twice')!.cited.map((c) => c.label)).toEqual(
        expect.arrayContaining(['XS-A-001', 'XS-A-002']),
      );
      expectBilingual(list);
    });
  });

  describe('quantities and amounts', () => {
    const c = useChain();

    it('finds lots fitted, received and shipped beyond what they hold, and money claimed beyond its order', async () => {
      // 300 cells fitted already, 595 came in and stayed: 400 more is too many.
      await c.doc('InternalB11', {
        billNo: 'ZC-XH-060',
        bizTime: t(7),
        vinSn: DEMO_VINS[1],
        ...RECEIPT,
        batchNo: 'CELL-2026-03',
        quantity: 400,
      });
      // 600 received against a packing list of 500.
      await c.doc('PurchasePacking', {
        billNo: 'ZX-XH-001',
        bizTime: t(24),
        ...RECEIPT,
        batchNo: 'CELL-2026-03',
        quantity: 500,
      });
      // Receipts and invoices naming the 312,000 order total more; a payment more than its invoice.
      await c.doc('PurchaseReceipt', {
        billNo: 'RK-XH-010',
        bizTime: t(22),
        ...RECEIPT,
        batchNo: 'CELL-2026-05',
        quantity: 100,
        unitPrice: 520,
        amount: 52_000,
        currency: 'CNY',
        relatedBillNos: ['PO-XH-001'],
      });
      await c.doc('PurchaseInvoice', {
        billNo: 'FP-XH-001',
        bizTime: t(21),
        partnerCode: 'HX-BAT',
        amount: 400_000,
        currency: 'CNY',
        relatedBillNos: ['PO-XH-001'],
      });
      await c.doc('PurchasePay', {
        billNo: 'FK-XH-001',
        bizTime: t(20),
        partnerCode: 'HX-BAT',
        amount: 500_000,
        currency: 'CNY',
        relatedBillNos: ['FP-XH-001'],
      });
      const list = await c.run();
      expect(ofKind(list, 'lot-balance', 'amount:')).toEqual([
        'amount:invoices-over-order fail PO-XH-001',
        'amount:payments-over-invoice fail FP-XH-001',
        'amount:receipts-over-order fail PO-XH-001',
        'lot-balance:fitted fail ZX-XH-001',
        'lot-balance:packing fail ZX-XH-001',
      ]);
      expect(list.find((f) => f.checkId === 'amount:receipts-over-order')!.message.en).toBe(
        'Purchase order PO-XH-001 is for 312000 CNY, but the receipts naming it total 364000',
      );
      expect(list.find((f) => f.checkId === 'lot-balance:fitted')!.message.en).toBe(
        'Lot XH-CELL/CELL-2026-03: 700 fitted into vehicles, more than the 595 that came in and stayed',
      );
      expectBilingual(list);
    });

    it('finds, at the battery maker, a lot shipped beyond its deliveries and sales beyond their contract', async () => {
      const window = { from: t(42), to: t(12) };
      await c.doc(
        'LogisticsPacking',
        {
          billNo: 'ZX-HX-001',
          bizTime: t(25),
          partnerCode: 'XH-AUTO',
          itemCode: 'CELL-72',
          batchNo: 'CELL-2026-03',
          quantity: 700,
          unit: '件',
        },
        c.supplier,
      );
      await c.doc(
        'SaleContract',
        { billNo: 'HT-HX-001', bizTime: t(33), partnerCode: 'XH-AUTO', amount: 100, currency: 'CNY' },
        c.supplier,
      );
      await c.doc(
        'SaleDelivery',
        {
          billNo: 'XS-HX-002',
          bizTime: t(26),
          partnerCode: 'XH-AUTO',
          itemCode: 'CELL-72',
          batchNo: 'CELL-2026-03',
          quantity: 1,
          unit: '件',
          unitPrice: 200,
          amount: 200,
          currency: 'CNY',
          relatedBillNos: ['HT-HX-001'],
        },
        c.supplier,
      );
      await c.doc(
        'SaleInvoice',
        {
          billNo: 'FP-HX-002',
          bizTime: t(25),
          partnerCode: 'XH-AUTO',
          amount: 150,
          currency: 'CNY',
          relatedBillNos: ['HT-HX-001'],
        },
        c.supplier,
      );
      await c.doc(
        'SaleReceipt',
        {
          billNo: 'SK-HX-002',
          bizTime: t(20),
          partnerCode: 'XH-AUTO',
          amount: 300,
          currency: 'CNY',
          relatedBillNos: ['FP-HX-002'],
        },
        c.supplier,
      );
      const list = await c.run(c.supplier, window);
      expect(ofKind(list, 'lot-balance', 'amount:')).toEqual([
        'amount:collections-over-invoice fail FP-HX-002',
        'amount:deliveries-over-contract fail HT-HX-001',
        'amount:invoices-over-contract fail HT-HX-001',
        'lot-balance:shipped fail WG-HX-001',
      ]);
      expectBilingual(list);
    });
  });

  describe('dates in order', () => {
    const c = useChain();

    it('finds each pair of stages out of order at the automaker', async () => {
      // By lot: fitted and returned before the cells first came in (23 days ago).
      await c.doc('InternalB11', {
        billNo: 'ZC-XH-070',
        bizTime: t(26),
        vinSn: DEMO_VINS[0],
        ...RECEIPT,
        batchNo: 'CELL-2026-03',
        quantity: 1,
      });
      await c.doc('PurchaseReturn', {
        billNo: 'TH-XH-070',
        bizTime: t(24),
        ...RECEIPT,
        batchNo: 'CELL-2026-03',
        quantity: 1,
        relatedBillNos: ['RK-XH-001'],
      });
      // By related number: before the order (28 days ago), the invoice, the pickings (15 days ago).
      await c.doc('PurchaseReceipt', {
        billNo: 'RK-XH-070',
        bizTime: t(29),
        ...RECEIPT,
        batchNo: 'CELL-2026-07',
        quantity: 1,
        relatedBillNos: ['PO-XH-001'],
      });
      await c.doc('PurchaseInvoice', {
        billNo: 'FP-XH-070',
        bizTime: t(29),
        partnerCode: 'HX-BAT',
        amount: 1,
        currency: 'CNY',
        relatedBillNos: ['PO-XH-001'],
      });
      await c.doc('PurchasePay', {
        billNo: 'FK-XH-070',
        bizTime: t(30),
        partnerCode: 'HX-BAT',
        amount: 1,
        currency: 'CNY',
        relatedBillNos: ['FP-XH-070'],
      });
      await c.doc('ProductionEnd', {
        billNo: 'WG-XH-070',
        bizTime: t(16),
        itemCode: 'XH-PACK',
        batchNo: 'PACK-1',
        quantity: 1,
        unit: '件',
        relatedBillNos: ['LL-XH-001'],
      });
      // By VIN: sold, handed over and exported before it was built (10 days ago).
      await c.doc('InternalA11', {
        billNo: 'XS-A-070',
        bizTime: t(11),
        vinSn: DEMO_VINS[0],
        itemCode: 'XH-EV7',
      });
      await c.doc('InternalA14', {
        billNo: 'JF-A-070',
        bizTime: t(12),
        vinSn: DEMO_VINS[0],
        itemCode: 'XH-EV7',
      });
      await c.doc('InternalA21', {
        billNo: 'CK-A-070',
        bizTime: t(13),
        vinSn: DEMO_VINS[0],
        itemCode: 'XH-EV7',
      });
      const list = await c.run();
      expect(ofKind(list, 'dates:')).toEqual([
        'dates:completed-before-picking fail WG-XH-070',
        'dates:exported-before-built fail CK-A-070',
        'dates:fitted-before-in fail ZC-XH-070',
        'dates:handed-over-before-built fail JF-A-070',
        'dates:invoiced-before-order fail FP-XH-070',
        'dates:paid-before-invoice fail FK-XH-070',
        'dates:received-before-order fail RK-XH-070',
        'dates:returned-before-in fail TH-XH-070',
        'dates:sold-before-built fail XS-A-070',
      ]);
      const sold = list.find((f) => f.checkId === 'dates:sold-before-built')!;
      expect(sold.cited.map((x) => x.label)).toEqual(['XS-A-070', 'WG-XH-001']);
      expect(sold.level).toBe('fatal');
      expectBilingual(list);
    });

    it('finds each pair out of order at the battery maker: sales, shipments, warranties', async () => {
      const window = { from: t(42), to: t(12) };
      const s = c.supplier;
      const client = { partnerCode: 'XH-AUTO', itemCode: 'CELL-72', unit: '件' };
      // Delivered before the cells were made (30 days ago), and before its contract.
      await c.doc(
        'SaleContract',
        { billNo: 'HT-HX-070', bizTime: t(27), partnerCode: 'XH-AUTO', amount: 520, currency: 'CNY' },
        s,
      );
      await c.doc(
        'SaleDelivery',
        { billNo: 'XS-HX-070', bizTime: t(31), ...client, batchNo: 'CELL-2026-03', quantity: 1 },
        s,
      );
      await c.doc(
        'SaleDelivery',
        {
          billNo: 'XS-HX-071',
          bizTime: t(28),
          ...client,
          batchNo: 'CELL-2026-03',
          quantity: 1,
          relatedBillNos: ['HT-HX-070'],
        },
        s,
      );
      await c.doc(
        'SaleInvoice',
        {
          billNo: 'FP-HX-070',
          bizTime: t(28),
          partnerCode: 'XH-AUTO',
          amount: 1,
          currency: 'CNY',
          relatedBillNos: ['HT-HX-070'],
        },
        s,
      );
      await c.doc(
        'SaleReceipt',
        {
          billNo: 'SK-HX-070',
          bizTime: t(26),
          partnerCode: 'XH-AUTO',
          amount: 1,
          currency: 'CNY',
          relatedBillNos: ['FP-HX-001'],
        },
        s,
      );
      await c.doc(
        'SaleWarranty',
        {
          billNo: 'ZB-HX-070',
          bizTime: t(26),
          ...client,
          batchNo: 'CELL-2026-03',
          warrantyMonths: 36,
          relatedBillNos: ['XS-HX-001'],
        },
        s,
      );
      const ship = {
        partnerCode: 'XH-AUTO',
        shippingAddress: '江苏省苏州市',
        deliveryAddress: '上海市嘉定区',
        shippingLatitude: 31.3,
        shippingLongitude: 120.6,
        deliveryLatitude: 31.3,
        deliveryLongitude: 121.2,
      };
      await c.doc(
        'LogisticsTrans',
        { billNo: 'FY-HX-070', bizTime: t(26), ...ship, checkoutDate: t(26), relatedBillNos: ['XS-HX-001'] },
        s,
      );
      await c.doc(
        'LogisticsTrans',
        { billNo: 'FY-HX-071', bizTime: t(22), ...ship, checkoutDate: t(20), arrivalDate: t(21) },
        s,
      );
      const list = await c.run(s, window);
      expect(ofKind(list, 'dates:')).toEqual([
        'dates:arrived-before-departure fail FY-HX-071',
        'dates:collected-before-invoice fail SK-HX-070',
        'dates:delivered-before-contract fail XS-HX-071',
        'dates:delivered-before-in fail XS-HX-070',
        'dates:invoiced-before-contract fail FP-HX-070',
        'dates:shipped-before-delivery fail FY-HX-070',
        'dates:warranty-before-delivery fail ZB-HX-070',
      ]);
      expectBilingual(list);
    });
  });

  describe('related documents: not recorded, another counterparty, another currency', () => {
    const c = useChain();

    it('finds the numbers that name nothing, the documents of another supplier and in another currency', async () => {
      const other = await newPartner(c.app.app, c.auto, 'supplier');
      await c.doc('PurchaseReceipt', {
        billNo: 'RK-XH-080',
        bizTime: t(5),
        ...RECEIPT,
        batchNo: 'CELL-2026-08',
        quantity: 1,
        relatedBillNos: ['PO-NONE'],
      });
      await c.doc('PurchasePay', {
        billNo: 'FK-XH-080',
        bizTime: t(5),
        partnerCode: 'HX-BAT',
        amount: 1,
        currency: 'CNY',
        relatedBillNos: ['FP-NONE'],
      });
      await c.doc('ProductionEnd', {
        billNo: 'WG-XH-080',
        bizTime: t(5),
        itemCode: 'XH-PACK',
        batchNo: 'PACK-8',
        quantity: 1,
        unit: '件',
        relatedBillNos: ['LL-NONE'],
      });
      // A receipt of another supplier against the battery maker's order; an invoice in dollars against it.
      await c.doc('PurchaseReceipt', {
        billNo: 'RK-XH-081',
        bizTime: t(5),
        partnerCode: other.code,
        itemCode: 'XH-CELL',
        batchNo: 'CELL-2026-09',
        quantity: 1,
        unit: '件',
        relatedBillNos: ['PO-XH-001'],
      });
      await c.doc('PurchaseInvoice', {
        billNo: 'FP-XH-081',
        bizTime: t(5),
        partnerCode: 'HX-BAT',
        amount: 1,
        currency: 'USD',
        relatedBillNos: ['PO-XH-001'],
      });
      const list = await c.run();
      expect(ofKind(list, 'related-unresolved', 'counterparty-mismatch', 'currency-mismatch')).toEqual([
        'counterparty-mismatch:PurchaseReceipt fail ' + other.code,
        'currency-mismatch:PurchaseInvoice fail FP-XH-081',
        'related-unresolved:ProductionEnd fail WG-XH-080',
        'related-unresolved:PurchasePay fail FK-XH-080',
        'related-unresolved:PurchaseReceipt fail RK-XH-080',
      ]);
      expect(list.find((f) => f.checkId === 'related-unresolved:PurchasePay')!.message).toEqual({
        zh: '付款凭证 FK-XH-080 关联的单号 FP-NONE 未登记',
        en: 'Payment voucher FK-XH-080 names FP-NONE, not recorded',
      });
      expect(
        list.find((f) => f.checkId === 'counterparty-mismatch:PurchaseReceipt')!.cited.map((x) => x.label),
      ).toEqual([other.code, 'RK-XH-081', 'PO-XH-001']);
      expectBilingual(list);
    });
  });

  describe('attachments and signatures', () => {
    const c = useChain();

    it('finds papers without their attachment, and affidavits not signed or not saying', async () => {
      const affidavit = { partnerCode: 'HX-BAT', itemCode: 'XH-CELL', batchNo: 'CELL-2026-03' };
      const signed = await c.doc('SupplierAffidavit', {
        billNo: 'SM-001',
        bizTime: t(5),
        ...affidavit,
        signed: true,
      });
      await upload(c.app.app, {
        token: c.auto,
        bizType: String(documentType('SupplierAffidavit').typeCode),
        bizNo: `SupplierAffidavit:${signed}`,
        fileName: 'affidavit.pdf',
        content: pdfBytes(),
      });
      await c.doc('SupplierAffidavit', { billNo: 'SM-002', bizTime: t(5), ...affidavit, signed: false });
      await c.doc('SupplierAffidavit', { billNo: 'SM-003', bizTime: t(5), ...affidavit });
      await c.doc('PurchaseLading', {
        billNo: 'TD-001',
        bizTime: t(5),
        partnerCode: 'HX-BAT',
        itemCode: 'XH-CELL',
      });
      await c.doc('InternalE1', {
        billNo: 'KY-001',
        bizTime: t(5),
        itemCode: 'LI-ORE',
        siteName: '北辰一号锂矿',
        siteCountry: '中国',
      });
      // The automaker's scene is US&EU: its steel receipts need their papers too.
      await c.doc('PurchaseReceiptSteel', {
        billNo: 'GC-001',
        bizTime: t(5),
        partnerCode: 'HX-BAT',
        itemCode: 'XH-STEEL',
        batchNo: 'ST-1',
        quantity: 1,
        unit: 't',
      });
      const list = await c.run();
      expect(ofKind(list, 'attachment-missing', 'affidavit-unsigned')).toEqual([
        'affidavit-unsigned fail SM-002',
        'affidavit-unsigned unknown SM-003',
        'attachment-missing:InternalE1 fail KY-001',
        'attachment-missing:PurchaseLading fail TD-001',
        'attachment-missing:PurchaseReceiptSteel fail GC-001',
        'attachment-missing:SupplierAffidavit fail SM-002',
        'attachment-missing:SupplierAffidavit fail SM-003',
      ]);
      expectBilingual(list);
    });

    it('asks the steel papers of the US scenario only', async () => {
      // The battery maker's scene is EU: its steel delivery needs no paper.
      await c.doc(
        'SaleDeliverySteel',
        {
          billNo: 'GC-HX-001',
          bizTime: t(20),
          partnerCode: 'XH-AUTO',
          itemCode: 'CELL-72',
          batchNo: 'CELL-2026-03',
          quantity: 1,
          unit: '件',
        },
        c.supplier,
      );
      const list = await c.run(c.supplier, { from: t(42), to: t(12) });
      expect(ofKind(list, 'attachment-missing')).toEqual([]);
    });
  });

  describe('evidence sealed, per stage', () => {
    const c = useChain();

    it('finds the records not yet sealed, each under its stage', async () => {
      await c.doc('ProductionStart', {
        billNo: 'LL-XH-090',
        bizTime: t(5),
        itemCode: 'XH-CELL',
        batchNo: 'CELL-2026-03',
        quantity: 1,
        unit: '件',
      });
      await c.doc('InternalA13', {
        billNo: 'PZ-A-090',
        bizTime: t(5),
        vinSn: DEMO_VINS[0],
        itemCode: 'XH-EV7',
      });
      // Not sealed: the run starts before the sealer's next block.
      const packages = expectOk(
        await call<TCheckPackage[]>(c.app.app, '/dataChecking/packages', { token: c.auto }),
      );
      const task = expectOk(
        await call<TCheckTask>(c.app.app, '/dataChecking/createTask', {
          token: c.auto,
          body: {
            taskType: 'internal',
            dimension: 'vin',
            vins: DEMO_VINS,
            maxAmount: 10,
            packageId: 'standard',
            checkIds: packages.find((p) => p.id === 'standard')!.checkIds,
          },
        }),
      );
      await runJobsUntilIdle(c.app.runtime.deps);
      const list = expectOk(
        await call<TListResponse<TCheckFinding>>(c.app.app, '/dataChecking/selectAbnormalPage', {
          token: c.auto,
          body: { taskId: task.id, pageSize: 100 },
        }),
      ).list;
      expect(ofKind(list, 'record-unsealed')).toEqual([
        'record-unsealed:production fail LL-XH-090',
        'record-unsealed:vehicleSales fail PZ-A-090',
      ]);
      expect(list.find((f) => f.checkId === 'record-unsealed:vehicleSales')!.checkName).toEqual({
        zh: '整车销售（A表）记录尚未上链',
        en: 'Vehicle sales (tables A) records not yet sealed',
      });
      expectBilingual(list);
    });
  });

  describe('risk rules and areas', () => {
    const c = useChain();

    it('finds suppliers by each kind of factor, and mines and countries of origin in a risk area', async () => {
      const rule = async (name: string, factors: unknown[]) => {
        const { id } = expectOk(
          await call<{ id: number }>(c.app.app, '/rule/add', {
            token: c.auto,
            body: { name, monitor: { kind: 'suppliers' } },
          }),
        );
        expectOk(await call(c.app.app, '/rule/setFactors', { token: c.auto, body: { id, factors } }));
        expectOk(await call(c.app.app, '/rule/setEnabled', { token: c.auto, body: { id, enabled: true } }));
      };
      // The battery maker named by a rule, and as supplier of the EV project another rule watches.
      const usci = expectOk(
        await call<{ list: { code: string; usci: string }[] }>(c.app.app, '/partner/page', {
          token: c.auto,
          body: { pageSize: 100 },
        }),
      ).list.find((p) => p.code === 'HX-BAT')!.usci;
      await rule('电池供应商', [{ kind: 'company', company: { usci } }]);
      await rule('电动车项目', [{ kind: 'project', projectCode: 'XH-EV-2026' }]);
      // A supplier on the demo watch list, by its name; Bolivia a risk area.
      const listed = expectOk(
        await call<{ id: number }>(c.app.app, '/partner/add', {
          token: c.auto,
          body: {
            partnerType: 'supplier',
            code: 'EX-POLY',
            name: 'Example Polysilicon Co., Ltd.',
            usci: usciOf('91650100MA79XK0T4'),
          },
        }),
      );
      expect(listed.id).toBeGreaterThan(0);
      await c.doc('PurchaseReceipt', {
        billNo: 'RK-XH-095',
        bizTime: t(5),
        partnerCode: 'EX-POLY',
        itemCode: 'XH-CELL',
        batchNo: 'SI-1',
        quantity: 1,
        unit: '件',
      });
      expectOk(
        await call(c.app.app, '/rule/area/add', { token: c.auto, body: { place: { country: 'BO' } } }),
      );
      await c.doc('InternalE1', {
        billNo: 'KY-095',
        bizTime: t(5),
        itemCode: 'LI-ORE',
        siteName: 'Uyuni',
        siteCountry: '玻利维亚',
      });
      await c.doc('PurchaseOrigin', {
        billNo: 'YC-095',
        bizTime: t(5),
        partnerCode: 'HX-BAT',
        itemCode: 'XH-CELL',
        originCountry: 'Bolivia',
      });
      const list = await c.run();
      expect(ofKind(list, 'risk:')).toEqual([
        'risk:area unknown EX-POLY',
        'risk:company fail HX-BAT',
        'risk:origin-country fail YC-095',
        'risk:project fail HX-BAT',
        'risk:risk-area unknown EX-POLY',
        'risk:site fail KY-095',
        'risk:watch-list fail EX-POLY',
      ]);
      const listedHit = list.find((f) => f.checkId === 'risk:watch-list')!;
      expect(listedHit.level).toBe('fatal');
      expect(listedHit.message.en).toMatch(/UFLPA Entity List \(demo\)/);
      expect(list.find((f) => f.checkId === 'risk:site')!.message.en).toMatch(/Bolivia/);
      expectBilingual(list);
    });
  });
});
