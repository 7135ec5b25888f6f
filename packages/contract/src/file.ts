import { z } from 'zod';
import {
  DOCUMENT_ATTACHMENT_TYPES,
  DOCUMENT_TYPES,
  documentTypeByTypeCode,
  type TDocumentTypeDef,
} from './document-types.ts';
import { endpoint } from './endpoint.ts';
import { LANGS } from './i18n/lang.ts';
import { ZChainDetail } from './ledger.ts';
import { EVIDENCE_CODES, MASTER_DATA_PAGES } from './record-pages.ts';

/**
 * Named business types of uploads. Each names the extensions it accepts (spec 5); the server checks
 * extension, size (5 MB) and leading bytes, and hashes every file (SHA-256).
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
  /** Attachments of support tickets (work orders), attached when the ticket is submitted. */
  workOrder: ['jpg', 'jpeg', 'png', 'doc', 'docx', 'pdf', 'xlsx', 'xls'],
} as const;
export type TNamedFileBizType = keyof typeof FILE_BIZ_TYPES;
/**
 * A document's attachments: the business type is the document type's numeric code ('100' purchase order
 * ... '800' E2, spec 3 "Document-type numeric code tables ... for attachment business types").
 */
export type TDocumentFileBizType = `${number}`;
export type TFileBizType = TNamedFileBizType | TDocumentFileBizType;

/** Attachment extensions of each document type's code, by its family (DOCUMENT_ATTACHMENT_TYPES). */
export const DOCUMENT_FILE_BIZ_TYPES: Readonly<Record<TDocumentFileBizType, readonly string[]>> =
  Object.fromEntries(
    DOCUMENT_TYPES.map((d) => [String(d.typeCode), DOCUMENT_ATTACHMENT_TYPES[d.family]]),
  ) as Record<TDocumentFileBizType, readonly string[]>;

const NAMED_FILE_BIZ_TYPES = Object.keys(FILE_BIZ_TYPES) as TNamedFileBizType[];
const DOCUMENT_BIZ_TYPE_CODES = Object.keys(DOCUMENT_FILE_BIZ_TYPES) as TDocumentFileBizType[];

export const ZFileBizType = z.enum([...NAMED_FILE_BIZ_TYPES, ...DOCUMENT_BIZ_TYPE_CODES] as [
  TFileBizType,
  ...TFileBizType[],
]);

/** A business type by its name or document type code ('110'); throws for one that is none (a programming error). */
export function fileBizType(value: string): TFileBizType {
  const parsed = ZFileBizType.safeParse(value);
  if (!parsed.success) throw new Error(`unknown file business type ${value}`);
  return parsed.data;
}

/** The extensions a business type accepts (a named one or a document type's code). */
export function fileBizTypeExtensions(bizType: TFileBizType): readonly string[] {
  return Object.prototype.hasOwnProperty.call(FILE_BIZ_TYPES, bizType)
    ? FILE_BIZ_TYPES[bizType as TNamedFileBizType]
    : (DOCUMENT_FILE_BIZ_TYPES[bizType as TDocumentFileBizType] ?? []);
}

/** The document type whose attachments a business type holds, or undefined for a named type. */
export function documentOfFileBizType(bizType: string): TDocumentTypeDef | undefined {
  return /^[0-9]{3}$/.test(bizType) ? documentTypeByTypeCode(Number(bizType)) : undefined;
}

/**
 * Business types whose files are attachments of a business record, filed under `<pageCode>:<record key>`
 * (the console's attachment dialogs): 'attachment' (master data) and every document type's code. Only
 * these can be deleted through /file/deleteByRowkey.
 */
export function isAttachmentBizType(bizType: string): boolean {
  return bizType === 'attachment' || documentOfFileBizType(bizType) !== undefined;
}

/** The page code of an attachment's bizNo `<pageCode>:<record key>`, or null when it names none. */
export function attachmentPageCode(bizNo: string | null): string | null {
  const at = bizNo ? bizNo.indexOf(':') : -1;
  return bizNo && at > 0 ? bizNo.slice(0, at) : null;
}

/** Largest value of an integer id column: a larger key names no row and must not reach the database. */
const MAX_RECORD_ID = 2_147_483_647;

/** The bizNo under which a record's files are filed: `<pageCode>:<id>` (the console's attachmentBizNo). */
export function recordBizNo(page: string, id: number): string {
  return `${page}:${id}`;
}

