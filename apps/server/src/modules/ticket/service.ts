import { and, arrayOverlaps, eq, inArray } from 'drizzle-orm';
import {
  TICKET_DELETABLE,
  TICKET_FILE_BIZ_TYPE,
  TICKET_TRANSITIONS,
  type api,
  type TListResponse,
  type TOperatorTicket,
  type TOperatorTicketDetail,
  type TParsed,
  type TPreDownload,
  type TTicket,
  type TTicketDetail,
  type TTicketLogEntry,
} from '@tracehub/contract';
import type { Db } from '../../db/client.ts';
import { enterprises, files, ledgerEvents, tickets } from '../../db/schema.ts';
import type { AppDeps, SessionContext, TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { appendEvidence, type EvidenceKeys } from '../../platform/ledger/append.ts';
import { EVIDENCE, fileDeletionEvidence } from '../../platform/ledger/subjects.ts';
import { filters, runListQuery, runPlatformListQuery } from '../../platform/list-query.ts';
import { signedLink } from '../../platform/download-link.ts';
import { notifySubmitter } from './notify.ts';
import {
  appendLog,
  attachmentFiles,
  findAnyTicket,
  findTicket,
  inRecycleBin,
  nextTicketNo,
  statusLogOf,
  ticketColumns,
  ticketSearch,
  ticketSortable,
  toAttachment,
  toTicket,
  type TicketRow,
} from './repo.ts';

// Support tickets. Enterprise functions take the tenant transaction; operator functions the platform
// handle, and open their own transaction for a change. Every change appends its status-log entry and
// tells the submitter in the same transaction.

type Input<K extends keyof typeof api.ticket> = TParsed<(typeof api.ticket)[K]>;
type OperatorInput<K extends keyof typeof api.operator.ticket> = TParsed<(typeof api.operator.ticket)[K]>;

async function mustFind(db: Db, tenant: TenantContext, id: number, lock = false): Promise<TicketRow> {
  const row = await findTicket(db, tenant, id, lock);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

async function detailOf(db: Db, row: TicketRow): Promise<TTicketDetail> {
  return { ...toTicket(row), attachments: (await attachmentFiles(db, row)).map(toAttachment) };
}

// ---- Enterprise end -------------------------------------------------------------------------------------

export async function pageTickets(
  db: Db,
  tenant: TenantContext,
  req: Input<'page'>,
  bin: boolean,
): Promise<TListResponse<TTicket>> {
  const { list, total } = await runListQuery(db, {
    table: tickets,
    tenantColumn: tickets.enterpriseUuid,
    ownerColumn: tickets.createdBy,
    tenant,
    select: ticketColumns,
    where: [inRecycleBin(bin), ...ticketSearch(req)],
    sortable: ticketSortable,
    defaultSort: { column: bin ? tickets.deletedAt : tickets.createdAt, order: 'desc' },
    tieBreak: tickets.id,
    page: req,
  });
  return { list: list.map((r) => toTicket(r as TicketRow)), total };
}

export async function ticketDetail(db: Db, tenant: TenantContext, id: number): Promise<TTicketDetail> {
  return detailOf(db, await mustFind(db, tenant, id));
}

/** The caller's own uploads for tickets among `keys`, none attached to a ticket yet; B2091 otherwise. */
async function assertAttachable(db: Db, tenant: TenantContext, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  const owned = await db
    .select({ fileKey: files.fileKey })
    .from(files)
    .where(
      and(
        inArray(files.fileKey, keys),
        eq(files.enterpriseUuid, tenant.enterpriseUuid),
        eq(files.ownerUserId, tenant.userId),
        eq(files.bizType, TICKET_FILE_BIZ_TYPE),
      ),
    );
  const [taken] = await db
    .select({ id: tickets.id })
    .from(tickets)
    .where(and(eq(tickets.enterpriseUuid, tenant.enterpriseUuid), arrayOverlaps(tickets.fileKeys, keys)))
    .limit(1);
  if (owned.length !== keys.length || taken) throw new AppError('TICKET_ATTACHMENT_INVALID');
}

export async function addTicket(db: Db, tenant: TenantContext, input: Input<'add'>): Promise<TTicketDetail> {
  const fileKeys = [...new Set(input.fileKeys)];
  await assertAttachable(db, tenant, fileKeys);
  const [created] = await db
    .insert(tickets)
    .values({
      enterpriseUuid: tenant.enterpriseUuid,
      ticketNo: await nextTicketNo(db),
      title: input.title,
      module: input.module,
      description: input.description,
      status: 'pending',
      fileKeys,
      createdBy: tenant.userId,
    })
    .returning({ id: tickets.id });
  const row = await mustFind(db, tenant, created!.id);
  await appendLog(db, {
    ticketId: row.id,
    enterpriseUuid: row.enterpriseUuid,
    action: 'create',
    fromStatus: null,
    toStatus: 'pending',
    actorId: tenant.userId,
    actorEnd: 'enterprise',
  });
  await notifySubmitter(db, row, 'pending');
  return detailOf(db, row);
}

export async function revokeTicket(db: Db, tenant: TenantContext, id: number): Promise<TTicketDetail> {
  const row = await mustFind(db, tenant, id, true);
  if (row.deletedAt) throw new AppError('NOT_FOUND');
  const { from, to } = TICKET_TRANSITIONS.revoke;
  if (!from.includes(row.status)) throw new AppError('TICKET_STATE_INVALID');
  await db.update(tickets).set({ status: to, updatedAt: new Date() }).where(eq(tickets.id, row.id));
  await appendLog(db, {
    ticketId: row.id,
    enterpriseUuid: row.enterpriseUuid,
    action: 'revoke',
    fromStatus: row.status,
    toStatus: to,
    actorId: tenant.userId,
    actorEnd: 'enterprise',
  });
  await notifySubmitter(db, row, to);
  return detailOf(db, await mustFind(db, tenant, id));
}

/** Moves a finished ticket to the recycle bin (`toBin`) or back from it. */
export async function moveTicket(db: Db, tenant: TenantContext, id: number, toBin: boolean): Promise<null> {
  const row = await mustFind(db, tenant, id, true);
  if ((row.deletedAt !== null) === toBin) throw new AppError('NOT_FOUND');
  if (toBin && !TICKET_DELETABLE.includes(row.status)) throw new AppError('TICKET_STATE_INVALID');
  const now = new Date();
  await db
    .update(tickets)
    .set({ deletedAt: toBin ? now : null, updatedAt: now })
    .where(eq(tickets.id, row.id));
  await appendLog(db, {
    ticketId: row.id,
    enterpriseUuid: row.enterpriseUuid,
    action: toBin ? 'delete' : 'restore',
    fromStatus: row.status,
    toStatus: row.status,
    actorId: tenant.userId,
    actorEnd: 'enterprise',
  });
  return null;
}

/**
 * Deletes a ticket of the recycle bin for good: its status log (cascade), its attachments' rows, each
 * with its deletion recorded as evidence (their uploads' evidence stays: the ledger is append-only).
 * Answers the attachments' storage paths, to be removed once the transaction has committed.
 */
export async function purgeTicket(
  db: Db,
  keys: EvidenceKeys,
  tenant: TenantContext,
  id: number,
): Promise<string[]> {
  const row = await mustFind(db, tenant, id, true);
  if (row.deletedAt === null) throw new AppError('NOT_FOUND');
  const attached = await attachmentFiles(db, row);
  for (const file of attached) {
    const [upload] = await db
      .select({ id: ledgerEvents.id })
      .from(ledgerEvents)
      .where(
        and(
          eq(ledgerEvents.subjectId, file.fileKey),
          eq(ledgerEvents.eventType, EVIDENCE.fileUploaded.type),
          eq(ledgerEvents.enterpriseUuid, tenant.enterpriseUuid),
        ),
      )
      .limit(1);
    await db.delete(files).where(eq(files.id, file.id));
    if (upload) await appendEvidence(db, keys, fileDeletionEvidence(file, upload.id));
  }
  await db.delete(tickets).where(eq(tickets.id, row.id));
  return attached.map((f) => f.storagePath);
}

export async function ticketStatusLog(db: Db, tenant: TenantContext, id: number): Promise<TTicketLogEntry[]> {
  return statusLogOf(db, await mustFind(db, tenant, id));
}

/** A download link of one of a ticket's attachments (the ticket's enterprise signs the grant). */
async function linkTo(
  db: Db,
  deps: Pick<AppDeps, 'masterKey' | 'config'>,
  row: TicketRow,
  fileKey: string,
): Promise<TPreDownload> {
  const file = row.fileKeys.includes(fileKey)
    ? (await attachmentFiles(db, { ...row, fileKeys: [fileKey] }))[0]
    : undefined;
  if (!file) throw new AppError('NOT_FOUND');
  return signedLink(deps, {
    fileKey: file.fileKey,
    enterpriseUuid: row.enterpriseUuid,
    fileName: file.fileName,
    blobType: file.contentType,
  });
}

export async function ticketAttachmentLink(
  db: Db,
  deps: Pick<AppDeps, 'masterKey' | 'config'>,
  tenant: TenantContext,
  input: Input<'attachmentLink'>,
): Promise<TPreDownload> {
  return linkTo(db, deps, await mustFind(db, tenant, input.id), input.fileKey);
}

// ---- Operator end ---------------------------------------------------------------------------------------

type OperatorRow = NonNullable<Awaited<ReturnType<typeof findAnyTicket>>>;

const toOperatorTicket = (row: OperatorRow): TOperatorTicket => ({
  ...toTicket(row),
  enterpriseUuid: row.enterpriseUuid,
  enterpriseName: row.enterpriseName,
  enterpriseEnglishName: row.enterpriseEnglishName,
});

/** Every enterprise's tickets outside their recycle bins (the platform reads across enterprises). */
export async function operatorPage(
  db: Db,
  req: OperatorInput<'page'>,
): Promise<TListResponse<TOperatorTicket>> {
  const { list, total } = await runPlatformListQuery(db, {
    table: tickets,
    joins: [{ table: enterprises, on: eq(enterprises.uuid, tickets.enterpriseUuid) }],
    select: {
      ...ticketColumns,
      enterpriseName: enterprises.name,
      enterpriseEnglishName: enterprises.englishName,
    },
    where: [
      inRecycleBin(false),
      ...ticketSearch(req),
      filters.containsAny([enterprises.name, enterprises.englishName], req.enterpriseName),
    ],
    sortable: ticketSortable,
    defaultSort: { column: tickets.createdAt, order: 'desc' },
    tieBreak: tickets.id,
    page: req,
  });
  return { list: list.map((r) => toOperatorTicket(r as OperatorRow)), total };
}

async function mustFindAny(db: Db, id: number, lock = false): Promise<OperatorRow> {
  const row = await findAnyTicket(db, id, lock);
  // A ticket in its enterprise's recycle bin is that enterprise's business only.
  if (!row || row.deletedAt) throw new AppError('NOT_FOUND');
  return row;
}

async function operatorDetailOf(db: Db, row: OperatorRow): Promise<TOperatorTicketDetail> {
  return {
    ...toOperatorTicket(row),
    attachments: (await attachmentFiles(db, row)).map(toAttachment),
    statusLog: await statusLogOf(db, row),
  };
}

export async function operatorDetail(db: Db, id: number): Promise<TOperatorTicketDetail> {
  return operatorDetailOf(db, await mustFindAny(db, id));
}

/** Handle (Pending -> In progress) or solve (In progress -> Done, with the remark) a ticket. */
export async function operatorTransition(
  db: Db,
  operator: SessionContext,
  action: 'handle' | 'solve',
  input: { id: number; remark: string },
): Promise<TOperatorTicketDetail> {
  await db.transaction(async (tx) => {
    const row = await mustFindAny(tx, input.id, true);
    const { from, to } = TICKET_TRANSITIONS[action];
    if (!from.includes(row.status)) throw new AppError('TICKET_STATE_INVALID');
    await tx
      .update(tickets)
      .set({
        status: to,
        updatedAt: new Date(),
        handledBy: operator.userId,
        ...(action === 'solve' ? { remark: input.remark } : {}),
      })
      .where(eq(tickets.id, row.id));
    await appendLog(tx, {
      ticketId: row.id,
      enterpriseUuid: row.enterpriseUuid,
      action,
      fromStatus: row.status,
      toStatus: to,
      actorId: operator.userId,
      actorEnd: 'operator',
      remark: input.remark,
    });
    await notifySubmitter(tx, row, to);
  });
  return operatorDetail(db, input.id);
}

export async function operatorAttachmentLink(
  db: Db,
  deps: Pick<AppDeps, 'masterKey' | 'config'>,
  input: OperatorInput<'attachmentLink'>,
): Promise<TPreDownload> {
  return linkTo(db, deps, await mustFindAny(db, input.id), input.fileKey);
}
