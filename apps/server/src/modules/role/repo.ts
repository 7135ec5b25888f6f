import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { TRole } from '@tracehub/contract';
import type { Db } from '../../db/client.ts';
import { rolePermissions, roles, userRoles } from '../../db/schema.ts';
import type { TenantContext } from '../../platform/context.ts';
import { isRowId } from '../../platform/ids.ts';

type Tenant = Pick<TenantContext, 'enterpriseUuid'>;

/** Members holding the role: what locks its name and keeps it from being disabled. */
const memberCount = sql<number>`(select count(*) from ${userRoles} where ${userRoles.roleId} = ${roles.id})`
  .mapWith(Number)
  .as('member_count');

export const roleColumns = {
  id: roles.id,
  name: roles.name,
  nameEn: roles.nameEn,
  description: roles.description,
  descriptionEn: roles.descriptionEn,
  status: roles.status,
  isAdminRole: roles.isAdminRole,
  dataScope: roles.dataScope,
  projectScope: roles.projectScope,
  projectCodes: roles.projectCodes,
  createdAt: roles.createdAt,
  memberCount,
};
export type RoleRow = {
  id: number;
  name: string;
  nameEn: string | null;
  description: string | null;
  descriptionEn: string | null;
  status: 'enabled' | 'disabled';
  isAdminRole: boolean;
  dataScope: 'company' | 'account';
  projectScope: 'all' | 'selected';
  projectCodes: string[];
  createdAt: Date;
  memberCount: number;
};

/** One role of the enterprise; `lock` holds it against concurrent changes until the request ends. */
export async function findRole(db: Db, tenant: Tenant, id: number, lock = false): Promise<RoleRow | null> {
  if (!isRowId(id)) return null;
  if (lock) {
    await db
      .select({ id: roles.id })
      .from(roles)
      .where(and(eq(roles.enterpriseUuid, tenant.enterpriseUuid), eq(roles.id, id)))
      .for('update');
  }
  const [row] = await db
    .select(roleColumns)
    .from(roles)
    .where(and(eq(roles.enterpriseUuid, tenant.enterpriseUuid), eq(roles.id, id)))
    .limit(1);
  return row ?? null;
}

/** The permission codes of several roles in one query. */
export async function codesOfRoles(db: Db, roleIds: number[]): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>(roleIds.map((id) => [id, []]));
  if (roleIds.length === 0) return out;
  const rows = await db
    .select({ roleId: rolePermissions.roleId, code: rolePermissions.code })
    .from(rolePermissions)
    .where(inArray(rolePermissions.roleId, roleIds))
    .orderBy(asc(rolePermissions.code));
  for (const r of rows) out.get(r.roleId)?.push(r.code);
  return out;
}

export function toRole(row: RoleRow, codes: string[]): TRole {
  return { ...row, createdAt: row.createdAt.getTime(), permissionCodes: codes };
}

/** Whether another role of the enterprise already has this (Chinese) name. */
export async function roleNameTaken(
  db: Db,
  tenant: Tenant,
  name: string,
  exceptId?: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(
      and(
        eq(roles.enterpriseUuid, tenant.enterpriseUuid),
        eq(roles.name, name),
        exceptId === undefined ? undefined : ne(roles.id, exceptId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function replaceRoleCodes(db: Db, roleId: number, codes: string[]): Promise<void> {
  await db.delete(rolePermissions).where(eq(rolePermissions.roleId, roleId));
  if (codes.length) await db.insert(rolePermissions).values(codes.map((code) => ({ roleId, code })));
}

export async function roleCodeCount(db: Db, roleId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(rolePermissions)
    .where(eq(rolePermissions.roleId, roleId));
  return row?.n ?? 0;
}

/** Enabled roles a member can be given (the administrator role moves only by a transfer). */
export async function assignableRoles(db: Db, tenant: Tenant) {
  return db
    .select({
      id: roles.id,
      name: roles.name,
      nameEn: roles.nameEn,
      status: roles.status,
      isAdminRole: roles.isAdminRole,
    })
    .from(roles)
    .where(
      and(
        eq(roles.enterpriseUuid, tenant.enterpriseUuid),
        eq(roles.status, 'enabled'),
        eq(roles.isAdminRole, false),
      ),
    )
    .orderBy(asc(roles.id));
}
