import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot, type TLang } from './support/browser';
import { makePng } from './support/certify';
import { AUTOMAKER, openFromSidebar, signIn } from './support/flows';
import { useHarness } from './support/harness';

const TEXT = {
  zh: {
    menu: ['区块链存证', '存证记录'],
    company: ['用户中心', '企业信息'],
    basic: ['用户中心', '基本信息'],
    verified: '已验证',
    recordedIn: /^已存证 · 区块 \d+$/,
    failed: '验证失败',
    notFound: '没有找到这条记录',
    verifyTitle: '验证一条数据是否真实记录在区块链上',
  },
  en: {
    menu: ['On-chain Evidence', 'Evidence Records'],
    company: ['User Centre', 'Company Information'],
    basic: ['User Centre', 'Basic Information'],
    verified: 'Verified',
    recordedIn: /^Recorded · block \d+$/,
    failed: 'Verification failed',
    notFound: 'No such record',
    verifyTitle: 'Check that a piece of data really is on the blockchain',
  },
} as const;

const PROOF_PATH = '**/api/public/ledger/proof?*';
const NOT_FOUND_LOG = /Failed to load resource: the server responded with a status of 404/;

/** The verdict badge of the open dialog or page, once it shows `text`. */
async function verdict(page: Page, text: string): Promise<void> {
  await page.getByTestId('proof-verdict').filter({ hasText: text }).first().waitFor();
}

/**
 * Waits for the public page's verdict (for the record of `dataHash` when given), refreshing while the record
 * waits to be sealed into a block.
 */
async function verifiedOnPublicPage(page: Page, text: string, dataHash?: string): Promise<void> {
  const verdictBadge = page.getByTestId('proof-verdict').filter({ hasText: text });
  const record = dataHash ? page.locator(`[data-testid="verify-data-hash"][data-hash="${dataHash}"]`) : null;
  await expect
    .poll(
      async () => {
        if ((await verdictBadge.count()) > 0 && (!record || (await record.count()) > 0)) return true;
        const refresh = page.getByTestId('verify-refresh');
        if (await page.getByTestId('verify-not-sealed').isVisible()) await refresh.click();
        return false;
      },
      { timeout: 20_000, interval: 500 },
    )
    .toBe(true);
}

/** Flips one hex character of the first audit-path element of every proof the page receives. */
async function tamperProofs(page: Page): Promise<void> {
  await page.route(PROOF_PATH, async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { code: string; data: { auditPath: string[] } | null };
    const path = body.data?.auditPath;
    if (!path?.[0]) throw new Error('The proof has no audit path to tamper with');
    const first = path[0];
    path[0] = (first[0] === '0' ? '1' : '0') + first.slice(1);
    await route.fulfill({ response, json: body });
  });
}

