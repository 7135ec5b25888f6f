import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateRawSync } from 'node:zlib';
import { strFromU8, strToU8 } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import { verifyPackage } from '../src/index.ts';
import { goodPackage, zipOf } from './fixture.ts';

// The offline verifier: a package built from the ledger primitives passes; the CLI exits 0 on it and
// non-zero on a tampered one (zh and en reports); a hostile zip is refused without inflating it.

const BIN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../bin/tracehub-verify.mjs');
const dir = mkdtempSync(path.join(tmpdir(), 'tracehub-verify-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function cli(bytes: Uint8Array, ...args: string[]) {
  const file = path.join(dir, `${Math.random().toString(16).slice(2)}.zip`);
  writeFileSync(file, bytes);
  // No network: the child gets no proxy and the verifier opens no socket (it has no I/O but the file).
  const res = spawnSync(process.execPath, [BIN, file, ...args], { encoding: 'utf8', timeout: 60_000 });
  return { code: res.status, out: res.stdout + res.stderr };
}

/** A zip of one stored-as-deflate entry that declares `declared` bytes but inflates to `actual`. */
function bomb(actual: number, declared: number): Uint8Array {
  const data = deflateRawSync(Buffer.alloc(actual), { level: 9 });
  const name = Buffer.from('manifest.json');
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(declared, 22);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(declared, 24);
  central.writeUInt16LE(name.length, 28);
  const body = Buffer.concat([local, name, data]);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + name.length, 12);
  end.writeUInt32LE(body.length, 16);
  return Buffer.concat([body, central, name, end]);
}

describe('tracehub-verify', () => {
  const files = goodPackage();

  it('passes a good package in the core', () => {
    const report = verifyPackage(zipOf(files));
    expect(report.problems).toEqual([]);
    expect(report.records.map((r) => r.disclosure)).toEqual(['opened', 'opened', 'notDisclosed']);
    expect(report.tiers.map((t) => [t.tier, t.ok])).toEqual([
      [0, true],
      [1, true],
    ]);
    expect(report.ok).toBe(true);
  });

  it('exits 0 on a good package and 1 on a tampered one, reporting in zh or en', () => {
    const good = cli(zipOf(files));
    expect(good.code, good.out).toBe(0);
    expect(good.out).toContain('证据包: 通过');
    const tampered = { ...files };
    tampered['records/000001.json'] = strToU8(strFromU8(files['records/000001.json']!).replace('EV7', 'EV8'));
    const bad = cli(zipOf(tampered), '--lang', 'en');
    expect(bad.code).toBe(1);
    expect(bad.out).toContain('Package: FAIL');
    expect(bad.out).toContain("The file's SHA-256 differs from the manifest");
    expect(cli(new Uint8Array([1, 2, 3])).code).toBe(1);
    expect(cli(zipOf(files), '--lang', 'fr').code).toBe(2);
  });

  it('refuses a hostile zip without inflating it: a bomb, a lie about sizes, too many entries', () => {
    const huge = verifyPackage(bomb(1 << 20, 2 * 1024 * 1024 * 1024 - 1));
    expect(huge.ok).toBe(false);
    expect(huge.problems[0]?.code).toBe('zipTooLarge');
    // 200 MB of zeros declaring 1 KB: inflated into 1 KB, memory stays flat, and it fails the manifest. The
    // bomb is built first: its 200 MB of zeros, which the test itself allocates, are not the verifier's.
    const liarZip = bomb(200 * 1024 * 1024, 1024);
    const before = process.memoryUsage().rss;
    const liar = verifyPackage(liarZip);
    expect(liar.ok).toBe(false);
    expect(process.memoryUsage().rss - before).toBeLessThan(100 * 1024 * 1024);
    const many: Record<string, Uint8Array> = {};
    for (let i = 0; i < 50; i++) many[`f${i}`] = new Uint8Array(1);
    const crowded = verifyPackage(zipOf(many), {
      maxEntries: 10,
      maxEntryBytes: 1 << 20,
      maxTotalBytes: 1 << 20,
    });
    expect(crowded.problems[0]?.code).toBe('zipTooManyEntries');
    const cliBomb = cli(bomb(1 << 20, 2 * 1024 * 1024 * 1024 - 1), '--lang', 'en');
    expect(cliBomb.code).toBe(1);
    expect(cliBomb.out).toContain('zip bomb');
  });
});
