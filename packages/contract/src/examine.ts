import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { LIMITS } from './limits.ts';
import { ZEnterpriseListItem } from './auth.ts';
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