describe('blockchain evidence', () => {
  const h = useHarness();

  for (const lang of ['zh', 'en'] as const satisfies readonly TLang[]) {
    const text = TEXT[lang];

    it(`lists the records, verifies one in the browser and on the public page, and catches tampering (${lang})`, async () => {
      const { page, errors } = await h.session(lang);
      await signIn(page, 'demo-auto', AUTOMAKER[lang]);
      await openFromSidebar(page, text.menu);
      const list = page.getByTestId('list-ledger/chainRecords');
      await list.locator('.ant-table-row').first().waitFor();
      // The demo data gets its evidence at start; the sealer closes a block within about a second.
      const sealedRow = list
        .locator('.ant-table-row')
        .filter({ has: page.getByTestId('chain-status-sealed') })
        .first();
      await expect
        .poll(
          async () => {
            if ((await sealedRow.count()) > 0) return true;
            await page.reload();
            await list.locator('.ant-table-row').first().waitFor();
            return false;
          },
          { timeout: 20_000, interval: 1_000 },
        )
        .toBe(true);
      await screenshot(page, `l2-records-${lang}`);

      // Each record is named in words (its kind and business key), not by a database id; the status says
      // in which block it is recorded.
      const subject = ((await sealedRow.getByTestId('record-subject').textContent()) ?? '').trim();
      expect(subject).toMatch(/\S+ \S+/);
      expect(subject).not.toMatch(/^(document|partner|material|product|project|file) \d+$/);
      expect(await sealedRow.getByTestId('chain-status-sealed').textContent()).toMatch(text.recordedIn);

      // The dialog verifies the proof itself: leaf, inclusion, block hash and signature; it names the record.
      await sealedRow.getByTestId('action-viewChain').click();
      const dialog = page.getByTestId('chain-record-dialog');
      await verdict(page, text.verified);
      expect(((await dialog.getByTestId('chain-subject').textContent()) ?? '').trim()).toBe(subject);
      const txHash = (await dialog.getByTestId('chain-tx-hash').getAttribute('data-hash')) ?? '';
      expect(txHash).toMatch(/^[0-9a-f]{64}$/);
      for (const check of ['record', 'query', 'inclusion', 'blockHash', 'signature']) {
        expect(await dialog.getByTestId(`proof-check-${check}`).getAttribute('data-ok')).toBe('true');
      }
      expect(await dialog.getByTestId('chain-height').textContent()).toMatch(/^\d+$/);
      expect(await dialog.getByTestId('chain-date').textContent()).toMatch(
        /^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}:\d{2}$/,
      );
      await screenshot(page, `l2-dialog-${lang}`);
      await page.getByTestId('dialog-confirm').click();
      await dialog.waitFor({ state: 'detached' });

      // The hash box of the page finds the same record (/graph/getHash).
      const lookup = page.getByTestId('hash-lookup-input').locator('input');
      await lookup.fill(txHash);
      await lookup.press('Enter');
      await page.getByTestId('hash-lookup-result').waitFor();
      await page.getByTestId('hash-lookup-result').getByTestId('chain-status-sealed').waitFor();

      // A proof altered in flight (one hex character of the audit path) fails in the browser.
      await tamperProofs(page);
      await sealedRow.getByTestId('action-viewChain').click();
      await verdict(page, text.failed);
      expect(await dialog.getByTestId('proof-check-inclusion').getAttribute('data-ok')).toBe('false');
      await screenshot(page, `l2-dialog-tampered-${lang}`);
      await page.getByTestId('dialog-confirm').click();
      await page.unroute(PROOF_PATH);

      // The company page shows the certification's evidence, verified the same way.
      await openFromSidebar(page, text.company);
      await page.getByTestId('certificate-evidence').getByTestId('chain-status-sealed').waitFor();
      await page.getByTestId('certificate-evidence-view').click();
      await verdict(page, text.verified);
      await screenshot(page, `l2-perfrom-certificate-${lang}`);
      await page.getByTestId('dialog-confirm').click();

      // A profile photo upload is evidence too: its content (a PNG unique to this test) is recorded by hash.
      const photo = makePng(48, 48, lang === 'zh' ? [201, 87, 33] : [33, 87, 201]);
      await openFromSidebar(page, text.basic);
      await page.getByTestId('perbasic-card').locator('input[type="file"]').setInputFiles({
        name: 'photo.png',
        mimeType: 'image/png',
        buffer: photo,
      });
      await expect
        .poll(() =>
          page.getByTestId('perbasic-card').getByTestId('avatar').locator('img').getAttribute('src'),
        )
        .toMatch(/^blob:/);

      // The public page, without a session: the pasted hash verifies, showing the block and the anchor.
      const visitor = await h.session(lang);
      await visitor.page.goto('/homePage');
      await visitor.page.getByTestId('home-verify').click();
      await visitor.page.waitForURL('**/verify');
      await visitor.page.getByText(text.verifyTitle).waitFor();
      await visitor.page.getByTestId('verify-hash-input').locator('input').fill(txHash);
      await visitor.page.getByTestId('verify-hash-input').locator('input').press('Enter');
      await verdict(visitor.page, text.verified);
      expect(await visitor.page.getByTestId('verify-tx-hash').getAttribute('data-hash')).toBe(txHash);
      expect(await visitor.page.getByTestId('verify-block-height').textContent()).toMatch(/^\d+$/);
      await visitor.page.getByTestId('verify-anchor').waitFor();
      await screenshot(visitor.page, `l2-verify-${lang}`);

      // The uploaded photo, dropped on the page, is hashed in the browser and found by its data hash.
      await visitor.page.getByTestId('verify-tab-file').click();
      const fileInput = visitor.page.getByTestId('verify-file-drop').locator('input[type=file]');
      await fileInput.setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: photo });
      const photoHash = createHash('sha256').update(photo).digest('hex');
      await visitor.page
        .getByTestId('verify-file-hash')
        .and(visitor.page.locator(`[data-hash="${photoHash}"]`))
        .waitFor();
      await visitor.page.waitForURL(`**/verify?hash=${photoHash}`);
      // The URL changes a moment before the page shows the new lookup: wait for the photo's record.
      await verifiedOnPublicPage(visitor.page, text.verified, photoHash);
      await screenshot(visitor.page, `l2-verify-file-${lang}`);

      // A file whose content was never recorded is hashed in the browser and not found.
      await fileInput.setInputFiles({
        name: 'never-uploaded.txt',
        mimeType: 'text/plain',
        buffer: Buffer.from(`never uploaded ${randomBytes(16).toString('hex')}`),
      });
      await visitor.page.getByTestId('verify-file-hash').waitFor();
      await visitor.page.getByTestId('verify-not-found').getByText(text.notFound).waitFor();
      await screenshot(visitor.page, `l2-verify-not-found-${lang}`);

      // The sign-in page links to it too.
      await visitor.page.goto('/login');
      await visitor.page.getByTestId('login-verify').click();
      await visitor.page.waitForURL('**/verify');
      // The not-found answer is an HTTP 404, which the browser logs; nothing else may be.
      const unexpected = [...errors, ...visitor.errors].filter((e) => !NOT_FOUND_LOG.test(e));
      expect(unexpected, unexpected.join('\n')).toEqual([]);
    });
  }
});
