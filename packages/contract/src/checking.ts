import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import type { TBilingual } from './i18n/lang.ts';
import { listRequest, ZListResponse } from './list.ts';
import { ZTask, type TTaskStatus } from './task.ts';
import { TRACE_LINK_KINDS, ZTraceDocument, ZTraceSite } from './trace.ts';

/*
 * Data troubleshooting (spec 1, 2.2 /dataChecking/checkLog, 2.4 "Check-scope settings", 3 "Troubleshooting
 * task", 4, 5 "Troubleshooting creation", 9; issue 16 items 1, 2, 7): checks over the platform's data,
 * grouped in versioned, hashed rule packages, run as background tasks of the page CheckLog. Each finding
 * keeps an identity across runs (new, still open, fixed); missing supplier data is its own outcome,
 * "unknown", never a pass.
 */

/** The page of troubleshooting, and its action codes (menu-tree.ts dir 'DataChecking'). */
export const CHECK_LOG_PAGE = 'CheckLog';
export const CHECK_CODES = {
  view: 'CheckLog',
  create: 'Checking',
  deal: 'Deal',
  resolve: 'Resolved',
  export: 'CheckLog:Export',
} as const;

/** Spec 5 and 9: the bounds of one task. */
export const CHECK_LIMITS = {
  maxAmount: 10_000,
  maxSpanDays: 31,
  maxChecks: 100,
  /** A part whose cost is at least this share of the vehicle's parts is a high-cost part (0.1 %). */
  costShareThreshold: 0.001,
} as const;

/** Spec 4 "Abnormal levels", most severe first. */
export const CHECK_LEVELS = ['fatal', 'urgent', 'minor'] as const;
export type TCheckLevel = (typeof CHECK_LEVELS)[number];
export const ZCheckLevel = z.enum(CHECK_LEVELS);
export const CHECK_LEVEL_LABELS: Readonly<Record<TCheckLevel, TBilingual>> = {
  fatal: { zh: '致命', en: 'Fatal' },
  urgent: { zh: '紧急', en: 'Urgent' },
  minor: { zh: '一般', en: 'Minor' },
};

/** A check's answer for one subject; 'unknown' when a supplier's data needed to decide is missing. */
export const CHECK_OUTCOMES = ['pass', 'fail', 'unknown'] as const;
export type TCheckOutcome = (typeof CHECK_OUTCOMES)[number];
export const CHECK_OUTCOME_LABELS: Readonly<Record<TCheckOutcome, TBilingual>> = {
  pass: { zh: '通过', en: 'Passed' },
  fail: { zh: '异常', en: 'Abnormal' },
  unknown: { zh: '数据缺失', en: 'Unknown (data missing)' },
};

/** A finding across runs: first seen in this run, seen in the previous run too, or gone since it. */
export const FINDING_STATES = ['new', 'open', 'fixed'] as const;
export type TFindingState = (typeof FINDING_STATES)[number];
export const FINDING_STATE_LABELS: Readonly<Record<TFindingState, TBilingual>> = {
  new: { zh: '新发现', en: 'New' },
  open: { zh: '仍存在', en: 'Still open' },
  fixed: { zh: '已修复', en: 'Fixed' },
};

/** Spec 3: internal (within the enterprise) or linked (the benchmark company against direct suppliers). */
export const CHECK_TASK_TYPES = ['internal', 'linked'] as const;
export type TCheckTaskType = (typeof CHECK_TASK_TYPES)[number];
export const CHECK_TASK_TYPE_LABELS: Readonly<Record<TCheckTaskType, TBilingual>> = {
  internal: { zh: '企业内排查', en: 'Internal' },
  linked: { zh: '关联排查', en: 'Linked' },
};

/** Spec 2.4: a scope by VINs (typed or from an xlsx list) or by a time range. */
export const CHECK_DIMENSIONS = ['vin', 'time'] as const;
export const CHECK_DIMENSION_LABELS: Readonly<Record<(typeof CHECK_DIMENSIONS)[number], TBilingual>> = {
  vin: { zh: '按VIN', en: 'By VIN' },
  time: { zh: '按时间', en: 'By time' },
};
export const CHECK_TIME_BASES = ['business', 'import'] as const;
export const CHECK_TIME_BASIS_LABELS: Readonly<Record<(typeof CHECK_TIME_BASES)[number], TBilingual>> = {
  business: { zh: '业务时间', en: 'Business time' },
  import: { zh: '数据导入时间', en: 'Import time' },
};
export const CHECK_SOURCES = ['manual', 'automatic'] as const;
export const CHECK_SOURCE_LABELS: Readonly<Record<(typeof CHECK_SOURCES)[number], TBilingual>> = {
  manual: { zh: '手动', en: 'Manual' },
  automatic: { zh: '自动', en: 'Automatic' },
};

