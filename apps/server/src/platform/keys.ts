import fs from 'node:fs';
import path from 'node:path';
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { syncDirectorySync } from '../durable-files.ts';

/**
 * Key custody: enterprise private keys are encrypted at rest with AES-256-GCM under a master key that
 * comes from configuration (MASTER_KEY) or, for the embedded default, from a file under DATA_DIR.
 */
export function loadMasterKey(dataDir: string, configured: string | undefined): Buffer {
  if (configured) return Buffer.from(configured, 'hex');
  const file = path.join(dataDir, 'master.key');
  const existing = () => Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'hex');
  if (fs.existsSync(file)) return existing();
  fs.mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32);
  // Written whole and synced beside, then linked into place with its directory synced: the database syncs
  // the enterprise keys it encrypts, and a master key lost to a power loss would leave them unreadable. A
  // link never replaces a file, so a key another process put there first is kept and read, never half read.
  const partial = `${file}.${process.pid}.partial`;
  fs.writeFileSync(partial, key.toString('hex'), { mode: 0o600, flush: true });
  try {
    fs.linkSync(partial, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return existing();
    throw err;
  } finally {
    fs.rmSync(partial, { force: true });
  }
  syncDirectorySync(dataDir);
  return key;
}

/** `v1.<iv>.<tag>.<ciphertext>`, base64url parts. */
export function encryptSecret(masterKey: Buffer, plaintext: Uint8Array): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', masterKey, iv);
  const ct = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), ct]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

export function decryptSecret(masterKey: Buffer, sealed: string): Uint8Array {
  const [version, iv, tag, ct] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || !ct) throw new Error('Unknown sealed secret format');
  const decipher = createDecipheriv('aes-256-gcm', masterKey, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return new Uint8Array(Buffer.concat([decipher.update(Buffer.from(ct, 'base64url')), decipher.final()]));
}

/** EIP-55 checksummed address of an uncompressed secp256k1 public key. */
export function ethereumAddress(publicKey: Uint8Array): string {
  const hex = bytesToHex(keccak_256(publicKey.slice(1)).slice(-20));
  const hash = bytesToHex(keccak_256(new TextEncoder().encode(hex)));
  let out = '0x';
  for (let i = 0; i < hex.length; i++) out += parseInt(hash[i]!, 16) >= 8 ? hex[i]!.toUpperCase() : hex[i];
  return out;
}

export interface EnterpriseIdentity {
  address: string;
  did: string;
  publicKeyHex: string;
  keyCiphertext: string;
}

/** A new platform-hosted identity: secp256k1 key pair, chain account address and did:ethr DID. */
export function newEnterpriseIdentity(masterKey: Buffer, chainId: number): EnterpriseIdentity {
  const secret = secp256k1.utils.randomSecretKey();
  const publicKey = secp256k1.getPublicKey(secret, false);
  const address = ethereumAddress(publicKey);
  return {
    address,
    did: `did:ethr:0x${chainId.toString(16)}:${address}`,
    publicKeyHex: bytesToHex(secp256k1.getPublicKey(secret, true)),
    keyCiphertext: encryptSecret(masterKey, secret),
  };
}
