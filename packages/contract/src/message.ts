import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { LIMITS } from './limits.ts';
import { listRequest, ZListResponse } from './list.ts';
import { interpolate, type TBilingual, type TLang } from './i18n/lang.ts';

/**
 * The message centre (spec 2.2 /message, 7 Messages). A message is stored as its type and named params and
 * rendered in the reader's language from the templates below, never as a fixed-language string. `params`
 * names the template's placeholders; `email` says whether members may also receive the type by e-mail.
 */
export interface TMessageTypeDef {
  name: TBilingual;
  title: TBilingual;
  body: TBilingual;
  params: readonly string[];
  email: boolean;
}

export const MESSAGE_TYPES = {
  linkApplication: {
    name: { zh: '关联企业申请', en: 'Link application' },
    title: { zh: '{username} 申请关联本企业', en: '{username} applied to join the enterprise' },
    body: {
      zh: '账号 {username} 以「{examineName}」申请关联本企业，请在「成员审核」中处理。',
      en: 'Account {username} applied to join the enterprise as "{examineName}"; please review it under Member Audit.',
    },
    params: ['username', 'examineName'],
    email: true,
  },
  linkApproved: {
    name: { zh: '关联申请通过', en: 'Link application approved' },
    title: {
      zh: '关联 {enterpriseName} 的申请已通过',
      en: 'Your application to join {enterpriseName} was approved',
    },
    body: {
      zh: '您的账号 {username} 关联 {enterpriseName} 的申请已通过，现在可以选择该企业登录。',
      en: 'The application of your account {username} to join {enterpriseName} was approved; you can now select it when you sign in.',
    },
    params: ['enterpriseName', 'username'],
    email: true,
  },
  certificationApproved: {
    name: { zh: '企业认证通过', en: 'Certification approved' },
    title: { zh: '企业认证「{enterpriseName}」已通过', en: 'Certification of {enterpriseName} approved' },
    body: {
      zh: '企业认证「{enterpriseName}」已通过审核，企业数字身份（DID）为 {did}。',
      en: 'The certification of {enterpriseName} has been approved; its DID is {did}.',
    },
    params: ['enterpriseName', 'did'],
    email: true,
  },
  certificationReturned: {
    name: { zh: '企业认证退回', en: 'Certification returned' },
    title: { zh: '企业认证「{enterpriseName}」被退回', en: 'Certification of {enterpriseName} returned' },
    body: {
      zh: '企业认证「{enterpriseName}」被退回，原因：{notes}。请修改后重新提交。',
      en: 'The certification of {enterpriseName} was returned: {notes}. Please edit and resubmit it.',
    },
    params: ['enterpriseName', 'notes'],
    email: true,
  },
  adminTransferred: {
    name: { zh: '管理员转让', en: 'Administrator transferred' },
    title: { zh: '企业管理员已转让给 {to}', en: 'The administrator was transferred to {to}' },
    body: {
      zh: '{from} 已将企业管理员转让给 {to}。',
      en: '{from} transferred the enterprise administrator to {to}.',
    },
    params: ['from', 'to'],
    email: true,
  },
  memberDisabled: {
    name: { zh: '成员停用', en: 'Member disabled' },
    title: { zh: '成员 {username} 已被停用', en: 'Member {username} was disabled' },
    body: {
      zh: '成员 {username} 已被停用，无法再登录本企业。',
      en: 'Member {username} was disabled and can no longer sign in to the enterprise.',
    },
    params: ['username'],
    email: true,
  },
  importCompleted: {
    name: { zh: '导入完成', en: 'Import completed' },
    title: { zh: '「{fileName}」导入完成', en: 'Import of {fileName} completed' },
    body: {
      zh: '「{fileName}」导入完成：成功 {success} 条，失败 {failed} 条。',
      en: 'The import of {fileName} completed: {success} rows imported, {failed} failed.',
    },
    params: ['fileName', 'success', 'failed'],
    email: true,
  },
  importFailed: {
    name: { zh: '导入失败', en: 'Import failed' },
    title: { zh: '「{fileName}」导入失败', en: 'Import of {fileName} failed' },
    body: {
      zh: '「{fileName}」导入失败：{reason}',
      en: 'The import of {fileName} failed: {reason}',
    },
    params: ['fileName', 'reason'],
    email: true,
  },
  ticketStatus: {
    name: { zh: '工单状态变更', en: 'Work order status changed' },
    title: { zh: '工单 {ticketNo} 状态变为「{status}」', en: 'Work order {ticketNo} is now {status}' },
    body: {
      zh: '工单 {ticketNo}「{title}」的状态已变为「{status}」。',
      en: 'The status of work order {ticketNo} "{title}" changed to {status}.',
    },
    params: ['ticketNo', 'title', 'status'],
    email: true,
  },
  taskFinished: {
    name: { zh: '任务结束', en: 'Task finished' },
    title: { zh: '任务「{taskName}」已结束', en: 'Task {taskName} finished' },
    body: {
      zh: '任务「{taskName}」已结束：{result}',
      en: 'The task {taskName} finished: {result}',
    },
    params: ['taskName', 'result'],
    email: true,
  },
  companyTaskRaised: {
    name: { zh: '企业异常数据任务', en: 'Company abnormal-data task' },
    title: {
      zh: '{benchmarkName} 发来异常数据任务',
      en: '{benchmarkName} raised an abnormal-data task',
    },
    body: {
      zh: '{benchmarkName} 的数据排查发现贵企业 {count} 条异常数据，请在「数据排查 - 企业任务」中处理。',
      en: "{benchmarkName}'s troubleshooting found {count} abnormal records of your enterprise; please work them under Data Troubleshooting - Company tasks.",
    },
    params: ['benchmarkName', 'count'],
    email: true,
  },
  companyTaskAnswered: {
    name: { zh: '企业任务处理结果', en: 'Company task answered' },
    title: {
      zh: '{companyName}：异常数据任务{status}',
      en: '{companyName}: abnormal-data task {status}',
    },
    body: {
      zh: '{companyName} 的异常数据任务 #{taskId} 状态变为「{status}」：{comment}',
      en: 'The abnormal-data task #{taskId} of {companyName} is now {status}: {comment}',
    },
    params: ['companyName', 'status', 'taskId', 'comment'],
    email: true,
  },
  dailyReportAbnormal: {
    name: { zh: '监控日报异常', en: 'Abnormal daily report' },
    title: { zh: '{date} 监控日报异常', en: 'Daily report of {date} is abnormal' },
    body: {
      zh: '{date} 的日常监控发现异常数据：致命 {fatal} 条，紧急 {urgent} 条，一般 {minor} 条，请在「监控日报」中查看。',
      en: 'The daily monitoring of {date} found abnormal data: {fatal} fatal, {urgent} urgent, {minor} minor; see Daily Reports.',
    },
    params: ['date', 'fatal', 'urgent', 'minor'],
    email: true,
  },
} as const satisfies Record<string, TMessageTypeDef>;

