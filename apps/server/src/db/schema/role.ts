import { boolean, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';

export const roles = pgTable(
  'roles',
  {
    id: serial('id').primaryKey(),
    enterpriseUuid: text('enterprise_uuid').notNull(),
    name: text('name').notNull(),
    nameEn: text('name_en'),
    description: text('description'),
    /** The description in English (shown in en when given). */
    descriptionEn: text('description_en'),
    /** The enterprise administrator role holds every code. */
    isAdminRole: boolean('is_admin_role').notNull().default(false),
    status: text('status', { enum: ['enabled', 'disabled'] })
      .notNull()
      .default('enabled'),
    /** Data permission: all company data or own account data. */
    dataScope: text('data_scope', { enum: ['company', 'account'] })
      .notNull()
      .default('company'),
    /** Project permission: every project, or only projectCodes. */
    projectScope: text('project_scope', { enum: ['all', 'selected'] })
      .notNull()
      .default('all'),
    projectCodes: jsonb('project_codes').$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('roles_enterprise_name_uq').on(t.enterpriseUuid, t.name)],
);

export const rolePermissions = pgTable(
  'role_permissions',
  {
    roleId: integer('role_id').notNull(),
    code: text('code').notNull(),
  },
  (t) => [uniqueIndex('role_permissions_uq').on(t.roleId, t.code)],
);

export const userRoles = pgTable(
  'user_roles',
  {
    enterpriseUuid: text('enterprise_uuid').notNull(),
    userId: integer('user_id').notNull(),
    roleId: integer('role_id').notNull(),
  },
  (t) => [uniqueIndex('user_roles_uq').on(t.enterpriseUuid, t.userId, t.roleId)],
);
