import { and, eq } from 'drizzle-orm';
import { ENTERPRISE_MENU, menuCodes } from '@tracehub/contract';
import type { Db } from '../db/client.ts';
import { rolePermissions, roles, userRoles } from '../db/schema.ts';

/** Every code of the enterprise menu: what an enterprise administrator holds. */
export const ALL_ENTERPRISE_CODES: ReadonlySet<string> = new Set(menuCodes(ENTERPRISE_MENU));

/** The member's permission codes in an enterprise: the union of its enabled roles' codes. */
export async function memberPermissions(
  db: Db,
  enterpriseUuid: string,
  userId: number,
  isAdmin: boolean,
): Promise<ReadonlySet<string>> {
  if (isAdmin) return ALL_ENTERPRISE_CODES;
  const rows = await db
    .selectDistinct({ code: rolePermissions.code })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .innerJoin(rolePermissions, eq(rolePermissions.roleId, roles.id))
    .where(
      and(
        eq(userRoles.enterpriseUuid, enterpriseUuid),
        eq(userRoles.userId, userId),
        eq(roles.enterpriseUuid, enterpriseUuid),
        eq(roles.status, 'enabled'),
      ),
    );
  return new Set(rows.map((r) => r.code));
}
