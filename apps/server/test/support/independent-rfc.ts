import { createHash, createPublicKey, verify as cryptoVerify } from 'node:crypto';
import { jcs } from './independent-jcs.ts';

/*
 * An independent verifier's primitives, as a third party would write them from the RFCs and the README: only
 * node:crypto (SHA-256, Ed25519) and its own RFC 9162 and RFC 8785 (independent-jcs.ts) code, nothing of
 * packages/ledger or apps/verify. Used by the ledger's and the evidence packages' independent tests.
 */

export const sha256 = (...parts: (Buffer | string)[]) => {
  const h = createHash('sha256');
  for (const p of parts) h.update(p);
  return h.digest();
};
/** RFC 9162 2.1.1: leaf = H(0x00 || data), node = H(0x01 || left || right). */
export const leaf = (data: string) => sha256(Buffer.from([0]), data);
export const node = (l: Buffer, r: Buffer) => sha256(Buffer.from([1]), l, r);
export const hexOf = (b: Buffer) => b.toString('hex');
export const buf = (h: string) => Buffer.from(h, 'hex');

/** RFC 9162 2.1.3.2. */
export function verifyInclusion(
  index: number,
  size: number,
  hash: Buffer,
  path: Buffer[],
  root: Buffer,
): boolean {
  if (index >= size) return false;
  let [fn, sn, r] = [index, size - 1, hash];
  for (const p of path) {
    if (sn === 0) return false;
    if (fn % 2 === 1 || fn === sn) {
      r = node(p, r);
      while (fn % 2 === 0 && fn !== 0) [fn, sn] = [fn >> 1, sn >> 1];
    } else r = node(r, p);
    [fn, sn] = [fn >> 1, sn >> 1];
  }
  return sn === 0 && r.equals(root);
}

/** RFC 9162 2.1.4.2. */
export function verifyConsistency(
  first: number,
  second: number,
  r1: Buffer,
  r2: Buffer,
  proof: Buffer[],
): boolean {
  if (first === second) return proof.length === 0 && r1.equals(r2);
  if (first === 0 || first > second || proof.length === 0) return false;
  const path = (first & (first - 1)) === 0 ? [r1, ...proof] : proof;
  let [fn, sn] = [first - 1, second - 1];
  while (fn % 2 === 1) [fn, sn] = [fn >> 1, sn >> 1];
  let [fr, sr] = [path[0]!, path[0]!];
  for (const c of path.slice(1)) {
    if (sn === 0) return false;
    if (fn % 2 === 1 || fn === sn) {
      [fr, sr] = [node(c, fr), node(c, sr)];
      while (fn % 2 === 0 && fn !== 0) [fn, sn] = [fn >> 1, sn >> 1];
    } else sr = node(sr, c);
    [fn, sn] = [fn >> 1, sn >> 1];
  }
  return sn === 0 && fr.equals(r1) && sr.equals(r2);
}

/** Ed25519 with a raw 32-byte public key, wrapped as SPKI DER. */
export const ed25519Verify = (publicKeyHex: string, message: Buffer | string, signature: Buffer) =>
  cryptoVerify(
    null,
    Buffer.from(message),
    createPublicKey({
      key: Buffer.concat([buf('302a300506032b6570032100'), buf(publicKeyHex)]),
      format: 'der',
      type: 'spki',
    }),
    signature,
  );

export interface Header {
  height: number;
  prevHash: string;
  treeSize: number;
  rootHash: string;
  time: number;
}
export interface Block {
  header: Header;
  hash: string;
  signature: string;
}

/** A block holds when its hash is SHA-256 of the header's RFC 8785 bytes and the platform signed them. */
export function verifyBlock(block: Block, publicKeyHex: string): boolean {
  const { height, prevHash, treeSize, rootHash, time } = block.header;
  const bytes = jcs({ height, prevHash, treeSize, rootHash, time });
  return hexOf(sha256(bytes)) === block.hash && ed25519Verify(publicKeyHex, bytes, buf(block.signature));
}
