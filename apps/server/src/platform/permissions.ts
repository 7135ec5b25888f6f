import { and, eq } from 'drizzle-orm';
import { ENTERPRISE_MENU, menuCodes } from '@tracehub/contract';
import type { Db } from '../db/client.ts';
import { rolePermissions, roles, userRoles } from '../db/schema.ts';
import type { TDataScope } from './context.ts';

/** Every code of the enterprise menu: what an enterprise administrator holds. */
export const ALL_ENTERPRISE_CODES: ReadonlySet<string> = new Set(menuCodes(ENTERPRISE_MENU));

export interface MemberAccess {
  permissions: ReadonlySet<string>;
  dataScope: TDataScope;
}

const ADMIN_ACCESS: MemberAccess = { permissions: ALL_ENTERPRISE_CODES, dataScope: 'company' };

/**
 * The member's access in an enterprise, from its enabled roles in one query: the union of their codes,
 * and 'company' data scope when any of them has it ('account' otherwise, also without roles).
 */
export async function memberAccess(
  db: Db,
  enterpriseUuid: string,
  userId: number,
  isAdmin: boolean,
): Promise<MemberAccess> {
  if (isAdmin) return ADMIN_ACCESS;
  // A role without codes still counts for the data scope, hence the left join.
  const rows = await db
    .select({ dataScope: roles.dataScope, code: rolePermissions.code })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .leftJoin(rolePermissions, eq(rolePermissions.roleId, roles.id))
    .where(
      and(
        eq(userRoles.enterpriseUuid, enterpriseUuid),
        eq(userRoles.userId, userId),
        eq(roles.enterpriseUuid, enterpriseUuid),
        eq(roles.status, 'enabled'),
      ),
    );
  const permissions = new Set<string>();
  for (const r of rows) if (r.code !== null) permissions.add(r.code);
  return {
    permissions,
    dataScope: rows.some((r) => r.dataScope === 'company') ? 'company' : 'account',
  };
}
