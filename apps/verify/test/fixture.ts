import { createHash, randomBytes } from 'node:crypto';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { ed25519 } from '@noble/curves/ed25519.js';
import { strToU8, zipSync } from 'fflate';
import {
  addressOfPublicKey,
  blockHash,
  blockPublicKey,
  canonicalize,
  consistencyProof,
  didKeyVerificationMethod,
  ed25519DidKey,
  evidenceBatchProof,
  evidenceLeafText,
  hex,
  inclusionProof,
  leafHash,
  newEvidenceBatchId,
  newEvidenceSalt,
  rootFromLeafHashes,
  signBlock,
  signEvidenceBatch,
  signPayloadHash,
  GENESIS_PREV_HASH,
  type EvidenceEvent,
} from '@tracehub/ledger';

/*
 * A small evidence package built from the ledger primitives alone (no server): two blocks, three records
 * (one with an attachment, one a counterparty's without its payload), signed like the server signs. The
 * verifier must pass it; the CLI tests tamper with it.
 */

const sha = (b: Uint8Array | string) => createHash('sha256').update(b).digest('hex');
const json = (v: unknown) => strToU8(canonicalize(v));

export function goodPackage(): Record<string, Uint8Array> {
  const platformSecret = new Uint8Array(randomBytes(32));
  const platformPub = blockPublicKey(platformSecret);
  const platformDid = ed25519DidKey(platformPub);
  const entSecret = secp256k1.utils.randomSecretKey();
  const did = `did:ethr:1337:${addressOfPublicKey(secp256k1.getPublicKey(entSecret, false))}`;
  const attachment = strToU8('inspection report 2026');
  const batch = newEvidenceBatchId();
  const events: { event: EvidenceEvent; own: boolean; tier: number }[] = [
    {
      own: true,
      tier: 0,
      event: {
        type: 'document.created',
        enterpriseUuid: 'e-1',
        subjectType: 'document',
        subjectId: '1',
        payload: { billNo: 'WG-1', itemName: 'EV7' },
        salt: newEvidenceSalt(),
        time: 1767225600000,
        signer: { did, batch },
      },
    },
    {
      own: true,
      tier: 0,
      event: {
        type: 'file.uploaded',
        enterpriseUuid: 'e-1',
        subjectType: 'file',
        subjectId: 'ab12',
        payload: { fileName: 'r.txt' },
        salt: newEvidenceSalt(),
        dataHash: sha(attachment),
        time: 1767225600001,
        signer: { did, batch },
      },
    },
    {
      own: false,
      tier: 1,
      event: {
        type: 'document.created',
        enterpriseUuid: 'e-2',
        subjectType: 'document',
        subjectId: '2',
        payload: { billNo: 'XS-1' },
        salt: newEvidenceSalt(),
        time: 1767225600002,
      },
    },
  ];
  const texts = events.map((e) => evidenceLeafText(e.event));
  const hashes = texts.map((t) => leafHash(strToU8(t)));
  const signed = signEvidenceBatch(batch, did, hashes.slice(0, 2), entSecret);
  const header = (height: number, size: number, prevHash: string) => ({
    height,
    prevHash,
    treeSize: size,
    rootHash: hex(rootFromLeafHashes(hashes.slice(0, size))),
    time: 1767225700000 + height,
  });
  const h0 = header(0, 2, GENESIS_PREV_HASH);
  const b0 = { header: h0, hash: blockHash(h0), signature: signBlock(h0, platformSecret) };
  const h1 = header(1, 3, b0.hash);
  const b1 = { header: h1, hash: blockHash(h1), signature: signBlock(h1, platformSecret) };
  const files: Record<string, Uint8Array> = {};
  const keyId = didKeyVerificationMethod(platformDid);
  files['platform-key.json'] = json({
    algorithm: 'Ed25519',
    publicKey: platformPub,
    keyId,
    did: platformDid,
  });
  files[`attachments/${sha(attachment)}`] = attachment;
  events.forEach((e, i) => {
    const block = i < 2 ? b0 : b1;
    const size = block.header.treeSize;
    files[`records/00000${i + 1}.json`] = json({
      tier: e.tier,
      direction: e.tier === 0 ? 'start' : 'down',
      own: e.own,
      proof: {
        leafIndex: i,
        treeSize: size,
        leafHash: hex(hashes[i]!),
        auditPath: inclusionProof(i, hashes.slice(0, size)).map(hex),
        rootHash: block.header.rootHash,
        block,
        anchor: null,
        leafData: texts[i],
        batch: i < 2 ? evidenceBatchProof(signed, hashes.slice(0, 2), i) : null,
      },
      opening: e.own ? { payload: e.event.payload, salt: e.event.salt } : null,
      withheld: [],
      attachment: e.event.dataHash ? `attachments/${sha(attachment)}` : null,
    });
  });
  files['blocks/0.json'] = json(b0);
  files['blocks/1.json'] = json(b1);
  files['consistency/0.json'] = json({ from: b0, to: b1, proof: consistencyProof(2, 3, hashes).map(hex) });
  files['dids/did_ethr_1337_x.json'] = json({
    id: did,
    verificationMethod: [{ id: `${did}#controller`, blockchainAccountId: `eip155:1337:${did.slice(-42)}` }],
  });
  const listed = Object.entries(files).map(([path, b]) => ({ path, sha256: sha(b), size: b.length }));
  const manifest = json({
    format: 'tracehub-evidence-package',
    version: 1,
    type: 1,
    scope: { kind: 'vin', values: ['LGXCE4CB0N0000011'] },
    createdAt: 1767225800000,
    enterprise: { uuid: 'e-1', did },
    withheldFields: [],
    counts: { records: 3, attachments: 1, blocks: 2 },
    files: listed,
  });
  files['manifest.json'] = manifest;
  files['manifest.sig.json'] = json({
    platform: { keyId, signature: hex(ed25519.sign(manifest, platformSecret)) },
    enterprise: { did, signature: signPayloadHash(sha(manifest), entSecret) },
  });
  return files;
}

export const zipOf = (files: Record<string, Uint8Array>): Uint8Array => zipSync(files);