export type TMessageType = keyof typeof MESSAGE_TYPES;
export const MESSAGE_TYPE_KEYS = Object.keys(MESSAGE_TYPES) as [TMessageType, ...TMessageType[]];
export const ZMessageType = z.enum(MESSAGE_TYPE_KEYS);

/** A param's value: plain text or a number, or a text in both languages (an enterprise's two names). */
export const ZMessageParam = z.union([
  z.string().max(500),
  z.number(),
  z.object({ zh: z.string().max(500), en: z.string().max(500) }),
]);
export type TMessageParam = z.infer<typeof ZMessageParam>;
export const ZMessageParams = z.record(z.string(), ZMessageParam);
export type TMessageParams = z.infer<typeof ZMessageParams>;

/** The params of a type, by name (missing ones render as their placeholder). */
export type TMessageParamsOf<T extends TMessageType> = Partial<
  Record<(typeof MESSAGE_TYPES)[T]['params'][number], TMessageParam>
>;

/** A message's title and body in a language. */
export function renderMessage(
  type: TMessageType,
  params: TMessageParams,
  lang: TLang,
): { title: string; body: string } {
  const def: TMessageTypeDef = MESSAGE_TYPES[type];
  const values: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(params)) values[k] = typeof v === 'object' ? v[lang] : v;
  return { title: interpolate(def.title[lang], values), body: interpolate(def.body[lang], values) };
}

/** Read state of a message (spec 4: unread or read). */
export const ZMessageReadStatus = z.enum(['unread', 'read']);

