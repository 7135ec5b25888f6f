import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { blockPublicKey, didKeyVerificationMethod, ed25519DidKey } from '@tracehub/ledger';
import type { Db } from '../../db/client.ts';
import { platformKeys } from '../../db/schema.ts';
import { decryptSecret, encryptSecret } from '../keys.ts';

/** The row name of the Ed25519 key that signs block headers and credentials. */
export const BLOCK_SIGNING_KEY = 'block-signing';

/** The platform's Ed25519 key: it signs every block header and every verifiable credential. */
export interface PlatformKey {
  secretKey: Uint8Array;
  /** Raw 32-byte public key, lowercase hex. */
  publicKeyHex: string;
  /** The platform DID: the did:key of the public key. */
  did: string;
  /** Its verification method (`did:key:z…#z…`): the keyId of the public key endpoint and of VC proofs. */
  keyId: string;
}

export function platformKeyOf(secretKey: Uint8Array): PlatformKey {
  const publicKeyHex = blockPublicKey(secretKey);
  const did = ed25519DidKey(publicKeyHex);
  return { secretKey, publicKeyHex, did, keyId: didKeyVerificationMethod(did) };
}

/**
 * The platform key, created on first start and shared through the database, so that every server process
 * (and every restart) signs with the same key. Its secret is stored under the master key; a process with
 * another master key cannot start.
 */
export async function loadPlatformKey(db: Db, masterKey: Buffer): Promise<PlatformKey> {
  const fresh = new Uint8Array(randomBytes(32));
  // Concurrent first starts: one insert wins, every process then reads the same row.
  await db
    .insert(platformKeys)
    .values({
      name: BLOCK_SIGNING_KEY,
      algorithm: 'Ed25519',
      publicKey: blockPublicKey(fresh),
      secretCiphertext: encryptSecret(masterKey, fresh),
    })
    .onConflictDoNothing();
  const [row] = await db.select().from(platformKeys).where(eq(platformKeys.name, BLOCK_SIGNING_KEY));
  if (!row) throw new Error('the platform key could not be stored');
  let secret: Uint8Array;
  try {
    secret = decryptSecret(masterKey, row.secretCiphertext);
  } catch {
    throw new Error(
      'The platform block-signing key in the database cannot be decrypted with this MASTER_KEY: ' +
        'every server process of one database must use the same master key.',
    );
  }
  const key = platformKeyOf(secret);
  if (key.publicKeyHex !== row.publicKey)
    throw new Error('the stored platform key does not match its public key');
  return key;
}

/** The stored public key (hex) of the platform key, without the master key (for verification tools). */
export async function platformPublicKey(db: Db): Promise<string | null> {
  const [row] = await db
    .select({ publicKey: platformKeys.publicKey })
    .from(platformKeys)
    .where(eq(platformKeys.name, BLOCK_SIGNING_KEY));
  return row?.publicKey ?? null;
}
