import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import argon2 from 'argon2';

export const sha256Hex = (data: string | Uint8Array): string =>
  createHash('sha256').update(data).digest('hex');

/** An opaque secret for the client; only its SHA-256 is stored. */
export const newToken = (): string => randomBytes(32).toString('base64url');

/** A 6-character verification code of digits (easy to type from a phone). */
export const newVerifyCode = (): string => String(randomInt(0, 1_000_000)).padStart(6, '0');

export function safeEqualHex(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

/** OWASP Password Storage Cheat Sheet: argon2id, 19 MiB memory, 2 iterations, 1 lane. */
const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => argon2.hash(password, ARGON2_OPTIONS);

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

/** A hash to verify against when the account does not exist, so timing does not reveal accounts. */
let dummyHash: Promise<string> | undefined;
export const dummyPasswordHash = (): Promise<string> =>
  (dummyHash ??= hashPassword('not-a-real-password-1A'));
