import { describe, expect, it } from 'vitest';
import { screenshot, type TLang } from './support/browser';
import { useHarness } from './support/harness';

const TITLES = {
  zh: { home: '首页 - 溯源平台', login: '登录 - 溯源平台', notFound: '页面不存在 - 溯源平台' },
  en: { home: 'Home - Tracehub', login: 'Sign in - Tracehub', notFound: 'Page not found - Tracehub' },
} as const;

describe('public pages', () => {
  const h = useHarness();

  for (const lang of ['zh', 'en'] as const satisfies readonly TLang[]) {
    it(`sends the root to the landing page, and unknown paths to 404 (${lang})`, async () => {
      const { page, errors } = await h.session(lang);
      await page.goto('/');
      await page.waitForURL('**/homePage');
      await expect.poll(() => page.title()).toBe(TITLES[lang].home);
      await screenshot(page, `home-${lang}`);

      await page.getByTestId('home-sign-in').click();
      await page.waitForURL('**/login');
      await expect.poll(() => page.title()).toBe(TITLES[lang].login);
      await screenshot(page, `login-${lang}`);

      await page.goto('/404');
      await page.getByTestId('error-404').waitFor();
      await expect.poll(() => page.title()).toBe(TITLES[lang].notFound);

      // Without a session a console page asks for sign-in first and remembers where it was going.
      await page.goto('/log/list?pageNo=2');
      await page.waitForURL('**/login?redirect=%2Flog%2Flist%3FpageNo%3D2');
      expect(errors).toEqual([]);
    });
  }
});
