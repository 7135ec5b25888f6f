import type { DATA_SCOPES, TLang } from '@tracehub/contract';
import type { Db } from '../db/client.ts';
import type { TConfig } from '../config.ts';
import type { AnchorChain } from './chain/anchor-chain.ts';
import type { PlatformKey } from './ledger/platform-key.ts';
import type { Mailer } from './mail.ts';
import type { FileStorage } from './storage.ts';
import type { CompanyVerifier } from './verifier.ts';

/** What every service receives: the database, configuration and platform helpers. */
export interface AppDeps {
  db: Db;
  dbKind: 'pglite' | 'postgres';
  config: TConfig;
  masterKey: Buffer;
  mailer: Mailer;
  /** Content of uploaded files. */
  storage: FileStorage;
  /** The third-party check of certifications. */
  verifier: CompanyVerifier;
  /** The platform's Ed25519 key: signs ledger blocks and verifiable credentials (platform/ledger). */
  platformKey: PlatformKey;
  /** The EVM chain blocks are anchored to, when CHAIN_RPC_URL is configured (platform/chain). */
  chain?: AnchorChain | null;
}

export type TDataScope = (typeof DATA_SCOPES)[number];

/** The verified caller, taken from the session, never from headers or bodies. */
export interface SessionContext {
  sessionId: number;
  userId: number;
  username: string;
  kind: 'enterprise' | 'operator';
  /** The selected enterprise; null while the account has none to use yet. */
  enterpriseUuid: string | null;
  /** Menu permission codes of the member's roles in the enterprise. */
  permissions: ReadonlySet<string>;
  isEnterpriseAdmin: boolean;
  /** Data permission of the member's roles: all company data, or only rows its own account created. */
  dataScope: TDataScope;
  /** Page codes the platform has not configured for the enterprise (spec 6); empty without one. */
  unconfigured: ReadonlySet<string>;
}

/** The tenant context that business services and repositories take first. */
export interface TenantContext {
  enterpriseUuid: string;
  userId: number;
  permissions: ReadonlySet<string>;
  /** Business lists restrict themselves to the caller's own rows when this is 'account'. */
  dataScope: TDataScope;
  /** Page codes not configured for the enterprise: their endpoints are refused before any handler. */
  unconfigured: ReadonlySet<string>;
  /** The request's client address, recorded with every write in the audit trail. */
  ip?: string | null;
  /**
   * The authorising enterprise the member acts for (spec 1, 4: authorised companies upload on behalf of
   * associated ones), recorded in the audit trail; sessions do not carry it yet, so it stays unset.
   */
  onBehalfOf?: string | null;
}

/** Caller of an 'account'-level endpoint: a session, or the sign-in step's verifyKey. */
export interface AccountContext {
  userId: number;
  session: SessionContext | null;
}

export interface RequestMeta {
  lang: TLang;
  ip: string;
  userAgent: string | null;
}