/**
 * Spec 4: the two status sets of a troubleshooting task are two readings of the task kit's one status
 * (the queue's and the data extraction's). `started` tells a queued task that never ran from one that waits
 * to run again after a retry.
 */
export type TCheckQueueStatus =
  'queuing' | 'toBeExecuted' | 'executing' | 'executed' | 'suspended' | 'interrupted' | 'failed';
export type TCheckDataStatus = 'toExtract' | 'extracting' | 'underway' | 'suspend' | 'completed' | 'failure';
export const CHECK_QUEUE_STATUS_LABELS: Readonly<Record<TCheckQueueStatus, TBilingual>> = {
  queuing: { zh: '排队中', en: 'Queuing' },
  toBeExecuted: { zh: '待执行', en: 'To be executed' },
  executing: { zh: '执行中', en: 'Executing' },
  executed: { zh: '已执行', en: 'Executed' },
  suspended: { zh: '已暂停', en: 'Suspended' },
  interrupted: { zh: '已中断', en: 'Interrupted' },
  failed: { zh: '执行失败', en: 'Failed' },
};
export const CHECK_DATA_STATUS_LABELS: Readonly<Record<TCheckDataStatus, TBilingual>> = {
  toExtract: { zh: '待提取数据', en: 'To extract data' },
  extracting: { zh: '提取数据中', en: 'Extracting data' },
  underway: { zh: '排查中', en: 'Underway' },
  suspend: { zh: '暂停', en: 'Suspend' },
  completed: { zh: '已完成', en: 'Completed' },
  failure: { zh: '失败', en: 'Failure' },
};
/** The phase a troubleshooting task reports while it reads its scope (TASK_PHASE_LABELS has the others). */
export const CHECK_PHASE_EXTRACTING = 'extracting';

export function checkStatusReadings(
  status: TTaskStatus,
  phase: string | null,
  started: boolean,
): { queue: TCheckQueueStatus; data: TCheckDataStatus } {
  switch (status) {
    case 'pending':
      return { queue: started ? 'toBeExecuted' : 'queuing', data: 'toExtract' };
    case 'underway':
      return { queue: 'executing', data: phase === CHECK_PHASE_EXTRACTING ? 'extracting' : 'underway' };
    case 'suspended':
      return { queue: 'suspended', data: 'suspend' };
    case 'completed':
      return { queue: 'executed', data: 'completed' };
    case 'failed':
      return { queue: 'failed', data: 'failure' };
    case 'cancelled':
    case 'withdrawn':
      return { queue: 'interrupted', data: 'failure' };
  }
}

/**
 * A kind of check (one module of the server's modules/checking/checks): one rule, most of its checks
 * instances of it over a parameter (a document type, a stage, a pair of stages, a kind of risk factor).
 */
export const ZCheckKindInfo = z.object({
  id: z.string(),
  name: z.object({ zh: z.string(), en: z.string() }),
  description: z.object({ zh: z.string(), en: z.string() }),
});
export type TCheckKindInfo = z.infer<typeof ZCheckKindInfo>;

/** A check of the library: its identity, level, texts and kind. */
export const ZCheckInfo = z.object({
  id: z.string(),
  /** Its kind's id (ZCheckKindInfo). */
  kind: z.string(),
  version: z.number().int(),
  level: ZCheckLevel,
  name: z.object({ zh: z.string(), en: z.string() }),
  description: z.object({ zh: z.string(), en: z.string() }),
  /** linked: needs suppliers' data (a linked task); internal: the enterprise's own data is enough. */
  appliesTo: z.array(z.enum(CHECK_TASK_TYPES)),
});
export type TCheckInfo = z.infer<typeof ZCheckInfo>;

/** A rule package's parameters. */
export const ZCheckParams = z.object({
  /** How much more may leave a lot than came in (0.02 = 2 %). */
  tolerance: z.number().min(0).max(1),
  costShareThreshold: z.number().min(0).max(1),
});
export type TCheckParams = z.infer<typeof ZCheckParams>;

/** A rule package: a named, versioned list of checks with parameters, hashed (SHA-256 over RFC 8785 JSON). */
export const ZCheckPackage = z.object({
  id: z.string(),
  version: z.number().int(),
  name: z.object({ zh: z.string(), en: z.string() }),
  checkIds: z.array(z.string()),
  params: ZCheckParams,
  hash: z.string(),
  /** The caller's enterprise kind must run it (manufacturing and trading companies; optional for sources). */
  mandatory: z.boolean(),
});
export type TCheckPackage = z.infer<typeof ZCheckPackage>;

const zDay = z.number().int().min(0);

