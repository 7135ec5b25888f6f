import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { api } from '@tracehub/contract';
import { isHashHex } from '@tracehub/ledger';
import { call } from '../../api/client';
import { proofState } from './proofState';
import { ledgerKeys } from './queries';

export type { TProofState } from './proofState';

/**
 * Fetches a record's inclusion proof (by txHash or data hash) and the platform key from the public ledger
 * API and verifies the proof in the browser. Errors are shown by the caller, not toasted.
 *
 * With `withContent` (the console, signed in to the record's enterprise), the record's content and salt
 * (/graph/getEvidence) are fetched too and checked against the proven leaf's payload hash; the public page
 * never asks for them. Without content (not the member's to see, or not loaded) that check does not apply.
 */
export function useVerifiedProof(hash: string | null | undefined, { withContent = false } = {}) {
  const wanted = hash ? hash.trim().toLowerCase() : '';
  const valid = isHashHex(wanted) ? wanted : null;
  const proof = useQuery({
    queryKey: ledgerKeys.proof(valid ?? ''),
    queryFn: ({ signal }) => call(api.publicLedger.proof, { hash: valid ?? '' }, { silent: true, signal }),
    enabled: valid !== null,
    staleTime: 0,
  });
  const key = useQuery({
    queryKey: ledgerKeys.platformKey(),
    queryFn: ({ signal }) => call(api.publicLedger.key, {}, { silent: true, signal }),
    enabled: valid !== null,
    staleTime: Infinity,
  });
  const evidence = useQuery({
    queryKey: ledgerKeys.evidence(valid ?? ''),
    queryFn: ({ signal }) => call(api.ledger.getEvidence, { hash: valid ?? '' }, { silent: true, signal }),
    enabled: valid !== null && withContent,
    staleTime: 0,
    retry: false,
  });
  const content = evidence.data?.content ?? null;
  const state = useMemo(
    () =>
      proofState(
        valid,
        { data: proof.data, error: proof.error },
        { data: key.data, error: key.error },
        content,
      ),
    [valid, proof.data, proof.error, key.data, key.error, content],
  );
  const refresh = async () => {
    await Promise.all([
      proof.refetch(),
      key.error ? key.refetch() : Promise.resolve(),
      withContent ? evidence.refetch() : Promise.resolve(),
    ]);
  };
  return { state, refresh, refreshing: proof.isFetching || key.isFetching };
}
