import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { apiToken, post } from './support/api';
import { screenshot, type TLang } from './support/browser';
import { usciOf } from './support/certify';
import { AUTOMAKER, signIn } from './support/flows';
import { useHarness } from './support/harness';
import { downloaded, rows, searchSelect } from './support/lists';

// The VIN map check of a troubleshooting task (issue 16 items 4 and 7), zh and en: the task's detail opens
// the "VIN map check result" dialog; a VIN fitted with a motor from a supplier not on the platform is
// uncomplete, its tree marks the gap in red; the tracing report downloads as xlsx.

const AUTO_UUID = 'e0a1c2d3-0001-4000-8000-000000000001';
const DEMO_VINS = ['LGXCE4CB4N0000001', 'LGXCE4CB6N0000002', 'LGXCE4CB8N0000003'];
const GAP_VIN = DEMO_VINS[0]!;

const TEXT = {
  zh: {
    open: 'VIN地图校验结果',
    result: '链路完整性',
    uncomplete: '不完整',
    complete: '完整',
    gap: '供应商未入驻平台',
    header: '单据编号',
  },
  en: {
    open: 'VIN map check result',
    result: 'Chain completeness',
    uncomplete: 'Uncomplete',
    complete: 'Complete',
    gap: 'Supplier not on the platform',
    header: 'Document number',
  },
} as const;

/** Plants the gap and runs a task over the demo VINs through the API; answers the task id. */
async function mappedTask(baseUrl: string): Promise<string> {
  const token = await apiToken(baseUrl, 'demo-auto', AUTO_UUID);
  await post(
    baseUrl,
    '/partner/add',
    {
      partnerType: 'supplier',
      code: 'VM-MOTOR',
      name: '远航电机有限公司',
      usci: usciOf('91310115MA1WM0001'),
    },
    token,
  );
  await post(
    baseUrl,
    '/stagePurchase/receipt/add',
    {
      billNo: 'RK-VM-MOTOR',
      bizTime: Date.now() - 6 * 86_400_000,
      partnerCode: 'VM-MOTOR',
      itemCode: 'XH-MOTOR',
      batchNo: 'MOT-VM',
      quantity: 1,
      unit: '件',
    },
    token,
  );
  await post(
    baseUrl,
    '/internalB/B1-1/add',
    {
      billNo: 'ZC-VM-MOTOR',
      bizTime: Date.now() - 5 * 86_400_000,
      vinSn: GAP_VIN,
      partnerCode: 'VM-MOTOR',
      itemCode: 'XH-MOTOR',
      batchNo: 'MOT-VM',
      quantity: 1,
      unit: '件',
    },
    token,
  );
  const packages = await post<{ id: string; checkIds: string[] }[]>(
    baseUrl,
    '/dataChecking/packages',
    {},
    token,
  );
  const standard = packages.find((p) => p.id === 'standard')!;
  const task = await post<{ id: string }>(
    baseUrl,
    '/dataChecking/createTask',
    {
      taskType: 'internal',
      dimension: 'vin',
      vins: DEMO_VINS,
      maxAmount: 10,
      packageId: 'standard',
      checkIds: standard.checkIds,
    },
    token,
  );
  for (let i = 0; i < 120; i++) {
    const detail = await post<{ task: { status: string } }>(
      baseUrl,
      '/dataChecking/taskDetail',
      { taskId: task.id },
      token,
    );
    if (detail.task.status === 'completed') return task.id;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('The troubleshooting task did not complete');
}

describe('VIN map check result (troubleshooting task detail)', () => {
  const h = useHarness({ env: async () => ({ SEED_DEMO_CHAIN: 'true' }) });
  const task = h.perServer(mappedTask);

  for (const lang of ['zh', 'en'] as const satisfies readonly TLang[]) {
    const text = TEXT[lang];

    it(`lists complete and uncomplete VINs, shows a tree with its gap, downloads the report (${lang})`, async () => {
      const id = await task(h.server().baseUrl);
      const { page, errors } = await h.session(lang);
      await signIn(page, 'demo-auto', AUTOMAKER[lang]);
      await page.goto(`/dataChecking/checkLog/detail?taskId=${id}`);
      await page.getByTestId('vin-map-open').click();
      const dialog = page.getByTestId('vin-map-dialog');
      const list = dialog.getByTestId('list-dataChecking/checkLog/detail/vinMap');
      await list.getByText(GAP_VIN).waitFor();
      const gapRow = rows(list).filter({ hasText: GAP_VIN });
      await gapRow.getByText(text.uncomplete, { exact: true }).waitFor();
      await list.getByText(text.complete, { exact: true }).first().waitFor();

      // The search: only the uncomplete VIN (the list keeps its state in the address, as every list).
      await searchSelect(page, list, text.result, text.uncomplete);
      await expect.poll(() => rows(list).count()).toBe(1);
      expect(page.url()).toContain('vinMap.status=uncomplete');

      // Its tree: the motor branch is a gap, marked in red, naming the supplier's receipt.
      await gapRow.getByTestId('action-tree').click();
      const tree = page.getByTestId('vin-map-tree');
      const gap = tree.getByTestId('vin-map-gap').first();
      await gap.waitFor();
      expect(await gap.textContent()).toContain(text.gap);
      expect(await gap.textContent()).toContain('RK-VM-MOTOR');
      expect(await tree.getByTestId('vin-map-node-complete').count()).toBeGreaterThan(0);
      await gap.scrollIntoViewIfNeeded();
      await screenshot(page, `vin-map-tree-${lang}`);
      await page.keyboard.press('Escape');
      await tree.waitFor({ state: 'detached' });
      await screenshot(page, `vin-map-list-${lang}`);

      // The tracing report as xlsx, headers in the language.
      const file = await downloaded(page, () => gapRow.getByTestId('action-xlsx').click());
      expect(file.name).toMatch(new RegExp(`${GAP_VIN}\\.xlsx$`));
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(file.body as unknown as ExcelJS.Buffer);
      const texts: string[] = [];
      book.worksheets[0]!.eachRow((r) => r.eachCell((c) => texts.push(String(c.text))));
      expect(texts).toEqual(expect.arrayContaining([text.header, 'RK-VM-MOTOR', 'CK-ORE-001', text.gap]));
      expect(errors).toEqual([]);
    });
  }
});
