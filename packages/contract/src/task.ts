import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import type { TBilingual } from './i18n/lang.ts';
import { IMPORT_KINDS, importKindPage, importRecordCodes } from './imports.ts';
import { listRequest, ZListResponse } from './list.ts';

/*
 * Background tasks (ARCHITECTURE 2 "Background work", spec 4 "Export/evidence task"): imports today,
 * troubleshooting, evidence packages and daily monitoring next. A task belongs to a page (its menu code);
 * who may see it and act on it follows that page's codes, as its kind declares them here.
 */

/**
 * pending -> underway -> completed | failed (with a reason) | suspended (with a reason, waits for a person);
 * failed or suspended -> pending again (retry); pending, underway or suspended -> cancelled (for good: a
 * cancelled task never resumes); pending, never started -> withdrawn (by its creator).
 */
export const ZTaskStatus = z.enum([
  'pending',
  'underway',
  'suspended',
  'cancelled',
  'withdrawn',
  'completed',
  'failed',
]);
export type TTaskStatus = z.infer<typeof ZTaskStatus>;

export const TASK_STATUS_LABELS: Readonly<Record<TTaskStatus, TBilingual>> = {
  pending: { zh: '待执行', en: 'Pending' },
  underway: { zh: '执行中', en: 'Underway' },
  suspended: { zh: '已暂停', en: 'Suspended' },
  cancelled: { zh: '已取消', en: 'Cancelled' },
  withdrawn: { zh: '已撤回', en: 'Withdrawn' },
  completed: { zh: '已完成', en: 'Completed' },
  failed: { zh: '失败', en: 'Failed' },
};

/** Statuses a task rests in until a person acts (or for good): a progress poll stops there. */
export const RESTING_TASK_STATUSES: readonly TTaskStatus[] = [
  'suspended',
  'cancelled',
  'withdrawn',
  'completed',
  'failed',
];
export const isTaskResting = (status: TTaskStatus): boolean => RESTING_TASK_STATUSES.includes(status);

/** What each action needs of the task's status (the server checks it again in the same statement). */
export const TASK_ACTION_FROM: Readonly<Record<'retry' | 'cancel' | 'withdraw', readonly TTaskStatus[]>> = {
  retry: ['failed', 'suspended'],
  cancel: ['pending', 'underway', 'suspended'],
  withdraw: ['pending'],
};

/** The phases tasks report with their progress, in both languages (an unknown one is shown as it is). */
export const TASK_PHASE_LABELS: Readonly<Record<string, TBilingual>> = {
  reading: { zh: '读取文件', en: 'Reading the file' },
  writing: { zh: '写入数据', en: 'Writing data' },
  finishing: { zh: '生成结果', en: 'Preparing the result' },
  extracting: { zh: '提取数据', en: 'Extracting data' },
  checking: { zh: '执行规则', en: 'Running checks' },
  tracing: { zh: '追溯链路', en: 'Tracing the chain' },
  packaging: { zh: '写入证据包', en: 'Writing the package' },
};

/** The codes (any one of each list) that open a task of a page and its actions. */
export interface TTaskAccess {
  view: readonly string[];
  retry: readonly string[];
  cancel: readonly string[];
  withdraw: readonly string[];
}

interface TTaskKindDecl {
  /** The pages tasks of this kind belong to. */
  pages: readonly string[];
  access(page: string): TTaskAccess;
}

/**
 * Every kind of task, its pages and its codes. A new kind (evidence packages, troubleshooting) is declared
 * here first; the server's defineTask accepts only these kinds.
 */
export const TASK_KINDS = {
  /** A bulk import: the upload-operation page's codes to see it, BatchUpload to act on it. */
  import: {
    pages: IMPORT_KINDS.map((k) => importKindPage(k)!),
    access: (page: string): TTaskAccess => {
      const act = [`${page}:BatchUpload`];
      return { view: importRecordCodes(page), retry: act, cancel: act, withdraw: act };
    },
  },
  /** Data troubleshooting (contract checking.ts): the page's code to see it, Checking to act on it. */
  troubleshooting: {
    pages: ['CheckLog'],
    access: (): TTaskAccess => ({
      view: ['CheckLog'],
      retry: ['Checking'],
      cancel: ['Checking'],
      withdraw: ['Checking'],
    }),
  },
  /** Evidence-package export (contract evidence-task.ts): TaskList to see it, its action codes to act. */
  evidencePackage: {
    pages: ['TaskList'],
    access: (): TTaskAccess => ({
      view: ['TaskList'],
      retry: ['TaskList:Retry'],
      cancel: ['TaskList:Cancel'],
      withdraw: ['TaskList:Create'],
    }),
  },
} as const satisfies Record<string, TTaskKindDecl>;
export type TTaskKind = keyof typeof TASK_KINDS;
export const ZTaskKind = z.enum(Object.keys(TASK_KINDS) as [TTaskKind, ...TTaskKind[]]);