/** Spec 2.4 and 5: the check-scope settings of a new task. */
export const ZCheckTaskCreate = z
  .object({
    taskType: z.enum(CHECK_TASK_TYPES),
    dimension: z.enum(CHECK_DIMENSIONS),
    /** The direct suppliers (partner ids) a linked task compares the benchmark company with. */
    supplierIds: z.array(z.number().int().positive()).max(CHECK_LIMITS.maxAmount).default([]),
    vins: z.array(z.string().trim().min(1).max(64)).max(CHECK_LIMITS.maxAmount).default([]),
    timeBasis: z.enum(CHECK_TIME_BASES).default('business'),
    from: zDay.optional(),
    to: zDay.optional(),
    maxAmount: z.number().int().min(1).max(CHECK_LIMITS.maxAmount),
    packageId: z.string().min(1).max(64),
    /** Above 100 the server answers the spec's rule (B2153); the schema only bounds the request. */
    checkIds: z.array(z.string().min(1).max(64)).max(1000),
  })
  .strict();
export type TCheckTaskCreate = z.input<typeof ZCheckTaskCreate>;
export type TCheckScope = z.output<typeof ZCheckTaskCreate>;

export const ZCheckCounts = z.object({
  fatal: z.number().int(),
  urgent: z.number().int(),
  minor: z.number().int(),
  unknown: z.number().int(),
  pass: z.number().int(),
  fixed: z.number().int(),
});
export type TCheckCounts = z.infer<typeof ZCheckCounts>;

/** A troubleshooting task (spec 3) with both status readings. */
export const ZCheckTask = z.object({
  id: z.string(),
  taskType: z.enum(CHECK_TASK_TYPES),
  source: z.enum(CHECK_SOURCES),
  benchmark: z.object({ uuid: z.string(), name: z.string(), nameEn: z.string() }),
  /** The compared companies (linked): partner code and names. */
  compared: z.array(
    z.object({ id: z.number().int(), code: z.string(), name: z.string(), nameEn: z.string() }),
  ),
  scope: z.object({
    dimension: z.enum(CHECK_DIMENSIONS),
    vins: z.array(z.string()),
    timeBasis: z.enum(CHECK_TIME_BASES),
    from: z.number().int().nullable(),
    to: z.number().int().nullable(),
    maxAmount: z.number().int(),
  }),
  packageId: z.string(),
  packageVersion: z.number().int(),
  packageHash: z.string(),
  checkIds: z.array(z.string()),
  /** The newest ledger block when the run started: what its findings can be proven against. */
  blockHeight: z.number().int().nullable(),
  task: ZTask,
  queueStatus: z.string(),
  dataStatus: z.string(),
  counts: ZCheckCounts,
  vinAmount: z.number().int(),
  completeVinAmount: z.number().int(),
  maxLevel: ZCheckLevel.nullable(),
});
export type TCheckTask = z.infer<typeof ZCheckTask>;

export const ZCitedRecord = z.object({
  /** A document type code (document-types.ts), or 'partner' / 'material'. */
  type: z.string(),
  id: z.number().int(),
  label: z.string(),
  /** The block holding its newest evidence; null while not sealed. */
  blockHeight: z.number().int().nullable().optional(),
});
export type TCitedRecord = z.infer<typeof ZCitedRecord>;

/** An abnormal (or unknown, or fixed) record of a task. */
export const ZCheckFinding = z.object({
  id: z.number().int(),
  taskId: z.string(),
  checkId: z.string(),
  /** The check's name in both languages (its id when the library no longer has it). */
  checkName: z.object({ zh: z.string(), en: z.string() }),
  checkVersion: z.number().int(),
  level: ZCheckLevel,
  outcome: z.enum(CHECK_OUTCOMES),
  state: z.enum(FINDING_STATES),
  identity: z.string(),
  subject: z.string(),
  /** The company whose data is at fault (the benchmark's or a supplier's uuid). */
  companyUuid: z.string(),
  message: z.object({ zh: z.string(), en: z.string() }),
  cited: z.array(ZCitedRecord),
  createdAt: z.number().int(),
});
export type TCheckFinding = z.infer<typeof ZCheckFinding>;

const ZTaskRef = z.object({ taskId: z.string().min(1).max(40) });

export const ZCheckSupplier = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  nameEn: z.string(),
  /** Settled on the platform: its data can be compared. */
  settled: z.boolean(),
});
export type TCheckSupplier = z.infer<typeof ZCheckSupplier>;

