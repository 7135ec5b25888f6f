/** Byte helpers shared by the ledger modules. */
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';

/** Size in bytes of every hash in the ledger (SHA-256). */
export const HASH_SIZE = 32;

/** Lowercase hexadecimal encoding of bytes. */
export const hex: (bytes: Uint8Array) => string = bytesToHex;

/** Decodes hexadecimal (either case); throws on odd length or a non-hex character. */
export const fromHex: (hexString: string) => Uint8Array = hexToBytes;

const HASH_HEX = /^[0-9a-f]{64}$/;

/** True for a lowercase 64-character hexadecimal string, the ledger's textual form of a hash. */
export function isHashHex(value: unknown): value is string {
  return typeof value === 'string' && HASH_HEX.test(value);
}

/** True for a 32-byte Uint8Array. */
export function isHash(value: unknown): value is Uint8Array {
  return value instanceof Uint8Array && value.length === HASH_SIZE;
}

/** Byte-wise equality (hashes are public, so no constant-time comparison is needed). */
export function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
