import { createInflateRaw } from 'node:zlib';

/*
 * The zip container of an xlsx workbook, read without trusting what it declares: entries are inflated as
 * streams, every inflated byte is counted against one budget for the whole workbook, and inflation stops
 * the moment the budget (or the entry's own declared size) is passed, so a small "zip bomb" costs at most
 * the budget, never its real size.
 */

/** The container is not a zip we can read (no directory, encrypted, an unknown compression, bad data). */
export class ZipUnreadable extends Error {
  constructor(reason: string) {
    super(`unreadable zip: ${reason}`);
    this.name = 'ZipUnreadable';
  }
}

/** The workbook inflates to more than its budget, or an entry to more than it declares. */
export class ZipTooLarge extends Error {
  constructor(reason: string) {
    super(`zip inflates too far: ${reason}`);
    this.name = 'ZipTooLarge';
  }
}

export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated. */
  method: number;
  flags: number;
  compressedSize: number;
  /** What the central directory says the entry inflates to: an upper bound we hold it to, never trust. */
  declaredSize: number;
  localHeaderOffset: number;
}

/** Entries of a workbook we look at, at most: an xlsx has a few dozen. */
const MAX_ENTRIES = 10_000;
const EOCD_SIGNATURE = 0x06054b50;
const EOCD64_LOCATOR_SIGNATURE = 0x07064b50;
const EOCD64_SIGNATURE = 0x06064b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
const U32_MAX = 0xffffffff;

/** Inflated bytes counted across every entry of one workbook. */
export class InflateBudget {
  used = 0;
  constructor(readonly limit: number) {}
  take(bytes: number): void {
    this.used += bytes;
    if (this.used > this.limit) throw new ZipTooLarge(`more than ${this.limit} bytes in all`);
  }
}

/** The central directory: entries by name (a leading slash dropped, as spreadsheet readers do). */
export function zipDirectory(zip: Buffer): Map<string, ZipEntry> {
  const end = findEndOfDirectory(zip);
  let count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  if (count === 0xffff || at === U32_MAX) ({ count, at } = zip64Directory(zip, end));
  if (count > MAX_ENTRIES) throw new ZipUnreadable(`${count} entries`);
  const entries = new Map<string, ZipEntry>();
  for (let n = 0; n < count; n++) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== CENTRAL_SIGNATURE) {
      throw new ZipUnreadable('broken central directory');
    }
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const nameEnd = at + 46 + nameLength;
    if (nameEnd + extraLength > zip.length) throw new ZipUnreadable('broken central directory');
    const extra = zip.subarray(nameEnd, nameEnd + extraLength);
    const entry: ZipEntry = {
      name: zip.toString('utf8', at + 46, nameEnd).replace(/^\/+/, ''),
      method: zip.readUInt16LE(at + 10),
      flags: zip.readUInt16LE(at + 8),
      compressedSize: zip.readUInt32LE(at + 20),
      declaredSize: zip.readUInt32LE(at + 24),
      localHeaderOffset: zip.readUInt32LE(at + 42),
    };
    applyZip64(entry, extra);
    if (!entries.has(entry.name)) entries.set(entry.name, entry);
    at = nameEnd + extraLength + commentLength;
  }
  return entries;
}

function findEndOfDirectory(zip: Buffer): number {
  // 22 bytes plus a comment of up to 65,535 bytes, at the very end.
  const floor = Math.max(0, zip.length - 22 - 0xffff);
  for (let i = zip.length - 22; i >= floor; i--) {
    if (zip.readUInt32LE(i) === EOCD_SIGNATURE) return i;
  }
  throw new ZipUnreadable('no end of central directory');
}

function zip64Directory(zip: Buffer, end: number): { count: number; at: number } {
  const locator = end - 20;
  if (locator < 0 || zip.readUInt32LE(locator) !== EOCD64_LOCATOR_SIGNATURE) {
    throw new ZipUnreadable('no zip64 locator');
  }
  const record = safeNumber(zip.readBigUInt64LE(locator + 8));
  if (record + 56 > zip.length || zip.readUInt32LE(record) !== EOCD64_SIGNATURE) {
    throw new ZipUnreadable('no zip64 directory');
  }
  return {
    count: safeNumber(zip.readBigUInt64LE(record + 32)),
    at: safeNumber(zip.readBigUInt64LE(record + 48)),
  };
}

