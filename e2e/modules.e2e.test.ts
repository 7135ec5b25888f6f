import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { screenshot } from './support/browser';
import { operatorSignIn } from './support/certify';
import { AUTOMAKER, openFromSidebar, signIn, tab } from './support/flows';
import { useHarness } from './support/harness';

/** The browser logs every 4xx answer; the refused log call is what these tests check. */
const unexpected = (errors: string[]) => errors.filter((e) => !e.includes('Failed to load resource'));

const TEXTS = {
  zh: {
    log: '系统日志',
    title: '模块未配置',
    // The message names the module (the page's menu title); demo-auto administers the enterprise, so it
    // is sent to the platform operator, who configures modules.
    message: '平台尚未为贵企业配置系统日志模块。',
    whom: '请联系平台运营方',
    back: '返回工作台',
    saved: '模块配置已保存',
    summary: (n: number, total: number) => `已配置 ${n} / ${total} 个页面`,
  },
  en: {
    log: 'System Log',
    title: 'Module not configured',
    message: 'The platform has not configured the System Log module for your company.',
    whom: 'Ask the platform operator',
    back: 'Back to workbench',
    saved: 'The module configuration is saved',
    summary: (n: number, total: number) => `${n} of ${total} pages configured`,
  },
} as const;

/** The dialog's count of configured pages and of all pages (every page of the menu, built or not). */
async function counts(dialog: Locator): Promise<{ configured: number; total: number; text: string }> {
  const summary = dialog.getByTestId('modules-summary');
  return {
    configured: Number(await summary.getAttribute('data-configured')),
    total: Number(await summary.getAttribute('data-total')),
    text: (await summary.textContent()) ?? '',
  };
}

/** Opens the module dialog of the automaker on the operator's enterprise list. */
async function openModules(page: Page, lang: 'zh' | 'en') {
  const row = page.locator('tr', { hasText: AUTOMAKER[lang] });
  await row.getByTestId('action-modules').click();
  const dialog = page.getByTestId('modules-dialog');
  await dialog.waitFor();
  return dialog;
}

/** Ticks or unticks a module or page of the open dialog by its code. */
async function toggleModule(page: Page, code: string): Promise<void> {
  await page
    .locator('.ant-tree-treenode')
    .filter({ has: page.getByTestId(`module-node-${code}`) })
    .locator('.ant-tree-checkbox')
    .click();
}

async function saveModules(page: Page, lang: 'zh' | 'en'): Promise<void> {
  await page.getByTestId('dialog-confirm').click();
  // The dialog closes only once the server has saved; the message of an earlier save may still show.
  await page.getByTestId('modules-dialog').waitFor({ state: 'detached' });
  await page.getByText(TEXTS[lang].saved).first().waitFor();
}

async function logRows(page: Page): Promise<void> {
  await page.getByTestId('list-log/list').locator('tbody tr.ant-table-row').first().waitFor();
}

describe('modules not configured for an enterprise (spec 6)', () => {
  const h = useHarness();

  it('reaches an open session: the log page shows the message instead of an error, until restored (zh)', async () => {
    const text = TEXTS.zh;
    // The member is already on the system log when the platform changes the configuration.
    const member = await h.session('zh');
    await signIn(member.page, 'demo-auto', AUTOMAKER.zh);
    await openFromSidebar(member.page, [text.log]);
    await logRows(member.page);

    const operator = await h.session('zh');
    await operatorSignIn(operator.page);
    const dialog = await openModules(operator.page, 'zh');
    const { total, text: all } = await counts(dialog);
    expect(all).toBe(text.summary(total, total));
    await toggleModule(operator.page, 'Log');
    await expect.poll(async () => (await counts(dialog)).text).toBe(text.summary(total - 1, total));
    await screenshot(operator.page, 'm-operator-modules-zh');
    await saveModules(operator.page, 'zh');

    // Coming back to the log from the sidebar asks the server again: B2030 turns into the message page,
    // inside the layout and the page's tab, without an error toast.
    await tab(member.page, 'workbench').click();
    await member.page.getByTestId('workbench').waitFor();
    await openFromSidebar(member.page, [text.log]);
    const notice = member.page.getByTestId('module-not-configured');
    await notice.waitFor();
    expect(await notice.textContent()).toContain(text.title);
    expect(await notice.textContent()).toContain(text.message);
    expect(await notice.getByTestId('access-reason').textContent()).toContain(text.whom);
    expect(await tab(member.page, 'log/list').getAttribute('data-active')).toBe('1');
    expect(await member.page.locator('.ant-message-error').count()).toBe(0);
    // The menu is reloaded, so the sidebar marks the entry too.
    await member.page.getByTestId('sidebar').getByTestId('menu-not-configured').waitFor();
    await screenshot(member.page, 'm-auto-log-refused-zh');

    // The back button leads to the workbench; a fresh load knows from the menu before any call.
    await notice.getByTestId('module-not-configured-back').click();
    await member.page.waitForURL('**/workbench');
    await member.page.goto('/log/list');
    await notice.waitFor();

    // Restored: the page works again.
    await openModules(operator.page, 'zh');
    expect((await counts(dialog)).configured).toBe(total - 1);
    await toggleModule(operator.page, 'Log');
    await saveModules(operator.page, 'zh');
    await member.page.reload();
    await logRows(member.page);
    expect(await member.page.getByTestId('menu-not-configured').count()).toBe(0);
    expect(await notice.count()).toBe(0);
    expect(unexpected(member.errors)).toEqual([]);
    expect(unexpected(operator.errors)).toEqual([]);
  });

  it('marks the entry and shows the message page from the menu, then restores it (en)', async () => {
    const text = TEXTS.en;
    const operator = await h.session('en');
    await operatorSignIn(operator.page);
    const dialog = await openModules(operator.page, 'en');
    const { total } = await counts(dialog);
    await toggleModule(operator.page, 'Log');
    await expect.poll(async () => (await counts(dialog)).text).toBe(text.summary(total - 1, total));
    await screenshot(operator.page, 'm-operator-modules-en');
    await saveModules(operator.page, 'en');

    const member = await h.session('en');
    await signIn(member.page, 'demo-auto', AUTOMAKER.en);
    const marker = member.page.getByTestId('sidebar').getByTestId('menu-not-configured');
    await marker.waitFor();
    expect(await marker.getAttribute('title')).toBe(text.title);
    await openFromSidebar(member.page, [text.log]);
    const notice = member.page.getByTestId('module-not-configured');
    await notice.waitFor();
    expect(await notice.textContent()).toContain(text.message);
    expect(await notice.getByTestId('access-reason').textContent()).toContain(text.whom);
    expect(await member.page.getByTestId('page-title').textContent()).toContain(text.log);
    await screenshot(member.page, 'm-auto-log-not-configured-en');
    expect(await notice.getByTestId('module-not-configured-back').textContent()).toBe(text.back);

    await openModules(operator.page, 'en');
    await operator.page.getByTestId('modules-check-all').click();
    await expect.poll(async () => (await counts(dialog)).text).toBe(text.summary(total, total));
    await saveModules(operator.page, 'en');

    await member.page.reload();
    await logRows(member.page);
    expect(await member.page.getByTestId('menu-not-configured').count()).toBe(0);
    expect(await notice.count()).toBe(0);
    expect(unexpected(member.errors)).toEqual([]);
    expect(unexpected(operator.errors)).toEqual([]);
  });
});
