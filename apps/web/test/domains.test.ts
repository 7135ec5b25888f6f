import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// One domain name per feature (docs/structure.md): a feature lives under the same name in the contract
// (packages/contract/src/<name>.ts), the server (apps/server/src/modules/<name>/) and the console
// (apps/web/src/features/<name>/). The table below says, for every name, where it lives; a name in fewer than
// all three places says why. A new folder or file that is not in the table fails, and so does an entry the
// tree no longer matches: a feature cannot drift to a second name (account/ beside member/) unnoticed.

type TPlace = 'contract' | 'server' | 'web';
const ALL: readonly TPlace[] = ['contract', 'server', 'web'];

interface TDomain {
  places: readonly TPlace[];
  /** Why the name is missing from the other places; required when it is not in all three. */
  reason?: string;
}

const everywhere: TDomain = { places: ALL };

const DOMAINS: Readonly<Record<string, TDomain>> = {
  auth: everywhere,
  certification: everywhere,
  document: everywhere,
  examine: everywhere,
  'gateway-key': everywhere,
  ledger: everywhere,
  log: everywhere,
  material: everywhere,
  'material-relation': everywhere,
  member: everywhere,
  message: everywhere,
  operator: everywhere,
  partner: everywhere,
  product: everywhere,
  profile: everywhere,
  project: everywhere,
  risk: everywhere,
  role: everywhere,
  search: everywhere,
  ticket: everywhere,
  trace: everywhere,
  checking: everywhere,
  monitor: everywhere,
  'evidence-task': everywhere,
  workbench: everywhere,
  graph: everywhere,
  map: everywhere,

  carbon: {
    places: ['contract', 'server'],
    reason: "a product's carbon footprint: its screens are part of the product pages (features/product)",
  },
  file: {
    places: ['contract', 'server'],
    reason:
      'uploads and downloads behind every screen: the console side is shared/ (upload dialogs, download)',
  },
  'file-error-log': {
    places: ['contract', 'web'],
    reason: "the transfer error log is written and read by the file module's transfer errors (server file/)",
  },
  system: {
    places: ['contract', 'server'],
    reason: 'health and operations endpoints; no screen',
  },
  user: {
    places: ['contract', 'server'],
    reason:
      "the signed-in user's info and menus: read by the console shell (stores/, layout/), not a feature",
  },
  company: {
    places: ['server'],
    reason:
      "the enterprise's own company info: its contract (companyEndpoints) and screens belong to profile",
  },
  task: {
    places: ['contract'],
    reason:
      "background tasks: the server side is the platform's task kit (platform/tasks), not a module; no task screen yet",
  },
  'evidence-package': {
    places: ['contract', 'server'],
    reason:
      'evidence packages: dropped and verified on the public /verify page (features/verify) with the offline verifier apps/verify; no console screen yet (export tasks come with the task kit)',
  },
  errors: { places: ['web'], reason: 'the 403/404/500 and module-not-configured pages of the console' },
  home: { places: ['web'], reason: 'the public landing page' },
  verify: {
    places: ['web'],
    reason:
      'the public evidence verification page; it calls the public ledger endpoints (contract ledger.ts)',
  },
};

/**
 * Contract files that are infrastructure or part of a domain's file, not a domain of their own (a new one
 * needs a line here).
 */
const CONTRACT_INFRASTRUCTURE: Readonly<Record<string, string>> = {
  index: 'the api object and the package exports',
  endpoint: 'endpoint() declarations',
  envelope: 'the response envelope',
  errors: 'the error codes and their zh/en messages',
  limits: 'shared size and length limits',
  list: 'list requests and responses',
  menu: 'menu node schema',
  'menu-tree': 'the menu tree and its action codes',
  imports: 'import/export endpoints and records of every importable list',
  'record-catalogue': 'the record catalogue of declared lists',
  'record-endpoints': 'recordEndpoints() for editable lists',
  'record-pages': 'page declarations of the record catalogue',
  'document-types': 'part of the document domain (its types)',
  regions: "countries and China's provinces and cities with zh/en names (addresses, risk areas)",
};

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const folders = (dir: string): string[] =>
  readdirSync(path.join(ROOT, dir), { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name);

const contractFiles = (): string[] =>
  readdirSync(path.join(ROOT, 'packages/contract/src'), { withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts'))
    .map((e) => e.name.slice(0, -'.ts'.length));

/** Where each name is found in the tree today. */
function found(): Map<string, Set<TPlace>> {
  const at = new Map<string, Set<TPlace>>();
  const add = (name: string, place: TPlace) => at.set(name, (at.get(name) ?? new Set()).add(place));
  for (const name of folders('apps/web/src/features')) add(name, 'web');
  for (const name of folders('apps/server/src/modules')) add(name, 'server');
  for (const name of contractFiles()) if (!(name in CONTRACT_INFRASTRUCTURE)) add(name, 'contract');
  return at;
}

describe('one domain name per feature', () => {
  it('finds the three places (the scan itself works)', () => {
    const at = found();
    expect([...(at.get('member') ?? [])].sort()).toEqual([...ALL]);
    expect(at.size).toBeGreaterThan(20);
  });

  it('names every web feature, server module and contract domain in the table', () => {
    const unknown = [...found()]
      .filter(([name]) => !(name in DOMAINS))
      .map(([name, places]) => `${name} (${[...places].join(', ')})`);
    expect(
      unknown,
      'a new domain: use an existing name, or add it to DOMAINS (with a reason if partial)',
    ).toEqual([]);
  });

  it('finds each domain exactly where the table says', () => {
    const at = found();
    const mismatches = Object.entries(DOMAINS)
      .map(([name, d]) => ({ name, want: [...d.places].sort(), got: [...(at.get(name) ?? [])].sort() }))
      .filter((m) => m.want.join() !== m.got.join())
      .map((m) => `${m.name}: table ${m.want.join('+') || '-'}, tree ${m.got.join('+') || '-'}`);
    expect(mismatches, 'move or rename the folder, or correct the table').toEqual([]);
  });

  it('gives a reason for every domain that is not in all three places, and only for those', () => {
    const wrong = Object.entries(DOMAINS)
      .filter(([, d]) => d.places.length < ALL.length !== Boolean(d.reason))
      .map(([name]) => name);
    expect(wrong).toEqual([]);
  });

  it('keeps no stale contract infrastructure entries', () => {
    const files = new Set(contractFiles());
    expect(Object.keys(CONTRACT_INFRASTRUCTURE).filter((name) => !files.has(name))).toEqual([]);
  });
});
