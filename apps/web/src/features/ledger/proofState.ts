import { ERRORS, type TInclusionProof } from '@tracehub/contract';
import { isApiError } from '../../api/errors';
import { verifyProof, type TProofVerification, type TRecordContent } from './verifyProof';

/** What the browser knows about a hash's record: nothing asked, loading, not on the ledger (yet), or verified. */
export type TProofState =
  | { status: 'idle' }
  | { status: 'loading' }
  /** L3001: recorded but not sealed into a block yet (spec 8: refresh later). */
  | { status: 'notSealed' }
  /** L3002: no record with this hash. */
  | { status: 'notFound' }
  | { status: 'error'; message: string }
  | {
      status: 'done';
      proof: TInclusionProof;
      publicKey: string;
      keyId: string;
      verification: TProofVerification;
    };

interface TQueryLike<T> {
  data: T | undefined;
  error: unknown;
}

/**
 * The state of a hash's proof from the two queries (proof, platform key): ledger errors become their own
 * states, other failures an error with the client's message; a complete pair is verified here, in the browser.
 * `content` (the record's payload and salt, for members who may see it) adds the payload check.
 */
export function proofState(
  hash: string | null,
  proof: TQueryLike<TInclusionProof>,
  key: TQueryLike<{ publicKey: string; keyId: string }>,
  content?: TRecordContent | null,
): TProofState {
  if (hash === null) return { status: 'idle' };
  if (proof.error) {
    if (isApiError(proof.error) && proof.error.code === ERRORS.LEDGER_NOT_SEALED.code)
      return { status: 'notSealed' };
    if (isApiError(proof.error) && proof.error.code === ERRORS.LEDGER_NOT_FOUND.code)
      return { status: 'notFound' };
    return { status: 'error', message: messageOf(proof.error) };
  }
  if (key.error) return { status: 'error', message: messageOf(key.error) };
  if (!proof.data || !key.data) return { status: 'loading' };
  return {
    status: 'done',
    proof: proof.data,
    publicKey: key.data.publicKey,
    keyId: key.data.keyId,
    verification: verifyProof(proof.data, key.data.publicKey, hash, content),
  };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
