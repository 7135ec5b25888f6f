import { and, eq, inArray, sql } from 'drizzle-orm';
import type { api } from '@tracehub/contract';
import { type TLogItem, type TParsed } from '@tracehub/contract';
import { accountLog, enterprises, users } from '../../db/schema.ts';
import type { Db } from '../../db/client.ts';
import type { SessionContext, TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { filters, runListQuery } from '../../platform/list-query.ts';

const columns = {
  id: accountLog.id,
  action: accountLog.action,
  result: accountLog.result,
  ip: accountLog.ip,
  userAgent: accountLog.userAgent,
  detail: accountLog.detail,
  createdAt: accountLog.createdAt,
  userId: accountLog.userId,
};

type Row = Pick<typeof accountLog.$inferSelect, keyof typeof columns>;

/** The list's columns with the names that decorate each line, joined in the page's statement. */
const listColumns = {
  ...columns,
  username: sql<string | null>`${users.username}`.as('username'),
  enterpriseName: sql<string | null>`${enterprises.name}`.as('enterprise_name'),
  enterpriseEnglishName: sql<string | null>`${enterprises.englishName}`.as('enterprise_english_name'),
};

type ListRow = Row & {
  username: string | null;
  enterpriseName: string | null;
  enterpriseEnglishName: string | null;
};

const toItem = (r: ListRow): TLogItem => ({
  id: r.id,
  action: r.action as TLogItem['action'],
  result: r.result,
  username: r.username,
  enterpriseName: r.enterpriseName,
  enterpriseEnglishName: r.enterpriseEnglishName,
  ip: r.ip,
  userAgent: r.userAgent,
  detail: r.detail ?? null,
  createdAt: r.createdAt.getTime(),
});

async function toItems(db: Db, tenant: TenantContext, rows: Row[]): Promise<TLogItem[]> {
  const [enterprise] = await db
    .select({ name: enterprises.name, englishName: enterprises.englishName })
    .from(enterprises)
    .where(eq(enterprises.uuid, tenant.enterpriseUuid));
  const ids = [...new Set(rows.map((r) => r.userId).filter((v): v is number => v !== null))];
  const found = ids.length
    ? await db.select({ id: users.id, username: users.username }).from(users).where(inArray(users.id, ids))
    : [];
  const names = new Map(found.map((u) => [u.id, u.username]));
  return rows.map((r) => ({
    id: r.id,
    action: r.action as TLogItem['action'],
    result: r.result,
    username: r.userId === null ? null : (names.get(r.userId) ?? null),
    enterpriseName: enterprise?.name ?? null,
    enterpriseEnglishName: enterprise?.englishName ?? null,
    ip: r.ip,
    userAgent: r.userAgent,
    detail: r.detail ?? null,
    createdAt: r.createdAt.getTime(),
  }));
}

/** Administrators read the enterprise's whole account log; other members read their own lines. */
const ownLinesOnly = (session: SessionContext) =>
  session.isEnterpriseAdmin ? undefined : eq(accountLog.userId, session.userId);

export async function listLogs(
  db: Db,
  tenant: TenantContext,
  session: SessionContext,
  req: TParsed<typeof api.log.selectLogPage>,
) {
  const { list, total } = await runListQuery(db, {
    table: accountLog,
    select: listColumns,
    lookups: [
      { table: users, on: eq(users.id, accountLog.userId) },
      { table: enterprises, on: eq(enterprises.uuid, accountLog.enterpriseUuid) },
    ],
    tenantColumn: accountLog.enterpriseUuid,
    tenant,
    where: [
      ownLinesOnly(session),
      filters.oneOf(accountLog.action, req.action),
      filters.eq(accountLog.result, req.result),
      filters.contains(accountLog.ip, req.ip),
      filters.from(accountLog.createdAt, req.createdFrom),
      filters.to(accountLog.createdAt, req.createdTo),
    ],
    sortable: { createdAt: accountLog.createdAt, action: accountLog.action },
    defaultSort: { column: accountLog.createdAt, order: 'desc' },
    tieBreak: accountLog.id,
    page: req,
  });
  return { list: list.map(toItem), total };
}

export async function logDetail(db: Db, tenant: TenantContext, session: SessionContext, id: number) {
  const rows = await db
    .select(columns)
    .from(accountLog)
    .where(
      and(eq(accountLog.id, id), eq(accountLog.enterpriseUuid, tenant.enterpriseUuid), ownLinesOnly(session)),
    )
    .limit(1);
  if (rows.length === 0) throw new AppError('NOT_FOUND');
  const [item] = await toItems(db, tenant, rows);
  return item!;
}