export const ZMessageItem = z.object({
  id: z.number().int(),
  type: ZMessageType,
  params: ZMessageParams,
  /** The console path of the related screen, if any. */
  link: z.string().nullable(),
  status: ZMessageReadStatus,
  readAt: z.number().int().nullable(),
  createdAt: z.number().int(),
});
export type TMessageItem = z.infer<typeof ZMessageItem>;

export const MESSAGE_SORT_FIELDS = ['createdAt', 'type'] as const;

export const ZMessageListRequest = listRequest({
  status: ZMessageReadStatus.optional(),
  type: z.union([ZMessageType, z.array(ZMessageType).max(MESSAGE_TYPE_KEYS.length)]).optional(),
  /** Text in the title, in either language. */
  keyword: z.string().trim().max(100).optional(),
  /** Inclusive bounds of the send time, epoch milliseconds. */
  createdFrom: z.coerce.number().int().optional(),
  createdTo: z.coerce.number().int().optional(),
});

const ZIds = z.array(z.number().int()).min(1).max(LIMITS.pageSizeOptions.at(-1)!);
/** Some messages by id (needs Message:Delete / Message:Read) or all of the caller's (AllDelete / AllRead). */
export const ZMessageSelection = z.union([
  z.object({ ids: ZIds }).strict(),
  z.object({ all: z.literal(true) }).strict(),
]);

export const ZMessageConfigItem = z.object({
  type: ZMessageType,
  /** Shown in the console's message centre. */
  receive: z.boolean(),
  /** Also sent by e-mail (only for types that can go by e-mail). */
  email: z.boolean(),
});
export type TMessageConfigItem = z.infer<typeof ZMessageConfigItem>;

/** What a member receives when it configured nothing: every type in the console, none by e-mail. */
export const DEFAULT_MESSAGE_CONFIG = { receive: true, email: false } as const;

export const messageEndpoints = {
  messagePageList: endpoint({
    method: 'POST',
    path: '/messageInfo/messagePageList',
    input: ZMessageListRequest,
    output: ZListResponse(ZMessageItem),
    reads: true,
    auth: 'enterprise',
    permission: 'MessageList',
    tag: 'message',
    summary: "The caller's own messages in the current enterprise (administrators too see only theirs)",
  }),
  messageFindInfo: endpoint({
    method: 'POST',
    path: '/messageInfo/messageFindInfo',
    input: z.object({ id: z.number().int() }),
    output: ZMessageItem,
    auth: 'enterprise',
    permission: 'MessageList',
    tag: 'message',
    summary: "One of the caller's messages; opening it marks it read",
  }),
  unreadCount: endpoint({
    method: 'POST',
    path: '/messageInfo/unreadCount',
    input: z.object({}).default({}),
    output: z.object({ count: z.number().int().min(0) }),
    auth: 'enterprise',
    permission: 'MessageList',
    tag: 'message',
    summary: "The caller's unread messages in the current enterprise (the bell's badge)",
  }),
  deleteMessage: endpoint({
    method: 'POST',
    path: '/messageInfo/deleteMessage',
    input: ZMessageSelection,
    output: z.object({ deleted: z.number().int() }),
    auth: 'enterprise',
    permission: ['Message:Delete', 'Message:AllDelete'],
    tag: 'message',
    summary: 'Deletes the given messages (Message:Delete) or all of them (Message:AllDelete)',
  }),
  readMarkMessage: endpoint({
    method: 'POST',
    path: '/messageInfo/readMarkMessage',
    input: ZMessageSelection,
    output: z.object({ marked: z.number().int() }),
    auth: 'enterprise',
    permission: ['Message:Read', 'Message:AllRead'],
    tag: 'message',
    summary: 'Marks the given messages read (Message:Read) or all of them (Message:AllRead)',
  }),
  selectMessageConfigList: endpoint({
    method: 'POST',
    path: '/messageInfo/selectMessageConfigList',
    input: z.object({}).default({}),
    output: z.array(ZMessageConfigItem),
    auth: 'enterprise',
    permission: 'MessageConfig',
    tag: 'message',
    summary: "The caller's settings per message type: received in the console, also by e-mail",
  }),
  updateMessageConfigStatus: endpoint({
    method: 'POST',
    path: '/messageInfo/updateMessageConfigStatus',
    input: ZMessageConfigItem,
    output: ZMessageConfigItem,
    auth: 'enterprise',
    permission: 'MessageConfig',
    tag: 'message',
    summary: "Changes the caller's setting of one message type",
  }),
};
