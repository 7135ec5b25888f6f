import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { ZPackageScope, ZPackageType, type TPackageScope } from './evidence-package.ts';
import type { TBilingual } from './i18n/lang.ts';
import { LIMITS } from './limits.ts';
import { listRequest, ZListResponse } from './list.ts';
import { ZTask, ZTaskStatus } from './task.ts';

/*
 * Evidence-package export tasks (spec 2.2 /task/taskList and detail/{taskId}, 2.4, 3 "Export/evidence task",
 * 4, 5, 7 /task/*, 8; issue 17 items 1 and 4): a task writes one evidence package (contract
 * evidence-package.ts) of a scope in the background (the task kit), and its package is downloaded through a
 * link valid for 3 minutes (/file/preDownload with the taskId).
 */

export const EVIDENCE_TASK_PAGE = 'TaskList';

export const EVIDENCE_TASK_CODES = {
  view: 'TaskList',
  create: 'TaskList:Create',
  retry: 'TaskList:Retry',
  cancel: 'TaskList:Cancel',
  download: 'TaskList:Download',
} as const;

/** The named navigation targets of spec 2.2 and their paths. */
export const EVIDENCE_TASK_ROUTES = {
  TaskManagement: '/task/taskList',
  TaskManagementDetail: (taskId: string) => `/task/detail/${encodeURIComponent(taskId)}`,
} as const;

const zKey = z.string().trim().max(100);
const zOptKey = zKey
  .optional()
  .transform((v) => (v === '' ? undefined : v))
  .pipe(z.string().min(1).max(100).optional());

/**
 * What a task is about, in the spec's field names: the first of vinSn, productBatchNo (with productCode),
 * productCode, materialsCode, enterpriseUuid (a partner enterprise: what the enterprise exchanged with it),
 * projectNumber names the package's scope (scopeOfConditions); a VIN list upload (uniqueKey) names VINs.
 */
export const ZEvidenceConditions = z
  .object({
    taskType: ZPackageType,
    projectNumber: zOptKey,
    productCode: zOptKey,
    productBatchNo: zOptKey,
    vinSn: zOptKey,
    materialsCode: zOptKey,
    enterpriseUuid: zOptKey,
    /** A VIN list read by /task/importExcel. */
    uniqueKey: zOptKey,
    /** Type 2: payload fields left out (with their records' salts). */
    withheldFields: z.array(z.string().trim().min(1).max(100)).max(100).default([]),
  })
  .refine(
    (c) =>
      [c.projectNumber, c.productCode, c.vinSn, c.materialsCode, c.enterpriseUuid, c.uniqueKey].some(
        (v) => v !== undefined,
      ),
    { message: 'name a VIN/SN, product, batch, material, enterprise, project or VIN list', path: ['vinSn'] },
  )
  .refine((c) => c.productBatchNo === undefined || c.productCode !== undefined, {
    message: 'a batch needs its product code',
    path: ['productCode'],
  })
  .refine((c) => c.taskType === 2 || c.withheldFields.length === 0, {
    message: 'only an external package (type 2) withholds fields',
    path: ['withheldFields'],
  });
export type TEvidenceConditions = z.infer<typeof ZEvidenceConditions>;
export type TEvidenceConditionsInput = z.input<typeof ZEvidenceConditions>;

/**
 * The package scope conditions name (without a VIN list, which the server reads by its uniqueKey): the most
 * specific key given wins, so a VIN in a project is that VIN's package.
 */
export function scopeOfConditions(c: TEvidenceConditions): TPackageScope | null {
  if (c.vinSn) return { kind: 'vin', values: [c.vinSn] };
  if (c.productBatchNo && c.productCode)
    return { kind: 'batch', values: [c.productBatchNo], itemCode: c.productCode };
  if (c.productCode) return { kind: 'product', values: [c.productCode] };
  if (c.materialsCode) return { kind: 'material', values: [c.materialsCode] };
  if (c.enterpriseUuid) return { kind: 'enterprise', values: [c.enterpriseUuid] };
  if (c.projectNumber) return { kind: 'project', values: [c.projectNumber] };
  return null;
}

/** Where a task came from (spec 2.4 "single, batch by list, batch by uploaded spreadsheet"). */
export const EVIDENCE_TASK_SOURCES = ['single', 'list', 'upload'] as const;
export type TEvidenceTaskSource = (typeof EVIDENCE_TASK_SOURCES)[number];
export const EVIDENCE_TASK_SOURCE_LABELS: Record<TEvidenceTaskSource, TBilingual> = {
  single: { zh: '单个创建', en: 'Single' },
  list: { zh: '列表批量创建', en: 'Batch from a list' },
  upload: { zh: 'VIN清单上传', en: 'VIN list upload' },
};

