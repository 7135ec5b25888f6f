// `npm run seed:scale -- --enterprises 200 --vins 100000 --documents 1000000 [--seed 42]`: writes a large,
// realistic, deterministic multi-tier supply chain into the configured database (the embedded one under
// DATA_DIR, or DATABASE_URL), through the services and importers the API uses (seed/scale). The database is
// opened and prepared as the server does it (migrations, demo data into an empty database unless SEED_DEMO
// is false); no HTTP listener, and no background sealer or job worker runs meanwhile: the run seals its
// evidence itself at the end. It refuses a database that already holds scale data.
import { parseArgs } from 'node:util';
import { createRuntime } from '../bootstrap.ts';
import { ConfigError, loadConfig } from '../config.ts';
import {
  planScale,
  ScaleDataPresent,
  ScaleSizeError,
  seedScale,
  type ScaleSummary,
} from '../seed/scale/index.ts';

const USAGE =
  'usage: npm run seed:scale -- [--enterprises 200] [--vins 100000] [--documents 1000000] [--seed 42] ' +
  '[--workers 2] [--concurrency 2]';

function count(name: string, value: string, min: number): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < min)
    throw new ConfigError(`--${name} must be a whole number of at least ${min}`);
  return n;
}

function print(summary: ScaleSummary): void {
  const fmt = (n: number) => n.toLocaleString('en');
  console.log('\nScale data set written:');
  for (const [k, n] of Object.entries(summary.counts))
    console.log(`  ${k.padEnd(20)} ${fmt(n).padStart(12)}`);
  console.log('  documents by type:');
  const types = Object.entries(summary.documentsByType).sort((a, b) => b[1] - a[1]);
  for (const [k, n] of types) console.log(`    ${k.padEnd(22)} ${fmt(n).padStart(10)}`);
  console.log(
    `  ledger: ${fmt(summary.ledger.events)} evidence events of these enterprises, ${fmt(summary.ledger.unsealed)} unsealed; ` +
      `${fmt(summary.ledger.blocks)} blocks (${summary.ledger.sealedNow} sealed by this run)`,
  );
  console.log(
    `  chain: build groups of ${summary.plan.groupSize} vehicles, ${fmt(summary.plan.lots)} lots, ` +
      `${fmt(summary.plan.shipments)} shipments${summary.plan.stockLots ? `, ${summary.plan.stockLots} stock lots` : ''}`,
  );
  console.log(
    `  time: ${Object.entries(summary.seconds)
      .map(([k, s]) => `${k} ${s}s`)
      .join(', ')}`,
  );
  console.log('\nSign in (password as the demo accounts):');
  for (const c of summary.credentials)
    console.log(`  ${c.role.padEnd(16)} ${c.username.padEnd(14)} ${c.password}  ${c.enterprise}`);
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      enterprises: { type: 'string', default: '200' },
      vins: { type: 'string', default: '100000' },
      documents: { type: 'string', default: '1000000' },
      seed: { type: 'string', default: '42' },
      concurrency: { type: 'string', default: '2' },
      workers: { type: 'string', default: '2' },
      help: { type: 'boolean', default: false },
    },
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const sizes = {
    enterprises: count('enterprises', values.enterprises, 5),
    vins: count('vins', values.vins, 1),
    documents: count('documents', values.documents, 1),
    seed: count('seed', values.seed, 0),
    concurrency: count('concurrency', values.concurrency, 1),
    workers: count('workers', values.workers, 0),
  };
  // The run seals at its end; no background sealer or job worker competes with it meanwhile.
  const config = loadConfig({ ...process.env, LEDGER_SEAL_INTERVAL_MS: '0', JOB_POLL_INTERVAL_MS: '0' });
  console.log(
    `seed:scale into ${config.DATABASE_URL ? 'PostgreSQL' : `the embedded database under ${config.DATA_DIR}`}: ` +
      `${sizes.enterprises} enterprises, ${sizes.vins} VINs, ${sizes.documents} documents, seed ${sizes.seed}`,
  );
  // Sizes that cannot make a data set are refused before the database is touched.
  const plan = planScale(sizes);
  const runtime = await createRuntime(config, { serveWeb: false, logger: false });
  try {
    const summary = await seedScale(runtime.deps, {
      ...sizes,
      plan,
      log: (line) => console.log(`  ${line}`),
    });
    print(summary);
    return 0;
  } finally {
    await runtime.app.close();
  }
}

main()
  .then((code) => process.exit(code))
  .catch((err: unknown) => {
    if (err instanceof ScaleDataPresent || err instanceof ScaleSizeError || err instanceof ConfigError) {
      console.error(err.message);
      return process.exit(1);
    }
    if (
      err instanceof TypeError &&
      'code' in err &&
      String((err as { code: unknown }).code).startsWith('ERR_PARSE_ARGS')
    ) {
      console.error(`${err.message}\n${USAGE}`);
      return process.exit(2);
    }
    console.error(err);
    process.exit(2);
  });
