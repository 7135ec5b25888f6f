import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';

/**
 * Opens the blockchain record of a chain status link once its evidence is sealed (blocks close every
 * second). It waits on the public proof endpoint first, outside the page: a record not sealed yet answers
 * L3001 (404), which the page would log as a failed resource and the tests count as an error.
 */
export async function openSealedRecord(page: Page, link: Locator): Promise<Locator> {
  const hash = await link.getAttribute('data-hash');
  if (!hash) throw new Error('the chain status link carries no data-hash');
  const proofUrl = new URL(`/api/public/ledger/proof?hash=${hash}`, page.url()).toString();
  await expect
    .poll(async () => (await page.request.get(proofUrl)).status(), { timeout: 15_000, interval: 300 })
    .toBe(200);
  await link.click();
  const record = page.getByTestId('chain-record-dialog');
  await record.getByTestId('chain-tx-hash').waitFor();
  return record;
}
