import { and, eq } from 'drizzle-orm';
import { ENTERPRISE_MENU, enterpriseKind, menuCodes, pageOfCodes, unusedVinTables } from '@tracehub/contract';
import type { Db } from '../db/client.ts';
import { rolePermissions, roles, userRoles } from '../db/schema.ts';
import type { SessionContext, TDataScope } from './context.ts';
import { AppError } from './errors.ts';

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

/** The page each code of the enterprise menu belongs to (an action: its page), built once. */
const PAGE_OF_CODE: ReadonlyMap<string, string> = pageOfCodes(ENTERPRISE_MENU);

/** The enterprise's row as far as its VIN tables go. */
export interface EnterpriseTables {
  role: number;
  businessAttribute: string | null;
  vinTables: string[] | null;
}

/**
 * The codes a member holds less the pages (and their actions) of the VIN tables its enterprise does not
 * use (its kind's or the operator's choice): they are not in its menu, and their endpoints answer E1008.
 */
export function withUsedTables(permissions: ReadonlySet<string>, e: EnterpriseTables): ReadonlySet<string> {
  const unused = unusedVinTables(enterpriseKind(e.role, e.businessAttribute), e.vinTables);
  if (unused.size === 0) return permissions;
  const out = new Set<string>();
  for (const code of permissions) if (!unused.has(PAGE_OF_CODE.get(code) ?? '')) out.add(code);
  return out;
}

/**
 * The permission check of an enterprise endpoint (any one of `codes` suffices; none needed when empty):
 * E1008 when the member holds none of them, B2030 when every one it holds belongs to a page the platform
 * has not configured for the enterprise (spec 6), so the user is told to ask the administrator rather
 * than that they lack the right.
 */
export function assertEndpointAccess(
  codes: readonly string[],
  session: Pick<SessionContext, 'permissions' | 'unconfigured'>,
): void {
  if (codes.length === 0) return;
  const held = codes.filter((code) => session.permissions.has(code));
  if (held.length === 0) throw new AppError('FORBIDDEN');
  if (session.unconfigured.size === 0) return;
  const configured = (code: string) => !session.unconfigured.has(PAGE_OF_CODE.get(code) ?? '');
  if (!held.some(configured)) throw new AppError('MODULE_NOT_CONFIGURED');
}

/** Whether a member passes assertEndpointAccess for these codes (any one of them), without throwing. */
export function holdsAccess(
  codes: readonly string[],
  session: Pick<SessionContext, 'permissions' | 'unconfigured'>,
): boolean {
  try {
    assertEndpointAccess(codes, session);
    return true;
  } catch (err) {
    if (err instanceof AppError) return false;
    throw err;
  }
}
