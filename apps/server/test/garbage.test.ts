import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// platform/garbage.ts in a process of its own, started without --expose-gc as npm start starts the server: a
// long job's step asks for a major collection once the heap grew by its budget, and the garbage goes.

const probe = (flags: string[]) =>
  JSON.parse(
    execFileSync(
      process.execPath,
      [
        ...flags,
        '--import',
        'tsx',
        path.join(import.meta.dirname, 'fixtures/garbage-probe.mjs'),
        path.join(import.meta.dirname, '../src/platform/garbage.ts'),
      ],
      { encoding: 'utf8' },
    ),
  ) as {
    atRest: boolean;
    asked: boolean;
    forcedBefore: number;
    forcedAfter: number;
    before: number;
    after: number;
    globalGc: string;
  };

describe('collectIfGrown', () => {
  it('asks for a collection once the heap grew by its budget, and the garbage goes', () => {
    const r = probe([]);
    expect(r.atRest).toBe(false);
    expect(r.asked).toBe(true);
    expect(r.forcedBefore).toBe(0);
    expect(r.forcedAfter).toBe(1);
    expect(r.after).toBeLessThan(r.before - 40);
    expect(r.globalGc).toBe('undefined');
  });

  it('uses the global gc where the process was started with --expose-gc', () => {
    const r = probe(['--expose-gc']);
    expect(r.asked).toBe(true);
    expect(r.forcedAfter).toBe(r.forcedBefore + 1);
    expect(r.globalGc).toBe('function');
  });
});
