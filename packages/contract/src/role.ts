import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { listRequest, ZListResponse } from './list.ts';
import { LIMITS } from './limits.ts';
import { ZMenuNode } from './menu.ts';

export const DATA_SCOPES = ['company', 'account'] as const;

export const ZRole = z.object({
  id: z.number().int(),
  name: z.string(),
  nameEn: z.string().nullable(),
  description: z.string().nullable(),
  descriptionEn: z.string().nullable(),
  status: z.enum(['enabled', 'disabled']),
  isAdminRole: z.boolean(),
  /** All company data, or only data the member's own account created (spec 6). */
  dataScope: z.enum(DATA_SCOPES),
  /** All projects, or only the listed project codes. */
  projectScope: z.enum(['all', 'selected']),
  projectCodes: z.array(z.string()),
  permissionCodes: z.array(z.string()),
  memberCount: z.number().int(),
  createdAt: z.number().int(),
});
export type TRole = z.infer<typeof ZRole>;

const zRoleName = z.string().trim().min(1).max(LIMITS.roleNameMax);
export const ZRoleCreate = z.object({
  name: zRoleName,
  nameEn: z.string().trim().max(LIMITS.roleNameMax).optional().default(''),
  description: z.string().trim().max(LIMITS.roleDescriptionMax).optional().default(''),
  descriptionEn: z.string().trim().max(LIMITS.roleDescriptionMax).optional().default(''),
});

export const roleEndpoints = {
  page: endpoint({
    method: 'POST',
    path: '/role/page',
    input: listRequest({
      name: z.string().max(LIMITS.roleNameMax).optional(),
      status: z.enum(['enabled', 'disabled']).optional(),
    }),
    output: ZListResponse(ZRole),
    reads: true,
    auth: 'enterprise',
    permission: 'Role',
    tag: 'role',
    summary: "The enterprise's roles",
  }),
  options: endpoint({
    method: 'POST',
    path: '/role/options',
    input: z.object({}).default({}),
    output: z.array(ZRole.pick({ id: true, name: true, nameEn: true, status: true, isAdminRole: true })),
    auth: 'enterprise',
    // Member management and member audit both assign roles.
    permission: ['Member', 'MemberAudit'],
    tag: 'role',
    summary: 'Enabled roles to assign to members',
  }),
  detail: endpoint({
    method: 'POST',
    path: '/role/detail',
    input: z.object({ id: z.number().int() }),
    output: ZRole,
    auth: 'enterprise',
    permission: 'Role',
    tag: 'role',
    summary: 'One role with its permission codes',
  }),
  add: endpoint({
    method: 'POST',
    path: '/role/add',
    input: ZRoleCreate,
    output: ZRole,
    auth: 'enterprise',
    permission: 'CreateRole',
    tag: 'role',
    summary: 'Create a role (disabled until its permissions are configured); the Chinese name is unique',
  }),
  update: endpoint({
    method: 'POST',
    path: '/role/update',
    input: ZRoleCreate.extend({ id: z.number().int() }),
    output: ZRole,
    auth: 'enterprise',
    permission: 'EditRole',
    tag: 'role',
    summary: 'Edit a role; its names cannot change while members hold it',
  }),
  updateStatus: endpoint({
    method: 'POST',
    path: '/role/updateStatus',
    input: z.object({ id: z.number().int(), status: z.enum(['enabled', 'disabled']) }),
    output: ZRole,
    auth: 'enterprise',
    permission: 'Role:EnableDisable',
    tag: 'role',
    summary: 'Enable (needs permissions) or disable (not while members hold it) a role',
  }),
  menuTree: endpoint({
    method: 'POST',
    path: '/role/menuTree',
    input: z.object({}).default({}),
    output: z.array(ZMenuNode),
    auth: 'enterprise',
    permission: 'Role',
    tag: 'role',
    summary: 'The function-permission tree (modules, pages, operations) roles are configured from',
  }),
  configAuth: endpoint({
    method: 'POST',
    path: '/role/configAuth',
    input: z
      .object({
        id: z.number().int(),
        permissionCodes: z.array(z.string().max(100)).max(2000),
        dataScope: z.enum(DATA_SCOPES),
        projectScope: z.enum(['all', 'selected']),
        projectCodes: z.array(z.string().trim().min(1).max(LIMITS.projectNumberMax)).max(1000).default([]),
      })
      .refine((v) => v.projectScope === 'all' || v.projectCodes.length > 0, {
        message: 'v.role.projectCodes',
        path: ['projectCodes'],
      }),
    output: ZRole,
    auth: 'enterprise',
    permission: 'SetPermission',
    tag: 'role',
    summary: "Set a role's function, data and project permissions",
  }),
};
