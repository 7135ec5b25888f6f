import { canonicalize } from '@tracehub/ledger';
import {
  CHECK_LIMITS,
  type TBilingual,
  type TCheckPackage,
  type TCheckParams,
  type TEnterpriseKind,
} from '@tracehub/contract';
import { sha256Hex } from '../../platform/crypto.ts';
import { CHECKS, checkById } from './checks/index.ts';

/*
 * Rule packages: a named, versioned list of check ids with parameters. Its hash is SHA-256 over the RFC 8785
 * canonical JSON of its id, version, checks (id and version each) and parameters, so a run that records it
 * says exactly which rules judged the data. The default packages are declared here (a package changes only
 * with a new version, hence a new hash); manufacturing and trading companies (automakers are
 * manufacturers) must run the standard package whole, source companies may choose.
 */
interface PackageDecl {
  id: string;
  version: number;
  name: TBilingual;
  checkIds: readonly string[];
  params: TCheckParams;
  mandatoryFor: readonly TEnterpriseKind[];
}

const DEFAULT_PARAMS: TCheckParams = { tolerance: 0.02, costShareThreshold: CHECK_LIMITS.costShareThreshold };

/** What a mine or smelter's own data can be judged by: its lots, sales, shipments, papers and places. */
const SOURCE_CHECKS = [
  'lot-balance',
  'lot-balance:shipped',
  'amount:deliveries-over-contract',
  'amount:invoices-over-contract',
  'amount:collections-over-invoice',
  'dates:delivered-before-in',
  'dates:delivered-before-contract',
  'dates:invoiced-before-contract',
  'dates:collected-before-invoice',
  'dates:shipped-before-delivery',
  'dates:arrived-before-departure',
  'related-unresolved:SaleDelivery',
  'related-unresolved:SaleInvoice',
  'related-unresolved:SaleReceipt',
  'related-unresolved:LogisticsTrans',
  'counterparty-mismatch:SaleDelivery',
  'counterparty-mismatch:LogisticsTrans',
  'attachment-missing:SaleOrigin',
  'attachment-missing:InternalE1',
  'attachment-missing:LogisticsLading',
  ...CHECKS.filter((c) => c.id.startsWith('record-unsealed:')).map((c) => c.id),
  'risk:site',
  'risk:origin-country',
];

const DECLS: readonly PackageDecl[] = [
  {
    id: 'standard',
    version: 2,
    name: { zh: '标准规则包', en: 'Standard rule package' },
    checkIds: CHECKS.map((c) => c.id),
    params: DEFAULT_PARAMS,
    mandatoryFor: ['automaker', 'manufacturing', 'trading'],
  },
  {
    id: 'source',
    version: 2,
    name: { zh: '矿产来源规则包', en: 'Source company rule package' },
    checkIds: SOURCE_CHECKS,
    params: DEFAULT_PARAMS,
    mandatoryFor: [],
  },
];

export interface RulePackage extends PackageDecl {
  hash: string;
}

export function packageHash(p: PackageDecl): string {
  const checks = p.checkIds.map((id) => ({ id, version: checkById(id)?.version ?? 0 }));
  return sha256Hex(canonicalize({ id: p.id, version: p.version, checks, params: p.params }));
}

export const RULE_PACKAGES: readonly RulePackage[] = DECLS.map((d) => ({ ...d, hash: packageHash(d) }));

export const rulePackage = (id: string): RulePackage | undefined => RULE_PACKAGES.find((p) => p.id === id);

export const isMandatory = (p: PackageDecl, kind: TEnterpriseKind | null): boolean =>
  kind !== null && p.mandatoryFor.includes(kind);

export const presentPackage = (p: RulePackage, kind: TEnterpriseKind | null): TCheckPackage => ({
  id: p.id,
  version: p.version,
  name: p.name,
  checkIds: [...p.checkIds],
  params: p.params,
  hash: p.hash,
  mandatory: isMandatory(p, kind),
});
