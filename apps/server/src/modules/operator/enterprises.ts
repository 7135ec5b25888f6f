import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  ENTERPRISE_PAGE_CODES,
  EXAMINE_STATUS,
  VIN_TABLE_CODES,
  type api,
  type TParsed,
  type ZOperatorEnterprise,
} from '@tracehub/contract';
import type { Db } from '../../db/client.ts';
import { enterpriseUsers, enterprises } from '../../db/schema.ts';
import { writeAccountLog } from '../../platform/account-log.ts';
import type { RequestMeta, SessionContext } from '../../platform/context.ts';
import { AppError, fieldInvalid } from '../../platform/errors.ts';
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
  unconfiguredCodes: enterprises.unconfiguredCodes,
  vinTables: enterprises.vinTables,
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
      filters.containsAny([enterprises.name, enterprises.englishName], req.name),
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
  return enterpriseItem(db, input.enterpriseUuid);
}

/**
 * Sets the modules (menu page codes) the platform has not configured for an enterprise (spec 6). Any page
 * of the menu may be listed, built or not, so modules of later capabilities can be configured in advance;
 * unknown codes are refused. Members see the change on their next request: sessions read it every time.
 */
export async function updateEnterpriseModules(
  db: Db,
  operator: SessionContext,
  input: TParsed<typeof api.operator.enterpriseModules>,
  meta: RequestMeta,
): Promise<TOperatorEnterprise> {
  const codes = [...new Set(input.unconfiguredCodes)].sort();
  const unknown = codes.filter((code) => !ENTERPRISE_PAGE_CODES.has(code));
  if (unknown.length) {
    throw fieldInvalid(meta.lang, 'unconfiguredCodes', 'v.operator.moduleCodes', {
      codes: unknown.slice(0, 10).join(', '),
    });
  }
  return configureEnterprise(db, operator, meta, input.enterpriseUuid, { unconfiguredCodes: codes });
}

const VIN_TABLES = new Set(VIN_TABLE_CODES);

/**
 * Chooses the VIN tables an enterprise uses (null: its kind's default); unknown codes are refused. Like the
 * modules, members see the change on their next request.
 */
export async function updateEnterpriseVinTables(
  db: Db,
  operator: SessionContext,
  input: TParsed<typeof api.operator.enterpriseVinTables>,
  meta: RequestMeta,
): Promise<TOperatorEnterprise> {
  // In menu order, each once.
  const chosen = input.vinTables && VIN_TABLE_CODES.filter((code) => input.vinTables!.includes(code));
  const unknown = (input.vinTables ?? []).filter((code) => !VIN_TABLES.has(code));
  if (unknown.length) {
    throw fieldInvalid(meta.lang, 'vinTables', 'v.operator.moduleCodes', {
      codes: unknown.slice(0, 10).join(', '),
    });
  }
  return configureEnterprise(db, operator, meta, input.enterpriseUuid, { vinTables: chosen });
}

/**
 * Writes what the platform configures for an enterprise (its modules or VIN tables), logged as the
 * operator's 'enterpriseModules' action; an unknown enterprise is NOT_FOUND.
 */
async function configureEnterprise(
  db: Db,
  operator: SessionContext,
  meta: RequestMeta,
  enterpriseUuid: string,
  change: { unconfiguredCodes: string[] } | { vinTables: string[] | null },
): Promise<TOperatorEnterprise> {
  const changed = await db
    .update(enterprises)
    .set({ ...change, updatedAt: new Date() })
    .where(eq(enterprises.uuid, enterpriseUuid))
    .returning({ uuid: enterprises.uuid });
  if (changed.length === 0) throw new AppError('NOT_FOUND');
  await writeAccountLog(db, meta, {
    userId: operator.userId,
    enterpriseUuid,
    action: 'enterpriseModules',
    result: 'success',
    detail: change,
  });
  return enterpriseItem(db, enterpriseUuid);
}

async function enterpriseItem(db: Db, enterpriseUuid: string): Promise<TOperatorEnterprise> {
  const [row] = await db.select(columns).from(enterprises).where(eq(enterprises.uuid, enterpriseUuid));
  if (!row) throw new AppError('NOT_FOUND');
  return toItem(row);
}