/** The record a bizNo `<pageCode>:<id>` names (the console's attachmentBizNo), or null when it names none. */
export function parseRecordBizNo(bizNo: string | null | undefined): { page: string; id: number } | null {
  const m = bizNo ? /^([A-Za-z][A-Za-z0-9]*):([1-9][0-9]{0,9})$/.exec(bizNo) : null;
  const id = m ? Number(m[2]) : 0;
  return m && id <= MAX_RECORD_ID ? { page: m[1]!, id } : null;
}

/**
 * Who may handle a file, by its business type and bizNo (spec 6: each endpoint checks the code of the page
 * its data belongs to). A file of a record (attachments, quality and LCA reports) belongs to that record:
 * `page` and `recordId` name it, and the server applies the record's data permission too. Codes are "any
 * one of"; an empty list needs none.
 */
export interface TFileAccess {
  /** The page whose record owns the file; null for files of no record (photos, licences, letters). */
  page: string | null;
  recordId: number | null;
  /** To upload or delete such a file. */
  write: readonly string[];
  /** To list, view or download it; null: only its uploader (and operators auditing certifications). */
  read: readonly string[] | null;
}

type TFileRule =
  | {
      /** The pages whose records such files are filed under. */
      pages: readonly string[];
      write: (page: string) => readonly string[];
      read: (page: string) => readonly string[];
    }
  | { pages: null; write: readonly string[]; read: readonly string[] | null };

/** A record's attachments: the page's UploadAffix to add or delete, its ViewEnclosure to see them. */
const attachmentRule = (pages: readonly string[]): TFileRule => ({
  pages,
  write: (page) => [`${page}:UploadAffix`],
  read: (page) => [`${page}:ViewEnclosure`],
});

// Literal codes are those of menu-tree.ts; the server's permission test checks that each exists.
const NAMED_FILE_RULES: Readonly<Record<TNamedFileBizType, TFileRule>> = {
  attachment: attachmentRule(MASTER_DATA_PAGES),
  // A material's quality report: uploaded and attached with the page's UploadAffix (as /attachQuality
  // needs), shown in the page's list to whoever holds the page.
  quality: {
    pages: ['MaterialData', 'MaterialDataIn'],
    write: (page) => [`${page}:UploadAffix`],
    read: (page) => [page],
  },
  // A product's LCA report: uploaded with the codes of /carbonFootprint/addCarbonFootprint, read with the
  // carbon footprint's.
  lcaReport: {
    pages: ['Product'],
    write: () => ['EditProduct', 'Product:Edit'],
    read: () => ['ViewCarbonData'],
  },
  // Filed with an authorization application (Request), read on the applications page.
  authorizationLetter: { pages: null, write: ['Request'], read: ['AuthApply'] },
  // The account's own photo: no page's data.
  avatar: { pages: null, write: [], read: null },
  // Certification uploads precede the enterprise; once it is approved they are its company information.
  businessLicence: { pages: null, write: [], read: ['PerFrom'] },
  idPhoto: { pages: null, write: [], read: ['PerFrom'] },
  // Uploaded by the ticket's submitter before it exists; read through the ticket endpoints.
  workOrder: { pages: null, write: ['CreateWorkOrder'], read: ['IssueList', 'IssueRecycle'] },
};

function fileRuleOf(bizType: string): TFileRule | undefined {
  if (Object.prototype.hasOwnProperty.call(NAMED_FILE_RULES, bizType)) {
    return NAMED_FILE_RULES[bizType as TNamedFileBizType];
  }
  const doc = documentOfFileBizType(bizType);
  return doc ? attachmentRule([doc.code]) : undefined;
}

/**
 * The access rule of a file (see TFileAccess), or null when the pair names nothing such a file can belong
 * to: an unknown type, or a record type whose bizNo is missing or names a page the type is not filed under.
 */
export function fileAccess(bizType: string, bizNo: string | null | undefined): TFileAccess | null {
  const rule = fileRuleOf(bizType);
  if (!rule) return null;
  if (rule.pages === null) return { page: null, recordId: null, write: rule.write, read: rule.read };
  const record = parseRecordBizNo(bizNo);
  if (!record || !rule.pages.includes(record.page)) return null;
  return {
    page: record.page,
    recordId: record.id,
    write: rule.write(record.page),
    read: rule.read(record.page),
  };
}

