import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { screenshot } from './support/browser';
import {
  AUTOMAKER,
  chooseOption,
  openFromSidebar,
  setNewPassword,
  signIn,
  submitOneTimePassword,
} from './support/flows';
import { useHarness } from './support/harness';
import { dialog, message, moreAction, row } from './support/lists';
import { latestMailCode } from './support/server';
import { post } from './support/api';

const AUTOMAKER_USCI = '91310000MA1K4A0B2Y';

/** A list page by its route name (one tab, so one list, per name). */
function list(page: Page, name: string): Locator {
  return page.getByTestId(`list-account/${name}`);
}

/** Ticks a node of the role's permission picker by its permission code, found through the picker's search. */
async function tick(page: Page, code: string): Promise<void> {
  const picker = page.getByTestId('permission-tree');
  await picker.getByTestId('permission-search').locator('input').fill(code);
  await picker.locator(`.permission-check[data-code="${code}"]`).first().click();
  await picker.getByTestId('permission-search').locator('input').fill('');
}

async function confirm(page: Page): Promise<void> {
  await page.getByTestId('confirm-ok').click();
}

/** Registers an account and applies to join the automaker, as a newcomer would at sign-in. */
async function applyToAutomaker(baseUrl: string, username: string, remark: string): Promise<void> {
  const email = `${username}@example.com`;
  const password = 'Applicant@2024';
  await post(baseUrl, '/login/getLoginMailVerifyCode', { email, purpose: 'register' });
  const code = await latestMailCode(baseUrl, email);
  await post(baseUrl, '/enterpriseUserRel/anonymous/enterpriseUserRelCommit', {
    username,
    email,
    password,
    confirmPassword: password,
    code,
    agreement: true,
  });
  const step = await post<{ verifyKey: string }>(baseUrl, '/login/loginByPwd', {
    loginAccount: username,
    password,
  });
  await post(
    baseUrl,
    '/enterpriseUserExamine/addEnterpriseUser',
    { examineName: AUTOMAKER.zh, uniformSocialCreditCode: AUTOMAKER_USCI, remark },
    step.verifyKey,
  );
}

