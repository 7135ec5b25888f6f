import type { api, TFileBizType, TInput } from '@tracehub/contract';

/** Query keys of the evidence ledger: the enterprise's records, and the public proofs and key. */
export const ledgerKeys = {
  all: ['ledger'] as const,
  list: (request: TInput<typeof api.ledger.queryProductChainRecordsPage>) =>
    [...ledgerKeys.all, 'list', request] as const,
  byHash: (hash: string) => [...ledgerKeys.all, 'byHash', hash] as const,
  proof: (hash: string) => [...ledgerKeys.all, 'proof', hash] as const,
  /** A record's content and salt (/graph/getEvidence), for the members who may see it. */
  evidence: (hash: string) => [...ledgerKeys.all, 'evidence', hash] as const,
  platformKey: () => [...ledgerKeys.all, 'platformKey'] as const,
  /** A business record's files with their upload evidence (/file/list). */
  attachments: (bizType: TFileBizType, bizNo: string) =>
    [...ledgerKeys.all, 'attachments', bizType, bizNo] as const,
  /** The enterprise's latest record of one event type (e.g. its certification). */
  latestOf: (eventType: string, subjectId: string) =>
    [...ledgerKeys.all, 'latestOf', eventType, subjectId] as const,
};
