// `npm run ledger:verify`: re-checks the whole evidence ledger of the configured database (DATABASE_URL, or
// the embedded database under DATA_DIR: stop the server first, it allows one process) and the file storage.
// Exit code 0 when everything verifies, 1 with the list of problems, 2 when it cannot run.
//
// The platform public key is read from the database unless it is pinned with --public-key <hex> (or
// LEDGER_PUBLIC_KEY): pin the key you obtained independently (GET /api/public/ledger/key at an earlier time,
// a published copy) so that a rewritten key table cannot pass as genuine. With CHAIN_RPC_URL (and its key and
// contract address) set, every recorded anchor is checked on the chain as well.
import { ConfigError, loadConfig } from '../config.ts';
import { connectConfiguredChain } from '../bootstrap.ts';
import { openDatabase } from '../db/client.ts';
import { checkAnchorOnChain } from '../platform/chain/anchorer.ts';
import { platformPublicKey } from '../platform/ledger/platform-key.ts';
import { verifyLedger } from '../platform/ledger/verify.ts';
import { createStorage } from '../platform/storage.ts';
import { MIGRATIONS_DIR } from '../paths.ts';

function pinnedKey(argv: string[]): string | undefined {
  const at = argv.indexOf('--public-key');
  const value = at >= 0 ? argv[at + 1] : process.env.LEDGER_PUBLIC_KEY;
  if (value !== undefined && !/^[0-9a-f]{64}$/.test(value)) {
    throw new ConfigError('--public-key / LEDGER_PUBLIC_KEY must be 64 lowercase hex characters');
  }
  return value;
}

async function main(): Promise<number> {
  const config = loadConfig();
  const pinned = pinnedKey(process.argv.slice(2));
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    migrationsDir: MIGRATIONS_DIR,
  });
  try {
    const stored = await platformPublicKey(database.db).catch((err: unknown) => {
      // An empty or older database without the ledger tables (undefined_table) has no ledger to check.
      if ((err as { cause?: { code?: string } }).cause?.code === '42P01') return null;
      throw err;
    });
    const publicKeyHex = pinned ?? stored;
    if (!publicKeyHex) {
      console.log('No ledger in this database yet (no platform key).');
      return 0;
    }
    if (pinned && stored !== pinned) {
      console.log(`The database holds another platform key (${stored ?? 'none'}) than the pinned one.`);
    }
    const started = Date.now();
    // With anchoring configured, every recorded anchor is checked against the contract on the chain.
    const chain = config.CHAIN_RPC_URL ? await connectConfiguredChain(config) : null;
    const report = await verifyLedger(database.db, {
      publicKeyHex,
      storage: createStorage(config),
      ...(chain ? { checkAnchor: (anchor, block) => checkAnchorOnChain(chain, anchor, block) } : {}),
    }).finally(() => chain?.close());
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const summary =
      `${report.blocks} blocks, ${report.treeSize} leaves (${report.sealedEvents} sealed events, ` +
      `${report.unsealedEvents} not sealed yet), ${report.v1Events} of the events v1 (unsalted, before ` +
      `leaf v2), ${report.v3Events} v3 (signed per batch, ${report.batches} signed batches checked), ` +
      `${report.checkedFiles} files and ` +
      `${report.checkedCertificates} certificates re-checked, ${report.anchors} anchors; ` +
      `platform key ${publicKeyHex}; ${seconds}s`;
    if (report.ok) {
      console.log(`Ledger verified: ${summary}`);
      return 0;
    }
    console.log(
      `Ledger verification FAILED: ${report.problems.length} problem(s)${report.truncated ? ' (first ones listed)' : ''}`,
    );
    for (const p of report.problems) console.log(`  ${p.location}: ${p.message}`);
    console.log(summary);
    return 1;
  } finally {
    await database.close();
  }
}

main()
  .then((code) => process.exit(code))
  .catch((err: unknown) => {
    console.error(err instanceof ConfigError ? err.message : err);
    process.exit(2);
  });
