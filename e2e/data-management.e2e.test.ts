import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { vinCheckDigit } from '@tracehub/contract';
import { screenshot, type TLang } from './support/browser';
import { usciOf } from './support/certify';
import { AUTOMAKER, openFromSidebar, signIn } from './support/flows';
import { useHarness } from './support/harness';
import { row } from './support/lists';
import { apiToken, post } from './support/api';

// The project data drill-down (spec 2.2 /dataManagement): from a project to its product's VIN, to the
// battery lot fitted into it, to the supplier that delivered the lot. The supplier's side is recorded by the
// supplier itself through the API; the automaker only ever sees the link data.

const TEXT = {
  zh: {
    menu: ['项目数据'],
    trailProjects: '项目数据',
    missingTitle: '请先选择要查看的数据',
    fitted: '装车',
    settled: '已入驻',
    tier: '1 级供应商',
    origin: '源头批次',
    supplier: '恒信动力电池有限公司',
    receipt: '采购入库',
    delivery: '销售出库',
  },
  en: {
    menu: ['Project Data'],
    trailProjects: 'Project data',
    missingTitle: 'Choose what to look at first',
    fitted: 'Fitted',
    settled: 'Settled',
    tier: 'Tier 1 supplier',
    origin: 'Origin lot',
    supplier: 'Hengxin Power Battery Co., Ltd.',
    receipt: 'Receipts',
    delivery: 'Deliveries',
  },
} as const;

const AUTO_USCI = usciOf('91310000MA1K4A0B2');
const SUPPLIER_USCI = usciOf('91320500MA1N7C3D4');
const SUPPLIER_UUID = 'e0a1c2d3-0002-4000-8000-000000000002';
const AUTO_UUID = 'e0a1c2d3-0001-4000-8000-000000000001';

/** A VIN of the demo automaker's WMI with its check digit. */
function vin(serial: number): string {
  const draft = `LGXCE4CB0N${String(serial).padStart(7, '0')}`;
  return `${draft.slice(0, 8)}${vinCheckDigit(draft)}${draft.slice(9)}`;
}

const DAY = 86_400_000;
const T0 = Date.parse('2026-03-02T09:00:00+08:00');

/**
 * The battery maker makes a pack lot of its cells and delivers it; the automaker receives it, fits it into a
 * vehicle of its project and has the vehicle as a product.
 */
async function seed(baseUrl: string, vinSn: string): Promise<void> {
  const supplier = await apiToken(baseUrl, 'demo-supplier', SUPPLIER_UUID);
  const auto = await apiToken(baseUrl, 'demo-auto', AUTO_UUID);
  await post(
    baseUrl,
    '/partner/add',
    {
      partnerType: 'client',
      code: 'C-GALAXY',
      name: '星河汽车股份有限公司',
      usci: AUTO_USCI,
    },
    supplier,
  );
  await post(
    baseUrl,
    '/stageProduction/start/add',
    {
      billNo: 'LL-E2E-1',
      bizTime: T0,
      itemCode: 'CELL-50AH',
      batchNo: 'CELL-2603',
      quantity: 96,
    },
    supplier,
  );
  await post(
    baseUrl,
    '/stageProduction/end/add',
    {
      billNo: 'WG-E2E-1',
      bizTime: T0 + DAY,
      itemCode: 'PACK-75',
      batchNo: 'PK-2603',
      quantity: 1,
      relatedBillNos: ['LL-E2E-1'],
    },
    supplier,
  );
  await post(
    baseUrl,
    '/stageSale/delivery/add',
    {
      billNo: 'XS-E2E-1',
      bizTime: T0 + 2 * DAY,
      partnerCode: 'C-GALAXY',
      itemCode: 'PACK-75',
      batchNo: 'PK-2603',
      quantity: 1,
    },
    supplier,
  );

  await post(
    baseUrl,
    '/partner/add',
    {
      partnerType: 'supplier',
      code: 'S-HENGXIN',
      name: '恒信动力电池有限公司',
      nameEn: 'Hengxin Power Battery Co., Ltd.',
      usci: SUPPLIER_USCI,
    },
    auto,
  );
  await post(
    baseUrl,
    '/stagePurchase/receipt/add',
    {
      billNo: 'RK-E2E-1',
      bizTime: T0 + 3 * DAY,
      partnerCode: 'S-HENGXIN',
      itemCode: 'PACK-75',
      itemName: '动力电池包',
      batchNo: 'PK-2603',
      quantity: 1,
    },
    auto,
  );
  await post(
    baseUrl,
    '/internalB/B1-1/add',
    {
      billNo: 'B11-E2E-1',
      bizTime: T0 + 4 * DAY,
      partnerCode: 'S-HENGXIN',
      itemCode: 'PACK-75',
      itemName: '动力电池包',
      batchNo: 'PK-2603',
      vinSn,
      quantity: 1,
      unit: '套',
    },
    auto,
  );
  const project = await post<{ id: number }>(baseUrl, '/project/add', { code: 'PRJ-DM-E2E' }, auto);
  await post(
    baseUrl,
    '/product/addProduct',
    {
      name: '星河 X1',
      nameEn: 'Galaxy X1',
      code: 'CAR-X1',
      vinSn,
      projectCodeId: project.id,
    },
    auto,
  );
}

/** The trail of the page in view (the tabs keep earlier levels' pages alive, hidden). */
const trail = (page: Page) => page.locator('[data-testid="dm-trail"]:visible');

/** The list of a drill-down level. */
const list = (page: Page, level: string) => page.getByTestId(`list-dataManagement/${level}`);