/** The codes of a task of `kind` on `page`; undefined when the kind has no such page. */
export function taskAccess(kind: string, page: string): TTaskAccess | undefined {
  const decl = (TASK_KINDS as Record<string, TTaskKindDecl>)[kind];
  return decl && decl.pages.includes(page) ? decl.access(page) : undefined;
}

/** Every view code of every kind and page: the route-level check; the handler checks the task's own page. */
const ANY_TASK_VIEW_CODES: readonly string[] = [
  ...new Set(
    Object.values(TASK_KINDS as Record<string, TTaskKindDecl>).flatMap((k) =>
      k.pages.flatMap((p) => k.access(p).view),
    ),
  ),
];
const ANY_TASK_ACTION_CODES = (action: 'retry' | 'cancel' | 'withdraw'): readonly string[] => [
  ...new Set(
    Object.values(TASK_KINDS as Record<string, TTaskKindDecl>).flatMap((k) =>
      k.pages.flatMap((p) => k.access(p)[action]),
    ),
  ),
];

export const ZTaskProgress = z.object({
  /** Steps (rows, items) done so far. */
  done: z.number().int(),
  /** Steps in all; 0 while not yet known. */
  total: z.number().int(),
  /** What the task is doing now (TASK_PHASE_LABELS), or null. */
  phase: z.string().nullable(),
});
export type TTaskProgress = z.infer<typeof ZTaskProgress>;

/** Why a task failed or was suspended: an error of the catalogue, in both languages. */
export const ZTaskReason = z.object({ code: z.string(), zh: z.string(), en: z.string() });

export const ZTask = z.object({
  id: z.string(),
  kind: ZTaskKind,
  /** The page (menu code) the task belongs to. */
  page: z.string(),
  status: ZTaskStatus,
  progress: ZTaskProgress,
  reason: ZTaskReason.nullable(),
  /** True when a result file can be downloaded (GET /task/:id/result). */
  hasResult: z.boolean(),
  resultName: z.string().nullable(),
  operator: z.string(),
  /** The caller created it (only the creator may withdraw). */
  mine: z.boolean(),
  createdAt: z.number().int(),
  startedAt: z.number().int().nullable(),
  finishedAt: z.number().int().nullable(),
});
export type TTask = z.infer<typeof ZTask>;

// The spec's callers name a task `taskId` (/task/retry of the evidence tasks); the kit's name is `id`.
const ZTaskId = z.preprocess(
  (v) =>
    v && typeof v === 'object' && !('id' in v) && 'taskId' in v
      ? { ...(v as Record<string, unknown>), id: (v as { taskId: unknown }).taskId }
      : v,
  z.object({ id: z.string().min(1).max(40) }),
);

export const taskEndpoints = {
  page: endpoint({
    method: 'POST',
    path: '/task/page',
    input: listRequest({
      page: z.string().max(64),
      kind: ZTaskKind.optional(),
      status: ZTaskStatus.optional(),
      createdFrom: z.coerce.number().int().optional(),
      createdTo: z.coerce.number().int().optional(),
    }),
    output: ZListResponse(ZTask),
    auth: 'enterprise',
    permission: ANY_TASK_VIEW_CODES,
    tag: 'task',
    summary:
      "The enterprise's tasks of one page, newest first: needs the page's view code of their kind (E1008 without); with the 'account' data permission only the member's own",
  }),
  detail: endpoint({
    method: 'GET',
    path: '/task/:id',
    input: ZTaskId,
    output: ZTask,
    auth: 'enterprise',
    permission: ANY_TASK_VIEW_CODES,
    tag: 'task',
    summary: 'One task: status, progress, reason and result; checked against its page as /task/page',
  }),
  retry: endpoint({
    method: 'POST',
    path: '/task/retry',
    input: ZTaskId,
    output: ZTask,
    auth: 'enterprise',
    permission: ANY_TASK_ACTION_CODES('retry'),
    tag: 'task',
    summary: 'Queues a failed or suspended task again (it resumes from its last checkpoint)',
  }),
  cancel: endpoint({
    method: 'POST',
    path: '/task/cancel',
    input: ZTaskId,
    output: ZTask,
    auth: 'enterprise',
    permission: ANY_TASK_ACTION_CODES('cancel'),
    tag: 'task',
    summary: 'Cancels a task for good; a running one stops at its next checkpoint',
  }),
  withdraw: endpoint({
    method: 'POST',
    path: '/task/withdraw',
    input: ZTaskId,
    output: ZTask,
    auth: 'enterprise',
    permission: ANY_TASK_ACTION_CODES('withdraw'),
    tag: 'task',
    summary: 'Its creator takes back a task that has not started',
  }),
  result: endpoint({
    method: 'GET',
    path: '/task/:id/result',
    input: ZTaskId,
    output: z.unknown(),
    auth: 'enterprise',
    permission: ANY_TASK_VIEW_CODES,
    tag: 'task',
    summary: "The task's result file; checked as /task/:id",
  }),
};
