import { describe, expect, it } from 'vitest';
import { screenshot } from './support/browser';
import { AUTOMAKER, signIn } from './support/flows';
import { useHarness } from './support/harness';
import { dialog, message, row, rowAction } from './support/lists';

const TEXT = {
  zh: {
    created: '网关密钥已创建',
    createdTitle: '网关密钥已创建',
    tip: 'APPSecret 仅显示这一次',
    confirmReset: (name: string) => `确定重置网关密钥“${name}”的 APPSecret 吗？`,
    resetDone: 'APPSecret 已重置',
    confirmDisable: (name: string) => `确定停用网关密钥“${name}”吗？`,
    disabled: '已停用',
  },
  en: {
    created: 'Gateway key created',
    createdTitle: 'Gateway key created',
    tip: 'The APPSecret is shown only this once',
    confirmReset: (name: string) => `Reset the APPSecret of gateway key "${name}"?`,
    resetDone: 'APPSecret reset',
    confirmDisable: (name: string) => `Disable gateway key "${name}"?`,
    disabled: 'Disabled',
  },
} as const;

describe('gateway keys (/secretkey/perkey)', () => {
  const h = useHarness();

  it.each(['zh', 'en'] as const)(
    'creates a key and shows its secret once, resets it and disables the key (%s)',
    async (lang) => {
      const text = TEXT[lang];
      const { page, errors } = await h.session(lang);
      await signIn(page, 'demo-auto', AUTOMAKER[lang]);
      await page.goto('/secretkey/perkey');
      const list = page.getByTestId('list-secretkey/perkey');
      await list.waitFor();

      const name = `ERP ${lang} ${Date.now() % 100000}`;
      await page.getByTestId('toolbar-create').click();
      const form = dialog(page, 'gateway-key-form-dialog');
      await page.locator('#gateway-key-form-dialog_name').fill(name);
      await page.locator('#gateway-key-form-dialog_remark').fill('ERP');
      await form.getByTestId('dialog-confirm').click();
      await message(page, text.created);

      const secretDialog = dialog(page, 'gateway-secret-dialog');
      await secretDialog.getByText(text.createdTitle).first().waitFor();
      await secretDialog.getByText(text.tip, { exact: false }).waitFor();
      const secret = (await secretDialog.getByTestId('gateway-app-secret').textContent()) ?? '';
      const appKey = (await secretDialog.getByTestId('gateway-app-key').textContent()) ?? '';
      expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(appKey).toMatch(/^[0-9a-f]{32}$/);
      await screenshot(page, `gateway-key-secret-${lang}`);
      await secretDialog.getByTestId('gateway-secret-done').click();
      await page.locator('.ant-modal').filter({ hasText: secret }).waitFor({ state: 'detached' });

      // Listed with its APPKey, never with its secret, also after a reload.
      const key = row(list, appKey);
      await key.waitFor();
      expect(await key.textContent()).toContain(name);
      await page.reload();
      await key.waitFor();
      expect(await page.content()).not.toContain(secret);

      await rowAction(page, key, 'reset');
      const reset = dialog(page, 'gateway-key-reset-dialog');
      await reset.getByText(text.confirmReset(name), { exact: false }).waitFor();
      await reset.getByTestId('dialog-confirm').click();
      await message(page, text.resetDone);
      const shown = dialog(page, 'gateway-secret-dialog');
      const newSecret = (await shown.getByTestId('gateway-app-secret').textContent()) ?? '';
      expect(newSecret).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(newSecret).not.toBe(secret);
      expect(await shown.getByTestId('gateway-app-key').textContent()).toBe(appKey);
      await shown.getByTestId('gateway-secret-done').click();
      await page.locator('.ant-modal').filter({ hasText: newSecret }).waitFor({ state: 'detached' });

      await rowAction(page, key, 'toggle');
      await page.getByText(text.confirmDisable(name), { exact: false }).waitFor();
      await page.getByTestId('confirm-ok').click();
      await expect.poll(() => key.getByTestId('status-badge').textContent()).toBe(text.disabled);
      await screenshot(page, `gateway-key-list-${lang}`);
      expect(await page.content()).not.toContain(newSecret);
      expect(errors, errors.join('\n')).toEqual([]);
    },
  );
});
