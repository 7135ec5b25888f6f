import { describe, expect, it } from 'vitest';
import { apiToken, post } from './support/api';
import { screenshot, type TLang } from './support/browser';
import { AUTOMAKER, chooseOption, openFromSidebar, signIn } from './support/flows';
import { useHarness } from './support/harness';
import { message, rows, searchSelect } from './support/lists';

// A company abnormal-data task from finding to resolution across the two demo enterprises (zh and en): the
// automaker runs a linked troubleshooting task that finds a receipt its supplier never shipped; the supplier
// (demo-supplier) sees the task, processes and resolves it; the automaker sees it Resolved and closes it.

const AUTO_UUID = 'e0a1c2d3-0001-4000-8000-000000000001';
const SUPPLIER = { zh: '恒信动力电池有限公司', en: 'Hengxin Power Battery Co., Ltd.' } as const;

const TEXT = {
  zh: {
    menu: ['数据排查', '排查记录'],
    companyTab: '企业任务',
    linked: '关联排查',
    created: '排查任务已创建',
    executed: '已执行',
    pending: '待处理',
    processing: '处理中',
    resolved: '已解决',
    closed: '已关闭',
    assigned: '分配给我的',
    side: '我方角色',
    checkName: '收货批次供应商未发货或少发',
    resultRequired: '请选择处理结果',
    tooLong: '备注最多500个字符',
    resultOption: '部分解决',
    done: '操作成功',
    closeResult: '已解决',
  },
  en: {
    menu: ['Data Troubleshooting', 'Troubleshooting Records'],
    companyTab: 'Company tasks',
    linked: 'Linked',
    created: 'The troubleshooting task was created',
    executed: 'Executed',
    pending: 'Pending',
    processing: 'Processing',
    resolved: 'Resolved',
    closed: 'Closed',
    assigned: 'Assigned to me',
    side: 'Our role',
    checkName: 'Batch received but not shipped, or shipped short, by the supplier',
    resultRequired: 'Select a result',
    tooLong: 'The comment is at most 500 characters',
    resultOption: 'Partially resolved',
    done: 'Done',
    closeResult: 'Resolved',
  },
} as const;