const checkingTaskEndpoints = {
  suppliers: endpoint({
    method: 'POST',
    path: '/dataChecking/suppliers',
    input: z.object({ keyword: z.string().trim().max(100).optional() }),
    output: z.array(ZCheckSupplier),
    auth: 'enterprise',
    permission: CHECK_CODES.create,
    tag: 'dataChecking',
    summary: "The enterprise's direct suppliers a linked task can compare with (at most 200, by code)",
  }),
  packages: endpoint({
    method: 'POST',
    path: '/dataChecking/packages',
    input: z.object({}),
    output: z.array(ZCheckPackage),
    auth: 'enterprise',
    permission: CHECK_CODES.view,
    tag: 'dataChecking',
    summary:
      'The rule packages: checks, parameters, version and hash; which are mandatory for the enterprise',
  }),
  ruleDetail: endpoint({
    method: 'POST',
    path: '/dataChecking/ruleDetail',
    input: z.object({ packageId: z.string().min(1).max(64) }),
    output: z.object({
      package: ZCheckPackage,
      kinds: z.array(ZCheckKindInfo),
      checks: z.array(ZCheckInfo),
    }),
    auth: 'enterprise',
    permission: CHECK_CODES.view,
    tag: 'dataChecking',
    summary: "A rule package's checks with id, version, level, texts and kind, and its kinds",
  }),
  createTask: endpoint({
    method: 'POST',
    path: '/dataChecking/createTask',
    input: ZCheckTaskCreate,
    output: ZCheckTask,
    auth: 'enterprise',
    permission: CHECK_CODES.create,
    tag: 'dataChecking',
    summary:
      'Creates a troubleshooting task (spec 5): refused without a company or rule, over 31 days, over 10,000 or 100 checks, with a running task or nothing to verify',
  }),
  restartTask: endpoint({
    method: 'POST',
    path: '/dataChecking/restartTask',
    input: ZTaskRef,
    output: ZCheckTask,
    auth: 'enterprise',
    permission: CHECK_CODES.create,
    tag: 'dataChecking',
    summary:
      'A new task with the scope and package of a task that came to rest (cancelled, failed, completed)',
  }),
  selectTaskPage: endpoint({
    method: 'POST',
    path: '/dataChecking/selectTaskPage',
    input: listRequest({ taskType: z.enum(CHECK_TASK_TYPES).optional() }),
    output: ZListResponse(ZCheckTask),
    auth: 'enterprise',
    permission: CHECK_CODES.view,
    tag: 'dataChecking',
    summary: "The enterprise's troubleshooting tasks, newest first, with both status readings and counts",
  }),
  taskDetail: endpoint({
    method: 'POST',
    path: '/dataChecking/taskDetail',
    input: ZTaskRef,
    output: ZCheckTask,
    auth: 'enterprise',
    permission: CHECK_CODES.view,
    tag: 'dataChecking',
    summary: 'One troubleshooting task',
  }),
  selectAbnormalPage: endpoint({
    method: 'POST',
    path: '/dataChecking/selectAbnormalPage',
    input: listRequest({
      taskId: z.string().min(1).max(40),
      level: ZCheckLevel.optional(),
      outcome: z.enum(CHECK_OUTCOMES).optional(),
      companyUuid: z.string().max(64).optional(),
    }),
    output: ZListResponse(ZCheckFinding),
    auth: 'enterprise',
    permission: CHECK_CODES.view,
    tag: 'dataChecking',
    summary: "A task's abnormal data (findings failed, unknown or fixed), most severe first",
  }),
  exportAbnormal: endpoint({
    method: 'POST',
    path: '/dataChecking/exportAbnormal',
    input: ZTaskRef,
    output: z.unknown(),
    auth: 'enterprise',
    permission: CHECK_CODES.export,
    tag: 'dataChecking',
    summary: "A task's abnormal data as xlsx (the language of the request)",
  }),
};

/*
 * Company abnormal-data tasks (spec 4 "Troubleshooting task", issue 16 item 3): the failed findings of a
 * linked run that lie with a settled supplier become that supplier's task, seen by both sides. The benchmark
 * (the enterprise that ran it) raised it and closes it; the supplier troubleshoots, processes, resolves or
 * rejects it. A fix is a new or corrected record of the supplier's (evidence is never edited): the task only
 * records it, and the benchmark's next run marks the finding lines fixed.
 */

export const COMPANY_TASK_STATES = [
  'pending',
  'troubleshooting',
  'processing',
  'resolved',
  'rejected',
  'closed',
] as const;
export type TCompanyTaskState = (typeof COMPANY_TASK_STATES)[number];
export const COMPANY_TASK_STATE_LABELS: Readonly<Record<TCompanyTaskState, TBilingual>> = {
  pending: { zh: '待处理', en: 'Pending' },
  troubleshooting: { zh: '排查异常中', en: 'Troubleshooting abnormal' },
  processing: { zh: '处理中', en: 'Processing' },
  resolved: { zh: '已解决', en: 'Resolved' },
  rejected: { zh: '已驳回', en: 'Rejected' },
  closed: { zh: '已关闭', en: 'Closed' },
};

