import type { ledger as zh } from '../zh/ledger';

export const ledger: typeof zh = {
  status: {
    sealed: 'On chain',
    pending: 'Pending',
  },
  events: {
    fileUploaded: 'File uploaded',
    enterpriseCertified: 'Enterprise certified',
    companyUpdated: 'Company information changed',
  },
  records: {
    description:
      "The enterprise's business records written to the blockchain ledger: each record's hash, its block and the anchoring transaction on an external chain",
    fields: {
      eventType: 'Event type',
      subject: 'Subject',
      txHash: 'Transaction hash',
      status: 'Status',
      chainHeight: 'Block height',
      chainDate: 'Recorded on chain',
      createdAt: 'Created',
    },
    viewOnChain: 'View on chain',
    lookup: {
      title: 'Look up a hash',
      hint: "Enter a transaction hash or a file's SHA-256 hash (64 hexadecimal characters) to find the enterprise's record",
      placeholder: 'Enter a 64-character hexadecimal hash',
      search: 'Look up',
      invalid: 'Enter a 64-character hexadecimal hash',
      notFound: 'The enterprise has no record with this hash',
    },
  },
  attachments: {
    fileName: 'Attachment',
    fileHash: 'File hash',
    txTime: 'Recorded',
    loadFailed: 'Could not load the attachments',
  },
  certificate: {
    label: 'Certification evidence',
    none: 'No certification evidence yet',
  },
  hash: {
    copy: 'Copy',
    copied: 'Copied',
  },
  dialog: {
    title: 'Blockchain record detail',
    txHash: 'Transaction hash',
    chainHeight: 'Block height',
    chainHash: 'Block hash',
    chainDate: 'Recorded on chain',
    leafPosition: 'Leaf index / tree size',
    leafPositionValue: 'No. {{index}} of {{size}}',
    eventType: 'Event type',
    subjectId: 'Subject',
    eventTime: 'Event time',
    anchor: 'Anchor transaction',
    anchorChain: 'Chain ID {{chainId}} · block {{blockNumber}}',
    anchorChainPending: 'Chain ID {{chainId}} · awaiting inclusion',
    notAnchored: 'Not anchored to an external chain',
    explorer: 'View in the block explorer',
    refresh: 'Refresh',
    openPublic: 'Open on the public verification page',
    checking: 'Verifying…',
    notFound: 'No record with this hash is on the ledger',
    loadFailed: 'Could not load the chain information: {{message}}',
  },
  verdict: {
    verified: 'Verified',
    failed: 'Verification failed',
    verifiedHint:
      'Your browser ran every check itself: the record is included in a block signed by the platform',
    failedHint:
      'At least one check failed: the record or its block may have been tampered with; do not rely on this data',
  },
  checks: {
    title: 'Verified in your browser',
    record: "The record's data hashes to the transaction hash (RFC 8785 canonical JSON, RFC 9162 leaf hash)",
    query: 'The proof is for the hash you asked about',
    inclusion: "The Merkle inclusion proof leads to the block's root hash (RFC 9162)",
    blockHash: 'The block hash matches the block header (RFC 8785 + SHA-256)',
    signature: "The block header carries a valid signature by the platform's Ed25519 key",
    signer: "The submitting enterprise's signature of the record matches its DID (secp256k1)",
    passed: 'Passed',
    notPassed: 'Failed',
  },
};