describe('company abnormal-data task: finding to resolution across two enterprises', () => {
  const h = useHarness({ env: async () => ({ SEED_DEMO_CHAIN: 'true' }) });

  for (const lang of ['zh', 'en'] as const satisfies readonly TLang[]) {
    const text = TEXT[lang];

    it(`raises the supplier's task from a linked run; the supplier resolves it; the automaker closes it (${lang})`, async () => {
      const { baseUrl } = h.server();
      // The planted error: bolts received from the battery maker, which recorded no such delivery.
      const billNo = `RK-E2E-${lang.toUpperCase()}`;
      const autoToken = await apiToken(baseUrl, 'demo-auto', AUTO_UUID);
      await post(
        baseUrl,
        '/stagePurchase/receipt/add',
        {
          billNo,
          bizTime: Date.now() - 86_400_000,
          partnerCode: 'HX-BAT',
          itemCode: 'XH-BOLT',
          batchNo: `BOLT-${lang}`,
          quantity: 10,
          unit: '件',
        },
        autoToken,
      );

      // The automaker runs a linked task against the battery maker.
      const auto = await h.session(lang);
      await signIn(auto.page, 'demo-auto', AUTOMAKER[lang]);
      await openFromSidebar(auto.page, text.menu);
      await auto.page.waitForURL('**/dataChecking/checkLog');
      await auto.page.getByTestId('toolbar-create').click();
      const dialog = auto.page.getByTestId('check-create-dialog');
      await dialog.locator('[data-testid="check-rules"] input[type="checkbox"]:checked').first().waitFor();
      await dialog.getByText(text.linked, { exact: true }).click();
      await chooseOption(auto.page, 'check-create_supplierIds', 'HX-BAT', 'HX-BAT');
      await auto.page.getByTestId('dialog-confirm').click();
      await message(auto.page, text.created);
      const first = rows(auto.page.getByTestId('list-dataChecking/checkLog')).first();
      await first.getByText(text.executed, { exact: true }).waitFor({ timeout: 30_000 });

      // The supplier signs in and finds the task assigned to it.
      const sup = await h.session(lang);
      await signIn(sup.page, 'demo-supplier', SUPPLIER[lang]);
      await openFromSidebar(sup.page, text.menu);
      await sup.page.getByTestId('check-tab-company').click();
      await sup.page.waitForURL('**/dataChecking/checkLog?tab=company');
      const table = sup.page.getByTestId('list-dataChecking/companyTasks');
      await searchSelect(sup.page, table, text.side, text.assigned);
      const task = rows(table).filter({ hasText: text.pending }).first();
      await task.waitFor();
      await screenshot(sup.page, `company-task-list-${lang}`);
      await task.getByTestId('action-detail').click();
      await sup.page.waitForURL('**/dataChecking/checkLog/companyTask?id=*');
      const findings = sup.page.getByTestId('list-dataChecking/checkLog/companyTask/findings');
      await findings.getByText(billNo).first().waitFor();
      expect(await findings.textContent()).toContain(text.checkName);

      // Process, then resolve: the dialog refuses no result and a comment over 500 characters.
      await sup.page.getByTestId('company-task-process').click();
      await sup.page.getByTestId('dialog-confirm').click();
      await message(sup.page, text.done);
      const card = sup.page.getByTestId('company-task-card');
      await card.getByText(text.processing, { exact: true }).waitFor();
      await sup.page.getByTestId('company-task-resolve').click();
      const resolve = sup.page.getByTestId('company-task-dialog');
      await resolve.waitFor();
      await sup.page.getByTestId('company-task-comment').fill('x'.repeat(501));
      await sup.page.getByTestId('dialog-confirm').click();
      await resolve.getByText(text.resultRequired, { exact: true }).waitFor();
      await resolve.getByText(text.tooLong, { exact: true }).waitFor();
      await screenshot(sup.page, `company-task-resolve-invalid-${lang}`);
      await sup.page
        .getByTestId('company-task-comment')
        .fill(lang === 'zh' ? '已补录发货记录' : 'Delivery recorded');
      await chooseOption(sup.page, 'company-task_result', text.resultOption);
      await sup.page.getByTestId('dialog-confirm').click();
      await message(sup.page, text.done);
      await card.getByText(text.resolved, { exact: true }).first().waitFor();
      const history = sup.page.getByTestId('list-dataChecking/checkLog/companyTask/history');
      await history.getByText(text.resultOption).waitFor();
      await screenshot(sup.page, `company-task-detail-supplier-${lang}`);

      // The automaker sees it Resolved, with the supplier's history, and closes it.
      await auto.page.getByTestId('check-tab-company').click();
      const raised = rows(auto.page.getByTestId('list-dataChecking/companyTasks'))
        .filter({ hasText: text.resolved })
        .first();
      await raised.waitFor();
      await raised.getByTestId('action-detail').click();
      const autoCard = auto.page.getByTestId('company-task-card');
      await autoCard.getByText(text.resolved, { exact: true }).first().waitFor();
      const autoHistory = auto.page.getByTestId('list-dataChecking/checkLog/companyTask/history');
      await autoHistory.getByText('demo-supplier', { exact: false }).first().waitFor();
      await screenshot(auto.page, `company-task-detail-automaker-${lang}`);
      await auto.page.getByTestId('company-task-close').click();
      await chooseOption(auto.page, 'company-task_result', text.closeResult);
      await auto.page.getByTestId('dialog-confirm').click();
      await message(auto.page, text.done);
      await autoCard.getByText(text.closed, { exact: true }).waitFor();
      expect(auto.errors).toEqual([]);
      expect(sup.errors).toEqual([]);
    });
  }
});
