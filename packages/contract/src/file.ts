import { z } from 'zod';
import { endpoint } from './endpoint.ts';
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
};
