import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { LIMITS } from './limits.ts';
import { zEmail, zPassword, zUsername, zVerifyCode } from './validators/index.ts';

/** Enterprise list item used for account linking (spec section 3). */
export const ZEnterpriseListItem = z.object({
  id: z.number().int(),
  enterpriseUuid: z.string(),
  enterpriseName: z.string(),
  enterpriseEnglishName: z.string().nullable(),
  chineseNameShorter: z.string().nullable(),
  englishNameShorter: z.string().nullable(),
  /** 0 pending, 2 rejected, anything else usable (spec 4). */
  examineStatus: z.number().int(),
  /** Application or operation time, epoch milliseconds. */
  gmtModified: z.number().int(),
  /** 'Y' for the enterprise the account used last. */
  lastLogin: z.enum(['Y', 'N']),
  /** The enterprise has a DID (certified). */
  certified: z.boolean(),
});
export type TEnterpriseListItem = z.infer<typeof ZEnterpriseListItem>;

/** What the first sign-in step returns: the linked enterprises and a short-lived key for the second step. */
export const ZLoginStep = z.object({
  loginAccount: z.string(),
  verifyKey: z.string(),
  /** Seconds the verifyKey stays valid. */
  verifyKeyTtl: z.number().int(),
  enterprises: z.array(ZEnterpriseListItem),
  /**
   * The account signed in with a one-time password (a new member, a reset): the verifyKey can only set a
   * new password through /login/changePassword, which answers the normal step; enterprises are empty.
   */
  mustChangePassword: z.boolean(),
});
export type TLoginStep = z.infer<typeof ZLoginStep>;

export const ZSessionToken = z.object({
  token: z.string(),
  enterpriseUuid: z.string().nullable(),
  /** Sliding session timeout in minutes. */
  expiresInMinutes: z.number().int(),
});
export type TSessionToken = z.infer<typeof ZSessionToken>;

const zLoginAccount = z.string().trim().min(1, 'v.login.accountRequired').max(LIMITS.emailMax);

export const authEndpoints = {
  loginByPwd: endpoint({
    method: 'POST',
    path: '/login/loginByPwd',
    input: z.object({
      loginAccount: zLoginAccount,
      password: z.string().min(1, 'v.login.passwordRequired').max(128),
    }),
    output: ZLoginStep,
    auth: 'public',
    tag: 'auth',
    summary: 'Sign in with user name or e-mail and password; returns linked enterprises and a verifyKey',
  }),
  getLoginMailVerifyCode: endpoint({
    method: 'POST',
    path: '/login/getLoginMailVerifyCode',
    input: z.object({
      email: zEmail,
      /** login: sign in by e-mail code; register: prove the address before creating an account. */
      purpose: z.enum(['login', 'register']).default('login'),
    }),
    output: z.object({ expiresInSeconds: z.number().int(), resendAfterSeconds: z.number().int() }),
    auth: 'public',
    tag: 'auth',
    summary: 'Send a 6-character verification code by e-mail (outbox, and SMTP when configured)',
  }),
  verifyLoginMailCode: endpoint({
    method: 'POST',
    path: '/login/verifyLoginMailCode',
    input: z.object({ email: zEmail, code: zVerifyCode }),
    output: ZLoginStep,
    auth: 'public',
    tag: 'auth',
    summary: 'Sign in with an e-mailed code; returns linked enterprises and a verifyKey',
  }),
  selectEnterprise: endpoint({
    method: 'POST',
    path: '/login/selectEnterprise',
    input: z.object({
      isLogined: z.boolean(),
      loginAccount: zLoginAccount,
      /** Empty when the account has no usable enterprise yet and goes on to certify one. */
      enterpriseUuid: z.string().max(64).nullable().default(null),
      verifyKey: z.string().max(128).optional(),
    }),
    output: ZSessionToken,
    auth: 'public',
    tag: 'auth',
    summary: 'Second sign-in step or enterprise switch: returns a session token for the chosen enterprise',
  }),
  changePassword: endpoint({
    method: 'POST',
    path: '/login/changePassword',
    input: z
      .object({
        loginAccount: zLoginAccount,
        verifyKey: z.string().min(1).max(128),
        password: zPassword,
        confirmPassword: z.string(),
      })
      .refine((v) => v.password === v.confirmPassword, {
        message: 'v.password.mismatch',
        path: ['confirmPassword'],
      }),
    output: ZLoginStep,
    auth: 'public',
    tag: 'auth',
    summary:
      'The change-password step of a sign-in with a one-time password (mustChangePassword): sets the new password with the verifyKey and answers the normal sign-in step',
  }),
  logout: endpoint({
    method: 'POST',
    path: '/login/logout',
    input: z.object({}).default({}),
    output: z.null(),
    auth: 'session',
    tag: 'auth',
    summary: 'End the current session',
  }),
  register: endpoint({
    method: 'POST',
    path: '/enterpriseUserRel/anonymous/enterpriseUserRelCommit',
    input: z
      .object({
        username: zUsername,
        email: zEmail,
        password: zPassword,
        confirmPassword: z.string(),
        code: zVerifyCode,
        agreement: z.literal(true, 'v.register.agreement'),
      })
      .refine((v) => v.password === v.confirmPassword, {
        message: 'v.password.mismatch',
        path: ['confirmPassword'],
      }),
    output: z.object({ userId: z.number().int() }),
    auth: 'public',
    tag: 'auth',
    summary: 'Register an account (user name, e-mail with verification code, password)',
  }),
};
