import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// The import boundaries of docs/structure.md are lint rules (eslint.config.js, scripts/eslint/boundaries.js).
// A rule that stopped firing (a renamed folder, a config block that no longer matches) would pass `npm run
// lint` silently: here each one must fire on a violating snippet, linted with the repository's own config
// at a path inside the guarded folder, and stay quiet on the allowed neighbour.

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const BOUNDARY_RULES = new Set(['tracehub/no-foreign-repo', 'tracehub/no-cross-layer']);

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: ROOT });
});

/** The boundary rules that fire on `code` as if it were the file at `file` (repository-relative). */
async function boundaryErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  const fatal = result!.messages.filter((m) => m.fatal);
  expect(fatal, 'the snippet must parse').toEqual([]);
  return result!.messages.filter((m) => m.ruleId && BOUNDARY_RULES.has(m.ruleId)).map((m) => m.ruleId!);
}

describe('structure: import boundaries are enforced by lint', () => {
  const inDocument = 'apps/server/src/modules/document/probe.ts';

  it("refuses another server module's repo.ts, in every import form", async () => {
    for (const code of [
      "import { partnersByCode } from '../partner/repo.ts';\nexport const x = partnersByCode;\n",
      "import type { PartnerRow } from '../partner/repo.ts';\nexport type X = PartnerRow;\n",
      "export { partnersByCode } from '../partner/repo.ts';\n",
      "export * from '../partner/repo';\n",
      "export const load = () => import('../partner/repo.ts');\n",
    ]) {
      expect(await boundaryErrors(inDocument, code), code).toEqual(['tracehub/no-foreign-repo']);
    }
    // From a sub-folder of the module, through a longer relative path.
    expect(
      await boundaryErrors(
        'apps/server/src/modules/document/sub/probe.ts',
        "export { partnersByCode } from '../../partner/repo.ts';\n",
      ),
    ).toEqual(['tracehub/no-foreign-repo']);
  });

  it("allows the module's own repo.ts and another module's public.ts", async () => {
    expect(await boundaryErrors(inDocument, "export { findDocument } from './repo.ts';\n")).toEqual([]);
    expect(
      await boundaryErrors(inDocument, "export { partnersByCode } from '../partner/public.ts';\n"),
    ).toEqual([]);
  });

  it('refuses modules from platform/', async () => {
    const file = 'apps/server/src/platform/imports/probe.ts';
    expect(await boundaryErrors(file, "import '../../modules/document/import-export.ts';\n")).toEqual([
      'tracehub/no-cross-layer',
    ]);
    expect(await boundaryErrors(file, "export { withTenant } from '../tenancy.ts';\n")).toEqual([]);
  });

  it('refuses features from the web shared/ folder, but not the other way round', async () => {
    expect(
      await boundaryErrors(
        'apps/web/src/shared/list/Probe.tsx',
        "export { ledgerKeys } from '../../features/ledger/queries';\n",
      ),
    ).toEqual(['tracehub/no-cross-layer']);
    expect(
      await boundaryErrors(
        'apps/web/src/features/ledger/Probe.tsx',
        "export { AppDialog } from '../../shared/AppDialog';\n",
      ),
    ).toEqual([]);
  });

  it('keeps the contract free of the apps, and the apps free of each other', async () => {
    const cases: [string, string][] = [
      ['packages/contract/src/probe.ts', "export { api } from '../../../apps/server/src/app.ts';\n"],
      ['packages/contract/src/probe.ts', "export * from '@tracehub/web/src/main';\n"],
      ['apps/web/src/features/ledger/probe.ts', "export * from '../../../../server/src/config.ts';\n"],
      ['apps/web/src/features/ledger/probe.ts', "export * from '@tracehub/server/src/config.ts';\n"],
      ['apps/server/src/platform/probe.ts', "export * from '../../../web/src/i18n';\n"],
    ];
    for (const [file, code] of cases) {
      expect(await boundaryErrors(file, code), `${file}: ${code}`).toEqual(['tracehub/no-cross-layer']);
    }
    expect(
      await boundaryErrors('apps/web/src/probe.ts', "export { api } from '@tracehub/contract';\n"),
    ).toEqual([]);
  });
});
