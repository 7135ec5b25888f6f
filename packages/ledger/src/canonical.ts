/**
 * RFC 8785 JSON Canonicalization Scheme (JCS): the byte form every evidence record and block header is hashed in.
 */
import { utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * Serialises a JSON value canonically (RFC 8785 section 3.2): no whitespace, object members sorted by the
 * UTF-16 code units of their names (3.2.3), numbers as ECMAScript Number.prototype.toString (3.2.2.3),
 * strings escaped as JSON.stringify does (3.2.2.2). Like JSON.stringify, `toJSON` is honoured (so a Date
 * becomes its ISO string) and object members whose value is undefined are skipped.
 *
 * Throws TypeError for data that has no I-JSON representation: NaN and ±Infinity, BigInt, undefined at
 * the top level or in an array, functions, symbols, strings with unpaired surrogates, cycles, and
 * non-plain objects (Map, Set, typed arrays, class instances without toJSON).
 */
export function canonicalize(value: unknown): string {
  const out = serialize(value, '', new Set());
  if (out === undefined) throw new TypeError('canonicalize: the value is undefined');
  return out;
}

/** UTF-8 bytes of {@link canonicalize} (RFC 8785 section 3.2.4). */
export function canonicalBytes(value: unknown): Uint8Array {
  return utf8ToBytes(canonicalize(value));
}

/** Returns undefined for a value JSON would omit (undefined); the caller decides whether that is allowed. */
function serialize(input: unknown, key: string, ancestors: Set<object>): string | undefined {
  const value = applyToJSON(input, key);
  if (value === undefined) return undefined;
  if (value === null) return 'null';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError(`canonicalize: ${value} is not a JSON number`);
    // JSON.stringify of a finite number is Number.prototype.toString, except -0 becomes "0" (3.2.2.3).
    return JSON.stringify(value);
  }
  if (typeof value === 'string') return serializeString(value);
  if (typeof value === 'bigint') throw new TypeError('canonicalize: BigInt is not a JSON number');
  if (typeof value !== 'object') throw new TypeError(`canonicalize: a ${typeof value} is not JSON data`);
  if (ancestors.has(value)) throw new TypeError('canonicalize: cyclic structure');
  ancestors.add(value);
  try {
    if (Array.isArray(value)) {
      const items: string[] = [];
      for (let i = 0; i < value.length; i++) {
        const item = serialize(value[i], String(i), ancestors);
        if (item === undefined) throw new TypeError(`canonicalize: undefined at array index ${i}`);
        items.push(item);
      }
      return `[${items.join(',')}]`;
    }
    const proto: unknown = Object.getPrototypeOf(value);
    if (proto !== Object.prototype && proto !== null) {
      const name = (value as { constructor?: { name?: string } }).constructor?.name ?? 'object';
      throw new TypeError(`canonicalize: ${name} is not a plain JSON object`);
    }
    const record = value as Record<string, unknown>;
    const members: string[] = [];
    // Plain < compares UTF-16 code units, the order RFC 8785 section 3.2.3 prescribes.
    const names = Object.keys(record).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    for (const name of names) {
      const member = serialize(record[name], name, ancestors);
      if (member !== undefined) members.push(`${serializeString(name)}:${member}`);
    }
    return `{${members.join(',')}}`;
  } finally {
    ancestors.delete(value);
  }
}

function applyToJSON(value: unknown, key: string): unknown {
  if (typeof value === 'object' && value !== null) {
    const toJSON: unknown = (value as { toJSON?: unknown }).toJSON;
    if (typeof toJSON === 'function') return (toJSON as (key: string) => unknown).call(value, key);
  }
  return value;
}

/** RFC 8785 form of one string (3.2.2.2); throws TypeError for an unpaired surrogate, as canonicalize does. */
export function canonicalString(value: string): string {
  return serializeString(value);
}

function serializeString(value: string): string {
  if (hasLoneSurrogate(value)) throw new TypeError('canonicalize: string with an unpaired surrogate');
  return JSON.stringify(value);
}

/** Unpaired UTF-16 surrogates are not I-JSON (RFC 8785 section 3.1, RFC 7493 section 2.1). */
function hasLoneSurrogate(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const unit = value.charCodeAt(i);
    if (unit < 0xd800 || unit > 0xdfff) continue;
    const next = value.charCodeAt(i + 1); // NaN past the end
    if (unit > 0xdbff || !(next >= 0xdc00 && next <= 0xdfff)) return true;
    i++; // a valid high-low pair
  }
  return false;
}
