import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { EXAMINE_STATUS, type TMember } from '@tracehub/contract';
import type { Db } from '../../db/client.ts';
import { enterpriseUsers, roles, userRoles, users } from '../../db/schema.ts';
import type { TenantContext } from '../../platform/context.ts';
import { isRowId } from '../../platform/ids.ts';

/** A member's row: its approved link to the enterprise (the member id) and its account. */
export const memberColumns = {
  id: enterpriseUsers.id,
  userId: enterpriseUsers.userId,
  username: users.username,
  email: users.email,
  chineseName: users.chineseName,
  englishName: users.englishName,
  accountStatus: users.status,
  status: enterpriseUsers.status,
  isAdmin: enterpriseUsers.isAdmin,
  joinedAt: enterpriseUsers.gmtModified,
  lastLoginAt: enterpriseUsers.lastLoginAt,
};
export type MemberRow = {
  id: number;
  userId: number;
  username: string;
  email: string;
  chineseName: string | null;
  englishName: string | null;
  accountStatus: 'enabled' | 'disabled';
  status: 'enabled' | 'disabled';
  isAdmin: boolean;
  joinedAt: Date;
  lastLoginAt: Date | null;
};

/** Only approved links are members; pending and rejected ones are applications (member audit). */
export const isMemberOf = (tenant: Pick<TenantContext, 'enterpriseUuid'>) =>
  and(
    eq(enterpriseUsers.enterpriseUuid, tenant.enterpriseUuid),
    eq(enterpriseUsers.examineStatus, EXAMINE_STATUS.approved),
  );

export async function findMember(
  db: Db,
  tenant: Pick<TenantContext, 'enterpriseUuid'>,
  id: number,
): Promise<MemberRow | null> {
  if (!isRowId(id)) return null;
  const [row] = await db
    .select(memberColumns)
    .from(enterpriseUsers)
    .innerJoin(users, eq(users.id, enterpriseUsers.userId))
    .where(and(isMemberOf(tenant), eq(enterpriseUsers.id, id)))
    .limit(1);
  return row ?? null;
}

export interface MemberRole {
  id: number;
  name: string;
  nameEn: string | null;
  status: 'enabled' | 'disabled';
  isAdminRole: boolean;
  dataScope: 'company' | 'account';
}

/** The roles of several members in one query, by account id. */
export async function rolesOfMembers(
  db: Db,
  tenant: Pick<TenantContext, 'enterpriseUuid'>,
  userIds: number[],
): Promise<Map<number, MemberRole[]>> {
  const out = new Map<number, MemberRole[]>(userIds.map((id) => [id, []]));
  if (userIds.length === 0) return out;
  const rows = await db
    .select({
      userId: userRoles.userId,
      id: roles.id,
      name: roles.name,
      nameEn: roles.nameEn,
      status: roles.status,
      isAdminRole: roles.isAdminRole,
      dataScope: roles.dataScope,
    })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(
      and(
        eq(userRoles.enterpriseUuid, tenant.enterpriseUuid),
        eq(roles.enterpriseUuid, tenant.enterpriseUuid),
        inArray(userRoles.userId, userIds),
      ),
    )
    .orderBy(asc(roles.id));
  for (const { userId, ...role } of rows) out.get(userId)?.push(role);
  return out;
}

export function toMember(row: MemberRow, memberRoles: MemberRole[]): TMember {
  const companyWide =
    row.isAdmin || memberRoles.some((r) => r.status === 'enabled' && r.dataScope === 'company');
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    chineseName: row.chineseName,
    englishName: row.englishName,
    roles: memberRoles.map((r) => ({ id: r.id, name: r.name, nameEn: r.nameEn })),
    status: row.status,
    isAdmin: row.isAdmin,
    dataScope: companyWide ? 'company' : 'account',
    joinedAt: row.joinedAt.getTime(),
    lastLoginAt: row.lastLoginAt?.getTime() ?? null,
  };
}

/**
 * The roles among `roleIds` a member may be given: enabled, of this enterprise, not the administrator
 * role (which only moves with an ownership transfer). The rows are share-locked so that a concurrent
 * disable waits for this assignment and then sees it.
 */
export async function assignableRoleIds(
  db: Db,
  tenant: Pick<TenantContext, 'enterpriseUuid'>,
  roleIds: number[],
): Promise<number[] | null> {
  const wanted = [...new Set(roleIds)];
  if (wanted.length === 0) return [];
  if (!wanted.every(isRowId)) return null;
  const found = await db
    .select({ id: roles.id })
    .from(roles)
    .where(
      and(
        eq(roles.enterpriseUuid, tenant.enterpriseUuid),
        inArray(roles.id, wanted),
        eq(roles.status, 'enabled'),
        eq(roles.isAdminRole, false),
      ),
    )
    .for('share');
  return found.length === wanted.length ? wanted : null;
}

/** Replaces a member's roles, keeping the administrator role where it holds it. */
export async function replaceMemberRoles(
  db: Db,
  tenant: Pick<TenantContext, 'enterpriseUuid'>,
  userId: number,
  roleIds: number[],
): Promise<void> {
  const ordinaryRoles = db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.enterpriseUuid, tenant.enterpriseUuid), eq(roles.isAdminRole, false)));
  await db
    .delete(userRoles)
    .where(
      and(
        eq(userRoles.enterpriseUuid, tenant.enterpriseUuid),
        eq(userRoles.userId, userId),
        inArray(userRoles.roleId, ordinaryRoles),
      ),
    );
  if (roleIds.length === 0) return;
  await db
    .insert(userRoles)
    .values(roleIds.map((roleId) => ({ enterpriseUuid: tenant.enterpriseUuid, userId, roleId })))
    .onConflictDoNothing();
}

/** The enterprise's administrator role (every enterprise has one, created with it). */
export async function adminRoleId(
  db: Db,
  tenant: Pick<TenantContext, 'enterpriseUuid'>,
): Promise<number | null> {
  const [row] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.enterpriseUuid, tenant.enterpriseUuid), eq(roles.isAdminRole, true)))
    .limit(1);
  return row?.id ?? null;
}

/**
 * How many enterprises an account is linked to (approved). Other enterprises' links are hidden from a
 * tenant transaction; the database function answers the count for accounts linked to this enterprise.
 */
export async function approvedLinkCount(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`tracehub_approved_link_count(${users.id})`.mapWith(Number) })
    .from(users)
    .where(eq(users.id, userId));
  return row?.n ?? 0;
}