/** Spec 3 "Export/evidence task". */
export const ZEvidenceTask = z.object({
  taskId: z.string(),
  /** The batch a task was created in (tasks created together share it; a single task's is its own id). */
  mainTaskId: z.string(),
  taskType: ZPackageType,
  source: z.enum(EVIDENCE_TASK_SOURCES),
  status: ZTaskStatus,
  /** The task kit's view: progress, reason, operator, times. */
  task: ZTask,
  scope: ZPackageScope,
  projectNumber: z.string().nullable(),
  productCode: z.string().nullable(),
  productBatchNo: z.string().nullable(),
  /** The VIN/SN of a single task; the first VINs of a list (vinCount says how many). */
  vinSn: z.string().nullable(),
  vinCount: z.number().int(),
  materialsCode: z.string().nullable(),
  enterpriseUuid: z.string().nullable(),
  /** The partner enterprise's names (enterprise scope). */
  enterpriseName: z.string().nullable(),
  enterpriseNameEn: z.string().nullable(),
  uniqueKey: z.string().nullable(),
  withheldFields: z.array(z.string()),
  /** Bytes of the written package; null until written. */
  packageSize: z.number().int().nullable(),
  counts: z
    .object({ records: z.number().int(), attachments: z.number().int(), blocks: z.number().int() })
    .nullable(),
  /** The package's SHA-256 (hex), so a downloaded copy can be compared. */
  packageSha256: z.string().nullable(),
  /** A download link can be asked for (/file/preDownload with taskId). */
  downloadable: z.boolean(),
  lastDownloadTime: z.number().int().nullable(),
  downloadCount: z.number().int(),
  operator: z.string(),
  createdAt: z.number().int(),
});
export type TEvidenceTask = z.infer<typeof ZEvidenceTask>;

/** A main evidence item of a task (spec "task detail with its main evidence items"): a record of its package. */
export const ZEvidenceItem = z.object({
  seq: z.number().int(),
  /** The record's file in the package (records/<seq>.json). */
  path: z.string(),
  tier: z.number().int(),
  direction: z.enum(['start', 'down', 'up']),
  /** The requester's own record (its payload can be opened). */
  own: z.boolean(),
  /** The ledger event's type (document.created, file.uploaded, …) and subject. */
  eventType: z.string(),
  subjectType: z.string(),
  /** What the record is about in words: a document's type code and number, a product's code/VIN, a file's name. */
  label: z.string(),
  /** The enterprise that recorded it. */
  enterpriseName: z.string(),
  enterpriseNameEn: z.string(),
  leafIndex: z.number().int(),
  leafHash: z.string(),
  blockHeight: z.number().int(),
  /** Its block is anchored on the EVM chain. */
  anchored: z.boolean(),
  /** The payload and salt are in the package (own and not withheld). */
  opened: z.boolean(),
  withheld: z.array(z.string()),
});
export type TEvidenceItem = z.infer<typeof ZEvidenceItem>;

export const ZEvidenceProjectChoice = z.object({
  projectNumber: z.string(),
  notes: z.string(),
  products: z.array(
    z.object({
      productCode: z.string(),
      productName: z.string(),
      productNameEn: z.string(),
      /** VINs/SNs of the enterprise's products of this code in the project. */
      vinCount: z.number().int(),
      batches: z.array(z.string()),
    }),
  ),
});
export type TEvidenceProjectChoice = z.infer<typeof ZEvidenceProjectChoice>;

/** A partner settled on the platform as an enterprise: what an "export by company" package is about. */
export const ZEvidencePartnerChoice = z.object({
  enterpriseUuid: z.string(),
  /** How the enterprise knows it: a supplier, a client, or both (one choice per enterprise). */
  partnerTypes: z.array(z.enum(['supplier', 'client'])),
  /** Its partner code (the supplier one when it is both). */
  code: z.string(),
  name: z.string(),
  nameEn: z.string(),
  /** Its USCI: the supply-chain network opens the dialog on a company it draws. */
  usci: z.string(),
});
export type TEvidencePartnerChoice = z.infer<typeof ZEvidencePartnerChoice>;

