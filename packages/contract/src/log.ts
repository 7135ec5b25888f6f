import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { listRequest, ZListResponse } from './list.ts';
import type { TBilingual } from './i18n/lang.ts';

/** Actions recorded in the account log (system log), with their labels in both languages. */
export const LOG_ACTIONS = {
  register: { zh: '注册账号', en: 'Register' },
  login: { zh: '登录', en: 'Sign in' },
  loginFailed: { zh: '登录失败', en: 'Sign-in failed' },
  logout: { zh: '退出登录', en: 'Sign out' },
  switchEnterprise: { zh: '切换企业', en: 'Switch enterprise' },
  mailCode: { zh: '发送验证码', en: 'Send verification code' },
  certificationSubmit: { zh: '提交企业认证', en: 'Submit certification' },
  certificationResubmit: { zh: '重新提交企业认证', en: 'Resubmit certification' },
  certificationApprove: { zh: '企业认证通过', en: 'Certification approved' },
  certificationReturn: { zh: '企业认证退回', en: 'Certification returned' },
  enterpriseStatus: { zh: '启用或停用企业', en: 'Enable or disable enterprise' },
  enterpriseModules: { zh: '配置企业模块', en: 'Configure enterprise modules' },
  companyUpdate: { zh: '修改企业信息', en: 'Update company information' },
} as const satisfies Record<string, TBilingual>;

export type TLogAction = keyof typeof LOG_ACTIONS;
export const ZLogAction = z.enum(Object.keys(LOG_ACTIONS) as [TLogAction, ...TLogAction[]]);

export const ZLogItem = z.object({
  id: z.number().int(),
  action: ZLogAction,
  result: z.enum(['success', 'failure']),
  username: z.string().nullable(),
  enterpriseName: z.string().nullable(),
  enterpriseEnglishName: z.string().nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.number().int(),
});
export type TLogItem = z.infer<typeof ZLogItem>;

export const LOG_SORT_FIELDS = ['createdAt', 'action'] as const;

export const ZLogListRequest = listRequest({
  action: z.union([ZLogAction, z.array(ZLogAction)]).optional(),
  result: z.enum(['success', 'failure']).optional(),
  ip: z.string().max(64).optional(),
  /** Inclusive bounds, epoch milliseconds. */
  createdFrom: z.coerce.number().int().optional(),
  createdTo: z.coerce.number().int().optional(),
});

const accountLogEndpoints = {
  selectLogPage: endpoint({
    method: 'POST',
    path: '/log/selectLogPage',
    input: ZLogListRequest,
    output: ZListResponse(ZLogItem),
    auth: 'enterprise',
    reads: true,
    permission: 'Log',
    tag: 'log',
    summary:
      'The account log of the current enterprise (administrators: every member; others: their own lines)',
  }),
  selectLogDetail: endpoint({
    method: 'POST',
    path: '/log/selectLogDetail',
    input: z.object({ id: z.number().int() }),
    output: ZLogItem,
    auth: 'enterprise',
    permission: 'Log',
    tag: 'log',
    summary: 'One log record',
  }),
};

/*
 * The audit trail ("data changes"): every insert, update and delete of a business row, recorded by the
 * database in the transaction of the change (migration 0017), with who, when, from where and on whose
 * behalf. Administrators read the enterprise's whole trail; other members read their own writes.
 */

export const AUDIT_ACTIONS = {
  insert: { zh: '新增', en: 'Create' },
  update: { zh: '修改', en: 'Edit' },
  delete: { zh: '删除', en: 'Delete' },
} as const satisfies Record<string, TBilingual>;
export type TAuditAction = keyof typeof AUDIT_ACTIONS;
export const ZAuditAction = z.enum(Object.keys(AUDIT_ACTIONS) as [TAuditAction, ...TAuditAction[]]);

