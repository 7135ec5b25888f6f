import { and, asc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import {
  TICKET_FILE_BIZ_TYPE,
  type TTicket,
  type TTicketAction,
  type TTicketAttachment,
  type TTicketLogEntry,
  type TTicketStatus,
} from '@tracehub/contract';
import type { Db } from '../../db/client.ts';
import { enterprises, files, tickets, ticketStatusLog, users } from '../../db/schema.ts';
import { filters, type TenantScope, visibleRows } from '../../platform/list-query.ts';

// Tickets and their status log. Enterprise calls pass their tenant transaction (row-level security on) and
// scope every query by enterprise and data permission; operator calls pass the platform handle.

const nameOf = (userId: SQL | typeof tickets.createdBy | typeof tickets.handledBy) =>
  sql<string | null>`(select ${users.username} from ${users} where ${users.id} = ${userId})`;

/** The columns of a ticket as the lists show it. */
export const ticketColumns = {
  id: tickets.id,
  enterpriseUuid: tickets.enterpriseUuid,
  ticketNo: tickets.ticketNo,
  title: tickets.title,
  module: tickets.module,
  description: tickets.description,
  status: tickets.status,
  fileKeys: tickets.fileKeys,
  createdBy: tickets.createdBy,
  submitterName: nameOf(tickets.createdBy).as('submitter_name'),
  handlerName: nameOf(tickets.handledBy).as('handler_name'),
  remark: tickets.remark,
  attachmentCount: sql<number>`cardinality(${tickets.fileKeys})`.as('attachment_count'),
  createdAt: tickets.createdAt,
  updatedAt: tickets.updatedAt,
  deletedAt: tickets.deletedAt,
};

export interface TicketRow {
  id: number;
  enterpriseUuid: string;
  ticketNo: string;
  title: string;
  module: string;
  description: string;
  status: TTicketStatus;
  fileKeys: string[];
  createdBy: number;
  submitterName: string | null;
  handlerName: string | null;
  remark: string | null;
  attachmentCount: number;
  createdAt: Date;
  updatedAt: Date;
  deletedAt: Date | null;
}

export function toTicket(row: TicketRow): TTicket {
  return {
    id: row.id,
    ticketNo: row.ticketNo,
    title: row.title,
    module: row.module,
    description: row.description,
    status: row.status,
    submitterName: row.submitterName,
    handlerName: row.handlerName,
    remark: row.remark,
    attachmentCount: Number(row.attachmentCount),
    createdAt: row.createdAt.getTime(),
    updatedAt: row.updatedAt.getTime(),
    deletedAt: row.deletedAt?.getTime() ?? null,
  };
}

/** Search conditions shared by the enterprise lists and the operator queue. */
export function ticketSearch(req: {
  ticketNo?: string | undefined;
  title?: string | undefined;
  module?: string | undefined;
  status?: TTicketStatus | undefined;
  createdFrom?: number | undefined;
  createdTo?: number | undefined;
}): (SQL | undefined)[] {
  return [
    filters.contains(tickets.ticketNo, req.ticketNo),
    filters.contains(tickets.title, req.title),
    filters.eq(tickets.module, req.module),
    filters.eq(tickets.status, req.status),
    filters.from(tickets.createdAt, req.createdFrom),
    filters.to(tickets.createdAt, req.createdTo),
  ];
}

export const inRecycleBin = (bin: boolean) =>
  bin ? isNotNull(tickets.deletedAt) : isNull(tickets.deletedAt);

export const ticketSortable = {
  ticketNo: tickets.ticketNo,
  title: tickets.title,
  status: tickets.status,
  createdAt: tickets.createdAt,
  updatedAt: tickets.updatedAt,
  deletedAt: tickets.deletedAt,
};

/** One of the enterprise's tickets the caller may see, locked for a change when `lock`. */
export async function findTicket(
  db: Db,
  tenant: TenantScope,
  id: number,
  lock = false,
): Promise<TicketRow | undefined> {
  const q = db
    .select(ticketColumns)
    .from(tickets)
    .where(and(eq(tickets.id, id), visibleRows(tickets, tenant)))
    .limit(1);
  const [row] = lock ? await q.for('update', { of: tickets }) : await q;
  return row as TicketRow | undefined;
}

/** Any enterprise's ticket (operator end), with its enterprise's names. */
export async function findAnyTicket(db: Db, id: number, lock = false) {
  const q = db
    .select({
      ...ticketColumns,
      enterpriseName: enterprises.name,
      enterpriseEnglishName: enterprises.englishName,
    })
    .from(tickets)
    .innerJoin(enterprises, eq(enterprises.uuid, tickets.enterpriseUuid))
    .where(eq(tickets.id, id))
    .limit(1);
  const [row] = lock ? await q.for('update', { of: tickets }) : await q;
  return row as (TicketRow & { enterpriseName: string; enterpriseEnglishName: string | null }) | undefined;
}

/** The next ticket number: GD, the day in China (Asia/Shanghai), and the platform-wide serial. */
export async function nextTicketNo(db: Db, now = new Date()): Promise<string> {
  const res = (await db.execute(sql`select nextval('ticket_no_seq')::text as n`)) as unknown as {
    rows: { n: string }[];
  };
  const day = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Shanghai',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  })
    .format(now)
    .replace(/-/g, '');
  return `GD${day}${res.rows[0]!.n.padStart(6, '0')}`;
}

export async function appendLog(
  db: Db,
  entry: {
    ticketId: number;
    enterpriseUuid: string;
    action: TTicketAction;
    fromStatus: TTicketStatus | null;
    toStatus: TTicketStatus;
    actorId: number;
    actorEnd: 'enterprise' | 'operator';
    remark?: string | null;
  },
): Promise<void> {
  await db.insert(ticketStatusLog).values({ ...entry, remark: entry.remark || null });
}

export async function statusLogOf(db: Db, ticket: { id: number; enterpriseUuid: string }) {
  const rows = await db
    .select({
      id: ticketStatusLog.id,
      action: ticketStatusLog.action,
      fromStatus: ticketStatusLog.fromStatus,
      toStatus: ticketStatusLog.toStatus,
      actorName: nameOf(ticketStatusLog.actorId as unknown as SQL),
      actorEnd: ticketStatusLog.actorEnd,
      remark: ticketStatusLog.remark,
      createdAt: ticketStatusLog.createdAt,
    })
    .from(ticketStatusLog)
    .where(
      and(eq(ticketStatusLog.ticketId, ticket.id), eq(ticketStatusLog.enterpriseUuid, ticket.enterpriseUuid)),
    )
    .orderBy(asc(ticketStatusLog.id));
  return rows.map((r): TTicketLogEntry => ({ ...r, createdAt: r.createdAt.getTime() }));
}

/** A ticket's attachments (its enterprise's files among its keys), in the ticket's order. */
export async function attachmentFiles(db: Db, ticket: { enterpriseUuid: string; fileKeys: string[] }) {
  if (ticket.fileKeys.length === 0) return [];
  const rows = await db
    .select()
    .from(files)
    .where(
      and(
        eq(files.enterpriseUuid, ticket.enterpriseUuid),
        eq(files.bizType, TICKET_FILE_BIZ_TYPE),
        inArray(files.fileKey, ticket.fileKeys),
      ),
    );
  const byKey = new Map(rows.map((r) => [r.fileKey, r]));
  return ticket.fileKeys.flatMap((k) => (byKey.has(k) ? [byKey.get(k)!] : []));
}

export const toAttachment = (f: {
  fileKey: string;
  fileName: string;
  size: number;
  createdAt: Date;
}): TTicketAttachment => ({
  fileKey: f.fileKey,
  fileName: f.fileName,
  size: f.size,
  createdAt: f.createdAt.getTime(),
});
