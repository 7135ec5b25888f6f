// EVM anchoring: blocks of very different sizes anchored to a local EVM node (Hardhat's EDR over HTTP
// JSON-RPC, as `npm run chain:dev` runs it) through the anchor job's own function. The figure that matters
// is transactions per block: it must stay one whatever the number of records in the block.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { MIGRATIONS_DIR } from '../../apps/server/src/paths.ts';
import { connectAnchorChain } from '../../apps/server/src/platform/chain/anchor-chain.ts';
import { anchorPending } from '../../apps/server/src/platform/chain/anchorer.ts';
import { startDevChain } from '../../apps/server/src/platform/chain/dev-chain.ts';
import { appendEvidenceBatch } from '../../apps/server/src/platform/ledger/append.ts';
import { loadPlatformKey } from '../../apps/server/src/platform/ledger/platform-key.ts';
import { sealOnce } from '../../apps/server/src/platform/ledger/sealer.ts';
import type { LedgerFigure } from './ledger.ts';

const BLOCK_SIZES = [1, 10, 100, 1_000, 10_000, 50_000];

export async function chainScenarios(): Promise<LedgerFigure[]> {
  const node = await startDevChain(0);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tracehub-bench-chain-'));
  const database = await openDatabase({ dataDir, migrationsDir: MIGRATIONS_DIR });
  const chain = await connectAnchorChain({
    rpcUrl: node.rpcUrl,
    privateKey: node.privateKey,
    contractAddress: node.contractAddress,
  });
  const txCount = async () => {
    // Every chain block of the node (automining) holds the transactions sent; count them all.
    const latest = Number(await node.provider.request({ method: 'eth_blockNumber', params: [] }));
    let n = 0;
    for (let b = 0; b <= latest; b++) {
      const block = (await node.provider.request({
        method: 'eth_getBlockByNumber',
        params: [`0x${b.toString(16)}`, false],
      })) as { transactions: string[] };
      n += block.transactions.length;
    }
    return n;
  };
  try {
    await database.migrate();
    const db = database.db;
    const masterKey = randomBytes(32);
    const platformKey = await loadPlatformKey(db, masterKey);
    for (const size of BLOCK_SIZES) {
      for (let i = 0; i < size; i += 5000) {
        const m = Math.min(5000, size - i);
        await db.transaction((tx) =>
          appendEvidenceBatch(
            tx,
            { masterKey },
            Array.from({ length: m }, (_, k) => ({
              type: 'file.uploaded',
              enterpriseUuid: null,
              subjectType: 'file',
              subjectId: `${size}-${i + k}`,
              payload: { n: i + k },
            })),
          ),
        );
      }
      await sealOnce(db, platformKey);
    }
    const before = await txCount();
    const started = performance.now();
    const anchors = await anchorPending(db, chain);
    const ms = performance.now() - started;
    const sent = (await txCount()) - before;
    return [
      {
        scenario: `chain transactions per block (${anchors.length} blocks of ${BLOCK_SIZES.map((s) => s.toLocaleString('en')).join(' / ')} records)`,
        figure: `${(sent / anchors.length).toFixed(2)} (${sent} transactions)`,
      },
      {
        scenario: 'anchor one block (send, mine, receipt; local EVM node over HTTP)',
        figure: `${(ms / anchors.length).toFixed(1)} ms`,
      },
    ];
  } finally {
    chain.close();
    await database.close();
    await node.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
