import { describe, expect, it } from 'vitest';
import { screenshot } from './support/browser';
import { AUTOMAKER, signIn } from './support/flows';
import { downloaded } from './support/lists';
import { useHarness } from './support/harness';

const TEXTS = {
  zh: { hint: '可以从这里开始', noMatch: '没有符合搜索条件的数据', create: '新增' },
  en: { hint: 'Start here', noMatch: 'Nothing matches the search', create: 'Add' },
} as const;

/**
 * Issue 15, item 4: a list with nothing in it offers its first steps (create, import, the template) among
 * what the member may do; a search that finds nothing says so instead.
 */
describe('empty lists', () => {
  const h = useHarness();

  for (const lang of ['zh', 'en'] as const) {
    it(`offers create, import and the template on an empty list, and says when a search finds nothing (${lang})`, async () => {
      const { page, errors } = await h.session(lang);
      await signIn(page, 'demo-auto', AUTOMAKER[lang]);
      // The demo automaker has no statements yet.
      await page.goto('/stagePurchase/statement');
      const list = page.getByTestId('list-stagePurchase/statement');
      const empty = list.getByTestId('list-empty');
      await empty.waitFor();
      expect(await empty.textContent()).toContain(TEXTS[lang].hint);
      for (const key of ['create', 'import', 'template']) {
        expect(await empty.getByTestId(`empty-${key}`).count(), key).toBe(1);
      }
      await screenshot(page, `empty-list-${lang}`);

      // The template button downloads the template, as the toolbar's does.
      const file = await downloaded(page, () => empty.getByTestId('empty-template').click());
      expect(file.name).toMatch(/\.xlsx$/);
      expect(file.body.subarray(0, 2).toString()).toBe('PK');

      // A search without matches: no first steps, just that nothing matched.
      await page.goto('/stagePurchase/statement?billNo=NO-SUCH-STATEMENT');
      const filtered = list.getByTestId('list-empty-filtered');
      await filtered.waitFor();
      expect(await filtered.textContent()).toContain(TEXTS[lang].noMatch);
      expect(await list.getByTestId('empty-create').count()).toBe(0);

      // Create from the empty list opens the same form as the toolbar.
      await page.goto('/stagePurchase/statement');
      await empty.getByTestId('empty-create').click();
      await page.locator('.ant-modal, .record-form, form').first().waitFor();
      expect(errors, errors.join('\n')).toEqual([]);
    });
  }
});
