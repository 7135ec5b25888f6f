import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { ZPreDownload } from './file.ts';
import type { TBilingual } from './i18n/lang.ts';
import { LIMITS } from './limits.ts';
import { listRequest, ZListResponse } from './list.ts';
import { ENTERPRISE_MENU_TREE } from './menu-tree.ts';

/*
 * Support tickets (工单 / work orders, spec 2.3 and 4): an enterprise member submits one, the platform's
 * operators handle and solve it, the enterprise revokes it while open and moves finished ones to the
 * recycle bin (回收站), from which they are restored or purged with their attachments.
 */

export const TICKET_STATUS = ['pending', 'inProgress', 'done', 'cancelled'] as const;
export type TTicketStatus = (typeof TICKET_STATUS)[number];
export const ZTicketStatus = z.enum(TICKET_STATUS);

export const TICKET_STATUS_LABELS: Readonly<Record<TTicketStatus, TBilingual>> = {
  pending: { zh: '待处理', en: 'Pending' },
  inProgress: { zh: '处理中', en: 'In progress' },
  done: { zh: '已完成', en: 'Done' },
  cancelled: { zh: '已撤销', en: 'Cancelled' },
};

/** What a status-log entry records: the ticket's creation, each transition, and moves to and from the bin. */
export const TICKET_ACTIONS = ['create', 'handle', 'solve', 'revoke', 'delete', 'restore'] as const;
export type TTicketAction = (typeof TICKET_ACTIONS)[number];

/**
 * The transitions of spec 4: the operator handles a pending ticket and solves one in progress; the
 * enterprise revokes an open one. Anything else is refused with B2090.
 */
export const TICKET_TRANSITIONS: Readonly<
  Record<'handle' | 'solve' | 'revoke', { from: readonly TTicketStatus[]; to: TTicketStatus }>
> = {
  handle: { from: ['pending'], to: 'inProgress' },
  solve: { from: ['inProgress'], to: 'done' },
  revoke: { from: ['pending', 'inProgress'], to: 'cancelled' },
};
/** Only finished tickets go to the recycle bin. */
export const TICKET_DELETABLE: readonly TTicketStatus[] = ['done', 'cancelled'];

/** The console's modules a ticket is about: the top-level groups of the enterprise menu. */
export const TICKET_MODULES: readonly ({ code: string } & TBilingual)[] = ENTERPRISE_MENU_TREE.map((n) => ({
  code: n.code,
  zh: n.title,
  en: n.titleEn,
}));
const MODULE_CODES = TICKET_MODULES.map((m) => m.code) as [string, ...string[]];
export const ZTicketModule = z.enum(MODULE_CODES);

export const TICKET_DESCRIPTION_MAX = 2000;
export const TICKET_REMARK_MAX = 100;
export const TICKET_ATTACHMENTS_MAX = 5;
/** The upload business type of tickets' attachments (contract FILE_BIZ_TYPES). */
export const TICKET_FILE_BIZ_TYPE = 'workOrder';

export const ZTicketInput = z.object({
  title: z.string().trim().min(LIMITS.ticketTitleMin).max(LIMITS.ticketTitleMax),
  module: ZTicketModule,
  description: z.string().trim().min(1).max(TICKET_DESCRIPTION_MAX),
  /** Keys of files the caller uploaded with bizType 'workOrder' and not yet attached to a ticket. */
  fileKeys: z.array(z.string().trim().min(1).max(100)).max(TICKET_ATTACHMENTS_MAX).default([]),
});

