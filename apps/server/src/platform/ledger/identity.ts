import { didKeyDocument, signCredential } from '@tracehub/ledger';
import type { PlatformKey } from './platform-key.ts';

/** The W3C DID document of the platform: the did:key of its Ed25519 block- and credential-signing key. */
export function platformDidDocument(key: PlatformKey): Record<string, unknown> {
  return didKeyDocument(key.publicKeyHex);
}

/** The chain id of a `did:ethr:<network>:0x…` DID (hex or decimal network; mainnet without one). */
export function ethrChainId(did: string): number | null {
  const match = /^did:ethr:(?:([0-9a-zA-Z]+):)?0x[0-9a-fA-F]{40}$/.exec(did);
  if (!match) return null;
  const network = match[1];
  if (network === undefined || network === 'mainnet') return 1;
  const id = /^0x[0-9a-f]+$/i.test(network)
    ? parseInt(network, 16)
    : /^\d+$/.test(network)
      ? Number(network)
      : NaN;
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * The W3C DID document of a certified enterprise's did:ethr (as the ethr DID resolver shapes it for an
 * address-based DID): one EcdsaSecp256k1RecoveryMethod2020 verification method whose blockchainAccountId
 * (CAIP-10, `eip155:<chain id>:<address>`) is the enterprise's chain account, used for authentication and
 * assertions. Evidence signatures recover to that address.
 */
export function enterpriseDidDocument(did: string, chainAddress: string): Record<string, unknown> | null {
  const chainId = ethrChainId(did);
  if (chainId === null) return null;
  const method = `${did}#controller`;
  return {
    '@context': [
      'https://www.w3.org/ns/did/v1',
      'https://w3id.org/security/suites/secp256k1recovery-2020/v2',
    ],
    id: did,
    verificationMethod: [
      {
        id: method,
        type: 'EcdsaSecp256k1RecoveryMethod2020',
        controller: did,
        blockchainAccountId: `eip155:${chainId}:${chainAddress}`,
      },
    ],
    authentication: [method],
    assertionMethod: [method],
  };
}

/** What a certification credential states about the enterprise. */
export interface CertificationFacts {
  number: string;
  did: string;
  name: string;
  englishName: string | null;
  usci: string;
  certifiedAt: Date;
}

/** XML Schema dateTime in UTC without milliseconds, as credentials usually carry it. */
const dateTime = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, 'Z');

/**
 * The blockchain certificate as a W3C Verifiable Credential (data model 2.0): issued by the platform DID to
 * the enterprise DID, secured with an eddsa-jcs-2022 Data Integrity proof by the platform's Ed25519 key.
 */
export function issueCertificationCredential(
  key: PlatformKey,
  facts: CertificationFacts,
): Record<string, unknown> {
  const unsigned = {
    '@context': ['https://www.w3.org/ns/credentials/v2'],
    id: `urn:tracehub:certificate:${facts.number}`,
    type: ['VerifiableCredential', 'EnterpriseCertificationCredential'],
    issuer: key.did,
    validFrom: dateTime(facts.certifiedAt),
    credentialSubject: {
      id: facts.did,
      name: facts.name,
      ...(facts.englishName ? { englishName: facts.englishName } : {}),
      usci: facts.usci,
      certificateNumber: facts.number,
      certifiedAt: dateTime(facts.certifiedAt),
    },
  };
  return signCredential(unsigned, key.secretKey, {
    verificationMethod: key.keyId,
    created: dateTime(facts.certifiedAt),
  });
}
