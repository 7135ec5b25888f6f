import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  AUDIT_ACTIONS,
  auditTableLabel,
  type TAuditAction,
  type TAuditDetail,
  type TAuditItem,
  type TParsed,
  type api,
} from '@tracehub/contract';
import { auditLog, users } from '../../db/schema.ts';
import type { Db } from '../../db/client.ts';
import type { SessionContext, TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import type { Exporter } from '../../platform/imports/export.ts';
import { filters, runListQuery, runListRows, type ListQuery } from '../../platform/list-query.ts';

type AuditFilters = TParsed<typeof api.log.selectAuditPage>;

const columns = {
  id: auditLog.id,
  tableName: auditLog.tableName,
  recordId: auditLog.recordId,
  action: auditLog.action,
  userId: auditLog.userId,
  ip: auditLog.ip,
  onBehalfOf: auditLog.onBehalfOf,
  before: auditLog.before,
  after: auditLog.after,
  createdAt: auditLog.createdAt,
};

type Row = Pick<typeof auditLog.$inferSelect, keyof typeof columns>;

/** Administrators read the enterprise's whole trail; other members read their own writes (as the account log). */
const ownWritesOnly = (session: SessionContext) =>
  session.isEnterpriseAdmin ? undefined : eq(auditLog.userId, session.userId);

/** Accounts whose name contains the text: a member filters the trail by who wrote. */
function writtenBy(username: string | undefined): SQL | undefined {
  if (!username) return undefined;
  const pattern = `%${username.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return inArray(
    auditLog.userId,
    sql`(select ${users.id} from ${users} where lower(${users.username}) like ${pattern})`,
  );
}

function auditQuery(
  tenant: TenantContext,
  session: SessionContext,
  req: AuditFilters,
): ListQuery<typeof columns> {
  return {
    table: auditLog,
    select: columns,
    tenantColumn: auditLog.enterpriseUuid,
    tenant,
    where: [
      ownWritesOnly(session),
      filters.oneOf(auditLog.tableName, req.tableName),
      filters.oneOf(auditLog.action, req.action),
      filters.eq(auditLog.recordId, req.recordId),
      writtenBy(req.username),
      filters.contains(auditLog.ip, req.ip),
      filters.from(auditLog.createdAt, req.createdFrom),
      filters.to(auditLog.createdAt, req.createdTo),
    ],
    sortable: { createdAt: auditLog.createdAt, tableName: auditLog.tableName, action: auditLog.action },
    defaultSort: { column: auditLog.createdAt, order: 'desc' },
    tieBreak: auditLog.id,
    page: req,
  };
}

async function usernames(db: Db, rows: readonly Row[]): Promise<Map<number, string>> {
  const ids = [...new Set(rows.map((r) => r.userId).filter((v): v is number => v !== null))];
  const found = ids.length
    ? await db.select({ id: users.id, username: users.username }).from(users).where(inArray(users.id, ids))
    : [];
  return new Map(found.map((u) => [u.id, u.username]));
}

function toItem(r: Row, names: Map<number, string>): TAuditItem {
  return {
    id: r.id,
    tableName: r.tableName,
    recordId: r.recordId,
    action: r.action,
    username: r.userId === null ? null : (names.get(r.userId) ?? null),
    ip: r.ip,
    onBehalfOf: r.onBehalfOf,
    fields: Object.keys(r.action === 'delete' ? (r.before ?? {}) : (r.after ?? {})),
    createdAt: r.createdAt.getTime(),
  };
}

const toDetail = (r: Row, names: Map<number, string>): TAuditDetail => ({
  ...toItem(r, names),
  before: r.before ?? null,
  after: r.after ?? null,
});

export async function listAudit(db: Db, tenant: TenantContext, session: SessionContext, req: AuditFilters) {
  const { list, total } = await runListQuery(db, auditQuery(tenant, session, req));
  const names = await usernames(db, list);
  return { list: list.map((r) => toItem(r, names)), total };
}

export async function auditDetail(db: Db, tenant: TenantContext, session: SessionContext, id: number) {
  const rows = await db
    .select(columns)
    .from(auditLog)
    .where(
      and(eq(auditLog.id, id), eq(auditLog.enterpriseUuid, tenant.enterpriseUuid), ownWritesOnly(session)),
    )
    .limit(1);
  if (rows.length === 0) throw new AppError('NOT_FOUND');
  return toDetail(rows[0]!, await usernames(db, rows));
}

/** A cell holds at most 32,767 characters (Excel); a longer snapshot is cut with an ellipsis. */
const CELL_MAX = 32_000;
const json = (v: Record<string, unknown> | null) => {
  if (!v) return '';
  const text = JSON.stringify(v);
  return text.length > CELL_MAX ? `${text.slice(0, CELL_MAX)}…` : text;
};

/** The download of the trail (spec 7 POST /log/downloadEnterprise): the list's rows with their changes. */
export function auditExporter(session: SessionContext): Exporter<AuditFilters, TAuditDetail> {
  return {
    title: { zh: '数据变更日志', en: 'Data change log' },
    columns: [
      { zh: '时间', en: 'Time', value: (r, f) => f.dateTime(r.createdAt) },
      { zh: '账号', en: 'Account', value: (r) => r.username },
      { zh: '操作', en: 'Action', value: (r, f) => AUDIT_ACTIONS[r.action as TAuditAction][f.lang] },
      { zh: '数据类型', en: 'Record type', value: (r, f) => auditTableLabel(r.tableName, f.lang) },
      { zh: '记录ID', en: 'Record ID', value: (r) => r.recordId },
      { zh: 'IP地址', en: 'IP address', value: (r) => r.ip },
      { zh: '代理企业', en: 'On behalf of', value: (r) => r.onBehalfOf },
      { zh: '变更前', en: 'Before', value: (r) => json(r.before) },
      { zh: '变更后', en: 'After', value: (r) => json(r.after) },
    ],
    async rows(db, tenant, req, limit) {
      const rows = await runListRows(db, auditQuery(tenant, session, req), limit);
      const names = await usernames(db, rows);
      return rows.map((r) => toDetail(r, names));
    },
  };
}