export const ZTicket = z.object({
  id: z.number().int(),
  /** GD + date (Asia/Shanghai) + serial, unique on the platform. */
  ticketNo: z.string(),
  title: z.string(),
  module: z.string(),
  description: z.string(),
  status: ZTicketStatus,
  submitterName: z.string().nullable(),
  handlerName: z.string().nullable(),
  /** The operator's remark when solving. */
  remark: z.string().nullable(),
  attachmentCount: z.number().int(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
  /** When it went to the recycle bin; null outside it. */
  deletedAt: z.number().int().nullable(),
});
export type TTicket = z.infer<typeof ZTicket>;

export const ZTicketAttachment = z.object({
  fileKey: z.string(),
  fileName: z.string(),
  size: z.number().int(),
  createdAt: z.number().int(),
});
export type TTicketAttachment = z.infer<typeof ZTicketAttachment>;

export const ZTicketDetail = ZTicket.extend({ attachments: z.array(ZTicketAttachment) });
export type TTicketDetail = z.infer<typeof ZTicketDetail>;

export const ZTicketLogEntry = z.object({
  id: z.number().int(),
  action: z.enum(TICKET_ACTIONS),
  fromStatus: ZTicketStatus.nullable(),
  toStatus: ZTicketStatus,
  actorName: z.string().nullable(),
  /** Who acted: a member of the enterprise or a platform operator. */
  actorEnd: z.enum(['enterprise', 'operator']),
  remark: z.string().nullable(),
  createdAt: z.number().int(),
});
export type TTicketLogEntry = z.infer<typeof ZTicketLogEntry>;

export const ZOperatorTicket = ZTicket.extend({
  enterpriseUuid: z.string(),
  enterpriseName: z.string(),
  enterpriseEnglishName: z.string().nullable(),
});
export type TOperatorTicket = z.infer<typeof ZOperatorTicket>;
export const ZOperatorTicketDetail = ZOperatorTicket.extend({
  attachments: z.array(ZTicketAttachment),
  statusLog: z.array(ZTicketLogEntry),
});
export type TOperatorTicketDetail = z.infer<typeof ZOperatorTicketDetail>;

const ZId = z.object({ id: z.number().int().min(1).max(LIMITS.maxInt4) });
const ZAttachmentRef = ZId.extend({ fileKey: z.string().trim().min(1).max(100) });
export const ZTicketRemark = z.string().trim().max(TICKET_REMARK_MAX);

const searchFilters = {
  ticketNo: z.string().max(50).optional(),
  title: z.string().max(LIMITS.ticketTitleMax).optional(),
  module: ZTicketModule.optional(),
  createdFrom: z.coerce.number().int().optional(),
  createdTo: z.coerce.number().int().optional(),
};

export const ticketEndpoints = {
  page: endpoint({
    method: 'POST',
    path: '/workOrder/page',
    input: listRequest({ ...searchFilters, status: ZTicketStatus.optional() }),
    output: ZListResponse(ZTicket),
    reads: true,
    auth: 'enterprise',
    permission: 'IssueList',
    tag: 'ticket',
    summary:
      "The enterprise's work orders outside the recycle bin (search by number, title, module, status and creation time), within the caller's data permission",
  }),
  detail: endpoint({
    method: 'POST',
    path: '/workOrder/detail',
    input: ZId,
    output: ZTicketDetail,
    auth: 'enterprise',
    permission: ['IssueList', 'IssueRecycle'],
    tag: 'ticket',
    summary: "One of the enterprise's work orders with its attachments; another enterprise's is E1003",
  }),
  add: endpoint({
    method: 'POST',
    path: '/workOrder/add',
    input: ZTicketInput,
    output: ZTicketDetail,
    auth: 'enterprise',
    permission: 'CreateWorkOrder',
    tag: 'ticket',
    summary:
      "Submit a work order (title 3-50, module, description, up to 5 files uploaded with bizType 'workOrder'); it starts Pending",
  }),
  revoke: endpoint({
    method: 'POST',
    path: '/workOrder/revoke',
    input: ZId,
    output: ZTicketDetail,
    auth: 'enterprise',
    permission: 'CancelWorkOrder',
    tag: 'ticket',
    summary: 'Revoke a Pending or In-progress work order (Cancelled); any other status is B2090',
  }),
  delete: endpoint({
    method: 'POST',
    path: '/workOrder/delete',
    input: ZId,
    output: z.null(),
    auth: 'enterprise',
    permission: 'DeleteWorkOrder',
    tag: 'ticket',
    summary: 'Move a Done or Cancelled work order to the recycle bin; an open one is B2090',
  }),
  statusLog: endpoint({
    method: 'POST',
    path: '/workOrder/statusLog',
    input: ZId,
    output: z.array(ZTicketLogEntry),
    auth: 'enterprise',
    permission: 'ViewStatusLog',
    tag: 'ticket',
    summary: "A work order's status log, oldest first: who changed it, from and to which status, when",
  }),
  attachmentLink: endpoint({
    method: 'POST',
    path: '/workOrder/attachmentLink',
    input: ZAttachmentRef,
    output: ZPreDownload,
    auth: 'enterprise',
    permission: ['IssueList', 'IssueRecycle'],
    tag: 'ticket',
    summary: "A session-free download link (3 minutes) of one of a work order's attachments",
  }),
  recyclePage: endpoint({
    method: 'POST',
    path: '/workOrder/recycle/page',
    input: listRequest({ ...searchFilters, status: ZTicketStatus.optional() }),
    output: ZListResponse(ZTicket),
    reads: true,
    auth: 'enterprise',
    permission: 'IssueRecycle',
    tag: 'ticket',
    summary: "The enterprise's work orders in the recycle bin",
  }),
  restore: endpoint({
    method: 'POST',
    path: '/workOrder/recycle/restore',
    input: ZId,
    output: z.null(),
    auth: 'enterprise',
    permission: 'IssueRecycle:Restore',
    tag: 'ticket',
    summary: 'Bring a work order back from the recycle bin to the list',
  }),
  purge: endpoint({
    method: 'POST',
    path: '/workOrder/recycle/purge',
    input: ZId,
    output: z.null(),
    auth: 'enterprise',
    permission: 'IssueRecycle:Purge',
    tag: 'ticket',
    summary: 'Delete a work order of the recycle bin for good, with its status log and attachments',
  }),
};

/** The operator end's ticket queue across every enterprise. */
export const operatorTicketEndpoints = {
  page: endpoint({
    method: 'POST',
    path: '/operator/workOrder/page',
    input: listRequest({
      ...searchFilters,
      status: ZTicketStatus.optional(),
      enterpriseName: z.string().max(100).optional(),
    }),
    output: ZListResponse(ZOperatorTicket),
    auth: 'operator',
    tag: 'operator',
    summary:
      "Every enterprise's work orders outside their recycle bins (search by enterprise name too), newest first by default",
  }),
  detail: endpoint({
    method: 'POST',
    path: '/operator/workOrder/detail',
    input: ZId,
    output: ZOperatorTicketDetail,
    auth: 'operator',
    tag: 'operator',
    summary: 'One work order with its enterprise, attachments and status log',
  }),
  handle: endpoint({
    method: 'POST',
    path: '/operator/workOrder/handle',
    input: ZId.extend({ remark: ZTicketRemark.optional().default('') }),
    output: ZOperatorTicketDetail,
    auth: 'operator',
    tag: 'operator',
    summary: 'Take a Pending work order (In progress); any other status is B2090',
  }),
  solve: endpoint({
    method: 'POST',
    path: '/operator/workOrder/solve',
    input: ZId.extend({ remark: ZTicketRemark.min(1) }),
    output: ZOperatorTicketDetail,
    auth: 'operator',
    tag: 'operator',
    summary: 'Solve an In-progress work order with a remark (at most 100 characters); it becomes Done',
  }),
  attachmentLink: endpoint({
    method: 'POST',
    path: '/operator/workOrder/attachmentLink',
    input: ZAttachmentRef,
    output: ZPreDownload,
    auth: 'operator',
    tag: 'operator',
    summary: "A session-free download link (3 minutes) of one of a work order's attachments",
  }),
};
