import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { listRequest, ZListResponse } from './list.ts';
import { LIMITS } from './limits.ts';
import { zEmail, zUsername } from './validators/index.ts';
import { DATA_SCOPES } from './role.ts';

export const ZRoleRef = z.object({ id: z.number().int(), name: z.string(), nameEn: z.string().nullable() });

/** A member: an account linked (approved) to the current enterprise. */
export const ZMember = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  chineseName: z.string().nullable(),
  englishName: z.string().nullable(),
  roles: z.array(ZRoleRef),
  /** Enabled in this enterprise; a disabled member cannot sign in to it. */
  status: z.enum(['enabled', 'disabled']),
  isAdmin: z.boolean(),
  /** Effective data permission: 'company' when any enabled role (or the administrator) has it. */
  dataScope: z.enum(DATA_SCOPES),
  joinedAt: z.number().int(),
  lastLoginAt: z.number().int().nullable(),
});
export type TMember = z.infer<typeof ZMember>;

/**
 * A random password the server generated for an account (new member, reset): answered once to the
 * administrator, never stored in clear nor mailed; the first sign-in with it can only change it.
 */
export const ZOneTimePassword = z.object({ oneTimePassword: z.string() });
export type TOneTimePassword = z.infer<typeof ZOneTimePassword>;

/** A new member and its one-time password (shown once). */
export const ZMemberCreated = ZMember.extend(ZOneTimePassword.shape);
export type TMemberCreated = z.infer<typeof ZMemberCreated>;

const zRoleIds = z
  .array(z.number().int())
  .min(1, 'v.member.roles')
  .max(LIMITS.rolesPerMember, 'v.member.tooManyRoles');

export const ZMemberCreate = z.object({
  username: zUsername,
  email: zEmail,
  chineseName: z.string().trim().max(50).optional().default(''),
  englishName: z.string().trim().max(100).optional().default(''),
  roleIds: zRoleIds,
});
export const ZMemberUpdate = z.object({
  id: z.number().int(),
  chineseName: z.string().trim().max(50).optional().default(''),
  englishName: z.string().trim().max(100).optional().default(''),
  roleIds: zRoleIds,
});

export const memberEndpoints = {
  page: endpoint({
    method: 'POST',
    path: '/member/page',
    input: listRequest({
      username: z.string().max(LIMITS.usernameMax).optional(),
      email: z.string().max(LIMITS.emailMax).optional(),
      status: z.enum(['enabled', 'disabled']).optional(),
      roleId: z.coerce.number().int().optional(),
    }),
    output: ZListResponse(ZMember),
    reads: true,
    auth: 'enterprise',
    permission: 'Member',
    tag: 'member',
    summary: "The enterprise's members",
  }),
  detail: endpoint({
    method: 'POST',
    path: '/member/detail',
    input: z.object({ id: z.number().int() }),
    output: ZMember,
    auth: 'enterprise',
    permission: 'Member',
    tag: 'member',
    summary: 'One member',
  }),
  add: endpoint({
    method: 'POST',
    path: '/member/add',
    input: ZMemberCreate,
    output: ZMemberCreated,
    auth: 'enterprise',
    permission: 'CreateMember',
    tag: 'member',
    summary:
      'Create an account and link it to the enterprise; answers its random one-time password once (not mailed, stored only hashed): the first sign-in with it must set a new password',
  }),
  update: endpoint({
    method: 'POST',
    path: '/member/update',
    input: ZMemberUpdate,
    output: ZMember,
    auth: 'enterprise',
    permission: 'EditMember',
    tag: 'member',
    summary: "Edit a member's names and roles (at most 5 roles)",
  }),
  updateStatus: endpoint({
    method: 'POST',
    path: '/member/updateStatus',
    input: z.object({ id: z.number().int(), status: z.enum(['enabled', 'disabled']) }),
    output: ZMember,
    auth: 'enterprise',
    permission: 'Member:EnableDisable',
    tag: 'member',
    summary: 'Enable or disable a member in this enterprise; disabling ends its sessions here',
  }),
  resetPassword: endpoint({
    method: 'POST',
    path: '/member/resetPassword',
    input: z.object({ id: z.number().int() }),
    output: ZOneTimePassword,
    auth: 'enterprise',
    permission: 'ResetPassword',
    tag: 'member',
    summary:
      "Reset a member's password to a new random one-time password, answered once (not mailed); the member's sessions end and its next sign-in must set a new password",
  }),
  transferAdmin: endpoint({
    method: 'POST',
    path: '/member/transferAdmin',
    input: z.object({ id: z.number().int() }),
    output: z.null(),
    auth: 'enterprise',
    permission: 'Member:TransferAdmin',
    tag: 'member',
    summary: 'Transfer the enterprise administrator role to another member; both are notified by e-mail',
  }),
};