describe('project data drill-down', () => {
  const h = useHarness();
  const vinSn = vin(2603);
  const seeded = h.perServer(seed);

  for (const lang of ['zh', 'en'] as const satisfies readonly TLang[]) {
    const text = TEXT[lang];

    it(`drills down from a project to the supplier of a lot fitted into its vehicle (${lang})`, async () => {
      await seeded(h.server().baseUrl, vinSn);
      const { page, errors } = await h.session(lang);
      await signIn(page, 'demo-auto', AUTOMAKER[lang]);
      await openFromSidebar(page, text.menu);

      // Level 1: the project with its counts.
      const projects = list(page, 'dataList');
      const project = row(projects, 'PRJ-DM-E2E');
      await project.waitFor();
      expect(await project.locator('td').allInnerTexts()).toEqual(expect.arrayContaining(['1']));
      await screenshot(page, `data-management-projects-${lang}`);

      // Level 2: its product, by VIN.
      await project.getByTestId('action-products').click();
      await page.waitForURL('**/dataManagement/vinsnList?*');
      const products = list(page, 'vinsnList');
      const vehicle = row(products, vinSn);
      await vehicle.waitFor();
      await vehicle.getByText(lang === 'en' ? 'Galaxy X1' : '星河 X1').waitFor();
      await trail(page).getByText('PRJ-DM-E2E').waitFor();
      await screenshot(page, `data-management-products-${lang}`);

      // Level 3: the pack lot fitted into it, from a settled supplier.
      await vehicle.getByTestId('action-materials').click();
      await page.waitForURL('**/dataManagement/materialList?*');
      const materials = list(page, 'materialList');
      const pack = row(materials, 'PK-2603');
      await pack.waitFor();
      await pack.getByText(text.fitted, { exact: true }).waitFor();
      await pack.getByText(text.settled, { exact: true }).waitFor();
      await pack.getByText('B11-E2E-1').waitFor();
      await screenshot(page, `data-management-materials-${lang}`);

      // Level 4: the supplier tier: the automaker's receipt matched to the supplier's own delivery.
      await pack.getByTestId('action-suppliers').click();
      await page.waitForURL('**/dataManagement/supplier?*');
      const suppliers = list(page, 'supplier');
      const tier = row(suppliers, 'XS-E2E-1');
      await tier.waitFor();
      await tier.getByTestId('supplier-name').getByText(text.supplier).waitFor();
      await tier.getByText('RK-E2E-1').waitFor();
      await tier.getByText(text.tier, { exact: true }).waitFor();
      await tier.getByText(text.origin, { exact: true }).waitFor();
      await tier.getByText(text.receipt, { exact: true }).waitFor();
      await tier.getByText(text.delivery, { exact: true }).waitFor();
      await tier.getByText(SUPPLIER_USCI).waitFor();
      await page.getByTestId('dm-chain').getByText(text.supplier).waitFor();
      await screenshot(page, `data-management-suppliers-${lang}`);

      // The trail leads back to the project's products.
      await trail(page).getByText('PRJ-DM-E2E').click();
      await page.waitForURL('**/dataManagement/vinsnList?*');
      await row(list(page, 'vinsnList'), vinSn).waitFor();
      await trail(page).getByText(text.trailProjects).click();
      await row(list(page, 'dataList'), 'PRJ-DM-E2E').waitFor();

      expect(errors).toEqual([]);
    });

    it(`finds a lot and a project from the navbar and opens them (${lang})`, async () => {
      await seeded(h.server().baseUrl, vinSn);
      const { page, errors } = await h.session(lang);
      await signIn(page, 'demo-auto', AUTOMAKER[lang]);
      const box = page.getByTestId('global-search-input');
      const hits = page.locator(
        '.ant-select-dropdown:not(.ant-select-dropdown-hidden) [data-testid="global-search-hit"]',
      );

      // A batch number: the receipt that brought it in, opened in the receipts list searched for it.
      await box.fill('PK-2603');
      await hits.filter({ hasText: 'RK-E2E-1' }).first().waitFor();
      await screenshot(page, `global-search-${lang}`);
      await hits.filter({ hasText: 'RK-E2E-1' }).first().click();
      await page.waitForURL('**/stagePurchase/receipt?batchNo=PK-2603');
      await row(page.getByTestId('list-stagePurchase/receipt'), 'PK-2603').waitFor();

      // A project: its data drill-down, with the VIN the documents recorded.
      await box.fill('PRJ-DM');
      await hits.and(page.locator('[data-kind="project"]')).first().click();
      await page.waitForURL('**/dataManagement/vinsnList?*');
      await row(list(page, 'vinsnList'), vinSn).waitFor();
      expect(errors).toEqual([]);
    });

    it(`leads a level opened without its choice back to the project list (${lang})`, async () => {
      const { page, errors } = await h.session(lang);
      await signIn(page, 'demo-auto', AUTOMAKER[lang]);
      for (const level of ['vinsnList', 'supplier']) {
        await page.goto(`/dataManagement/${level}`);
        // Tabs keep earlier pages alive: look in this level's page.
        const missing = page
          .locator(`[data-page="dataManagement/${level}"]`)
          .getByTestId('dm-missing-choice');
        await missing.getByText(text.missingTitle).waitFor();
        await screenshot(page, `data-management-missing-${level}-${lang}`);
        await missing.getByTestId('dm-back-to-projects').click();
        await page.waitForURL('**/dataManagement/dataList');
        await list(page, 'dataList').waitFor();
      }
      expect(errors).toEqual([]);
    });
  }
});
