import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { LIMITS } from './limits.ts';
import { ZAddress } from './certification.ts';
import { ZUserInfo } from './user.ts';
import { zCompanyEnglishName, zEmail, zPassword, zUsername, zVerifyCode } from './validators/index.ts';

/**
 * User centre (spec 2.2 /userCenter, 7 /user/...). These change only the caller's own account, so they
 * need a session and no permission code: every member may change its own password, e-mail and profile
 * (the spec's Profile codes are granted to every member, see OWN_ACCOUNT_CODES).
 */
export const profileEndpoints = {
  updateUsername: endpoint({
    method: 'POST',
    path: '/profile/updateUsername',
    input: z.object({ username: zUsername }),
    output: ZUserInfo,
    auth: 'enterprise',
    tag: 'profile',
    summary: 'Change the user name (at most twice a year)',
  }),
  updateNames: endpoint({
    method: 'POST',
    path: '/profile/updateNames',
    input: z.object({
      chineseName: z.string().trim().max(50).optional().default(''),
      englishName: z.string().trim().max(100).optional().default(''),
      introduction: z.string().trim().max(LIMITS.commentMax).optional().default(''),
    }),
    output: ZUserInfo,
    auth: 'enterprise',
    tag: 'profile',
    summary: 'Change the Chinese and English names and the introduction',
  }),
  sendChangeMailCode: endpoint({
    method: 'POST',
    path: '/user/sendChangeMailCode',
    input: z.object({ email: zEmail }),
    output: z.object({ expiresInSeconds: z.number().int(), resendAfterSeconds: z.number().int() }),
    auth: 'enterprise',
    tag: 'profile',
    summary: 'Send a 6-character code to the new e-mail address',
  }),
  checkEmailVerificationCode: endpoint({
    method: 'POST',
    path: '/user/checkEmailVerificationCode',
    input: z.object({ email: zEmail, code: zVerifyCode }),
    output: z.object({ valid: z.boolean() }),
    auth: 'enterprise',
    tag: 'profile',
    summary: 'Check a code sent to the new address without using it up',
  }),
  changeMail: endpoint({
    method: 'POST',
    path: '/user/changeMail',
    input: z.object({ email: zEmail, code: zVerifyCode }),
    output: ZUserInfo,
    auth: 'enterprise',
    tag: 'profile',
    summary: 'Change the e-mail address with the code sent to it',
  }),
  updatePassword: endpoint({
    method: 'POST',
    path: '/profile/updatePassword',
    input: z
      .object({ oldPassword: z.string().min(1).max(128), password: zPassword, confirmPassword: z.string() })
      .refine((v) => v.password === v.confirmPassword, {
        message: 'v.password.mismatch',
        path: ['confirmPassword'],
      }),
    output: z.null(),
    auth: 'enterprise',
    tag: 'profile',
    summary: "Change the password; the account's other sessions end",
  }),
  changeExpireTime: endpoint({
    method: 'POST',
    path: '/user/changeExpireTime',
    input: z.object({
      minutes: z.coerce.number().int().min(LIMITS.sessionTimeoutMinMin).max(LIMITS.sessionTimeoutMaxMin),
    }),
    output: ZUserInfo,
    auth: 'enterprise',
    tag: 'profile',
    summary: 'Set the sliding session timeout (30-720 minutes)',
  }),
  updateAvatar: endpoint({
    method: 'POST',
    path: '/profile/updateAvatar',
    input: z.object({ fileKey: z.string().min(1).max(100) }),
    output: ZUserInfo,
    auth: 'enterprise',
    tag: 'profile',
    summary: 'Use an uploaded image (bizType avatar) as the profile photo',
  }),
};

/** Own company information (/userCenter/perfrom). */
export const ZCompanyInfo = z.object({
  enterpriseUuid: z.string(),
  name: z.string(),
  englishName: z.string().nullable(),
  chineseShort: z.string().nullable(),
  englishShort: z.string().nullable(),
  usci: z.string(),
  role: z.number().int(),
  businessAttribute: z.string().nullable(),
  steelAttributes: z.array(z.string()),
  scene: z.enum(['US', 'EU', 'US&EU']).nullable(),
  deploymentMethod: z.string().nullable(),
  registeredAddress: ZAddress.nullable(),
  operationAddress: ZAddress.nullable(),
  legalPersonName: z.string().nullable(),
  businessTermFrom: z.string().nullable(),
  businessTermTo: z.string().nullable(),
  did: z.string().nullable(),
  chainAccount: z.string().nullable(),
  certifiedAt: z.number().int().nullable(),
  status: z.enum(['enabled', 'disabled']),
});
export type TCompanyInfo = z.infer<typeof ZCompanyInfo>;

export const companyEndpoints = {
  info: endpoint({
    method: 'POST',
    path: '/enterprise/info',
    input: z.object({}).default({}),
    output: ZCompanyInfo,
    auth: 'enterprise',
    permission: 'PerFrom',
    tag: 'company',
    summary: "The current enterprise's information, DID and chain account",
  }),
  updateAddress: endpoint({
    method: 'POST',
    path: '/enterprise/updateAddress',
    input: z.object({ registeredAddress: ZAddress, operationAddress: ZAddress }),
    output: ZCompanyInfo,
    auth: 'enterprise',
    permission: 'EditAddress',
    tag: 'company',
    summary: "Change the enterprise's registered and operation addresses",
  }),
  updateEnglishName: endpoint({
    method: 'POST',
    path: '/enterprise/updateEnglishName',
    input: z.object({
      englishName: zCompanyEnglishName,
      englishShort: z.string().trim().max(50).optional().default(''),
    }),
    output: ZCompanyInfo,
    auth: 'enterprise',
    permission: 'EditEnglishName',
    tag: 'company',
    summary: "Change the enterprise's English name and abbreviation",
  }),
};
