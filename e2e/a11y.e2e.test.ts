import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { describeFindings, seriousFindings, type TAxeFinding } from './support/axe';
import type { TLang } from './support/browser';
import { operatorSignIn } from './support/certify';
import { AUTOMAKER, openFromSidebar, signIn } from './support/flows';
import { useHarness } from './support/harness';

/*
 * Issue 15, item 11: the main screens have no serious or critical WCAG 2.1 A/AA finding (contrast of the
 * theme's colours, a name for every control), in both languages, on the public pages, the enterprise end
 * (lists, a form dialog, a detail page) and the operator end.
 */

const MENUS = {
  zh: {
    partners: ['基础数据', '合作企业'],
    receipts: ['采购', '采购入库'],
    members: ['账号管理', '成员管理'],
    evidence: ['区块链存证', '存证记录'],
    roles: ['账号管理', '角色管理'],
  },
  en: {
    partners: ['Master Data', 'Partner Enterprises'],
    receipts: ['Purchase', 'Receipts'],
    members: ['Accounts', 'Members'],
    evidence: ['On-chain Evidence', 'Evidence Records'],
    roles: ['Accounts', 'Roles'],
  },
} as const;

describe('accessibility of the main screens', () => {
  const h = useHarness();

  /** Checks the page as it is now and records what axe finds, under a name. */
  async function check(page: Page, where: string, found: Map<string, TAxeFinding[]>) {
    // Let entry animations and transitions finish: axe measures the colours as they are shown.
    await page.evaluate(() =>
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
          .map((a) => a.finished.catch(() => undefined)),
      ),
    );
    await page.waitForTimeout(300);
    const findings = await seriousFindings(page);
    if (findings.length > 0) found.set(where, findings);
  }

  const expectNone = (found: Map<string, TAxeFinding[]>) => {
    const report = [...found].map(([where, f]) => describeFindings(where, f)).join('\n');
    expect(found.size, report).toBe(0);
  };

  for (const lang of ['zh', 'en'] as const satisfies readonly TLang[]) {
    it(`has no serious finding on the public pages and the enterprise end (${lang})`, async () => {
      const found = new Map<string, TAxeFinding[]>();
      const visitor = await h.session(lang);
      for (const path of ['/homePage', '/login', '/register', '/verify']) {
        await visitor.page.goto(path);
        await visitor.page.locator('#root *').first().waitFor();
        await check(visitor.page, path, found);
      }

      const { page } = await h.session(lang);
      await signIn(page, 'demo-auto', AUTOMAKER[lang]);
      await check(page, 'workbench', found);
      await openFromSidebar(page, MENUS[lang].partners);
      await page.getByTestId('list-basicData/partner').locator('.ant-table').waitFor();
      await check(page, 'partner list', found);
      await page.getByTestId('list-basicData/partner').getByTestId('toolbar-create').click();
      await page.getByTestId('partner-form-dialog').waitFor();
      await check(page, 'partner form', found);
      await page.keyboard.press('Escape');
      await openFromSidebar(page, MENUS[lang].receipts);
      await page.getByTestId('list-stagePurchase/receipt').locator('.ant-table').waitFor();
      await check(page, 'receipt list', found);
      await openFromSidebar(page, MENUS[lang].members);
      await page.getByTestId('list-account/member').locator('.ant-table').waitFor();
      await check(page, 'member list', found);
      await openFromSidebar(page, MENUS[lang].evidence);
      await page.getByTestId('list-ledger/chainRecords').locator('.ant-table').waitFor();
      await check(page, 'evidence records', found);
      await openFromSidebar(page, MENUS[lang].roles);
      await page
        .getByTestId('list-account/role')
        .locator('[data-testid="action-configAuth"]:visible')
        .first()
        .click();
      await page.getByTestId('permission-tree').waitFor();
      await check(page, 'role permissions', found);
      expectNone(found);
    });
  }

  it('has no serious finding on the operator end (en)', async () => {
    const found = new Map<string, TAxeFinding[]>();
    const { page } = await h.session('en');
    await operatorSignIn(page);
    await check(page, 'operator home', found);
    expectNone(found);
  });

  /**
   * The classes of antd's running zoom motion (start, active) that the partner form passed through while it
   * opened. Its one-frame "prepare" step stays without motion too: it places the dialog, it does not move it.
   */
  async function dialogMotion(reducedMotion: 'reduce' | 'no-preference'): Promise<string[]> {
    const { page } = await h.session('zh', { reducedMotion });
    await signIn(page, 'demo-auto', AUTOMAKER.zh);
    await openFromSidebar(page, MENUS.zh.partners);
    const list = page.getByTestId('list-basicData/partner');
    await list.locator('.ant-table').waitFor();
    await page.evaluate(() => {
      const seen: string[] = [];
      const note = (el: Element) => {
        if (/\bant-zoom-(appear|enter)-(start|active)\b/.test(el.className)) seen.push(el.className);
      };
      new MutationObserver((records) => {
        for (const r of records) {
          if (r.target instanceof Element) note(r.target);
          for (const added of r.addedNodes) {
            if (!(added instanceof Element)) continue;
            note(added);
            added.querySelectorAll('[class*="ant-zoom-"]').forEach(note);
          }
        }
      }).observe(document.body, {
        subtree: true,
        childList: true,
        attributes: true,
        attributeFilter: ['class'],
      });
      Object.assign(window, { motionSeen: seen });
    });
    await list.getByTestId('toolbar-create').click();
    await page.getByTestId('partner-form-dialog').waitFor();
    // Past the end of antd's zoom (0.3 s), so that a motion would have shown its classes.
    await page.waitForTimeout(500);
    return page.evaluate(() => (window as unknown as { motionSeen: string[] }).motionSeen);
  }

  it('opens dialogs without animating when the system asks for reduced motion (WCAG 2.3.3)', async () => {
    expect(await dialogMotion('reduce')).toEqual([]);
    expect((await dialogMotion('no-preference')).length).toBeGreaterThan(0);
  });
});