/** The codes of some rules' files, every page of each. */
function codesOf(rules: readonly TFileRule[], pick: 'read' | 'write'): string[] {
  const out = new Set<string>();
  for (const rule of rules) {
    const codes = rule.pages === null ? (rule[pick] ?? []) : rule.pages.flatMap((p) => rule[pick](p));
    for (const code of codes) out.add(code);
  }
  return [...out];
}

const DOCUMENT_FILE_RULES = DOCUMENT_TYPES.map((d) => attachmentRule([d.code]));
const RECORD_FILE_RULES = [...Object.values(NAMED_FILE_RULES), ...DOCUMENT_FILE_RULES].filter(
  (r) => r.pages !== null,
);

// The route-level checks (any one code) of the file endpoints; each handler then checks the file's own.
/** Codes that read some file (downloads). */
export const FILE_READ_CODES: readonly string[] = codesOf(
  [...Object.values(NAMED_FILE_RULES), ...DOCUMENT_FILE_RULES],
  'read',
);
/** Codes that read some record's files (/file/list). */
export const RECORD_FILE_READ_CODES: readonly string[] = codesOf(RECORD_FILE_RULES, 'read');
/** Codes that delete some record's attachment (/file/deleteByRowkey: attachments only). */
export const ATTACHMENT_WRITE_CODES: readonly string[] = codesOf(
  [NAMED_FILE_RULES.attachment, ...DOCUMENT_FILE_RULES],
  'write',
);

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

/** Spec 7 /file/preDownload and /file/preDownloadStats. */
export const ZPreDownloadRequest = z
  .object({
    /** The file; absent for a task's evidence package (taskId). */
    fileKey: z.string().trim().min(1).max(100).optional(),
    /** The download's name; the stored file name without it. */
    fileName: z.string().trim().max(200).optional(),
    /** Accepted for the console's older callers (the kind of download); not used. */
    type: z.union([z.string().max(50), z.number()]).optional(),
    /** An evidence task (without fileKey): the link is to its package (TaskList:Download). */
    taskId: z.union([z.string().max(100), z.number()]).optional(),
  })
  .refine((r) => r.fileKey !== undefined || r.taskId !== undefined, {
    message: 'fileKey or taskId is required',
    path: ['fileKey'],
  });
export const ZPreDownload = z.object({
  /** Below the console's origin: /api/file/signed?token=…, usable without a session until it expires. */
  url: z.string(),
  fileName: z.string(),
  /** The file's content type. */
  blobType: z.string(),
  /** Milliseconds the link stays valid from this answer (then F1008): the console counts them down. */
  validForMs: z.number().int(),
});
export type TPreDownload = z.infer<typeof ZPreDownload>;

