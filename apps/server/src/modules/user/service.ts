import { and, asc, eq } from 'drizzle-orm';
import {
  ENTERPRISE_MENU,
  EXAMINE_STATUS,
  OWN_ACCOUNT_CODES,
  buildMenuTree,
  isAvailablePage,
  type TMenuNode,
  type TUserInfo,
} from '@tracehub/contract';
import { enterpriseUsers, enterprises, roles, userRoles, users } from '../../db/schema.ts';
import type { Db } from '../../db/client.ts';
import type { SessionContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { listLinkedEnterprises } from '../examine/public.ts';

/**
 * The codes the session holds in its enterprise: its roles' and, whatever its roles, the user centre's
 * own-account page and operations (changing one's own password, e-mail and profile needs no role).
 */
function heldCodes(session: SessionContext): ReadonlySet<string> {
  if (!session.enterpriseUuid) return session.permissions;
  return new Set([...session.permissions, ...OWN_ACCOUNT_CODES]);
}

/** authStatus of user info: 0 no certified enterprise, 2 the current enterprise is certified. */
const AUTH_STATUS = { none: 0, certified: 2 } as const;

/**
 * The member's roles in its enterprise and the enterprise's administrator: what a member told "no access"
 * needs to know to ask the right person (issue 15, item 4).
 */
async function accessOf(db: Db, session: SessionContext): Promise<TUserInfo['access']> {
  const enterpriseUuid = session.enterpriseUuid;
  if (!enterpriseUuid) return { roleNames: [], administrator: null };
  const [roleNames, [administrator]] = await Promise.all([
    db
      .select({ name: roles.name, nameEn: roles.nameEn })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(and(eq(userRoles.enterpriseUuid, enterpriseUuid), eq(userRoles.userId, session.userId)))
      .orderBy(asc(roles.name)),
    db
      .select({
        username: users.username,
        chineseName: users.chineseName,
        englishName: users.englishName,
        email: users.email,
      })
      .from(enterpriseUsers)
      .innerJoin(users, eq(users.id, enterpriseUsers.userId))
      .where(
        and(
          eq(enterpriseUsers.enterpriseUuid, enterpriseUuid),
          eq(enterpriseUsers.isAdmin, true),
          eq(enterpriseUsers.examineStatus, EXAMINE_STATUS.approved),
        ),
      )
      .limit(1),
  ]);
  return { roleNames, administrator: administrator ?? null };
}

/**
 * The signed-in user's info. `db` is the handler's handle: inside a tenant transaction the caller still
 * reads its own links to other enterprises (migration 0004).
 */
export async function userInfo(db: Db, session: SessionContext): Promise<TUserInfo> {
  const [user] = await db.select().from(users).where(eq(users.id, session.userId)).limit(1);
  if (!user) throw new AppError('SESSION_REVOKED');
  const enterprise = session.enterpriseUuid
    ? (
        await db
          .select()
          .from(enterprises)
          .innerJoin(enterpriseUsers, eq(enterpriseUsers.enterpriseUuid, enterprises.uuid))
          .where(
            and(
              eq(enterprises.uuid, session.enterpriseUuid),
              eq(enterpriseUsers.userId, session.userId),
              eq(enterpriseUsers.examineStatus, EXAMINE_STATUS.approved),
            ),
          )
          .limit(1)
      )[0]?.enterprises
    : undefined;
  return {
    userId: user.id,
    username: user.username,
    email: user.email,
    chineseName: user.chineseName,
    englishName: user.englishName,
    introduction: user.introduction,
    authStatus: enterprise?.did ? AUTH_STATUS.certified : AUTH_STATUS.none,
    enterpriseUuid: enterprise?.uuid ?? null,
    enterpriseName: enterprise?.name ?? null,
    enterpriseEnglishName: enterprise?.englishName ?? null,
    enterpriseRole: enterprise?.role ?? null,
    scene: enterprise?.scene ?? null,
    enterpriseDid: enterprise?.did ?? null,
    chainAccount: enterprise?.chainAddress ?? null,
    isEnterpriseAdmin: session.isEnterpriseAdmin,
    unreadMessage: 0,
    userPictureFileUrl: user.avatarUrl,
    sessionTimeoutMinutes: user.sessionTimeoutMin,
    lastLoginTime: user.lastLoginAt?.getTime() ?? null,
    enterprises: await listLinkedEnterprises(db, user.id),
    roles: ['admin'],
    permissions: [...heldCodes(session)].sort(),
    access: await accessOf(db, session),
  };
}

/**
 * The member's menu. Pages not configured for the enterprise stay in it, marked `configured: false`: the
 * user sees them and is told to contact the administrator (spec 6) instead of missing them silently.
 */
export function menusOf(session: SessionContext): TMenuNode[] {
  if (!session.enterpriseUuid) return [];
  const held = heldCodes(session);
  return buildMenuTree(ENTERPRISE_MENU, (code) => held.has(code), isAvailablePage, session.unconfigured);
}
