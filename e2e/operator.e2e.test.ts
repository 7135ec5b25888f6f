import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { screenshot } from './support/browser';
import { DEMO_PASSWORD, openFromSidebar, signIn } from './support/flows';
import { REGISTRY, operatorSignIn } from './support/certify';
import { useHarness } from './support/harness';

const SUPPLIER = { zh: '恒信动力电池有限公司', en: 'Hengxin Power Battery Co., Ltd.' } as const;

/** The browser logs every 4xx answer; refusals are what some steps test. */
const unexpected = (errors: string[]) => errors.filter((e) => !e.includes('Failed to load resource'));

describe('operator end', () => {
  const h = useHarness();

  it('keeps its own sign-in and guards its pages (en)', async () => {
    const { page, errors } = await h.session('en');
    await page.goto('/operator/certification');
    await page.waitForURL('**/operator/login?redirect=%2Foperator%2Fcertification');
    await screenshot(page, 'w2-operator-login-en');

    // An enterprise account is not an operator.
    await page.locator('#operatorLogin_loginAccount').fill('demo-auto');
    await page.locator('#operatorLogin_password').fill(DEMO_PASSWORD);
    await page.getByTestId('operator-login-submit').click();
    await page.locator('.ant-message-error').waitFor();

    await page.locator('#operatorLogin_loginAccount').fill('operator');
    await page.getByTestId('operator-login-submit').click();
    await page.waitForURL('**/operator/certification');
    await page.getByTestId('operator-layout').waitFor();

    // The enterprise end still has no session in this browser: its pages go to its own sign-in.
    await page.goto('/workbench');
    await page.waitForURL('**/login?redirect=%2Fworkbench');
    await page.goto('/operator/login');
    await page.waitForURL('**/operator/enterprise');
    await page.getByTestId('list-operator/enterprise').locator('tbody tr.ant-table-row').first().waitFor();
    await screenshot(page, 'w2-operator-enterprises-en');

    await page.getByTestId('operator-user').click();
    await page.getByTestId('operator-logout').click();
    await page.getByTestId('confirm-ok').click();
    await page.waitForURL((url) => url.pathname === '/operator/login' && url.search === '');
    await page.goto('/operator/outbox');
    await page.waitForURL('**/operator/login?redirect=%2Foperator%2Foutbox');
    expect(unexpected(errors)).toEqual([]);
  });

  it('creates ID and code rules, sets defaults and reads the outbox (en)', async () => {
    const { page, errors } = await h.session('en');
    await operatorSignIn(page);

    await page.getByTestId('operator-menu-idRule').click();
    const idRules = page.getByTestId('list-operator/idRule');
    await idRules.locator('tbody tr.ant-table-row').first().waitFor();
    await page.getByTestId('toolbar-create').click();
    const dialog = page.getByTestId('id-rule-dialog');
    await dialog.waitFor();
    const total = page.getByTestId('id-elements-total');
    expect(await total.getAttribute('data-total')).toBe('32');
    await page.locator('#name').fill('VIN identification');
    const lengths = dialog.getByTestId('id-element-row').locator('.ant-input-number input');
    await lengths.nth(1).fill('16');
    await expect.poll(() => total.textContent()).toBe('Total 30 / 32 characters · 2 short');
    await page.locator('.ant-modal-footer .ant-btn-primary').click();
    await dialog.getByText('The elements must add up to 32 characters').waitFor();
    await dialog.getByTestId('id-element-add').click();
    await lengths.nth(5).fill('2');
    await expect.poll(() => total.getAttribute('data-total')).toBe('32');
    await screenshot(page, 'w2-operator-id-rule-dialog-en');
    await page.locator('.ant-modal-footer .ant-btn-primary').click();
    await page.getByText('The ID rule is created').waitFor();
    const created = idRules.locator('tr', { hasText: 'VIN identification' });
    await created.waitFor();
    expect(await created.textContent()).toContain('Serial number(2)');
    expect(await created.getByTestId('rule-status').textContent()).toBe('Unused');
    await created.getByTestId('action-setDefault').click();
    await page.getByTestId('confirm-ok').click();
    await expect.poll(() => created.getByTestId('rule-status').textContent()).toBe('Default');
    await screenshot(page, 'w2-operator-id-rules-en');

    await page.getByTestId('operator-menu-codeRule').click();
    const codeRules = page.getByTestId('list-operator/codeRule');
    await codeRules.locator('tbody tr.ant-table-row').first().waitFor();
    await page.getByTestId('toolbar-create').click();
    await page.getByTestId('code-rule-dialog').waitFor();
    await page.locator('#name').fill('Pack codes');
    await page.locator('#prefix').fill('pk-a');
    await page.locator('#dateFormat').click();
    await page.locator('.ant-select-item-option[title="YYMMDD"]').click();
    await page.locator('#serialLength').fill('5');
    const expected = `PK-A-${dayjs().format('YYMMDD')}-00001`;
    await expect
      .poll(() => page.getByTestId('code-rule-sample').locator('code').textContent())
      .toBe(expected);
    await screenshot(page, 'w2-operator-code-rule-dialog-en');
    await page.locator('.ant-modal-footer .ant-btn-primary').click();
    await page.getByText('The code rule is created').waitFor();
    const codeRow = codeRules.locator('tr', { hasText: 'Pack codes' });
    await codeRow.waitFor();
    await codeRow.getByTestId('action-setDefault').click();
    await page.getByTestId('confirm-ok').click();
    await expect.poll(() => codeRow.getByTestId('rule-status').textContent()).toBe('Default');
    await screenshot(page, 'w2-operator-code-rules-en');

    // A sign-in code e-mail to read in the outbox.
    const response = await fetch(`${h.server().baseUrl}/api/login/getLoginMailVerifyCode`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'demo-auto@tracehub.local', purpose: 'login' }),
    });
    expect(((await response.json()) as { code: string }).code).toBe('0000');
    await page.getByTestId('operator-menu-outbox').click();
    const outbox = page.getByTestId('list-operator/outbox');
    await page.getByTestId('search-combination-input').fill('demo-auto@tracehub.local');
    await page.getByTestId('search-basic-submit').click();
    const mail = outbox.locator('tbody tr.ant-table-row', { hasText: 'demo-auto@tracehub.local' }).first();
    await mail.getByTestId('action-view').click();
    expect(await page.getByTestId('outbox-body').textContent()).toMatch(/[A-Za-z0-9]{6}/);
    await screenshot(page, 'w2-operator-outbox-en');
    expect(unexpected(errors)).toEqual([]);
  });

  it('returns an application with notes; the applicant edits and resubmits it (en, zh)', async () => {
    const operator = await h.session('en');
    await operatorSignIn(operator.page);
    await operator.page.getByTestId('operator-menu-certification').click();
    const row = operator.page.locator('tr', { hasText: REGISTRY.jiangnan.en });
    await row.waitFor();
    await screenshot(operator.page, 'w2-operator-audit-queue-en');
    await row.getByTestId('action-review').click();
    await operator.page.getByTestId('review-content').waitFor();
    await operator.page.getByTestId('audit-image-front-img').waitFor();
    await screenshot(operator.page, 'w2-operator-review-en');
    await operator.page.getByTestId('review-return').click();
    const returnDialog = operator.page.getByTestId('return-dialog');
    await returnDialog.waitFor();
    await operator.page.locator('.ant-modal-footer .ant-btn-primary', { hasText: 'Return' }).click();
    await returnDialog.getByText('Notes is required').waitFor();
    await returnDialog
      .locator('textarea')
      .fill('The business licence photo is blurred, please upload a clear one.');
    await screenshot(operator.page, 'w2-operator-return-en');
    await operator.page.locator('.ant-modal-footer .ant-btn-primary', { hasText: 'Return' }).click();
    await operator.page.getByText('The application is returned').waitFor();
    await expect.poll(() => row.getByTestId('certification-row-status').textContent()).toBe('Returned');

    const { page, errors } = await h.session('zh');
    await page.goto('/login');
    await page.locator('#login_loginAccount').fill('demo-applicant');
    await page.locator('#login_password').fill(DEMO_PASSWORD);
    await page.getByTestId('login-submit').click();
    await page.getByTestId('certify-new-enterprise').click();
    await page.waitForURL('**/identify');
    const card = page.locator('[data-testid="certification-card"][data-status="returned"]');
    await card.waitFor();
    expect(await card.getByTestId('certification-reason').textContent()).toBe(
      '平台审核意见：The business licence photo is blurred, please upload a clear one.',
    );
    await screenshot(page, 'w2-identify-returned-zh');
    await card.getByTestId('certification-resubmit').click();
    await page.getByTestId('company-form').waitFor();
    expect(await page.locator('#company_name').inputValue()).toBe(REGISTRY.jiangnan.zh);
    expect(await page.locator('#company_usci').inputValue()).toBe(REGISTRY.jiangnan.usci);
    await page.getByTestId('upload-businessLicence-preview').waitFor();
    await screenshot(page, 'w2-identify-resubmit-zh');
    await page.getByTestId('company-form-submit').click();
    const pending = page.locator('[data-testid="certification-card"][data-status="pendingAudit"]');
    await pending.waitFor();
    expect(unexpected(errors)).toEqual([]);
    expect(unexpected(operator.errors)).toEqual([]);
  });

  it("disables an enterprise: its member's next request and sign-in are refused (zh)", async () => {
    const member = await h.session('zh');
    await signIn(member.page, 'demo-supplier', SUPPLIER.zh);

    const operator = await h.session('zh');
    await operatorSignIn(operator.page);
    const row = operator.page.locator('tr', { hasText: SUPPLIER.zh });
    await row.getByTestId('action-disable').click();
    await operator.page.getByText(`确定停用企业「${SUPPLIER.zh}」吗？`, { exact: false }).waitFor();
    await operator.page.getByTestId('confirm-ok').click();
    await operator.page.getByText('企业已停用').waitFor();
    await expect.poll(() => row.getByTestId('enterprise-status').textContent()).toBe('已停用');
    await screenshot(operator.page, 'w2-operator-enterprise-disabled-zh');

    // The member's next request is refused; the session is over and sign-in shows why.
    await openFromSidebar(member.page, ['系统日志']);
    await member.page.getByText('您的企业已被禁用。').first().waitFor();
    await member.page.waitForURL('**/login?redirect=%2Flog%2Flist');
    await screenshot(member.page, 'w2-member-company-disabled-zh');

    // Signing in again is refused too.
    const again = await h.session('zh');
    await again.page.goto('/login');
    await again.page.locator('#login_loginAccount').fill('demo-supplier');
    await again.page.locator('#login_password').fill(DEMO_PASSWORD);
    await again.page.getByTestId('login-submit').click();
    await again.page.getByTestId('enterprise-row').filter({ hasText: SUPPLIER.zh }).click();
    await again.page.getByText('您的企业已被禁用。').first().waitFor();

    await row.getByTestId('action-enable').click();
    await operator.page.getByTestId('confirm-ok').click();
    await expect.poll(() => row.getByTestId('enterprise-status').textContent()).toBe('已启用');
    expect(unexpected(operator.errors)).toEqual([]);
  });
});