export const fileEndpoints = {
  /**
   * Multipart: field `file`; query bizType and bizNo. Registered by hand (multipart), described here.
   * Session level (certification uploads precede any enterprise); the handler checks fileAccess's `write`
   * codes and, for a record's file, that bizNo names a record of the caller's enterprise it may see.
   */
  upload: endpoint({
    method: 'POST',
    path: '/file/upload',
    input: z.object({ bizType: ZFileBizType, bizNo: z.string().max(100).optional() }),
    output: ZFileInfo,
    auth: 'session',
    tag: 'file',
    summary:
      "Upload a file (multipart field `file`; query bizType, bizNo): type, 5 MB and magic bytes checked, SHA-256 kept. A record's file (attachment, a document type's code, quality, lcaReport) needs bizNo `<pageCode>:<id>` naming a record of the caller's enterprise within its data permission (F1009 otherwise; a page the type is not filed under is E1008) and the page's upload code: `<pageCode>:UploadAffix`, for lcaReport EditProduct or Product:Edit; authorizationLetter needs Request",
  }),
  /**
   * Streams a file. Session level (operators read the certification uploads they audit); the handler checks
   * fileAccess's `read` codes and the owning record's data permission.
   */
  view: endpoint({
    method: 'GET',
    path: '/file/view',
    input: z.object({ fileKey: z.string().max(100) }),
    output: z.unknown(),
    auth: 'session',
    tag: 'file',
    summary:
      "The content of an uploaded file the caller may read: a record's file needs the page's read code (`<pageCode>:ViewEnclosure`, a material page for quality reports, ViewCarbonData for LCA reports; E1008 without) and the record within the caller's data permission; licences and ID photos PerFrom once certified, authorization letters AuthApply, a photo only its owner; anything else is E1003",
  }),
  list: endpoint({
    method: 'POST',
    path: '/file/list',
    input: z.object({ bizType: ZFileBizType, bizNo: z.string().trim().min(1).max(100) }),
    output: z.array(ZFileEvidence),
    auth: 'enterprise',
    permission: RECORD_FILE_READ_CODES,
    tag: 'file',
    summary:
      "The enterprise's files of one business record (bizType, bizNo `<pageCode>:<id>`), oldest first, with each upload's on-chain evidence: needs the page's read code (E1008) and the record within the caller's data permission (E1003 like an unknown one)",
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
    permission: EVIDENCE_CODES,
    tag: 'file',
    summary:
      "A4 PDF certificate of one of the enterprise's records (the evidence needs ChainRecords or the ViewBCdata of its record's page, E1008 without, and the record within the caller's data permission), by `uuid`: an evidence record's rowkey (its ledger event id, as /file/list and the chain records list give it) or its txHash / data hash (64 hex) gives the blockchain evidence certificate (sealed records only, L3001 before); a certificate number (TH-CERT-…) gives the enterprise certification certificate (needs ViewBlockchainCertificate). Another enterprise's record is E1003 like an unknown one",
  }),
  /**
   * Deletes one attachment: the file leaves its record's list (its row and content go), while the
   * evidence of its upload stays on the ledger, which is append-only, beside the deletion's own evidence.
   * The permission is the UploadAffix code of the page its bizNo names, checked by the handler.
   */
  deleteByRowkey: endpoint({
    method: 'POST',
    path: '/file/deleteByRowkey',
    input: z.object({ rowKey: z.string().trim().min(1).max(100) }),
    output: z.null(),
    auth: 'enterprise',
    permission: ATTACHMENT_WRITE_CODES,
    tag: 'file',
    summary:
      "Delete one of the enterprise's attachments by its rowKey (the upload evidence's rowkey of /file/list): needs `<pageCode>:UploadAffix` of the page its bizNo `<pageCode>:<key>` names (E1008 without it) and the record within the caller's data permission; the upload's evidence stays on the ledger and the deletion is recorded as evidence (file.deleted); an unknown rowKey, another enterprise's file or a file that is not an attachment is E1003",
  }),
  preDownload: endpoint({
    method: 'POST',
    path: '/file/preDownload',
    input: ZPreDownloadRequest,
    output: ZPreDownload,
    auth: 'enterprise',
    permission: [...FILE_READ_CODES, 'TaskList:Download'],
    tag: 'file',
    summary: `A download link of one of the enterprise's files (fileKey) that needs no session: \`url\` (GET /api/file/signed?token=…, HMAC-signed) is valid for 3 minutes, then answers F1008; fileName names the download (the stored name without it); type is accepted and not used. With taskId and no fileKey, the link is to the evidence task's package (GET /api/task/package?token=…; TaskList:Download; B2214 before it completes) and the task's last download time is set. The file's read code is needed as for /file/view (E1008), its record within the caller's data permission; another enterprise's file is E1003`,
  }),
  preDownloadStats: endpoint({
    method: 'POST',
    path: '/file/preDownloadStats',
    input: ZPreDownloadRequest,
    output: ZPreDownload,
    auth: 'enterprise',
    permission: [...FILE_READ_CODES, 'TaskList:Download'],
    tag: 'file',
    summary:
      "As /file/preDownload (same checks), and counts the download: each link issued adds one to the file's download counter (files.download_count), kept for usage statistics",
  }),
  /** Registered by hand (binary answer, no session), described here. */
  signedDownload: endpoint({
    method: 'GET',
    path: '/file/signed',
    input: z.object({ token: z.string().min(1).max(2000) }),
    output: z.unknown(),
    auth: 'public',
    tag: 'file',
    summary:
      'The file of a /file/preDownload link, as an attachment with its content type; an expired link is F1008 (valid 3 minutes: click again), a changed or unknown one E1003',
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
    permission: EVIDENCE_CODES,
    tag: 'file',
    summary:
      "One of the enterprise's uploaded files (fileKey) with its upload's on-chain evidence, shaped like an item of /file/list: needs ChainRecords or the ViewBCdata of the file's record's page (E1008) and the record within the caller's data permission; another enterprise's file is E1003",
  }),
};
