/** Evidence leaves: the canonical bytes of an evidence-bearing event, appended to the log as one leaf. */
import { canonicalBytes } from './canonical.ts';
import { leafHash } from './merkle.ts';

export { fromHex, hex } from './bytes.ts';

export interface EvidenceEvent {
  /** What happened, e.g. 'document.created', 'attachment.uploaded', 'enterprise.certified'. */
  type: string;
  enterpriseUuid: string;
  /** The record the event is about (document, attachment, master-data row, enterprise). */
  subjectId: string;
  /** JSON data of the event; canonicalised with the rest (RFC 8785), so it must be I-JSON. Undefined → null. */
  payload: unknown;
  /** Event time, epoch milliseconds. */
  time: number;
  /** The submitting enterprise's DID and its signature, when the record was signed. */
  signer?: { did: string; signature: string };
}

/**
 * Leaf data of an event: RFC 8785 canonical JSON of exactly the EvidenceEvent fields (signer omitted when
 * absent; any other property ignored). Throws TypeError on a malformed event or non-JSON payload.
 */
export function evidenceLeafData(event: EvidenceEvent): Uint8Array {
  const { type, enterpriseUuid, subjectId, payload, time, signer } = event;
  for (const [name, value] of [
    ['type', type],
    ['enterpriseUuid', enterpriseUuid],
    ['subjectId', subjectId],
  ] as const) {
    if (typeof value !== 'string' || value === '') throw new TypeError(`evidence ${name} must be a string`);
  }
  if (!Number.isSafeInteger(time)) throw new TypeError('evidence time must be an integer (epoch ms)');
  if (signer !== undefined) {
    if (typeof signer.did !== 'string' || typeof signer.signature !== 'string') {
      throw new TypeError('evidence signer must have string did and signature');
    }
  }
  const fields = {
    type,
    enterpriseUuid,
    subjectId,
    payload: payload === undefined ? null : payload,
    time,
    ...(signer === undefined ? {} : { signer: { did: signer.did, signature: signer.signature } }),
  };
  return canonicalBytes(fields);
}

/** RFC 9162 leaf hash of {@link evidenceLeafData}: the value appended to the Merkle log. */
export function evidenceLeafHash(event: EvidenceEvent): Uint8Array {
  return leafHash(evidenceLeafData(event));
}
