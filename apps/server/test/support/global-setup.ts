import { readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Removes the migrated database templates (support/app.ts migratedTemplate), before and after a run. */
function removeTemplates(): void {
  const dir = os.tmpdir();
  for (const name of readdirSync(dir)) {
    if (name.startsWith('tracehub-test-pglite-')) rmSync(path.join(dir, name), { force: true });
  }
}

export default function setup(): () => void {
  removeTemplates();
  return removeTemplates;
}
