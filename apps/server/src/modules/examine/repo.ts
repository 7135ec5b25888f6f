import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
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

/** An application to join the enterprise, as its administrator audits it. */
export const applicationColumns = {
  id: enterpriseUsers.id,
  userId: enterpriseUsers.userId,
  username: users.username,
  email: users.email,
  examineName: enterpriseUsers.examineName,
  remark: enterpriseUsers.remark,
  examineStatus: enterpriseUsers.examineStatus,
  examineRemark: enterpriseUsers.examineRemark,
  appliedAt: enterpriseUsers.createdAt,
  auditedAt: enterpriseUsers.auditedAt,
};

/**
 * Applications are the links an account asked for (they carry the name it typed); members an
 * administrator created, and history the applicant cancelled or deleted, are not.
 */
export const isApplicationTo = (enterpriseUuid: string) =>
  and(
    eq(enterpriseUsers.enterpriseUuid, enterpriseUuid),
    isNotNull(enterpriseUsers.examineName),
    inArray(enterpriseUsers.examineStatus, VISIBLE_LINK_STATES),
  );

/** The pending applications among `ids`, locked until the audit is written. */
export async function lockPendingApplications(db: Db, enterpriseUuid: string, ids: number[]) {
  return db
    .select({
      id: enterpriseUsers.id,
      userId: enterpriseUsers.userId,
      username: users.username,
      email: users.email,
    })
    .from(enterpriseUsers)
    .innerJoin(users, eq(users.id, enterpriseUsers.userId))
    .where(
      and(
        isApplicationTo(enterpriseUuid),
        eq(enterpriseUsers.examineStatus, EXAMINE_STATUS.pending),
        inArray(enterpriseUsers.id, ids),
      ),
    )
    .for('update', { of: enterpriseUsers });
}
