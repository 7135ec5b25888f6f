import { describe, expect, it } from 'vitest';
import { screenshot, type TLang } from './support/browser';
import { AUTOMAKER, openFromSidebar, signIn } from './support/flows';
import { useHarness } from './support/harness';
import { downloaded, message, row, rows, sheetTextRows } from './support/lists';

const TEXT = {
  zh: {
    projects: ['基础数据', '项目编号'],
    log: ['系统日志'],
    saved: '新增成功',
    table: '项目编号',
    insert: '新增',
    signIns: '登录日志',
    signIn: '登录',
    exportHeader: '时间',
  },
  en: {
    projects: ['Master Data', 'Project Codes'],
    log: ['System Log'],
    saved: 'Created',
    table: 'Project codes',
    insert: 'Create',
    signIns: 'Sign-ins',
    signIn: 'Sign in',
    exportHeader: 'Time',
  },
} as const;

describe('system log: the audit trail of every write', () => {
  const h = useHarness();

  for (const lang of ['zh', 'en'] as const satisfies readonly TLang[]) {
    const text = TEXT[lang];
    const code = `E2E-AUDIT-${lang.toUpperCase()}`;

    it(`shows a project code created in the console, with its details and download (${lang})`, async () => {
      const { page, errors } = await h.session(lang);
      await signIn(page, 'demo-auto', AUTOMAKER[lang]);
      await openFromSidebar(page, text.projects);
      const projects = page.getByTestId('list-basicData/project');
      await projects.getByTestId('toolbar-create').click();
      const form = page.getByTestId('project-form-dialog');
      await form.locator('#project-form-dialog_code').fill(code);
      await form.locator('#project-form-dialog_notes').fill('audit e2e');
      await page.getByTestId('dialog-confirm').click();
      await message(page, text.saved);

      // The data changes tab is the default; the newest entry is the code just created.
      await openFromSidebar(page, text.log);
      await page.waitForURL('**/log/list');
      const list = page.getByTestId('list-log/list');
      const entry = row(list, text.table).first();
      await entry.waitFor();
      expect(await rows(list).first().textContent()).toContain(text.insert);
      expect(await entry.textContent()).toContain('demo-auto');
      await screenshot(page, `log-changes-${lang}`);

      // The download writes the entries the search finds.
      const file = await downloaded(page, () => list.getByTestId('toolbar-export').click());
      expect(file.name).toMatch(/\.xlsx$/);
      const sheet = await sheetTextRows(file.body);
      // Times in the browser's zone, named in the header.
      expect(sheet[0]?.[0]).toMatch(new RegExp(`^${text.exportHeader} \\(UTC[+-]\\d{2}:\\d{2}\\)$`));
      expect(sheet.some((r) => r.some((cell) => cell.includes(code)))).toBe(true);

      // Details: who, when, where, and the fields of the new row.
      await entry.getByTestId('action-details').click();
      await page.waitForURL('**/log/details/*');
      const card = page.getByTestId('audit-detail-card');
      await card.getByText('demo-auto').waitFor();
      await card.getByText(text.table).waitFor();
      const changes = page.getByTestId('audit-changes');
      await row(changes, 'code').filter({ hasText: code }).waitFor();
      await row(changes, 'notes').filter({ hasText: 'audit e2e' }).waitFor();
      await screenshot(page, `log-change-details-${lang}`);

      // The sign-ins tab keeps the account log.
      await openFromSidebar(page, text.log);
      await page.getByTestId('log-tab-signIns').click();
      const signIns = page.getByTestId('list-log/signIns');
      await row(signIns, text.signIn).first().waitFor();
      expect(errors).toEqual([]);
    });
  }
});
