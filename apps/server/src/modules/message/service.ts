import { and, count, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import {
  DEFAULT_MESSAGE_CONFIG,
  MESSAGE_TYPE_KEYS,
  MESSAGE_TYPES,
  ZMessageParams,
  ZMessageType,
  type api,
  type TMessageConfigItem,
  type TMessageItem,
  type TParsed,
} from '@tracehub/contract';
import type { Db } from '../../db/client.ts';
import { messageConfigs, messages } from '../../db/schema.ts';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { isRowId } from '../../platform/ids.ts';
import { filters, runListQuery } from '../../platform/list-query.ts';

type Input<K extends keyof typeof api.message> = TParsed<(typeof api.message)[K]>;

/**
 * The caller's own messages in its enterprise: every query goes through here, so even an administrator
 * reads, marks and deletes only the messages addressed to it (row-level security says the same).
 */
const ownMessages = (tenant: TenantContext): SQL =>
  and(eq(messages.enterpriseUuid, tenant.enterpriseUuid), eq(messages.recipientId, tenant.userId))!;

const columns = {
  id: messages.id,
  type: messages.type,
  params: messages.params,
  link: messages.link,
  readAt: messages.readAt,
  createdAt: messages.createdAt,
};
type Row = { [K in keyof typeof columns]: (typeof messages.$inferSelect)[K] };

function toItem(r: Row): TMessageItem {
  return {
    id: r.id,
    type: ZMessageType.parse(r.type),
    params: ZMessageParams.parse(r.params),
    link: r.link,
    status: r.readAt ? 'read' : 'unread',
    readAt: r.readAt?.getTime() ?? null,
    createdAt: r.createdAt.getTime(),
  };
}

/** A keyword in the title, in either language (search_text holds both, lower-cased). */
const inTitle = (keyword: string | undefined) =>
  keyword
    ? sql`${messages.searchText} like ${`%${keyword.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`
    : undefined;

export async function listMessages(db: Db, tenant: TenantContext, req: Input<'messagePageList'>) {
  const { list, total } = await runListQuery(db, {
    table: messages,
    select: columns,
    tenantColumn: messages.enterpriseUuid,
    tenant,
    where: [
      eq(messages.recipientId, tenant.userId),
      req.status === undefined
        ? undefined
        : req.status === 'unread'
          ? isNull(messages.readAt)
          : sql`${messages.readAt} is not null`,
      filters.oneOf(messages.type, req.type),
      inTitle(req.keyword),
      filters.from(messages.createdAt, req.createdFrom),
      filters.to(messages.createdAt, req.createdTo),
    ],
    sortable: { createdAt: messages.createdAt, type: messages.type },
    defaultSort: { column: messages.createdAt, order: 'desc' },
    tieBreak: messages.id,
    page: req,
  });
  return { list: list.map(toItem), total };
}

/** One of the caller's messages; opening it marks it read. */
export async function messageDetail(db: Db, tenant: TenantContext, id: number): Promise<TMessageItem> {
  if (!isRowId(id)) throw new AppError('NOT_FOUND');
  const [row] = await db
    .update(messages)
    .set({ readAt: sql`coalesce(${messages.readAt}, now())` })
    .where(and(ownMessages(tenant), eq(messages.id, id)))
    .returning(columns);
  if (!row) throw new AppError('NOT_FOUND');
  return toItem(row);
}

export async function unreadCount(db: Db, tenant: TenantContext): Promise<{ count: number }> {
  const [row] = await db
    .select({ n: count() })
    .from(messages)
    .where(and(ownMessages(tenant), isNull(messages.readAt)));
  return { count: row?.n ?? 0 };
}

/**
 * The messages a selection names: given ids need the single-message code, `all` the all-messages code.
 * Ids that are not the caller's own are refused as a whole (E1003), so nothing tells them apart.
 */
async function selected(
  db: Db,
  tenant: TenantContext,
  selection: Input<'deleteMessage'>,
  codes: { ids: string; all: string },
): Promise<SQL> {
  if ('all' in selection) {
    if (!tenant.permissions.has(codes.all)) throw new AppError('FORBIDDEN');
    return ownMessages(tenant);
  }
  if (!tenant.permissions.has(codes.ids)) throw new AppError('FORBIDDEN');
  const ids = [...new Set(selection.ids)];
  if (!ids.every(isRowId)) throw new AppError('NOT_FOUND');
  const where = and(ownMessages(tenant), inArray(messages.id, ids))!;
  const [found] = await db.select({ n: count() }).from(messages).where(where);
  if ((found?.n ?? 0) !== ids.length) throw new AppError('NOT_FOUND');
  return where;
}

export async function deleteMessages(db: Db, tenant: TenantContext, input: Input<'deleteMessage'>) {
  const where = await selected(db, tenant, input, { ids: 'Message:Delete', all: 'Message:AllDelete' });
  const deleted = await db.delete(messages).where(where).returning({ id: messages.id });
  return { deleted: deleted.length };
}

export async function markRead(db: Db, tenant: TenantContext, input: Input<'readMarkMessage'>) {
  const where = await selected(db, tenant, input, { ids: 'Message:Read', all: 'Message:AllRead' });
  const marked = await db
    .update(messages)
    .set({ readAt: new Date() })
    .where(and(where, isNull(messages.readAt)))
    .returning({ id: messages.id });
  return { marked: marked.length };
}

/** The caller's setting of every type, the default where it chose nothing. */
export async function configList(db: Db, tenant: TenantContext): Promise<TMessageConfigItem[]> {
  const rows = await db
    .select({ type: messageConfigs.type, receive: messageConfigs.receive, email: messageConfigs.email })
    .from(messageConfigs)
    .where(
      and(eq(messageConfigs.enterpriseUuid, tenant.enterpriseUuid), eq(messageConfigs.userId, tenant.userId)),
    );
  const byType = new Map(rows.map((r) => [r.type, r]));
  return MESSAGE_TYPE_KEYS.map((type) => {
    const c = byType.get(type) ?? DEFAULT_MESSAGE_CONFIG;
    return { type, receive: c.receive, email: MESSAGE_TYPES[type].email && c.email };
  });
}

export async function updateConfig(
  db: Db,
  tenant: TenantContext,
  input: Input<'updateMessageConfigStatus'>,
): Promise<TMessageConfigItem> {
  const values = {
    receive: input.receive,
    email: MESSAGE_TYPES[input.type].email && input.email,
    updatedAt: new Date(),
  };
  await db
    .insert(messageConfigs)
    .values({ enterpriseUuid: tenant.enterpriseUuid, userId: tenant.userId, type: input.type, ...values })
    .onConflictDoUpdate({
      target: [messageConfigs.enterpriseUuid, messageConfigs.userId, messageConfigs.type],
      set: values,
    });
  return { type: input.type, receive: values.receive, email: values.email };
}
