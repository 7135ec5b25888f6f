import { eq, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { EXAMINE_STATUS, type api, type TParsed, type ZOperatorEnterprise } from '@tracehub/contract';
import type { Db } from '../../db/client.ts';
import { enterpriseUsers, enterprises } from '../../db/schema.ts';
import { writeAccountLog } from '../../platform/account-log.ts';
import type { RequestMeta, SessionContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { filters, runPlatformListQuery } from '../../platform/list-query.ts';

type TOperatorEnterprise = z.input<typeof ZOperatorEnterprise>;

const columns = {
  enterpriseUuid: enterprises.uuid,
  name: enterprises.name,
  englishName: enterprises.englishName,
  usci: enterprises.usci,
  role: enterprises.role,
  scene: enterprises.scene,
  businessAttribute: enterprises.businessAttribute,
  status: enterprises.status,
  did: enterprises.did,
  chainAccount: enterprises.chainAddress,
  certifiedAt: enterprises.certifiedAt,
  memberCount: sql<number>`(select count(*)::int from ${enterpriseUsers}
    where ${enterpriseUsers.enterpriseUuid} = ${enterprises.uuid}
    and ${enterpriseUsers.examineStatus} = ${EXAMINE_STATUS.approved})`.as('member_count'),
};

function toItem(
  row: Omit<TOperatorEnterprise, 'certifiedAt'> & { certifiedAt: Date | null },
): TOperatorEnterprise {
  return { ...row, certifiedAt: row.certifiedAt?.getTime() ?? null };
}

export async function enterprisePage(db: Db, req: TParsed<typeof api.operator.enterprisePage>) {
  const { list, total } = await runPlatformListQuery(db, {
    table: enterprises,
    select: columns,
    where: [
      or(filters.contains(enterprises.name, req.name), filters.contains(enterprises.englishName, req.name)),
      filters.contains(enterprises.usci, req.usci),
      filters.eq(enterprises.status, req.status),
    ],
    sortable: {
      name: enterprises.name,
      certifiedAt: enterprises.certifiedAt,
      createdAt: enterprises.createdAt,
    },
    defaultSort: { column: enterprises.createdAt, order: 'desc' },
    tieBreak: enterprises.id,
    page: req,
  });
  return { list: list.map(toItem), total };
}

/**
 * Enabling or disabling an enterprise. A disabled one's members are refused with U0003 on their next
 * request (session resolution checks the enterprise) and when they select it at sign-in.
 */
export async function updateEnterpriseStatus(
  db: Db,
  operator: SessionContext,
  input: TParsed<typeof api.operator.enterpriseUpdateStatus>,
  meta: RequestMeta,
): Promise<TOperatorEnterprise> {
  const changed = await db
    .update(enterprises)
    .set({ status: input.status, updatedAt: new Date() })
    .where(eq(enterprises.uuid, input.enterpriseUuid))
    .returning({ uuid: enterprises.uuid });
  if (changed.length === 0) throw new AppError('NOT_FOUND');
  await writeAccountLog(db, meta, {
    userId: operator.userId,
    enterpriseUuid: input.enterpriseUuid,
    action: 'enterpriseStatus',
    result: 'success',
    detail: { status: input.status },
  });
  const [row] = await db.select(columns).from(enterprises).where(eq(enterprises.uuid, input.enterpriseUuid));
  return toItem(row!);
}
