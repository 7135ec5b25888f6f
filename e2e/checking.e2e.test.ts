import { describe, expect, it } from 'vitest';
import { screenshot, type TLang } from './support/browser';
import { AUTOMAKER, openFromSidebar, signIn } from './support/flows';
import { useHarness } from './support/harness';
import { message, oneColumnWorkbook } from './support/lists';

// Data troubleshooting in the console (zh and en): the create-task dialog and its validations (spec 5), a
// task running to completion with both status readings, its detail and abnormal data, the rule details.

/** The demo chain's three vehicles (seed/demo-supply-chain.ts DEMO_VINS). */
const DEMO_VINS = ['LGXCE4CB4N0000001', 'LGXCE4CB6N0000002', 'LGXCE4CB8N0000003'];

const TEXT = {
  zh: {
    menu: ['数据排查', '排查记录'],
    company: '请至少选择一家企业',
    rule: '请至少勾选一条规则',
    amount: '最大数量为1至10,000的正整数',
    vins: '请输入VIN',
    linked: '关联排查',
    internal: '企业内排查',
    byVin: '按VIN',
    vinFile: '已从 vins.xlsx 读取 3 个VIN',
    created: '排查任务已创建',
    executed: '已执行',
    completed: '已完成',
    rules: '规则详情',
    fatal: '致命',
    all: '已选 100 / 100 条规则',
    kindDates: '日期顺序',
    dateCheck: '付款早于发票',
  },
  en: {
    menu: ['Data Troubleshooting', 'Troubleshooting Records'],
    company: 'Select at least one company',
    rule: 'Check at least one rule',
    amount: 'The maximum amount is a positive integer up to 10,000',
    vins: 'Enter VINs',
    linked: 'Linked',
    internal: 'Internal',
    byVin: 'By VIN',
    vinFile: '3 VINs read from vins.xlsx',
    created: 'The troubleshooting task was created',
    executed: 'Executed',
    completed: 'Completed',
    rules: 'Rule details',
    fatal: 'Fatal',
    all: '100 of 100 checks chosen',
    kindDates: 'Dates in order',
    dateCheck: 'Paid before its invoice',
  },
} as const;

/** An xlsx VIN list: a header, then the VINs in its first column. */
const vinList = (vins: readonly string[]) => oneColumnWorkbook('VIN', vins);

describe('data troubleshooting: create, run, abnormal data', () => {
  const h = useHarness({ env: async () => ({ SEED_DEMO_CHAIN: 'true' }) });

  for (const lang of ['zh', 'en'] as const satisfies readonly TLang[]) {
    const text = TEXT[lang];

    it(`validates the create dialog, runs a task to completion and shows its data (${lang})`, async () => {
      const { page, errors } = await h.session(lang);
      await signIn(page, 'demo-auto', AUTOMAKER[lang]);
      await openFromSidebar(page, text.menu);
      await page.waitForURL('**/dataChecking/checkLog');

      await page.getByTestId('toolbar-create').click();
      const dialog = page.getByTestId('check-create-dialog');
      await dialog.waitFor();
      // The default package's 100 checks are all ticked once it has loaded, kind by kind; a kind opens
      // to its checks (one per pair of stages for the dates).
      await dialog.getByText(text.all, { exact: true }).waitFor();
      await dialog.locator('[data-testid="check-rules"] input[type="checkbox"]:checked').first().waitFor();
      await dialog.getByTestId('check-kind-dates').click();
      await dialog.getByText(text.dateCheck, { exact: false }).waitFor();
      expect(await dialog.getByTestId('check-kind-dates').textContent()).toContain(
        `${text.kindDates} (17/17)`,
      );
      await screenshot(page, `checking-create-checks-${lang}`);

      // Linked without a supplier, no rule, an amount of 0, the VIN dimension without VINs: each refused.
      await dialog.getByText(text.linked, { exact: true }).click();
      await dialog.getByText(text.byVin, { exact: true }).click();
      await dialog.getByTestId('check-rules-none').click();
      await dialog.locator('#check-create_maxAmount').fill('0');
      await page.getByTestId('dialog-confirm').click();
      for (const expected of [text.company, text.rule, text.amount, text.vins])
        await dialog.getByText(expected, { exact: true }).waitFor();
      await screenshot(page, `checking-create-invalid-${lang}`);

      // Fixed: internal, the demo's three VINs (one typed, all three read from an xlsx list: repeats
      // dropped), at most 10, every check of the package.
      await dialog.getByText(text.internal, { exact: true }).click();
      await dialog.getByTestId('check-rules-all').click();
      await dialog.getByText(text.all, { exact: true }).waitFor();
      await dialog.locator('#check-create_maxAmount').fill('10');
      await dialog.getByTestId('check-vins').fill(DEMO_VINS[0]!);
      await dialog.locator('input[type="file"]').setInputFiles({
        name: 'vins.xlsx',
        mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        buffer: await vinList(DEMO_VINS),
      });
      await message(page, text.vinFile);
      expect(await dialog.getByTestId('check-vins').inputValue()).toBe(DEMO_VINS.join('\n'));
      await screenshot(page, `checking-create-${lang}`);
      // The newest task's id before this one: the list answers the new task once it has been fetched again.
      const table = page.getByTestId('list-dataChecking/checkLog');
      const first = table.locator('.ant-table-tbody tr.ant-table-row').first();
      const newestId = () =>
        first
          .locator('td')
          .first()
          .textContent({ timeout: 1_000 })
          .catch(() => null);
      const before = await newestId();
      await page.getByTestId('dialog-confirm').click();
      await message(page, text.created);
      await expect.poll(newestId, { timeout: 30_000 }).not.toBe(before);

      // The task runs (the server's worker) to completion: both readings of its status.
      await first.getByText(text.executed, { exact: true }).waitFor({ timeout: 30_000 });
      expect(await first.textContent()).toContain(text.completed);
      await screenshot(page, `checking-list-${lang}`);

      // Its detail: facts, counts by level, the abnormal data (the demo's records may not be sealed yet).
      await first.getByTestId('action-detail').click();
      await page.waitForURL('**/dataChecking/checkLog/detail?taskId=*');
      const card = page.getByTestId('check-detail-card');
      await card.getByText(text.executed, { exact: true }).waitFor();
      expect(await card.textContent()).toContain('LGXCE4CB4N0000001');
      await page.getByTestId('list-dataChecking/checkLog/detail/findings').waitFor();
      await screenshot(page, `checking-detail-${lang}`);

      // The rule package's checks.
      await page.goto('/dataChecking/checkLog/ruleDetail?packageId=standard');
      const rules = page.getByTestId('check-rule-table');
      await rules.getByText('vin-without-production').waitFor();
      expect(await rules.textContent()).toContain(text.fatal);
      await screenshot(page, `checking-rules-${lang}`);
      expect(errors).toEqual([]);
    });
  }
});
