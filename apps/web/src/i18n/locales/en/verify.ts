import type { verify as zh } from '../zh/verify';

export const verify: typeof zh = {
  title: 'Verify evidence',
  nav: {
    home: 'Home',
    signIn: 'Sign in',
    apiDocs: 'Public API',
  },
  hero: {
    eyebrow: 'Public verification · no sign-in',
    headline: 'Check that a piece of data really is on the blockchain',
    description:
      "Paste a transaction hash or a data hash, or choose a file. Your browser computes the file's SHA-256 itself, fetches the inclusion proof from the public ledger and checks it with the platform's public key: you do not have to trust our server.",
  },
  input: {
    hashTab: 'Paste a hash',
    fileTab: 'Choose a file',
    hashPlaceholder: "Transaction hash or a file's SHA-256 (64 hexadecimal characters)",
    submit: 'Verify',
    invalid: 'Enter a 64-character hexadecimal hash',
    drop: 'Drop a file here, or click to choose one',
    dropHint: 'The file is not uploaded: only its SHA-256 hash is computed, in your browser',
    hashing: 'Computing SHA-256…',
    fileHash: 'File SHA-256',
    fileSize: '{{size}} bytes',
    noCrypto: 'This browser cannot compute hashes here (HTTPS is required); paste the hash instead',
    hashFailed: 'Could not read the file: {{message}}',
  },
  result: {
    notFoundTitle: 'No such record',
    notFoundText:
      'The public ledger has no record with this hash. For a file, this means its content was never recorded, or the file has been changed since.',
    notSealedText:
      'The record is written and waits to be sealed into a block (about once a second); refresh shortly.',
    errorTitle: 'The verification request failed',
    refresh: 'Refresh',
    verifiedTitle: 'The record exists and has not been tampered with',
    failedTitle: 'Verification failed: the data does not match its block',
    record: 'Evidence record',
    block: 'Block',
    anchor: 'External chain anchor',
    checks: 'Checks your browser ran',
    eventType: 'Event type',
    subjectId: 'Subject',
    eventTime: 'Event time',
    signer: 'Signing enterprise DID',
    dataHash: 'Data hash (SHA-256)',
    txHash: 'Transaction hash',
    leafPosition: 'Leaf index / tree size',
    height: 'Block height',
    blockHash: 'Block hash',
    blockTime: 'Sealed at',
    treeSize: 'Tree size',
    rootHash: 'Merkle root hash',
    signature: 'Block signature',
    signatureOk: 'Valid platform signature',
    signatureBad: 'Invalid signature',
    platformKey: 'Platform public key (Ed25519)',
    anchorTx: 'Anchor transaction',
    anchorContract: 'Anchor contract',
    anchoredAt: 'Anchored at',
  },
  explain: {
    title: 'What is checked',
    record:
      'Record: the record data is RFC 8785 canonical JSON; its RFC 9162 leaf hash SHA-256(0x00‖data) must equal the transaction hash.',
    inclusion:
      "Inclusion: hashing up the Merkle audit path with SHA-256(0x01‖left‖right) must give the block's root hash (RFC 9162 section 2.1.3).",
    block:
      "Block: the block hash is the SHA-256 of the RFC 8785 canonical header (height, previous block hash, tree size, root hash, time), which must carry a valid signature by the platform's Ed25519 key (RFC 8032).",
    anchor:
      'Anchor: block roots are also written to an external blockchain; the anchor transaction can be checked in a block explorer.',
    api: 'All data comes from the public API, so you can verify independently with your own code:',
    apiLink: 'API documentation (/api/docs)',
  },
};
