import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot } from './support/browser';
import { apiToken, post } from './support/api';
import { AUTOMAKER, openFromSidebar, signIn } from './support/flows';
import { useHarness } from './support/harness';

const AUTO_UUID = 'e0a1c2d3-0001-4000-8000-000000000001';

/** The text the bell's badge shows (empty when antd hides it at zero), once it stopped animating. */
async function badgeReads(page: Page, expected: string): Promise<void> {
  await page.waitForFunction(
    (want) => {
      const badge = document.querySelector('[data-testid="message-bell"] .ant-badge');
      const sup = badge?.querySelector('sup.ant-scroll-number');
      const shown =
        sup && !sup.classList.contains('ant-zoom-leave')
          ? sup.getAttribute('data-show') === 'false'
            ? ''
            : (sup.textContent ?? '')
          : '';
      return shown === want;
    },
    expected,
    { timeout: 15_000 },
  );
}

async function unreadCount(baseUrl: string, token: string): Promise<number> {
  return (await post<{ count: number }>(baseUrl, '/messageInfo/unreadCount', {}, token)).count;
}

describe('message centre', () => {
  const h = useHarness();
  let admin = '';
  let memberId = 0;
  let memberName = '';

  /**
   * Real events through the API: each disabling of the member tells the administrators (the notify path
   * of modules/member); enabling it again tells no one.
   */
  async function disableTimes(times: number): Promise<void> {
    const baseUrl = h.server().baseUrl;
    for (let i = 0; i < times; i += 1) {
      await post(baseUrl, '/member/updateStatus', { id: memberId, status: 'disabled' }, admin);
      await post(baseUrl, '/member/updateStatus', { id: memberId, status: 'enabled' }, admin);
    }
  }

  it('shows the unread count, 99+ above 99, and follows a read message without a reload (zh)', async () => {
    const baseUrl = h.server().baseUrl;
    admin = await apiToken(baseUrl, 'demo-auto', AUTO_UUID);
    const roles = await post<{ list: { id: number; isAdminRole?: boolean; status: string }[] }>(
      baseUrl,
      '/role/page',
      { pageSize: 50 },
      admin,
    );
    const role = roles.list.find((r) => r.status === 'enabled' && !r.isAdminRole) ?? roles.list[0]!;
    memberName = `msg-e2e-${Date.now()}`;
    const created = await post<{ id: number }>(
      baseUrl,
      '/member/add',
      { username: memberName, email: `${memberName}@example.com`, roleIds: [role.id] },
      admin,
    );
    memberId = created.id;

    await disableTimes(3);
    expect(await unreadCount(baseUrl, admin)).toBe(3);
    const { page, errors } = await h.session('zh');
    await signIn(page, 'demo-auto', AUTOMAKER.zh);
    await badgeReads(page, '3');

    // 100 unread: the badge is capped.
    await disableTimes(97);
    expect(await unreadCount(baseUrl, admin)).toBe(100);
    await page.reload();
    await badgeReads(page, '99+');
    await screenshot(page, 'message-bell-99-zh');

    // The popover lists the latest unread; opening one marks it read and the badge follows at once.
    await page.getByTestId('message-bell').click();
    const popover = page.getByTestId('message-bell-popover');
    await popover.getByTestId('message-bell-item').first().waitFor();
    expect(await popover.getByTestId('message-bell-item').count()).toBe(5);
    await expect(popover.getByTestId('message-bell-item').first().textContent()).resolves.toContain(
      `成员 ${memberName} 已被停用`,
    );
    await popover.getByTestId('message-bell-item').first().click();
    await page.waitForURL('**/message/detail/*');
    await page.getByTestId('message-title').getByText(`成员 ${memberName} 已被停用`).waitFor();
    await page.getByTestId('message-body').getByText('无法再登录本企业').waitFor();
    await badgeReads(page, '99');
    expect(await unreadCount(baseUrl, admin)).toBe(99);
    await screenshot(page, 'message-detail-zh');
    expect(errors).toEqual([]);
  });

  it('lists messages in English, marks all read and the bell empties without a reload (en)', async () => {
    const baseUrl = h.server().baseUrl;
    const { page, errors } = await h.session('en');
    await signIn(page, 'demo-auto', AUTOMAKER.en);
    await badgeReads(page, '99');
    await page.getByTestId('message-bell').click();
    await page.getByTestId('message-bell-all').click();
    await page.waitForURL('**/message/list');
    const list = page.getByTestId('list-message/list');
    await list.getByText(`Member ${memberName} was disabled`).first().waitFor();
    await list.getByText('Unread').first().waitFor();
    await screenshot(page, 'message-list-en');

    await list.getByTestId('toolbar-markAllRead').click();
    await page.getByText('Mark every message as read?').waitFor();
    await page.getByTestId('confirm-ok').click();
    await badgeReads(page, '');
    expect(await unreadCount(baseUrl, admin)).toBe(0);
    await list.getByText('Read', { exact: true }).first().waitFor();
    expect(errors).toEqual([]);
  });

  it('toggles the settings: console off means no new message (zh)', async () => {
    const baseUrl = h.server().baseUrl;
    const { page, errors } = await h.session('zh');
    await signIn(page, 'demo-auto', AUTOMAKER.zh);
    await openFromSidebar(page, ['消息中心', '消息设置']);
    const receive = page.getByTestId('message-config-receive-memberDisabled');
    await receive.waitFor();
    expect(await receive.getAttribute('aria-checked')).toBe('true');
    await receive.click();
    await page.locator('.ant-message').getByText('设置已保存').waitFor();
    expect(await receive.getAttribute('aria-checked')).toBe('false');
    const email = page.getByTestId('message-config-email-memberDisabled');
    await email.click();
    await page.waitForFunction(
      () =>
        document
          .querySelector('[data-testid="message-config-email-memberDisabled"]')
          ?.getAttribute('aria-checked') === 'true',
    );
    await screenshot(page, 'message-config-zh');

    const configs = await post<{ type: string; receive: boolean; email: boolean }[]>(
      baseUrl,
      '/messageInfo/selectMessageConfigList',
      {},
      admin,
    );
    expect(configs.find((c) => c.type === 'memberDisabled')).toEqual({
      type: 'memberDisabled',
      receive: false,
      email: true,
    });
    const before = await unreadCount(baseUrl, admin);
    await disableTimes(1);
    expect(await unreadCount(baseUrl, admin)).toBe(before);
    // Still off after a reload: the page shows what the server keeps.
    await page.reload();
    await page.getByTestId('message-config-receive-memberDisabled').waitFor();
    expect(await page.getByTestId('message-config-receive-memberDisabled').getAttribute('aria-checked')).toBe(
      'false',
    );
    expect(errors).toEqual([]);
  });
});
