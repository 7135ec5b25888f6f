import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot } from './support/browser';
import { operatorSignIn } from './support/certify';
import {
  AUTOMAKER,
  chooseOption,
  openFromSidebar,
  registerAndSignIn,
  setNewPassword,
  signIn,
  submitOneTimePassword,
} from './support/flows';
import { useHarness } from './support/harness';

/**
 * The README's demo flows on a server as `npm start` runs it: without the demo helpers (security review,
 * finding 1), codes are read in the operator end's outbox; members get one-time passwords (finding 2).
 */

/** The 6-digit code of the newest outbox mail to an address, read as a demo user would. */
async function codeFromOutbox(page: Page, email: string): Promise<string> {
  await page.getByTestId('operator-menu-outbox').click();
  const outbox = page.getByTestId('list-operator/outbox');
  await outbox.locator('tbody tr.ant-table-row').first().waitFor();
  const mail = outbox.locator('tbody tr.ant-table-row', { hasText: email }).first();
  // Searched as a user would, again until the mail is listed: a slow first render may reset the box.
  await expect
    .poll(
      async () => {
        await page.getByTestId('search-combination-input').fill(email);
        await page.getByTestId('search-basic-submit').click();
        return mail.waitFor({ timeout: 5_000 }).then(
          () => true,
          () => false,
        );
      },
      { timeout: 60_000, interval: 500 },
    )
    .toBe(true);
  await mail.getByTestId('action-view').click();
  const body = (await page.getByTestId('outbox-body').textContent()) ?? '';
  const code = /\b(\d{6})\b/.exec(body)?.[1];
  if (!code) throw new Error(`No code in the outbox mail to ${email}: ${body}`);
  return code;
}

describe('the demo without demo helpers', () => {
  const h = useHarness({ env: async () => ({ DEMO_HELPERS: 'false' }) });

  it('has no /api/dev helper: the unknown-route envelope', async () => {
    const response = await fetch(
      `${h.server().baseUrl}/api/dev/outbox/latest?email=demo-auto%40tracehub.local`,
    );
    expect(response.status).toBe(404);
    expect(((await response.json()) as { code: string }).code).toBe('E1004');
  });

  it("registers with the code read in the operator end's outbox (zh)", async () => {
    const { page, errors } = await h.session('zh');
    const operator = await h.session('zh');
    await operatorSignIn(operator.page);
    const username = `demo${Date.now() % 100000}`;
    const email = `${username}@example.com`;
    const password = 'Newcomer@2024';

    await registerAndSignIn(page, { username, email, password }, async () => {
      await page.getByText('验证码已发送，请查收邮件').waitFor();
      const code = await codeFromOutbox(operator.page, email);
      await screenshot(operator.page, 'demo-outbox-code-zh');
      return code;
    });
    expect(await page.getByTestId('enterprise-add-row').count()).toBe(1);
    expect(errors, errors.join('\n')).toEqual([]);
    expect(operator.errors, operator.errors.join('\n')).toEqual([]);
  });

  it('adds a member whose one-time password is shown once; the member sets its own, then works (en)', async () => {
    const { page, context, errors } = await h.session('en');
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signIn(page, 'demo-auto', AUTOMAKER.en);
    const username = `newhire${Date.now() % 100000}`;

    await openFromSidebar(page, ['Accounts', 'Members']);
    await page.waitForURL('**/account/member');
    await page.getByTestId('list-account/member').getByTestId('toolbar-create').click();
    await page.waitForURL('**/account/member/addMember');
    await page.getByText('shown only this once', { exact: false }).waitFor();
    await page.locator('#add-member-form_username').fill(username);
    await page.locator('#add-member-form_email').fill(`${username}@example.com`);
    await chooseOption(page, 'add-member-form_roleIds', 'Business clerk');
    await screenshot(page, 'demo-member-add-en');
    await page.getByTestId('add-member-form').getByTestId('form-submit').click();

    const shown = page.locator('.ant-modal').filter({ has: page.getByTestId('one-time-password-dialog') });
    await shown.getByText('Member created').waitFor();
    const oneTimePassword = (await shown.getByTestId('one-time-password').textContent()) ?? '';
    expect(oneTimePassword).toMatch(/^[A-Za-z0-9]{16}$/);
    await shown.getByTestId('copy-one-time-password').click();
    await page
      .locator('.ant-message')
      .getByText('The one-time password was copied to the clipboard')
      .waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(oneTimePassword);
    await screenshot(page, 'demo-member-otp-en');
    await shown.getByTestId('one-time-password-done').click();
    await page.waitForURL(/\/account\/member(\?|$)/);
    await page.getByTestId('list-account/member').getByText(username, { exact: true }).waitFor();
    expect(await page.content()).not.toContain(oneTimePassword);

    // The member: the one-time password leads only to the change-password step, then to the console.
    const member = await h.session('en');
    await submitOneTimePassword(member.page, username, oneTimePassword);
    await member.page.getByText('You signed in with a one-time password', { exact: false }).waitFor();
    await screenshot(member.page, 'demo-change-password-en');
    await setNewPassword(member.page, 'Newhire@2031', 'console');
    await screenshot(member.page, 'demo-after-change-en');

    // And the user centre lets it change its password, whatever its role.
    await openFromSidebar(member.page, ['User Centre', 'Basic Information']);
    await member.page.getByTestId('perbasic-card').waitFor();
    expect(await member.page.getByTestId('edit-password').count()).toBe(1);
    expect(errors, errors.join('\n')).toEqual([]);
    expect(member.errors, member.errors.join('\n')).toEqual([]);
  });
});
