import { describe, expect, it } from 'vitest';
import { AVATAR_COLOURS, usciCheckChar } from '@tracehub/contract';
import { screenshot } from './support/browser';
import { AUTOMAKER, DEMO_PASSWORD, enterpriseRows, openMenuItem, submitPassword } from './support/flows';

const SUPPLIER_ZH = '恒信动力电池有限公司';
import { useHarness } from './support/harness';
import { latestMailCode } from './support/server';

function hexToRgb(hex: string): string {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
}

describe('sign-in through the select-enterprise dialog', () => {
  const h = useHarness();

  it('shows demo-multi its enterprises and applications, cancels the pending one, enters the automaker and switches (zh)', async () => {
    const { page, errors } = await h.session('zh');
    await submitPassword(page, 'demo-multi');
    const dialog = page.getByTestId('select-enterprise-dialog');
    expect(await page.locator('.ant-modal-title').textContent()).toBe('选择企业');

    const rows = enterpriseRows(page);
    await expect.poll(() => rows.count()).toBe(4);
    await screenshot(page, 'sign-in-select-enterprise-zh');

    // Coloured circle avatars with the short Chinese name, colours rotating by row index.
    const avatars = dialog.getByTestId('enterprise-avatar');
    expect(await avatars.count()).toBe(4);
    expect(await avatars.first().textContent()).toBe('星河汽车');
    for (let i = 0; i < 4; i++) {
      const colour = await avatars.nth(i).evaluate((el) => getComputedStyle(el).backgroundColor);
      expect(colour).toBe(hexToRgb(AVATAR_COLOURS[i % AVATAR_COLOURS.length] ?? ''));
    }

    // The last-login enterprise is marked.
    const lastLogin = page.locator('[data-testid="enterprise-row"][data-last-login="Y"]');
    expect(await lastLogin.getByTestId('last-login-mark').textContent()).toBe('上次登录');

    // Pending and rejected applications are greyed out and cannot be chosen.
    const pending = page.locator('[data-testid="enterprise-row"][data-status="pending"]');
    const rejected = page.locator('[data-testid="enterprise-row"][data-status="rejected"]');
    expect(await pending.count()).toBe(1);
    expect(await rejected.count()).toBe(1);
    for (const row of [pending, rejected]) {
      expect(await row.getAttribute('class')).toContain('disabled');
      expect(await row.evaluate((el) => getComputedStyle(el).cursor)).toBe('not-allowed');
    }
    expect(await pending.getByTestId('status-pending').textContent()).toBe('待审核');
    expect(await rejected.getByTestId('status-rejected').textContent()).toBe('审核驳回');
    expect(await pending.textContent()).toMatch(/申请时间：\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}:\d{2}/);
    await pending.locator('.enterprise-name').click();
    await page.waitForTimeout(500);
    expect(new URL(page.url()).pathname).toBe('/login');

    // An open application hides the add-enterprise row.
    expect(await page.getByTestId('enterprise-add-row').count()).toBe(0);

    // Cancelling the pending application: success message, and the row is gone.
    await pending.getByTestId('cancel-application').click();
    await page.locator('.ant-message').getByText('撤销成功').waitFor();
    await expect.poll(() => pending.count()).toBe(0);
    expect(await rows.count()).toBe(3);
    expect(await rejected.count()).toBe(1);

    await rows.filter({ hasText: AUTOMAKER.zh }).click();
    await page.waitForURL('**/workbench');
    await page.getByTestId('workbench').waitFor();
    await expect.poll(() => page.title()).toBe('工作台 - 溯源平台');
    expect(await page.getByTestId('user-dropdown').textContent()).toContain(AUTOMAKER.zh);
    await screenshot(page, 'workbench-zh');

    // After sign-in the same dialog switches the enterprise: current login marked; the rejected application
    // still open hides the add row.
    await page.getByTestId('user-dropdown').click();
    await openMenuItem(page, '切换企业').click();
    await page.locator('.ant-modal-title', { hasText: '切换企业' }).waitFor();
    await expect.poll(() => enterpriseRows(page).count()).toBe(3);
    const current = page.locator('[data-testid="enterprise-row"][data-last-login="Y"]');
    expect(await current.textContent()).toContain(AUTOMAKER.zh);
    expect(await current.getByTestId('last-login-mark').textContent()).toBe('当前登录');
    expect(await page.getByTestId('enterprise-add-row').count()).toBe(0);
    await screenshot(page, 'switch-enterprise-zh');
    await enterpriseRows(page).filter({ hasText: SUPPLIER_ZH }).click();
    await expect.poll(() => page.getByTestId('user-dropdown').textContent()).toContain(SUPPLIER_ZH);
    await page.waitForURL('**/workbench');
    expect(await page.getByTestId('scene-title').first().textContent()).toBe('原材料溯源');
    expect(errors).toEqual([]);
  });

  it('takes demo-auto, linked to one enterprise, straight in; the switch dialog offers the add-enterprise row (en)', async () => {
    const { page, errors } = await h.session('en');
    await page.goto('/login');
    await page.locator('#login_loginAccount').fill('demo-auto');
    await page.locator('#login_password').fill(DEMO_PASSWORD);
    const documentsBefore = await page.evaluate(() => performance.getEntriesByType('navigation').length);
    await page.getByTestId('login-submit').click();
    await page.waitForURL('**/workbench');
    await page.getByTestId('workbench').waitFor();
    // No choice was shown and the page was not reloaded: the same document carries on.
    expect(await page.getByTestId('select-enterprise-dialog').count()).toBe(0);
    expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(
      documentsBefore,
    );
    expect(
      await page.evaluate(() => new URL(performance.getEntriesByType('navigation')[0]!.name).pathname),
    ).toBe('/login');
    await expect.poll(() => page.title()).toBe('Workbench - Tracehub');
    expect(await page.getByTestId('user-dropdown').textContent()).toContain(AUTOMAKER.en);
    await screenshot(page, 'workbench-en');

    // Linking another enterprise stays possible: the switch dialog has the add-enterprise row.
    await page.getByTestId('user-dropdown').click();
    await openMenuItem(page, 'Switch company').click();
    await page.locator('.ant-modal-title', { hasText: 'Switch enterprise' }).waitFor();
    await expect.poll(() => enterpriseRows(page).count()).toBe(1);
    expect(await page.getByTestId('enterprise-avatar').first().textContent()).toBe('G');

    const addRow = page.getByTestId('enterprise-add-row');
    await addRow.waitFor();
    await addRow.click();
    const applyDialog = page.getByTestId('apply-link-dialog');
    await applyDialog.waitFor();
    await page.getByRole('button', { name: 'Submit' }).click();
    await applyDialog.getByText("Please enter the associated enterprise's name").waitFor();
    await page.locator('#applyLink_uniformSocialCreditCode').fill('91310000MA1K000000');
    await applyDialog.getByText('The check character of the unified social credit code is wrong').waitFor();
    await screenshot(page, 'apply-link-en');

    // A complete tax number of a certified enterprise fills its name (English here); then apply.
    const supplierUsci = `91320500MA1N7C3D4${usciCheckChar('91320500MA1N7C3D4') ?? ''}`;
    await page.locator('#applyLink_uniformSocialCreditCode').fill(supplierUsci);
    await expect
      .poll(() => page.locator('#applyLink_examineName').inputValue())
      .toBe('Hengxin Power Battery Co., Ltd.');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Application submitted').waitFor();
    await screenshot(page, 'apply-submitted-en');
    await page.getByTestId('apply-submitted-ok').click();
    const pending = page.locator('[data-testid="enterprise-row"][data-status="pending"]');
    await expect.poll(() => pending.count()).toBe(1);
    expect(await pending.textContent()).toContain('Hengxin Power Battery Co., Ltd.');
    await expect.poll(() => page.getByTestId('enterprise-add-row').count()).toBe(0);

    // With an application open the next sign-in asks again: the enterprise or the application.
    const next = await h.session('en');
    await submitPassword(next.page, 'demo-auto');
    expect(await next.page.locator('.ant-modal-title').textContent()).toBe('Select enterprise');
    await expect.poll(() => enterpriseRows(next.page).count()).toBe(2);
    await enterpriseRows(next.page).filter({ hasText: AUTOMAKER.en }).click();
    await next.page.waitForURL('**/workbench');
    await next.page.getByTestId('workbench').waitFor();
    expect(errors).toEqual([]);
    expect(next.errors).toEqual([]);
  });

  it('signs in with an e-mailed code and enters the only enterprise (en)', async () => {
    const { page, errors } = await h.session('en');
    const email = 'demo-supplier@tracehub.local';
    await page.goto('/login');
    await page.getByRole('tab', { name: 'E-mail code' }).click();
    await page.locator('#loginCode_email').fill(email);
    await page.getByTestId('send-code').click();
    await page
      .getByText('If this address has an account, a code has been sent to it, please check your e-mail')
      .waitFor();
    await page.locator('#loginCode_code').fill(await latestMailCode(h.server().baseUrl, email));
    await page.getByTestId('login-code-submit').click();
    // demo-supplier has one enterprise: straight in.
    await page.waitForURL('**/workbench');
    await page.getByTestId('workbench').waitFor();
    expect(errors).toEqual([]);
  });
});