/** ZIP64 extra field (0x0001): the 64-bit sizes and offset, each present only when its 32-bit one is full. */
function applyZip64(entry: ZipEntry, extra: Buffer): void {
  const wants = [
    entry.declaredSize === U32_MAX,
    entry.compressedSize === U32_MAX,
    entry.localHeaderOffset === U32_MAX,
  ];
  if (!wants.some(Boolean)) return;
  for (let i = 0; i + 4 <= extra.length;) {
    const id = extra.readUInt16LE(i);
    const length = extra.readUInt16LE(i + 2);
    if (id === 0x0001) {
      let p = i + 4;
      const next = () => {
        if (p + 8 > i + 4 + length || p + 8 > extra.length) throw new ZipUnreadable('short zip64 field');
        const v = safeNumber(extra.readBigUInt64LE(p));
        p += 8;
        return v;
      };
      if (wants[0]) entry.declaredSize = next();
      if (wants[1]) entry.compressedSize = next();
      if (wants[2]) entry.localHeaderOffset = next();
      return;
    }
    i += 4 + length;
  }
  throw new ZipUnreadable('missing zip64 field');
}

function safeNumber(value: bigint): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new ZipUnreadable('offset out of range');
  return Number(value);
}

/** The entry's compressed bytes, located through its local header. */
function entryData(zip: Buffer, entry: ZipEntry): Buffer {
  const at = entry.localHeaderOffset;
  if (at + 30 > zip.length || zip.readUInt32LE(at) !== LOCAL_SIGNATURE) {
    throw new ZipUnreadable(`no local header for ${entry.name}`);
  }
  const start = at + 30 + zip.readUInt16LE(at + 26) + zip.readUInt16LE(at + 28);
  if (start + entry.compressedSize > zip.length) throw new ZipUnreadable(`${entry.name} is truncated`);
  return zip.subarray(start, start + entry.compressedSize);
}

/** Output slices of the inflater: small, so that a refused entry stops within one of them. */
const CHUNK_BYTES = 64 * 1024;

/**
 * Inflates one entry as a stream, handing its text (UTF-8) to `onText` piece by piece. Every inflated byte
 * is taken from `budget`, and the entry may not inflate past its declared size: either stops inflation at
 * once (ZipTooLarge). `onText` may throw to stop reading; the error is passed on.
 */
export function streamEntryText(
  zip: Buffer,
  entry: ZipEntry,
  budget: InflateBudget,
  onText: (text: string) => void,
): Promise<void> {
  if (entry.flags & 0x1) return Promise.reject(new ZipUnreadable(`${entry.name} is encrypted`));
  let data: Buffer;
  try {
    data = entryData(zip, entry);
  } catch (err) {
    return Promise.reject(err as Error);
  }
  const decoder = new TextDecoder('utf-8');
  let produced = 0;
  const take = (chunk: Buffer) => {
    produced += chunk.length;
    if (produced > entry.declaredSize) throw new ZipTooLarge(`${entry.name} inflates past its declared size`);
    budget.take(chunk.length);
    onText(decoder.decode(chunk, { stream: true }));
  };
  if (entry.method === 0) {
    return new Promise((resolve, reject) => {
      try {
        for (let i = 0; i < data.length; i += CHUNK_BYTES) take(data.subarray(i, i + CHUNK_BYTES));
        onText(decoder.decode());
        resolve();
      } catch (err) {
        reject(err as Error);
      }
    });
  }
  if (entry.method !== 8) return Promise.reject(new ZipUnreadable(`compression method ${entry.method}`));
  return new Promise((resolve, reject) => {
    const inflate = createInflateRaw({ chunkSize: CHUNK_BYTES });
    let settled = false;
    const fail = (err: Error) => {
      if (settled) return;
      settled = true;
      inflate.destroy();
      reject(err);
    };
    inflate.on('data', (chunk: Buffer) => {
      if (settled) return;
      try {
        take(chunk);
      } catch (err) {
        fail(err as Error);
      }
    });
    inflate.on('end', () => {
      if (settled) return;
      try {
        onText(decoder.decode());
        settled = true;
        resolve();
      } catch (err) {
        fail(err as Error);
      }
    });
    inflate.on('error', (err) => fail(new ZipUnreadable(`${entry.name}: ${err.message}`)));
    inflate.end(data);
  });
}