/** Spec 4: the results of a close or a resolve. */
export const COMPANY_TASK_RESULTS = [
  'notResolved',
  'resolved',
  'needNotResolve',
  'partiallyResolved',
  'other',
] as const;
export type TCompanyTaskResult = (typeof COMPANY_TASK_RESULTS)[number];
export const COMPANY_TASK_RESULT_LABELS: Readonly<Record<TCompanyTaskResult, TBilingual>> = {
  notResolved: { zh: '未解决', en: 'Not resolved' },
  resolved: { zh: '已解决', en: 'Resolved' },
  needNotResolve: { zh: '无需解决', en: 'Need not resolve' },
  partiallyResolved: { zh: '部分解决', en: 'Partially resolved' },
  other: { zh: '其他', en: 'Other' },
};

/** The two sides of a task: the benchmark that raised it, the supplier it concerns. */
export type TCompanyTaskSide = 'benchmark' | 'supplier';
export const COMPANY_TASK_SIDE_LABELS: Readonly<Record<TCompanyTaskSide, TBilingual>> = {
  benchmark: { zh: '排查方', en: 'Benchmark' },
  supplier: { zh: '供应商', en: 'Supplier' },
};

/** Spec 4: comments at most 500 characters. */
export const COMPANY_TASK_COMMENT_MAX = 500;

export const COMPANY_TASK_ACTIONS = ['troubleshoot', 'process', 'resolve', 'reject', 'close'] as const;
export type TCompanyTaskAction = (typeof COMPANY_TASK_ACTIONS)[number];

/**
 * Who may do what, from which states, needing which page code. The supplier works the task (troubleshoot,
 * process: code Deal; resolve: code Resolved; reject, a refusal to work it: Deal); the benchmark ends it
 * (close, a judgement on the outcome like a resolve: Resolved), from any state but closed, so a rejected or
 * resolved task is accepted by closing it and a pending one can be withdrawn.
 */
export const COMPANY_TASK_TRANSITIONS: Readonly<
  Record<
    TCompanyTaskAction,
    {
      side: TCompanyTaskSide;
      from: readonly TCompanyTaskState[];
      to: TCompanyTaskState;
      code: string;
      needs: 'result' | 'reason' | 'nothing';
    }
  >
> = {
  troubleshoot: {
    side: 'supplier',
    from: ['pending'],
    to: 'troubleshooting',
    code: 'Deal',
    needs: 'nothing',
  },
  process: {
    side: 'supplier',
    from: ['pending', 'troubleshooting'],
    to: 'processing',
    code: 'Deal',
    needs: 'nothing',
  },
  resolve: {
    side: 'supplier',
    from: ['troubleshooting', 'processing'],
    to: 'resolved',
    code: 'Resolved',
    needs: 'result',
  },
  reject: {
    side: 'supplier',
    from: ['pending', 'troubleshooting', 'processing'],
    to: 'rejected',
    code: 'Deal',
    needs: 'reason',
  },
  close: {
    side: 'benchmark',
    from: ['pending', 'troubleshooting', 'processing', 'resolved', 'rejected'],
    to: 'closed',
    code: 'Resolved',
    needs: 'result',
  },
};

export const COMPANY_TASK_ACTION_LABELS: Readonly<
  Record<TCompanyTaskAction | 'raise' | 'rerun', TBilingual>
> = {
  raise: { zh: '发起', en: 'Raised' },
  rerun: { zh: '重新排查', en: 'Rerun' },
  troubleshoot: { zh: '排查异常', en: 'Troubleshoot' },
  process: { zh: '处理', en: 'Process' },
  resolve: { zh: '解决', en: 'Resolve' },
  reject: { zh: '驳回', en: 'Reject' },
  close: { zh: '关闭', en: 'Close' },
};

/** The refusals of a transition (error keys of errors.ts). */
export type TCompanyTaskRefusal =
  | 'COMPANY_TASK_WRONG_STATE'
  | 'COMPANY_TASK_WRONG_SIDE'
  | 'COMPANY_TASK_RESULT_REQUIRED'
  | 'COMPANY_TASK_REASON_REQUIRED'
  | 'COMPANY_TASK_COMMENT_TOO_LONG';

/**
 * The state machine: where `action` by `side` takes a task in `state`, or why it is refused. Pure, so the
 * server decides with it and the console offers exactly the actions it would accept.
 */
export function companyTaskTransition(
  state: TCompanyTaskState,
  action: TCompanyTaskAction,
  side: TCompanyTaskSide,
  input: { result?: TCompanyTaskResult | null | undefined; comment?: string | null | undefined } = {},
): { ok: true; to: TCompanyTaskState } | { ok: false; refusal: TCompanyTaskRefusal } {
  const rule = COMPANY_TASK_TRANSITIONS[action];
  if (rule.side !== side) return { ok: false, refusal: 'COMPANY_TASK_WRONG_SIDE' };
  if (!rule.from.includes(state)) return { ok: false, refusal: 'COMPANY_TASK_WRONG_STATE' };
  const comment = input.comment?.trim() ?? '';
  if (rule.needs === 'result' && !input.result) return { ok: false, refusal: 'COMPANY_TASK_RESULT_REQUIRED' };
  if (rule.needs === 'reason' && comment === '')
    return { ok: false, refusal: 'COMPANY_TASK_REASON_REQUIRED' };
  if ([...comment].length > COMPANY_TASK_COMMENT_MAX)
    return { ok: false, refusal: 'COMPANY_TASK_COMMENT_TOO_LONG' };
  return { ok: true, to: rule.to };
}

