import { describe, expect, it } from 'vitest';
import { screenshot, type TLang } from './support/browser';
import { AUTOMAKER, openFromSidebar, signIn } from './support/flows';
import { useHarness } from './support/harness';
import { downloaded, message, oneColumnWorkbook, row, rows, sheetTextRows } from './support/lists';

// Evidence-package export tasks in the console (zh and en): a task created from the dialog runs to
// completion, the same conditions open the existing task instead of a second one, the detail lists the
// package's records, the download link is valid for 3 minutes (the page's clock moved past them takes it
// away), the downloaded package verifies on /verify; a batch from the project's product list, the VIN list
// upload refused with its F1016 error log and then accepted, the export by company, and cancellation.

const VIN = 'LGXCE4CB4N0000001';

const TEXT = {
  zh: {
    menu: ['证据包导出', '导出任务'],
    created: '任务已创建，正在后台生成证据包',
    existing: '已有相同条件的任务，已为你打开',
    completed: '已完成',
    cancelled: '已取消',
    ok: '证据包校验通过',
    refused: '文件数据有误，请下载错误日志查看',
    batchCreated: '已创建 1 个任务',
    reason: '不是本企业产品或单据中的 VIN/SN',
    expired: '下载链接已过期（有效期 3 分钟），请重新点击获取',
    cancelledDone: '任务已作废',
    enterpriseScope: '企业: ',
  },
  en: {
    menu: ['Evidence Packages', 'Export Tasks'],
    created: 'Task created: the package is being written',
    existing: 'A task with these conditions exists: it is open now',
    completed: 'Completed',
    cancelled: 'Cancelled',
    ok: 'The evidence package verifies',
    refused: 'The file has invalid rows, download the error log for details',
    batchCreated: 'Tasks created: 1',
    reason: "Not a VIN/SN of your enterprise's products or documents",
    expired: 'The download link has expired (valid for 3 minutes); click again for a new one',
    cancelledDone: 'Task cancelled',
    enterpriseScope: 'Enterprise: ',
  },
} as const;

const vinList = (vins: readonly string[]) => oneColumnWorkbook('VIN/SN', vins);

