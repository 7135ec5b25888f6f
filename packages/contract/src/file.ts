import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { LANGS } from './i18n/lang.ts';
import { ZChainDetail } from './ledger.ts';

/**
 * Business types of uploads. Each names the extensions it accepts (spec 5); the server checks extension,
 * size (5 MB) and leading bytes, and hashes every file (SHA-256).
 */
export const FILE_BIZ_TYPES = {
  businessLicence: ['jpg', 'jpeg', 'png'],
  idPhoto: ['jpg', 'jpeg', 'png'],
  avatar: ['jpg', 'jpeg', 'png'],
  attachment: ['jpg', 'jpeg', 'png', 'doc', 'docx', 'pdf', 'xlsx', 'xls'],
  authorizationLetter: ['pdf', 'jpg', 'jpeg', 'png'],
  quality: ['doc', 'docx', 'xls', 'xlsx', 'pdf'],
  /** Products' LCA (life-cycle assessment) reports behind their carbon footprints. */
  lcaReport: ['pdf', 'doc', 'docx', 'xls', 'xlsx'],
} as const;
export type TFileBizType = keyof typeof FILE_BIZ_TYPES;
export const ZFileBizType = z.enum(Object.keys(FILE_BIZ_TYPES) as [TFileBizType, ...TFileBizType[]]);

export const ZFileInfo = z.object({
  fileKey: z.string(),
  fileName: z.string(),
  fileHash: z.string(),
  size: z.number().int(),
  contentType: z.string(),
  bizType: ZFileBizType,
  bizNo: z.string().nullable(),
  createdAt: z.number().int(),
});
export type TFileInfo = z.infer<typeof ZFileInfo>;

/** A file of a business record with its on-chain evidence (spec: /file/list). */
export const ZFileEvidence = z.object({
  fileName: z.string(),
  /** SHA-256 of the content, lowercase hex. */
  fileHash: z.string(),
  /** The leaf hash of the upload's evidence. */
  txHash: z.string(),
  /** The evidence time, epoch milliseconds. */
  txTime: z.number().int(),
  /** The evidence record's key (its ledger event id). */
  rowkey: z.string(),
  fileKey: z.string(),
  chain: ZChainDetail,
});
export type TFileEvidence = z.infer<typeof ZFileEvidence>;

export const fileEndpoints = {
  /** Multipart: field `file`; query bizType and bizNo. Registered by hand (multipart), described here. */
  upload: endpoint({
    method: 'POST',
    path: '/file/upload',
    input: z.object({ bizType: ZFileBizType, bizNo: z.string().max(100).optional() }),
    output: ZFileInfo,
    auth: 'session',
    tag: 'file',
    summary:
      'Upload a file (multipart field `file`; query bizType, bizNo): type, 5 MB and magic bytes checked, SHA-256 kept',
  }),
  /** Streams the file to its owner (or the operators auditing it). */
  view: endpoint({
    method: 'GET',
    path: '/file/view',
    input: z.object({ fileKey: z.string().max(100) }),
    output: z.unknown(),
    auth: 'session',
    tag: 'file',
    summary: 'The content of an uploaded file the caller may read',
  }),
  list: endpoint({
    method: 'POST',
    path: '/file/list',
    input: z.object({ bizType: ZFileBizType, bizNo: z.string().trim().min(1).max(100) }),
    output: z.array(ZFileEvidence),
    auth: 'enterprise',
    tag: 'file',
    summary:
      "The enterprise's files of one business record (bizType, bizNo), oldest first, with each upload's on-chain evidence",
  }),
  /**
   * A printable certificate (A4 PDF, not an envelope; errors are envelopes). Registered by hand (binary
   * answer), described here. `uuid` names one of the enterprise's records: see the summary.
   */
  viewChainPdf: endpoint({
    method: 'GET',
    path: '/file/viewChainPdf',
    input: z.object({
      uuid: z.string().trim().min(1).max(100),
      /** Language of the certificate; the request's Accept-Language (zh by default) without it. */
      lang: z.enum(LANGS).optional(),
      /** IANA time zone the times are printed in (the browser's); Asia/Shanghai without it or when unknown. */
      tz: z.string().max(64).optional(),
    }),
    output: z.unknown(),
    auth: 'enterprise',
    tag: 'file',
    summary:
      "A4 PDF certificate of one of the enterprise's records, by `uuid`: an evidence record's rowkey (its ledger event id, as /file/list and the chain records list give it) or its txHash / data hash (64 hex) gives the blockchain evidence certificate (sealed records only, L3001 before); a certificate number (TH-CERT-…) gives the enterprise certification certificate (needs ViewBlockchainCertificate). Another enterprise's record is E1003 like an unknown one",
  }),
};

/** Spec 7 "/pass/chainFile": the chain detail of one uploaded file. */
export const passEndpoints = {
  chainFile: endpoint({
    method: 'POST',
    path: '/pass/chainFile',
    input: z.object({ fileKey: z.string().trim().min(1).max(100) }),
    output: ZFileEvidence,
    auth: 'enterprise',
    tag: 'file',
    summary:
      "One of the enterprise's uploaded files (fileKey) with its upload's on-chain evidence, shaped like an item of /file/list; another enterprise's file is E1003",
  }),
};
