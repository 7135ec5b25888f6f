import { afterAll, describe, expect, it } from 'vitest';
import { screenshot } from './support/browser';
import { startDevChain, type TDevChain } from './support/chain';
import { AUTOMAKER, openFromSidebar, signIn } from './support/flows';
import { useHarness } from './support/harness';
import { freePort } from './support/server';

const EXPLORER = 'https://explorer.tracehub.test';
const TEXT = {
  zh: { menu: ['区块链存证', '存证记录'], verified: '已验证' },
  en: { menu: ['On-chain Evidence', 'Evidence Records'], verified: 'Verified' },
} as const;

/**
 * With anchoring configured (a real `npm run chain:dev` node), the record dialog and the public page show
 * the anchor transaction of the record's block with its explorer link.
 */
describe('EVM anchoring in the console', () => {
  let chain: TDevChain | null = null;
  afterAll(async () => {
    await chain?.stop();
  });
  const h = useHarness({
    env: async () => {
      chain = await startDevChain(await freePort());
      return { ...chain.settings, CHAIN_EXPLORER_URL: EXPLORER, CHAIN_ANCHOR_INTERVAL_MS: '300' };
    },
  });

  for (const lang of ['zh', 'en'] as const) {
    it(`shows the anchor transaction and its explorer link (${lang})`, async () => {
      expect(chain?.settings.CHAIN_CONTRACT_ADDRESS).toMatch(/^0x[0-9a-fA-F]{40}$/);
      const { page, errors } = await h.session(lang);
      await signIn(page, 'demo-auto', AUTOMAKER[lang]);
      await openFromSidebar(page, TEXT[lang].menu);
      const list = page.getByTestId('list-ledger/chainRecords');
      const sealedRow = list
        .locator('.ant-table-row')
        .filter({ has: page.getByTestId('chain-status-sealed') })
        .first();
      await sealedRow.waitFor();

      // The demo data's block is anchored within moments of the start; reopen until the anchor shows.
      const dialog = page.getByTestId('chain-record-dialog');
      await expect
        .poll(
          async () => {
            await sealedRow.getByTestId('action-viewChain').click();
            await page
              .getByTestId('proof-verdict')
              .filter({ hasText: TEXT[lang].verified })
              .first()
              .waitFor();
            if ((await dialog.getByTestId('anchor-value').count()) > 0) return true;
            await page.getByTestId('dialog-confirm').click();
            await dialog.waitFor({ state: 'detached' });
            return false;
          },
          { timeout: 30_000, interval: 500 },
        )
        .toBe(true);
      const tx = await dialog.getByTestId('anchor-tx').getAttribute('data-hash');
      expect(tx).toMatch(/^[0-9a-f]{64}$/);
      expect(await dialog.getByTestId('anchor-explorer').getAttribute('href')).toBe(`${EXPLORER}/tx/0x${tx}`);
      await screenshot(page, `l4-dialog-anchor-${lang}`);

      // The public page shows the same anchor for the record.
      const txHash = (await dialog.getByTestId('chain-tx-hash').getAttribute('data-hash')) ?? '';
      const visitor = await h.session(lang);
      await visitor.page.goto(`/verify?hash=${txHash}`);
      await visitor.page
        .getByTestId('proof-verdict')
        .filter({ hasText: TEXT[lang].verified })
        .first()
        .waitFor();
      await visitor.page.getByTestId('verify-anchor').getByTestId('anchor-value').waitFor();
      expect(
        await visitor.page.getByTestId('verify-anchor').getByTestId('anchor-tx').getAttribute('data-hash'),
      ).toBe(tx);
      await screenshot(visitor.page, `l4-verify-anchor-${lang}`);
      expect(errors, errors.join('\n')).toEqual([]);
    });
  }
});
