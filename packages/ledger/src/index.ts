/**
 * The verifiable evidence log: canonical hashing, RFC 9162 Merkle trees, inclusion and consistency
 * proofs, signed block headers. Pure functions without I/O so the same code runs in Node and the browser.
 * Filled in by the evidence-ledger capability.
 */
export const LEDGER_HASH_ALGORITHM = 'sha-256';
