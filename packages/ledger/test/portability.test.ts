import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

describe('portability', () => {
  it('imports nothing Node-specific in src, so the package runs in browsers', () => {
    const dir = new URL('../src/', import.meta.url);
    for (const file of readdirSync(dir)) {
      const source = readFileSync(new URL(file, dir), 'utf8');
      const specifiers = [...source.matchAll(/from '([^']+)'/g)].map((match) => match[1] ?? '');
      for (const specifier of specifiers) {
        expect(specifier, file).toMatch(/^(\.\/[a-z-]+\.ts|@noble\/(hashes|curves)\/[a-z0-9]+\.js)$/);
      }
      expect(source, file).not.toMatch(/\b(process|Buffer|require)\b/);
    }
  });
});