describe('evidence-package export tasks: create, run, download, verify', () => {
  const h = useHarness({ env: async () => ({ SEED_DEMO_CHAIN: 'true' }) });

  for (const lang of ['zh', 'en'] as const satisfies readonly TLang[]) {
    const text = TEXT[lang];
    // Each language packages its own kind of package of the demo VIN: internal in zh, external in en.
    const typeIndex = lang === 'zh' ? 0 : 1;

    it(`creates a task, opens it instead of a second, downloads and verifies its package (${lang})`, async () => {
      const { page, errors } = await h.session(lang);
      await page.clock.install();
      await signIn(page, 'demo-auto', AUTOMAKER[lang]);
      await openFromSidebar(page, text.menu);
      await page.waitForURL('**/task/taskList');
      const list = page.getByTestId('list-task/taskList');

      const createTask = async () => {
        await page.getByTestId('toolbar-create').click();
        const dialog = page.getByTestId('evidence-create-dialog');
        await dialog.waitFor();
        await dialog.getByTestId('evidence-type').locator('input[type=radio]').nth(typeIndex).check();
        await dialog.getByTestId('evidence-vin').fill(VIN);
        await screenshot(page, `evidence-create-${lang}`);
        await page.getByTestId('dialog-confirm').click();
      };
      await createTask();
      await page.getByTestId('confirm-ok').click();
      await message(page, text.created);
      const first = rows(list).first();
      await first.getByText(text.completed, { exact: true }).waitFor({ timeout: 60_000 });
      expect(await first.textContent()).toContain(VIN);
      await screenshot(page, `evidence-list-${lang}`);

      // The same conditions again: the existing task opens, no second one is created.
      await createTask();
      await message(page, text.existing);
      await page.waitForURL('**/task/detail/*');
      const card = page.getByTestId('evidence-detail-card');
      await card.getByText(text.completed, { exact: true }).waitFor();
      const items = page.getByTestId('list-task/detail');
      await rows(items).first().waitFor();
      expect(await rows(items).count()).toBeGreaterThan(1);

      // The download: a link valid for 3 minutes, then taken away; a new click gives a new one.
      const pkg = await downloaded(page, () => page.getByTestId('package-download-ask').click());
      expect(pkg.name).toMatch(
        lang === 'zh' ? /^证据包-[0-9a-f]{8}\.zip$/ : /^evidence-package-[0-9a-f]{8}\.zip$/,
      );
      await page.getByTestId('package-download-link').waitFor();
      await screenshot(page, `evidence-detail-${lang}`);
      await page.clock.fastForward('03:01');
      await page.getByText(text.expired).waitFor();
      expect(await page.getByTestId('package-download-link').count()).toBe(0);
      await downloaded(page, () => page.getByTestId('package-download-ask').click());
      await page.getByTestId('package-download-link').waitFor();

      // The package verifies in the browser, offline.
      await page.goto('/verify');
      await page.getByTestId('verify-tab-package').click();
      await page
        .getByTestId('verify-package-drop')
        .locator('input[type=file]')
        .setInputFiles({ name: pkg.name, mimeType: 'application/zip', buffer: pkg.body });
      await expect.poll(() => page.getByTestId('verify-package-result').getAttribute('data-ok')).toBe('true');
      expect(await page.getByTestId('verify-package-verdict').textContent()).toBe(text.ok);
      expect(errors).toEqual([]);
    });
  }

  for (const lang of ['zh', 'en'] as const satisfies readonly TLang[]) {
    const text = TEXT[lang];
    // Internal packages in zh, external in en: each language's tasks are new.
    const typeIndex = lang === 'zh' ? 0 : 1;

    it(`creates tasks from a product list, a VIN list upload (F1016 first) and by company, and cancels one (${lang})`, async () => {
      const { page, errors } = await h.session(lang);
      await signIn(page, 'demo-auto', AUTOMAKER[lang]);
      await page.goto('/task/taskList');
      const list = page.getByTestId('list-task/taskList');
      await list.waitFor();

      // Batch from the project's products.
      await page.getByTestId('toolbar-byList').click();
      const batch = page.getByTestId('evidence-batch-dialog');
      await batch.getByText('XH-EV7').waitFor();
      await batch.locator('input[type=radio]').nth(typeIndex).check();
      await batch.locator('tr.ant-table-row input[type=checkbox]').first().check();
      await screenshot(page, `evidence-batch-${lang}`);
      await page.getByTestId('dialog-confirm').click();
      await page.getByTestId('confirm-ok').click();
      await message(page, text.batchCreated);
      await row(list, 'XH-EV7').first().waitFor();

      // A VIN list with a VIN that is not the automaker's: refused whole, with its error log.
      await page.getByTestId('toolbar-byVins').click();
      const vins = page.getByTestId('evidence-vins-dialog');
      await vins.locator('input[type=radio]').nth(typeIndex).check();
      const input = vins.locator('input[type=file]');
      await input.setInputFiles({
        name: 'vins.xlsx',
        mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        buffer: await vinList(['LGXCE4CB6N0000002', 'LNOTOURS000000001']),
      });
      await page.getByTestId('evidence-vins-send').click();
      await vins.getByText(text.refused).waitFor();
      const log = await downloaded(page, () => page.getByTestId('evidence-vins-error-log').click());
      expect((await sheetTextRows(log.body))[1]).toEqual(['3', 'LNOTOURS000000001', text.reason]);
      await screenshot(page, `evidence-vins-refused-${lang}`);
      // Fixed: read, then created.
      await input.setInputFiles({
        name: 'vins.xlsx',
        mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        buffer: await vinList(['LGXCE4CB6N0000002']),
      });
      await page.getByTestId('evidence-vins-send').click();
      await page.getByTestId('evidence-vins-read').waitFor();
      await page.getByTestId('evidence-vins-create').click();
      await page.getByTestId('confirm-ok').click();
      await message(page, text.created);

      // By company: the battery maker.
      await page.getByTestId('toolbar-byCompany').click();
      const company = page.getByTestId('evidence-company-dialog');
      await company.getByText('HX-BAT').waitFor();
      await company.locator('input[type=radio]').nth(typeIndex).check();
      await company.locator('tr.ant-table-row input[type=checkbox]').first().check();
      await screenshot(page, `evidence-company-${lang}`);
      await page.getByTestId('dialog-confirm').click();
      await page.getByTestId('confirm-ok').click();
      await message(page, text.batchCreated);

      // The newest task (by company) completes, the others before it; the newest is cancelled for good.
      const target = rows(list).first();
      await target.getByText(text.enterpriseScope).waitFor();
      await target.getByText(text.completed, { exact: true }).waitFor({ timeout: 60_000 });
      await target.getByTestId('action-cancel').click();
      await page.getByTestId('confirm-ok').click();
      await message(page, text.cancelledDone);
      await target.getByText(text.cancelled, { exact: true }).waitFor();
      await screenshot(page, `evidence-list-cancelled-${lang}`);
      // The browser logs the refused list's answer (F1016 is a 400) above; nothing else.
      expect(errors.filter((e) => !e.includes('status of 400'))).toEqual([]);
      expect(errors).toHaveLength(1);
    });
  }
});
