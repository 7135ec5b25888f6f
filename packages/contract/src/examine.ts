import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { LIMITS } from './limits.ts';
import { ZEnterpriseListItem } from './auth.ts';
import { listRequest, ZListResponse } from './list.ts';
import { zUsci } from './validators/index.ts';

/**
 * Link applications (an account asks to join an enterprise). At sign-in these calls are authorised by
 * the verifyKey of the first step, after sign-in by the session: auth level 'account' accepts both.
 */
export const ZLinkApplication = z.object({
  examineName: z
    .string()
    .trim()
    .min(1, 'v.examine.nameRequired')
    .max(LIMITS.linkApplicationFieldMax, 'v.examine.nameTooLong'),
  uniformSocialCreditCode: zUsci,
  remark: z.string().max(LIMITS.linkApplicationFieldMax, 'v.examine.remarkTooLong').optional().default(''),
});
export type TLinkApplication = z.infer<typeof ZLinkApplication>;

export const ZTaxLookup = z.object({
  success: z.boolean(),
  data: z.object({ enterpriseName: z.string(), enterpriseNameEn: z.string().nullable() }).nullable(),
});

export const examineEndpoints = {
  selectEnterpriseList: endpoint({
    method: 'POST',
    path: '/enterpriseUserExamine/selectEnterpriseList',
    input: z.object({}).default({}),
    output: z.array(ZEnterpriseListItem),
    auth: 'account',
    tag: 'examine',
    summary: "The account's linked enterprises and its pending or rejected link applications",
  }),
  selectEnterpriseByCode: endpoint({
    method: 'POST',
    path: '/enterpriseUserExamine/selectEnterpriseByCode',
    input: z.object({ uniformSocialCreditCode: z.string().trim().max(LIMITS.linkApplicationFieldMax) }),
    output: ZTaxLookup,
    auth: 'account',
    tag: 'examine',
    summary: 'Tax-number lookup: the certified enterprise with this USCI, if any',
  }),
  addEnterpriseUser: endpoint({
    method: 'POST',
    path: '/enterpriseUserExamine/addEnterpriseUser',
    input: ZLinkApplication,
    output: z.object({ id: z.number().int() }),
    auth: 'account',
    tag: 'examine',
    summary: 'Apply to link the account to an enterprise; its administrator audits the application',
  }),
  cancelExamine: endpoint({
    method: 'POST',
    path: '/enterpriseUserExamine/cancelExamine',
    input: z.object({ id: z.number().int() }),
    output: z.null(),
    auth: 'account',
    tag: 'examine',
    summary: 'Cancel a pending link application',
  }),
  delEnterpriseUser: endpoint({
    method: 'POST',
    path: '/enterpriseUserExamine/delEnterpriseUser',
    input: z.object({ id: z.number().int() }),
    output: z.null(),
    auth: 'account',
    tag: 'examine',
    summary: 'Delete a rejected link application',
  }),
};

/** An application to join the current enterprise, as its administrator audits it (/account/audit). */
export const ZExamineItem = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  examineName: z.string().nullable(),
  remark: z.string().nullable(),
  examineStatus: z.number().int(),
  examineRemark: z.string().nullable(),
  appliedAt: z.number().int(),
  auditedAt: z.number().int().nullable(),
});
export type TExamineItem = z.infer<typeof ZExamineItem>;

export const examineAuditEndpoints = {
  selectExamineList: endpoint({
    method: 'POST',
    path: '/enterpriseUserExamine/selectExamineList',
    input: listRequest({
      /** 0 pending, 1 approved, 2 rejected. */
      examineStatus: z.coerce.number().int().min(0).max(2).optional(),
      username: z.string().max(LIMITS.usernameMax).optional(),
    }),
    output: ZListResponse(ZExamineItem),
    reads: true,
    auth: 'enterprise',
    permission: 'MemberAudit',
    tag: 'examine',
    summary: 'Applications to join the current enterprise',
  }),
  examine: endpoint({
    method: 'POST',
    path: '/enterpriseUserExamine/examine',
    input: z
      .object({
        ids: z.array(z.number().int()).min(1).max(200),
        result: z.enum(['approve', 'reject']),
        /** Roles given on approval (at most 5). */
        roleIds: z.array(z.number().int()).max(LIMITS.rolesPerMember, 'v.member.tooManyRoles').default([]),
        remark: z.string().trim().max(LIMITS.commentMax).optional().default(''),
      })
      .refine((v) => v.result === 'approve' || v.remark.length > 0, {
        message: 'v.examine.rejectReason',
        path: ['remark'],
      }),
    output: z.object({ audited: z.number().int() }),
    auth: 'enterprise',
    permission: 'Audit',
    tag: 'examine',
    summary: 'Approve or reject applications (several at once needs BatchAudit); applicants are notified',
  }),
};