describe('account management', () => {
  const h = useHarness();

  it('creates a role with two pages, a member with it, and the member sees only those pages (zh)', async () => {
    const { page, context, errors } = await h.session('zh');
    // The copy button writes the one-time password to the clipboard; the test reads it back.
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signIn(page, 'demo-auto', AUTOMAKER.zh);
    const roleName = '工作台查看员';
    const username = `viewer${Date.now() % 100000}`;

    // The role: created disabled, it cannot be enabled before permissions are configured.
    await openFromSidebar(page, ['账号管理', '角色管理']);
    await page.waitForURL('**/account/role');
    await list(page, 'role').getByTestId('toolbar-create').click();
    const roleDialog = dialog(page, 'role-form-dialog');
    await roleDialog.getByTestId('dialog-confirm').click();
    await roleDialog.getByText('角色名称不能为空').waitFor();
    await page.locator('#role-form-dialog_name').fill(roleName);
    await page.locator('#role-form-dialog_nameEn').fill('Workbench viewer');
    await page.locator('#role-form-dialog_description').fill('只能查看工作台和个人基本信息');
    await screenshot(page, 'w1-role-create-zh');
    await roleDialog.getByTestId('dialog-confirm').click();
    await message(page, '角色已创建，请为其配置权限后启用');
    const roleRow = row(list(page, 'role'), roleName);
    await expect.poll(() => roleRow.getByTestId('status-badge').textContent()).toBe('已停用');
    await roleRow.getByTestId('action-toggle').click();
    await message(page, '请先为该角色配置权限，再启用');

    // Permissions: only the workbench and the user centre's basic information.
    await roleRow.getByTestId('action-configAuth').click();
    await page.waitForURL('**/account/role/configAuth/*');
    await page.getByTestId('permission-tree').waitFor();
    await tick(page, 'Workbench');
    await tick(page, 'PerBasic');
    // Ticking a page ticks its operations; untick them again so only the page remains.
    for (const code of ['EditUserName', 'EditEmail', 'EditPassword', 'EditSession', 'EditProfilePhoto']) {
      await tick(page, code);
    }
    // Two pages granted; the user centre's module is partly granted.
    const picker = page.getByTestId('permission-tree');
    await expect.poll(() => picker.locator('[data-state="checked"]').count()).toBe(2);
    await expect.poll(() => picker.locator('[data-state="indeterminate"]').count()).toBe(1);
    await expect.poll(() => picker.getByTestId('permission-count').textContent()).toMatch(/^已选 2 \/ \d+$/);
    await page.getByTestId('config-auth-form').getByText('本账号数据').click();
    await screenshot(page, 'w1-role-config-zh');
    // Every module open, the page is long: Save stays at the window's bottom edge.
    await picker.getByRole('button', { name: '全部展开' }).click();
    await expect.poll(() => picker.locator('.permission-section[data-open="1"]').count()).toBeGreaterThan(5);
    const save = await page.getByTestId('config-auth-form').getByTestId('form-submit').boundingBox();
    expect(save).not.toBeNull();
    expect(save!.y + save!.height).toBeLessThanOrEqual(page.viewportSize()!.height);
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeGreaterThan(
      page.viewportSize()!.height,
    );
    await screenshot(page, 'w1-role-config-expanded-zh');
    await page.getByTestId('config-auth-form').getByTestId('form-submit').click();
    await message(page, '权限已保存');
    await page.waitForURL('**/account/role?_cache=1');
    await roleRow.getByTestId('action-toggle').click();
    await confirm(page);
    await expect.poll(() => roleRow.getByTestId('status-badge').textContent()).toBe('已启用');

    // The role's detail shows the granted part of the tree.
    await roleRow.getByTestId('action-view').click();
    await page.waitForURL('**/account/role/roleDetail/*');
    const granted = page.getByTestId('permission-tree-view');
    await granted.waitFor();
    expect(await granted.textContent()).toContain('基本信息');
    expect(await granted.textContent()).not.toContain('修改密码');
    await screenshot(page, 'w1-role-detail-zh');

    // The member, with the new role.
    await openFromSidebar(page, ['账号管理', '成员管理']);
    await page.waitForURL('**/account/member');
    await list(page, 'member').getByTestId('toolbar-create').click();
    await page.waitForURL('**/account/member/addMember');
    await page.getByTestId('add-member-form').getByTestId('form-submit').click();
    await page.getByText('用户名不能为空').waitFor();
    await page.getByText('请至少选择一个角色').waitFor();
    await page.locator('#add-member-form_username').fill(username);
    await page.locator('#add-member-form_email').fill(`${username}@example.com`);
    await page.locator('#add-member-form_chineseName').fill('王小明');
    await chooseOption(page, 'add-member-form_roleIds', roleName);
    await screenshot(page, 'w1-member-add-zh');
    await page.getByTestId('add-member-form').getByTestId('form-submit').click();
    await message(page, '成员已创建并已邮件通知');

    // The one-time password, shown this once with a copy button.
    const otpDialog = dialog(page, 'one-time-password-dialog');
    await otpDialog.getByText('一次性密码只显示这一次', { exact: false }).waitFor();
    const oneTimePassword = (await otpDialog.getByTestId('one-time-password').textContent()) ?? '';
    expect(oneTimePassword).toMatch(/^[A-Za-z0-9]{16}$/);
    await otpDialog.getByTestId('copy-one-time-password').click();
    await message(page, '一次性密码已复制到剪贴板');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(oneTimePassword);
    await screenshot(page, 'w1-member-otp-zh');
    await otpDialog.getByTestId('one-time-password-done').click();
    await page.waitForURL(/\/account\/member(\?|$)/);
    const memberRow = row(list(page, 'member'), username);
    await memberRow.waitFor();
    expect(await memberRow.textContent()).toContain(roleName);
    expect(await memberRow.textContent()).toContain('本账号数据');
    await screenshot(page, 'w1-member-list-zh');
    // The add page's tab closed with the form.
    expect(await page.locator('[data-testid="tab"][data-name="account/member/addMember"]').count()).toBe(0);
    // Never shown again: not on the list, not on the member's page.
    expect(await page.content()).not.toContain(oneTimePassword);
    await memberRow.getByTestId('action-view').click();
    await page.waitForURL('**/account/member/memberDetail/*');
    await page.getByTestId('detail-account/member').getByText(`${username}@example.com`).waitFor();
    expect(await page.content()).not.toContain(oneTimePassword);

    // The member signs in with it, is led to set a password of its own, then sees only the two pages.
    const member = await h.session('zh');
    await submitOneTimePassword(member.page, username, oneTimePassword);
    await member.page.getByText('您使用的是管理员提供的一次性密码', { exact: false }).waitFor();
    await screenshot(member.page, 'w1-member-change-password-zh');
    await setNewPassword(member.page, oneTimePassword, 'stay');
    await member.page.locator('.ant-message').getByText('新密码不能与一次性密码相同').waitFor();
    // One enterprise: straight into its console, no choice to make.
    await setNewPassword(member.page, 'Viewer@2031', 'console');
    const sidebar = member.page.getByTestId('sidebar');
    await sidebar.getByText('用户中心').waitFor();
    const sidebarText = (await sidebar.textContent()) ?? '';
    expect(sidebarText).toContain('工作台');
    for (const hidden of ['账号管理', '系统日志', '企业信息']) expect(sidebarText).not.toContain(hidden);
    await openFromSidebar(member.page, ['用户中心', '基本信息']);
    await member.page.getByTestId('perbasic-card').waitFor();
    // The role unticked the page's operations, but one's own account needs no role: all are there.
    for (const button of ['edit-username', 'edit-email', 'edit-password', 'edit-session', 'change-avatar']) {
      expect(await member.page.getByTestId(button).count()).toBe(1);
    }
    await screenshot(member.page, 'w1-member-limited-zh');
    // The workbench says which role decides this and whom to ask for more.
    await openFromSidebar(member.page, ['工作台']);
    const account = member.page.getByTestId('workbench-account');
    await account.waitFor();
    expect(await account.textContent()).toContain(roleName);
    expect(await account.textContent()).toContain('demo-auto@tracehub.local');
    // A page of the console its role lacks: 403 in place, with the role and the administrator, not 404.
    await member.page.goto('/account/member');
    const refused = member.page.getByTestId('error-403');
    await refused.waitFor();
    expect(new URL(member.page.url()).pathname).toBe('/account/member');
    const reason = (await refused.getByTestId('access-reason').textContent()) ?? '';
    expect(reason).toContain(`您的角色（${roleName}）不包含此页面`);
    expect(reason).toContain('demo-auto@tracehub.local');
    await screenshot(member.page, 'w1-member-forbidden-zh');
    expect(await member.page.getByTestId('toolbar-create').count()).toBe(0);
    // A path that is no page at all is still 404.
    await member.page.goto('/no/such/page');
    await member.page.waitForURL('**/404');
    expect(errors, errors.join('\n')).toEqual([]);
    // The browser logs the refused reuse of the one-time password (400) above; nothing else.
    const unexpected = member.errors.filter((e) => !e.includes('status of 400'));
    expect(unexpected, unexpected.join('\n')).toEqual([]);
  });

  it('audits link applications: one approved with a role, one rejected with a reason in a batch (en)', async () => {
    const base = h.server().baseUrl;
    const suffix = Date.now() % 100000;
    await applyToAutomaker(base, `joiner${suffix}`, 'Purchasing team');
    await applyToAutomaker(base, `visitor${suffix}`, 'Trial');
    const { page, errors } = await h.session('en');
    await signIn(page, 'demo-auto', AUTOMAKER.en);
    await openFromSidebar(page, ['Accounts', 'Member Audit']);
    await page.waitForURL('**/account/audit');
    const joiner = row(list(page, 'audit'), `joiner${suffix}`);
    await joiner.waitFor();
    expect(await joiner.getByTestId('examine-status').textContent()).toBe('Pending');
    await screenshot(page, 'w1-audit-list-en');

    // Reject needs a reason; approving gives a role.
    await joiner.getByTestId('action-audit').click();
    const audit = dialog(page, 'audit-dialog');
    await audit.getByText('Reject', { exact: true }).click();
    await audit.getByTestId('dialog-confirm').click();
    await audit.getByText('Please enter the reason for rejecting').waitFor();
    await audit.getByText('Approve', { exact: true }).click();
    await chooseOption(page, 'audit-dialog_roleIds', 'Business clerk');
    await screenshot(page, 'w1-audit-dialog-en');
    await audit.getByTestId('dialog-confirm').click();
    await message(page, 'The audit is recorded');
    await expect.poll(() => joiner.getByTestId('examine-status').textContent()).toBe('Approved');
    // Audited rows cannot be audited or selected again.
    expect(await joiner.getByTestId('action-audit').count()).toBe(0);
    expect(await joiner.locator('input[type="checkbox"]').isDisabled()).toBe(true);

    // Batch: select the other application, reject it with a reason.
    const visitor = row(list(page, 'audit'), `visitor${suffix}`);
    const batchButton = list(page, 'audit').getByTestId('toolbar-batchAudit');
    expect(await batchButton.isDisabled()).toBe(true);
    await visitor.locator('.ant-checkbox-input').check();
    await batchButton.click();
    const batch = dialog(page, 'audit-dialog');
    await batch.getByText('Bulk audit (1 selected)').waitFor();
    await batch.getByText('Reject', { exact: true }).click();
    await page.locator('#audit-dialog_remark').fill('Not a member of our staff');
    await batch.getByTestId('dialog-confirm').click();
    await expect.poll(() => visitor.getByTestId('examine-status').textContent()).toBe('Rejected');
    expect(await visitor.textContent()).toContain('Not a member of our staff');
    await screenshot(page, 'w1-audit-done-en');

    // The approved account is a member now, with the role given.
    await openFromSidebar(page, ['Accounts', 'Members']);
    await page.waitForURL('**/account/member');
    const member = row(list(page, 'member'), `joiner${suffix}`);
    await member.waitFor();
    expect(await member.textContent()).toContain('Business clerk');
    expect(errors, errors.join('\n')).toEqual([]);
  });

  it('keeps the search mode per route across a reload, searches, filters and pages (zh)', async () => {
    const { page, errors } = await h.session('zh');
    await signIn(page, 'demo-auto', AUTOMAKER.zh);
    await openFromSidebar(page, ['账号管理', '成员管理']);
    await page.waitForURL('**/account/member');
    const list = page.getByTestId('list-account/member');
    await list.getByTestId('search-basic').waitFor();

    // Basic mode: the field chooser, and Enter searches the chosen field.
    await list.getByTestId('search-combination-field').click();
    await page.locator('.ant-select-item-option', { hasText: '邮箱' }).click();
    await list.getByTestId('search-combination-input').fill('demo-multi@tracehub.local');
    await list.getByTestId('search-combination-input').press('Enter');
    await page.waitForURL(/email=demo-multi%40tracehub\.local/);
    await expect.poll(() => list.locator('tr.ant-table-row').count()).toBe(1);

    // Advanced mode is remembered for this route only, across a reload.
    await list.getByTestId('search-mode-toggle').click();
    await list.getByTestId('search-advanced').waitFor();
    await screenshot(page, 'w1-member-advanced-zh');
    await page.reload();
    await page.getByTestId('list-account/member').getByTestId('search-advanced').waitFor();
    await openFromSidebar(page, ['账号管理', '角色管理']);
    await page.getByTestId('list-account/role').getByTestId('search-basic').waitFor();

    // Reset clears every search value.
    await openFromSidebar(page, ['账号管理', '成员管理']);
    await page.waitForURL('**/account/member*');
    const members = page.getByTestId('list-account/member');
    await members.getByTestId('search-reset').click();
    await expect.poll(() => new URL(page.url()).search).toBe('');
    await row(members, 'demo-auto').waitFor();
    await row(members, 'demo-multi').waitFor();

    // The status column's filter popover: confirm only once the choice differs from the applied one.
    await members.getByTestId('filter-status').first().click();
    const popover = page.getByTestId('filter-popover');
    await popover.waitFor();
    expect(await popover.getByTestId('filter-confirm').isDisabled()).toBe(true);
    await popover.getByText('已停用').click();
    expect(await popover.getByTestId('filter-confirm').isDisabled()).toBe(false);
    await screenshot(page, 'w1-member-filter-zh');
    await popover.getByTestId('filter-confirm').click();
    await page.waitForURL(/status=disabled/);
    await members.locator('.ant-empty-description', { hasText: '暂无数据' }).waitFor();
    await screenshot(page, 'w1-member-empty-zh');

    // Page sizes up to 1000; large pages render virtual rows.
    await page.goto('/account/member?pageSize=1000');
    const big = page.getByTestId('list-account/member');
    await big.locator('.ant-table-tbody-virtual').waitFor();
    await big.locator('.ant-pagination-options .ant-select').click();
    const sizes = await page.locator('.ant-select-item-option').allTextContents();
    expect(sizes).toEqual(['10 条/页', '20 条/页', '50 条/页', '100 条/页', '500 条/页', '1000 条/页']);
    expect(errors, errors.join('\n')).toEqual([]);
  });

  it('disables and enables a member, resets a password and transfers the administrator (en)', async () => {
    const { page, context, errors } = await h.session('en');
    await signIn(page, 'demo-auto', AUTOMAKER.en);
    // A member whose account is only in this enterprise: its password may be reset here.
    const token = (await context.cookies()).find((c) => c.name === 'tracehub_token')?.value;
    const clerk = `clerk${Date.now() % 100000}`;
    const roles = await post<{ id: number; name: string }[]>(h.server().baseUrl, '/role/options', {}, token);
    const clerkRole = roles.find((r) => r.name === '业务专员');
    await post(
      h.server().baseUrl,
      '/member/add',
      { username: clerk, email: `${clerk}@example.com`, roleIds: [clerkRole?.id ?? 0] },
      token,
    );
    await openFromSidebar(page, ['Accounts', 'Members']);
    await page.waitForURL('**/account/member');
    const member = row(list(page, 'member'), clerk);
    await member.waitFor();

    await member.getByTestId('action-toggle').click();
    await page.getByText(`Disable the member "${clerk}"?`, { exact: false }).waitFor();
    await confirm(page);
    await expect.poll(() => member.getByTestId('status-badge').textContent()).toBe('Disabled');
    await member.getByTestId('action-toggle').click();
    await confirm(page);
    await expect.poll(() => member.getByTestId('status-badge').textContent()).toBe('Enabled');

    await moreAction(page, member, 'resetPassword');
    const resetDialog = dialog(page, 'reset-password-dialog');
    await resetDialog.getByText(`Reset the password of "${clerk}"?`, { exact: false }).waitFor();
    await resetDialog.getByTestId('dialog-confirm').click();
    await message(page, 'The password was reset');
    const shown = dialog(page, 'one-time-password-dialog');
    await shown.getByText('Password reset').waitFor();
    const resetPassword = (await shown.getByTestId('one-time-password').textContent()) ?? '';
    expect(resetPassword).toMatch(/^[A-Za-z0-9]{16}$/);
    await screenshot(page, 'w1-member-reset-en');
    await shown.getByTestId('one-time-password-done').click();
    await page.locator('.ant-modal').filter({ hasText: resetPassword }).waitFor({ state: 'detached' });

    // The clerk's next sign-in must set a new password, then reaches the console.
    const clerkSession = await h.session('en');
    await submitOneTimePassword(clerkSession.page, clerk, resetPassword);
    await clerkSession.page.getByText('Set a new password').first().waitFor();
    await setNewPassword(clerkSession.page, 'Clerk@2031', 'console');
    expect(clerkSession.errors, clerkSession.errors.join('\n')).toEqual([]);

    const multi = row(list(page, 'member'), 'demo-multi');
    // The detail page repeats the actions; transferring there makes demo-multi the administrator.
    await multi.getByTestId('action-view').click();
    await page.waitForURL('**/account/member/memberDetail/*');
    await page.getByTestId('detail-account/member').getByText('demo-multi@tracehub.local').waitFor();
    await screenshot(page, 'w1-member-detail-en');
    await page.getByTestId('action-transferAdmin').click();
    await page
      .getByText('Transfer the enterprise administrator role to "demo-multi"?', { exact: false })
      .waitFor();
    await screenshot(page, 'w1-member-transfer-en');
    await confirm(page);
    await message(page, 'The administrator role was transferred');
    // No longer the administrator: demo-auto's menu loses the account pages at once.
    await page.waitForURL((url) => !url.pathname.startsWith('/account'));
    await page.goto('/account/member');
    // A console page its roles lack: refused in place (403) and demo-multi named as whom to ask.
    await page.getByTestId('error-403').getByText('demo-multi@tracehub.local', { exact: false }).waitFor();

    // demo-multi is the administrator now.
    const admin = await h.session('en');
    await signIn(admin.page, 'demo-multi', AUTOMAKER.en);
    await openFromSidebar(admin.page, ['Accounts', 'Members']);
    await expect
      .poll(() => row(list(admin.page, 'member'), 'demo-multi').getByTestId('admin-badge').count())
      .toBe(1);
    expect(await row(list(admin.page, 'member'), 'demo-auto').getByTestId('admin-badge').count()).toBe(0);
    expect(errors, errors.join('\n')).toEqual([]);
    expect(admin.errors, admin.errors.join('\n')).toEqual([]);
  });
});