/** The audited tables by their database name, in both languages (record types of the audit trail). */
export const AUDIT_TABLES = {
  certificates: { zh: '区块链证书', en: 'Blockchain certificates' },
  certifications: { zh: '企业认证', en: 'Enterprise certifications' },
  checking_company_tasks: { zh: '企业任务', en: 'Company tasks' },
  documents: { zh: '单据', en: 'Documents' },
  enterprise_rules: { zh: '企业规则', en: 'Enterprise rules' },
  enterprise_users: { zh: '成员', en: 'Members' },
  enterprises: { zh: '企业信息', en: 'Company information' },
  files: { zh: '附件', en: 'Attachments' },
  gateway_keys: { zh: '网关密钥', en: 'Gateway keys' },
  material_relations: { zh: '供应商物料编码映射', en: 'Supplier material code mappings' },
  materials: { zh: '物料', en: 'Materials' },
  message_configs: { zh: '消息设置', en: 'Message settings' },
  partners: { zh: '合作企业', en: 'Partner enterprises' },
  product_carbon: { zh: '碳足迹', en: 'Carbon footprints' },
  product_materials: { zh: '产品物料', en: 'Product materials' },
  products: { zh: '产品', en: 'Products' },
  project_codes: { zh: '项目编号', en: 'Project codes' },
  risk_areas: { zh: '风险区域', en: 'Risk areas' },
  risk_rule_factors: { zh: '风险规则因子', en: 'Risk rule factors' },
  risk_rules: { zh: '风险规则', en: 'Risk rules' },
  role_permissions: { zh: '角色权限', en: 'Role permissions' },
  roles: { zh: '角色', en: 'Roles' },
  tickets: { zh: '工单', en: 'Work orders' },
  user_roles: { zh: '成员角色', en: 'Member roles' },
} as const satisfies Record<string, TBilingual>;

/** A table's name in the language; a table without a label shows its database name. */
export function auditTableLabel(table: string, lang: keyof TBilingual): string {
  return Object.hasOwn(AUDIT_TABLES, table) ? AUDIT_TABLES[table as keyof typeof AUDIT_TABLES][lang] : table;
}

export const ZAuditItem = z.object({
  id: z.number().int(),
  /** The table written (its database name; see AUDIT_TABLES for its label). */
  tableName: z.string(),
  /** The row's key: its id, or its key columns joined with '/'. */
  recordId: z.string(),
  action: ZAuditAction,
  /** The account that wrote; null for platform writes (operator end, sign-in, system jobs). */
  username: z.string().nullable(),
  ip: z.string().nullable(),
  /** The authorising enterprise the member acted for; null when acting for its own. */
  onBehalfOf: z.string().nullable(),
  /** The fields an update changed; every recorded field for an insert or delete. */
  fields: z.array(z.string()),
  createdAt: z.number().int(),
});
export type TAuditItem = z.infer<typeof ZAuditItem>;

export const ZAuditDetail = ZAuditItem.extend({
  /** The row before the change (changed fields only for an update); null for an insert. */
  before: z.record(z.string(), z.unknown()).nullable(),
  /** The row after the change (changed fields only for an update); null for a delete. */
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type TAuditDetail = z.infer<typeof ZAuditDetail>;

export const AUDIT_SORT_FIELDS = ['createdAt', 'tableName', 'action'] as const;

const auditFilters = {
  tableName: z.union([z.string().max(64), z.array(z.string().max(64)).max(50)]).optional(),
  action: z.union([ZAuditAction, z.array(ZAuditAction)]).optional(),
  /** Part of the writing account's name. */
  username: z.string().trim().max(64).optional(),
  recordId: z.string().trim().max(100).optional(),
  ip: z.string().max(64).optional(),
  /** Inclusive bounds, epoch milliseconds. */
  createdFrom: z.coerce.number().int().optional(),
  createdTo: z.coerce.number().int().optional(),
};

export const ZAuditListRequest = listRequest(auditFilters);

const auditEndpoints = {
  selectAuditPage: endpoint({
    method: 'POST',
    path: '/log/selectAuditPage',
    input: ZAuditListRequest,
    output: ZListResponse(ZAuditItem),
    reads: true,
    auth: 'enterprise',
    permission: 'Log',
    tag: 'log',
    summary:
      'The audit trail of the current enterprise: every write with who, when, which record, from where (administrators: every member; others: their own writes)',
  }),
  selectAuditDetail: endpoint({
    method: 'POST',
    path: '/log/selectAuditDetail',
    input: z.object({ id: z.number().int() }),
    output: ZAuditDetail,
    auth: 'enterprise',
    permission: 'Log',
    tag: 'log',
    summary: 'One audit entry with the fields before and after the change',
  }),
  downloadEnterprise: endpoint({
    method: 'POST',
    path: '/log/downloadEnterprise',
    // The list filters, and the IANA time zone times are written in (the browser's; Asia/Shanghai without it).
    input: listRequest({ ...auditFilters, tz: z.string().max(64).optional() }),
    output: z.unknown(),
    auth: 'enterprise',
    permission: 'Log:Export',
    tag: 'log',
    summary:
      'Export the audit entries matching the list filters (xlsx, at most 20,000 rows; formula injection neutralised)',
  }),
};

/** The system log: the account log and the audit trail. */
export const logEndpoints = { ...accountLogEndpoints, ...auditEndpoints };
