import { DOCUMENT_TYPES } from './document-types.ts';

/*
 * The list pages whose records carry attachments and on-chain evidence, by menu code (menu-tree.ts). An
 * attachment, a quality report or an LCA report is filed under one record (`bizNo` `<page>:<id>`), and its
 * access follows that page's codes and the record's data permission; so does a record's evidence.
 * Pure data (no endpoint), so that file.ts, ledger.ts and imports.ts can share it without cycles.
 */

/** Master-data list pages, in menu order. */
export const MASTER_DATA_PAGES = [
  'Partner',
  'Project',
  'Product',
  'MaterialData',
  'MaterialDataIn',
  'MaterialRelation',
  'CustomMaterialRelation',
] as const;
export type TMasterDataPage = (typeof MASTER_DATA_PAGES)[number];

/** Every page whose records own files and evidence: master data, then each document type. */
export const RECORD_PAGES: readonly string[] = [...MASTER_DATA_PAGES, ...DOCUMENT_TYPES.map((d) => d.code)];

/** Spec 6 ViewBCdata of a record page: view the blockchain evidence of its records. */
export const viewEvidenceCode = (page: string): string => `${page}:ViewBCdata`;

/** The evidence records page (/evidence/chainRecords): every evidence record of the enterprise. */
export const CHAIN_RECORDS_CODE = 'ChainRecords';

/** The user centre's certificate action: the evidence of the enterprise's own data (certification, company). */
export const COMPANY_EVIDENCE_CODE = 'ViewBlockchainCertificate';

/**
 * The codes any one of which opens some evidence record (/graph/getHash, /file/viewChainPdf, /pass/chainFile);
 * which one a record needs is its page's (see the server's platform/record-access.ts).
 */
export const EVIDENCE_CODES: readonly string[] = [
  CHAIN_RECORDS_CODE,
  ...RECORD_PAGES.map(viewEvidenceCode),
  COMPANY_EVIDENCE_CODE,
];