/** /task/importExcel's answer (spec 3 "Upload parse result"). */
export const ZEvidenceUploadResult = z.object({
  /** The read list's key for artificialBatchCreateEvidenceTask; null when the file was refused. */
  uniqueKey: z.string().nullable(),
  /** Why it was refused, in the request's language; null when it was read. */
  errorMsg: z.string().nullable(),
  /** F1016 when rows are invalid (the error log: /task/downloadErrorFile with errorKey); other F codes. */
  errorCode: z.string().nullable(),
  /** The error log's key (F1016). */
  errorKey: z.string().nullable(),
  /** VINs read. */
  count: z.number().int(),
  /** The list's first VINs, to show what was read. */
  sample: z.array(z.string()),
});
export type TEvidenceUploadResult = z.infer<typeof ZEvidenceUploadResult>;

export const ZEvidenceBatchResult = z.object({
  mainTaskId: z.string().nullable(),
  created: z.array(ZEvidenceTask),
  /** Items of the request that already had a task (the existing-task check): its index and task. */
  existing: z.array(z.object({ index: z.number().int(), taskId: z.string() })),
});
export type TEvidenceBatchResult = z.infer<typeof ZEvidenceBatchResult>;

/** The VIN-list upload's column header (zh, en): the template's and the reader's. */
export const EVIDENCE_VIN_COLUMN = { key: 'vinSn', zh: 'VIN/SN', en: 'VIN/SN' } as const;

/** Most items one batchCreateEvidenceTask may create. */
export const EVIDENCE_BATCH_MAX_ITEMS = 100;
/** Bytes a VIN list upload may have (a 500-VIN sheet is ~10 KB). */
export const EVIDENCE_UPLOAD_MAX_BYTES = 1024 * 1024;

const ZTaskIdRef = z.object({ taskId: z.string().trim().min(1).max(40) });

