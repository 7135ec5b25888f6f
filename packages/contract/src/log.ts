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

export const logEndpoints = {
  selectLogPage: endpoint({
    method: 'POST',
    path: '/log/selectLogPage',
    input: ZLogListRequest,
    output: ZListResponse(ZLogItem),
    auth: 'enterprise',
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