/** The actions `side` may take on a task in `state` (before the page codes). */
export const companyTaskActions = (state: TCompanyTaskState, side: TCompanyTaskSide): TCompanyTaskAction[] =>
  COMPANY_TASK_ACTIONS.filter((a) => {
    const rule = COMPANY_TASK_TRANSITIONS[a];
    return rule.side === side && rule.from.includes(state);
  });

export const ZCompanyTask = z.object({
  id: z.number().int(),
  /** Names as at raise time (neither side may read the other's enterprise); nameEn may be blank. */
  benchmark: z.object({ uuid: z.string(), name: z.string(), nameEn: z.string() }),
  company: z.object({ uuid: z.string(), name: z.string(), nameEn: z.string() }),
  /** The caller's side of it. */
  side: z.enum(['benchmark', 'supplier']),
  state: z.enum(COMPANY_TASK_STATES),
  result: z.enum(COMPANY_TASK_RESULTS).nullable(),
  firstRunId: z.string(),
  lastRunId: z.string(),
  maxLevel: ZCheckLevel,
  openCount: z.number().int(),
  fixedCount: z.number().int(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
});
export type TCompanyTask = z.infer<typeof ZCompanyTask>;

export const ZCompanyTaskFinding = z.object({
  id: z.number().int(),
  checkId: z.string(),
  checkName: z.object({ zh: z.string(), en: z.string() }),
  level: ZCheckLevel,
  subject: z.string(),
  state: z.enum(['open', 'fixed']),
  message: z.object({ zh: z.string(), en: z.string() }),
  cited: z.array(ZCitedRecord),
  lastRunId: z.string(),
  updatedAt: z.number().int(),
});
export type TCompanyTaskFinding = z.infer<typeof ZCompanyTaskFinding>;

export const ZCompanyTaskHistory = z.object({
  id: z.number().int(),
  action: z.enum([...COMPANY_TASK_ACTIONS, 'raise', 'rerun']),
  side: z.enum(['benchmark', 'supplier']),
  fromState: z.enum(COMPANY_TASK_STATES).nullable(),
  toState: z.enum(COMPANY_TASK_STATES),
  result: z.enum(COMPANY_TASK_RESULTS).nullable(),
  comment: z.string().nullable(),
  openCount: z.number().int().nullable(),
  fixedCount: z.number().int().nullable(),
  /** The acting account's name; null for a run's own lines. */
  actor: z.string().nullable(),
  createdAt: z.number().int(),
});
export type TCompanyTaskHistory = z.infer<typeof ZCompanyTaskHistory>;

/** A company task as its detail and its actions answer it; its lines and history are lists of their own. */
export const ZCompanyTaskDetail = z.object({ task: ZCompanyTask });
export type TCompanyTaskDetail = z.infer<typeof ZCompanyTaskDetail>;

const ZCompanyTaskRef = z.object({ id: z.number().int().positive().max(2_147_483_647) });
/** A company task's id in a list request (the console takes it from its page's address). */
const zListId = z.coerce.number().int().positive().max(2_147_483_647);
/**
 * A transition's request. The comment's length and the required result or reason are the state machine's
 * rules (answered with their own codes in words), so the schema only bounds the request.
 */
export const ZCompanyTaskAct = ZCompanyTaskRef.extend({
  result: z.enum(COMPANY_TASK_RESULTS).nullish(),
  comment: z.string().max(5000).nullish(),
}).strict();
export type TCompanyTaskAct = z.infer<typeof ZCompanyTaskAct>;

const companyTaskAction = (action: TCompanyTaskAction, summary: string) =>
  endpoint({
    method: 'POST',
    path: `/dataChecking/companyTask/${action}`,
    input: ZCompanyTaskAct,
    output: ZCompanyTaskDetail,
    auth: 'enterprise',
    permission: COMPANY_TASK_TRANSITIONS[action].code,
    tag: 'dataChecking',
    summary,
  });

export const checkingCompanyTaskEndpoints = {
  companyTaskPage: endpoint({
    method: 'POST',
    path: '/dataChecking/companyTask/page',
    input: listRequest({
      state: z.enum(COMPANY_TASK_STATES).optional(),
      /** raised: tasks the caller's enterprise raised as benchmark; assigned: tasks it must work as supplier. */
      side: z.enum(['raised', 'assigned']).optional(),
    }),
    output: ZListResponse(ZCompanyTask),
    auth: 'enterprise',
    permission: CHECK_CODES.view,
    tag: 'dataChecking',
    summary: 'Company abnormal-data tasks the enterprise raised or must work, newest change first',
  }),
  companyTaskDetail: endpoint({
    method: 'POST',
    path: '/dataChecking/companyTask/detail',
    input: ZCompanyTaskRef,
    output: ZCompanyTaskDetail,
    auth: 'enterprise',
    permission: CHECK_CODES.view,
    tag: 'dataChecking',
    summary: 'A company task as the caller’s side sees it',
  }),
  companyTaskFindingPage: endpoint({
    method: 'POST',
    path: '/dataChecking/companyTask/findingPage',
    input: listRequest({ id: zListId, state: z.enum(['open', 'fixed']).optional() }),
    output: ZListResponse(ZCompanyTaskFinding),
    auth: 'enterprise',
    permission: CHECK_CODES.view,
    tag: 'dataChecking',
    summary: "A company task's finding lines, open first, most severe first",
  }),
  companyTaskHistoryPage: endpoint({
    method: 'POST',
    path: '/dataChecking/companyTask/historyPage',
    input: listRequest({ id: zListId }),
    output: ZListResponse(ZCompanyTaskHistory),
    auth: 'enterprise',
    permission: CHECK_CODES.view,
    tag: 'dataChecking',
    summary: "A company task's history, oldest first: who did what, when, with which result and comment",
  }),
  companyTaskTroubleshoot: companyTaskAction(
    'troubleshoot',
    'Supplier: starts troubleshooting a pending task',
  ),
  companyTaskProcess: companyTaskAction('process', 'Supplier: processes a task (Processing)'),
  companyTaskResolve: companyTaskAction('resolve', 'Supplier: resolves a task with a result (Resolved)'),
  companyTaskReject: companyTaskAction('reject', 'Supplier: rejects a task with a reason (Rejected)'),
  companyTaskClose: companyTaskAction('close', 'Benchmark: closes a task with a result (Closed)'),
};

// ---- VIN map check and tracing report (spec 2.4 "VIN map check result", 4 "Map check"; issue 16 items 4, 7) ----

/**
 * Why a branch of a VIN's chain stops short of a source company (enterprise kind 'mineral'):
 * - noProduction: the VIN has no production completion record;
 * - noInputs: a lot with nothing received, picked or fitted for it, at a company that is not a source;
 * - unsettled: received from a supplier that is not on the platform;
 * - unmatched: the supplier is on the platform but recorded no matching delivery (did not ship or share);
 * - truncated: the walk's bounds (TRACE_LIMITS) stopped before the branch ended.
 */
export const VIN_MAP_GAP_KINDS = ['noProduction', 'noInputs', 'unsettled', 'unmatched', 'truncated'] as const;
export type TVinMapGapKind = (typeof VIN_MAP_GAP_KINDS)[number];
export const VIN_MAP_GAP_LABELS: Readonly<Record<TVinMapGapKind, TBilingual>> = {
  noProduction: { zh: '缺少生产记录', en: 'No production record' },
  noInputs: { zh: '缺少收货或投料记录', en: 'No receipt or material record' },
  unsettled: { zh: '供应商未入驻平台', en: 'Supplier not on the platform' },
  unmatched: { zh: '供应商未发货或未共享', en: 'Supplier did not ship or share' },
  truncated: { zh: '超出追溯层级', en: 'Beyond the tracing bounds' },
};

/** Spec 4 "Map check: complete versus uncomplete VIN". */
export const VIN_MAP_STATUSES = ['complete', 'uncomplete'] as const;
export type TVinMapStatus = (typeof VIN_MAP_STATUSES)[number];
export const VIN_MAP_STATUS_LABELS: Readonly<Record<TVinMapStatus, TBilingual>> = {
  complete: { zh: '完整', en: 'Complete' },
  uncomplete: { zh: '不完整', en: 'Uncomplete' },
};
/** Spec 4 "Map check": a VIN's validation result. */
export const VIN_VALIDATION_LABELS: Readonly<Record<'normal' | 'abnormal', TBilingual>> = {
  normal: { zh: '正常', en: 'Normal' },
  abnormal: { zh: '异常', en: 'Abnormal' },
};

/** One VIN of a task's map check, as its run found it. */
export const ZVinMapRow = z.object({
  taskId: z.string(),
  vin: z.string(),
  complete: z.boolean(),
  gapCount: z.number().int(),
  gapKinds: z.array(z.enum(VIN_MAP_GAP_KINDS)),
  /** Spec 4 "Map check": validation result, abnormal when a failing finding of the run names the VIN. */
  abnormal: z.boolean(),
});
export type TVinMapRow = z.infer<typeof ZVinMapRow>;

export const ZVinMapGap = z.object({
  kind: z.enum(VIN_MAP_GAP_KINDS),
  /** The receipt naming the supplier (unsettled, unmatched). */
  document: ZTraceDocument.nullable(),
  /** The supplier: its identity when settled, the caller's partner name when it is the caller's own receipt. */
  supplierName: z.string(),
  supplierNameEn: z.string(),
});
export type TVinMapGap = z.infer<typeof ZVinMapGap>;

/** A node of a VIN's tree (flat: `parent` is the key of the node above, null for the VIN). */
export const ZVinMapNode = z.object({
  key: z.string(),
  parent: z.string().nullable(),
  tier: z.number().int(),
  companyName: z.string(),
  companyNameEn: z.string(),
  own: z.boolean(),
  /** The company is a source company (a mine): a branch ending here is complete. */
  source: z.boolean(),
  itemCode: z.string(),
  batchNo: z.string(),
  vinSn: z.string(),
  /** How it is linked to its parent, with the link's documents; null for the VIN. */
  link: z.enum(TRACE_LINK_KINDS).nullable(),
  documents: z.array(ZTraceDocument),
  sites: z.array(ZTraceSite),
  /** Every branch below it reaches a source company. */
  complete: z.boolean(),
  /** Its own gaps. */
  gaps: z.array(ZVinMapGap),
  /** Reached before by another path: its branches are shown there. */
  repeated: z.boolean(),
});
export type TVinMapNode = z.infer<typeof ZVinMapNode>;

export const ZVinMapTree = z.object({
  vin: z.string(),
  complete: z.boolean(),
  gapCount: z.number().int(),
  nodes: z.array(ZVinMapNode),
  truncated: z.boolean(),
});
export type TVinMapTree = z.infer<typeof ZVinMapTree>;

const ZVinRef = z.object({ taskId: z.string().min(1).max(40), vin: z.string().trim().min(1).max(64) });

/** The tracing report's formats (issue 16 item 7: what customs asks for). */
export const TRACING_REPORT_FORMATS = ['xlsx', 'pdf'] as const;

/** A stage of the tracing report: what one document of the chain stands for. */
export const TRACING_STAGES = [
  'production',
  'fitting',
  'picking',
  'receipt',
  'delivery',
  'source',
  'gap',
] as const;
export type TTracingStage = (typeof TRACING_STAGES)[number];
export const TRACING_STAGE_LABELS: Readonly<Record<TTracingStage, TBilingual>> = {
  production: { zh: '生产完工', en: 'Production' },
  fitting: { zh: '装车', en: 'Fitting' },
  picking: { zh: '生产领料', en: 'Picking' },
  receipt: { zh: '采购收货', en: 'Receipt' },
  delivery: { zh: '销售发货', en: 'Delivery' },
  source: { zh: '矿产来源', en: 'Mineral source' },
  gap: { zh: '缺口', en: 'Gap' },
};

export const vinMapEndpoints = {
  vinMapPage: endpoint({
    method: 'POST',
    path: '/dataChecking/vinMapPage',
    input: listRequest({
      taskId: z.string().min(1).max(40),
      status: z.enum(VIN_MAP_STATUSES).optional(),
      vin: z.string().trim().max(64).optional(),
    }),
    output: ZListResponse(ZVinMapRow),
    auth: 'enterprise',
    permission: CHECK_CODES.view,
    tag: 'dataChecking',
    summary:
      "A completed task's VIN map check: each VIN complete (every branch reaches a source company) or uncomplete, with its gaps; uncomplete first (B2190 before completion)",
  }),
  vinMapTree: endpoint({
    method: 'POST',
    path: '/dataChecking/vinMapTree',
    input: ZVinRef,
    output: ZVinMapTree,
    auth: 'enterprise',
    permission: CHECK_CODES.view,
    tag: 'dataChecking',
    summary:
      "One VIN of a task's map check as a tree down to the source companies, gaps marked (traced now; E1003 when the VIN is not the task's)",
  }),
  exportTracingReport: endpoint({
    method: 'POST',
    path: '/dataChecking/exportTracingReport',
    input: ZVinRef.extend({ format: z.enum(TRACING_REPORT_FORMATS) }),
    output: z.unknown(),
    auth: 'enterprise',
    permission: CHECK_CODES.export,
    tag: 'dataChecking',
    summary:
      'The tracing report of one VIN of a task: every company at every stage with one document number per stage, as xlsx or PDF (the language of the request)',
  }),
};

/** The endpoints of troubleshooting (api.checking): tasks and abnormal data, company tasks, VIN map check. */
export const checkingEndpoints = {
  ...checkingTaskEndpoints,
  ...checkingCompanyTaskEndpoints,
  ...vinMapEndpoints,
};