export const evidenceTaskEndpoints = {
  selectProjectAndProdutList: endpoint({
    method: 'POST',
    path: '/task/selectProjectAndProdutList',
    input: z.object({ projectNumber: zOptKey }),
    output: z.array(ZEvidenceProjectChoice),
    auth: 'enterprise',
    permission: EVIDENCE_TASK_CODES.create,
    tag: 'task',
    summary:
      "The enterprise's projects with their products (code, names, VIN count, batches) for the creation dialogs; one project when projectNumber is given",
  }),
  selectPartnerEnterpriseList: endpoint({
    method: 'POST',
    path: '/task/selectPartnerEnterpriseList',
    input: z.object({}),
    output: z.array(ZEvidencePartnerChoice),
    auth: 'enterprise',
    permission: EVIDENCE_TASK_CODES.create,
    tag: 'task',
    summary:
      "The enterprise's partners settled on the platform (the export-by-company dialog's choices): a package of what the two exchanged",
  }),
  createEvidenceTask: endpoint({
    method: 'POST',
    path: '/task/createEvidenceTask',
    input: ZEvidenceConditions,
    output: ZEvidenceTask,
    auth: 'enterprise',
    permission: EVIDENCE_TASK_CODES.create,
    tag: 'task',
    summary:
      'Creates one evidence-package task of the conditions (scopeOfConditions); B2210 when a task of the same conditions exists (not cancelled, withdrawn or failed), B2211 when the scope holds more VINs or lots than getVinSnDataQuantityLimit, B2201 when a key is not the enterprise’s',
  }),
  getTaskIdByConditions: endpoint({
    method: 'POST',
    path: '/task/getTaskIdByConditions',
    input: ZEvidenceConditions,
    output: z.object({ taskId: z.string().nullable() }),
    auth: 'enterprise',
    permission: [EVIDENCE_TASK_CODES.view, EVIDENCE_TASK_CODES.create],
    tag: 'task',
    summary:
      'The existing-task check of spec 4: the task of the same conditions that is pending, underway, suspended or completed, or null',
  }),
  findMainEvidenceByTaskId: endpoint({
    method: 'POST',
    path: '/task/findMainEvidenceByTaskId',
    input: ZTaskIdRef,
    output: ZEvidenceTask,
    auth: 'enterprise',
    permission: EVIDENCE_TASK_CODES.view,
    tag: 'task',
    summary:
      'One evidence task (detail page); E1003 for a task of another enterprise or outside the data permission',
  }),
  getMainEvidencesPage: endpoint({
    method: 'POST',
    path: '/task/getMainEvidencesPage',
    input: listRequest({
      taskType: z.coerce.number().pipe(ZPackageType).optional(),
      status: ZTaskStatus.optional(),
      /** A VIN/SN, product code, batch, material code or project number the task names. */
      keyword: z.string().trim().max(100).optional(),
      createdFrom: z.coerce.number().int().optional(),
      createdTo: z.coerce.number().int().optional(),
    }),
    output: ZListResponse(ZEvidenceTask),
    auth: 'enterprise',
    permission: EVIDENCE_TASK_CODES.view,
    tag: 'task',
    summary:
      "The enterprise's evidence tasks, newest first; with the 'account' data permission only the member's own",
  }),
  getMainEvidencesInfo: endpoint({
    method: 'POST',
    path: '/task/getMainEvidencesInfo',
    input: listRequest({
      taskId: z.string().trim().min(1).max(40),
      tier: z.coerce.number().int().min(0).max(1000).optional(),
      own: z.enum(['own', 'counterparty']).optional(),
    }),
    output: ZListResponse(ZEvidenceItem),
    auth: 'enterprise',
    permission: EVIDENCE_TASK_CODES.view,
    tag: 'task',
    summary:
      "The main evidence items of a task's package (its records: tier, owner, block, opened or withheld)",
  }),
  cancellationMainEvidenceByTaskId: endpoint({
    method: 'POST',
    path: '/task/cancellationMainEvidenceByTaskId',
    input: ZTaskIdRef,
    output: ZEvidenceTask,
    auth: 'enterprise',
    permission: EVIDENCE_TASK_CODES.cancel,
    tag: 'task',
    summary:
      'Cancels a task for good (pending, underway, suspended, failed or completed: a completed package is voided and removed); it never resumes',
  }),
  getVinSnDataQuantityLimit: endpoint({
    method: 'POST',
    path: '/task/getVinSnDataQuantityLimit',
    input: z.object({}),
    output: z.object({ limit: z.number().int() }),
    auth: 'enterprise',
    permission: [EVIDENCE_TASK_CODES.view, EVIDENCE_TASK_CODES.create],
    tag: 'task',
    summary: `Most VINs/SNs (or lots) one evidence task may hold (default ${LIMITS.evidenceVinUploadMax}); larger lists are split`,
  }),
  importExcel: endpoint({
    method: 'POST',
    path: '/task/importExcel',
    input: z.object({}),
    output: ZEvidenceUploadResult,
    auth: 'enterprise',
    permission: EVIDENCE_TASK_CODES.create,
    tag: 'task',
    summary:
      'Reads a VIN/SN list (multipart: file xlsx or xls, projectNumber, enterpriseUuid) into a list kept for an hour: uniqueKey; or errorCode F1016 with errorMsg and the error log (downloadErrorFile), or the file’s refusal',
  }),
  artificialBatchCreateEvidenceTask: endpoint({
    method: 'POST',
    path: '/task/artificialBatchCreateEvidenceTask',
    input: z.object({
      taskType: ZPackageType,
      uniqueKey: z.string().trim().min(1).max(100),
      projectNumber: zOptKey,
      materialsCode: zOptKey,
      enterpriseUuid: zOptKey,
      withheldFields: z.array(z.string().trim().min(1).max(100)).max(100).default([]),
    }),
    output: ZEvidenceTask,
    auth: 'enterprise',
    permission: EVIDENCE_TASK_CODES.create,
    tag: 'task',
    summary:
      'Creates the task of an uploaded VIN list (its uniqueKey); B2212 when the list is unknown or expired, B2210 when a task of the same list exists',
  }),
  batchCreateEvidenceTask: endpoint({
    method: 'POST',
    path: '/task/batchCreateEvidenceTask',
    input: z.object({ items: z.array(ZEvidenceConditions).min(1).max(EVIDENCE_BATCH_MAX_ITEMS) }),
    output: ZEvidenceBatchResult,
    auth: 'enterprise',
    permission: EVIDENCE_TASK_CODES.create,
    tag: 'task',
    summary:
      'Creates one task per item in one transaction (all or none), sharing a mainTaskId; items whose task exists are listed instead of created',
  }),
  downloadErrorFile: endpoint({
    method: 'POST',
    path: '/task/downloadErrorFile',
    input: z.object({ errorKey: z.string().trim().min(1).max(100) }),
    output: z.unknown(),
    auth: 'enterprise',
    permission: EVIDENCE_TASK_CODES.create,
    tag: 'task',
    summary: "The error log of a refused VIN list (xlsx: row, VIN/SN, reason in the upload's language)",
  }),
  /** Registered by hand (binary answer, no session): the link /file/preDownload answers for a taskId. */
  signedPackage: endpoint({
    method: 'GET',
    path: '/task/package',
    input: z.object({ token: z.string().min(1).max(2000) }),
    output: z.unknown(),
    auth: 'public',
    tag: 'task',
    summary:
      'The evidence package of a /file/preDownload link (taskId): a zip; F1008 once its 3 minutes are over, E1003 for a changed link or a cancelled task',
  }),
};
