import { and, asc, eq, inArray } from 'drizzle-orm';
import { EXAMINE_STATUS, type TEnterpriseListItem } from '@tracehub/contract';
import type { Db } from '../../db/client.ts';
import { enterpriseUsers, enterprises, users } from '../../db/schema.ts';

/** Link states the account still sees: pending, approved and rejected (cancelled and deleted are history). */
export const VISIBLE_LINK_STATES = [EXAMINE_STATUS.pending, EXAMINE_STATUS.approved, EXAMINE_STATUS.rejected];
export const LINK_CANCELLED = 3;
export const LINK_DELETED = 4;

/** The account's enterprises and open applications, as the select-enterprise dialog lists them. */
export async function listLinkedEnterprises(db: Db, userId: number): Promise<TEnterpriseListItem[]> {
  const [user] = await db
    .select({ last: users.lastEnterpriseUuid })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  const rows = await db
    .select({
      id: enterpriseUsers.id,
      enterpriseUuid: enterpriseUsers.enterpriseUuid,
      examineStatus: enterpriseUsers.examineStatus,
      gmtModified: enterpriseUsers.gmtModified,
      enterpriseName: enterprises.name,
      enterpriseEnglishName: enterprises.englishName,
      chineseNameShorter: enterprises.chineseShort,
      englishNameShorter: enterprises.englishShort,
      did: enterprises.did,
    })
    .from(enterpriseUsers)
    .innerJoin(enterprises, eq(enterprises.uuid, enterpriseUsers.enterpriseUuid))
    .where(
      and(eq(enterpriseUsers.userId, userId), inArray(enterpriseUsers.examineStatus, VISIBLE_LINK_STATES)),
    )
    .orderBy(asc(enterpriseUsers.id));
  return rows.map((r) => ({
    id: r.id,
    enterpriseUuid: r.enterpriseUuid,
    enterpriseName: r.enterpriseName,
    enterpriseEnglishName: r.enterpriseEnglishName,
    chineseNameShorter: r.chineseNameShorter,
    englishNameShorter: r.englishNameShorter,
    examineStatus: r.examineStatus,
    gmtModified: r.gmtModified.getTime(),
    lastLogin: r.examineStatus === EXAMINE_STATUS.approved && r.enterpriseUuid === user?.last ? 'Y' : 'N',
    certified: r.did !== null,
  }));
}
