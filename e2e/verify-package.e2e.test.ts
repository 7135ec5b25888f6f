import { strFromU8, strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { goodPackage } from '../apps/verify/test/fixture';
import { screenshot, type TLang } from './support/browser';
import { useHarness } from './support/harness';

// The public /verify page verifies a dropped evidence package in the browser, offline (the apps/verify
// core, lazy-loaded): a good package passes overall and per tier; one with a changed record is refused
// with the record and the reason named. The package is built from the ledger primitives (apps/verify's
// fixture): a package is verified by its own content, whoever wrote it.

const TEXT = {
  zh: {
    tab: '验证证据包',
    ok: '证据包校验通过',
    fail: '证据包校验未通过',
    changed: '文件的 SHA-256 与清单不符',
  },
  en: {
    tab: 'Verify a package',
    ok: 'The evidence package verifies',
    fail: 'The evidence package does not verify',
    changed: "The file's SHA-256 differs from the manifest",
  },
} as const;

describe('/verify: evidence packages', () => {
  const h = useHarness();

  for (const lang of ['zh', 'en'] as const satisfies readonly TLang[]) {
    it(`verifies a dropped package and refuses a tampered one (${lang})`, async () => {
      const { page, errors } = await h.session(lang);
      const files = goodPackage();
      const good = Buffer.from(zipSync(files));
      const tampered = Buffer.from(
        zipSync({
          ...files,
          'records/000001.json': strToU8(strFromU8(files['records/000001.json']!).replace('EV7', 'EV8')),
        }),
      );
      await page.goto('/verify');
      await page.getByTestId('verify-tab-package').click();
      await expect.poll(() => page.getByText(TEXT[lang].tab).count()).toBeGreaterThan(0);
      const input = page.getByTestId('verify-package-drop').locator('input[type=file]');

      await input.setInputFiles({ name: 'package.zip', mimeType: 'application/zip', buffer: good });
      const result = page.getByTestId('verify-package-result');
      await expect.poll(() => result.getAttribute('data-ok')).toBe('true');
      await expect.poll(() => page.getByTestId('verify-package-verdict').textContent()).toBe(TEXT[lang].ok);
      expect(await page.getByTestId('verify-package-tier').count()).toBe(2);
      await screenshot(page, `verify-package-ok-${lang}`);

      await input.setInputFiles({ name: 'tampered.zip', mimeType: 'application/zip', buffer: tampered });
      await expect.poll(() => result.getAttribute('data-ok')).toBe('false');
      await expect.poll(() => page.getByTestId('verify-package-verdict').textContent()).toBe(TEXT[lang].fail);
      await expect
        .poll(() => page.getByTestId('verify-package-record').filter({ hasText: TEXT[lang].changed }).count())
        .toBe(1);
      await screenshot(page, `verify-package-tampered-${lang}`);
      expect(errors).toEqual([]);
    });
  }
});
