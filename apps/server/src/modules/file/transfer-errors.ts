import {
  neutraliseFileName,
  type api,
  documentOfFileBizType,
  errorByCode,
  errorMessage,
  ERRORS,
  interpolate,
  type TErrorKey,
  type TFileTransferError,
  type TLang,
  type TParsed,
} from '@tracehub/contract';
import type { Db } from '../../db/client.ts';
import { fileTransferErrors } from '../../db/schema.ts';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { filters, runListQuery } from '../../platform/list-query.ts';
import { withTenant } from '../../platform/tenancy.ts';

/*
 * Failed attachment transfers of documents (spec 2.1 /stage/fileErrorLog): an upload refused for a
 * document type's attachments is kept with its reason, so that the enterprise can see what did not arrive.
 */

/** A refused upload: what was sent, by whom, and the error the request answered. */
export interface RefusedTransfer {
  enterpriseUuid: string | null;
  userId: number;
  bizType: string;
  bizNo: string | undefined;
  fileName: string;
  error: unknown;
  lang: TLang;
}

/** The catalogue entry a refusal answers with: Fastify's "file too large" is F1001, anything unknown E1000. */
function refusalOf(
  error: unknown,
  lang: TLang,
): { code: string; message: string; params: Record<string, string | number> | null } {
  let key: TErrorKey = 'INTERNAL';
  let params: Record<string, string | number> | undefined;
  if (error instanceof AppError) {
    key = error.key;
    params = error.params;
  } else if ((error as { code?: unknown } | null)?.code === 'FST_REQ_FILE_TOO_LARGE') {
    key = 'FILE_TOO_LARGE';
  }
  return { code: ERRORS[key].code, message: errorMessage(key, lang, params), params: params ?? null };
}

/**
 * Records a refused upload of a document's attachment in a transaction of its own, so the record stays
 * although the request fails. Uploads of other business types, or without an enterprise, are not kept.
 */
export async function recordRefusedTransfer(db: Db, refused: RefusedTransfer): Promise<boolean> {
  const type = documentOfFileBizType(refused.bizType);
  if (!type || !refused.enterpriseUuid) return false;
  const { code, message, params } = refusalOf(refused.error, refused.lang);
  const tenant = { enterpriseUuid: refused.enterpriseUuid, userId: refused.userId };
  await withTenant(db, tenant, (tx) =>
    tx.insert(fileTransferErrors).values({
      enterpriseUuid: tenant.enterpriseUuid,
      bizType: refused.bizType,
      billType: type.stage,
      bizNo: refused.bizNo ?? '',
      fileName: neutraliseFileName(refused.fileName),
      errorCode: code,
      errorMsg: message,
      errorParams: params,
      createdBy: refused.userId,
    }),
  );
  return true;
}

/** A refusal's message in the reader's language (the recorded one for a code the catalogue no longer has). */
function messageIn(
  lang: TLang,
  row: { errorCode: string; errorMsg: string; errorParams: Record<string, string | number> | null },
) {
  const def = errorByCode(row.errorCode);
  return def ? interpolate(def[lang], row.errorParams ?? undefined) : row.errorMsg;
}

/** The enterprise's refused transfers (its members' own, with the 'account' data permission). */
export async function listRefusedTransfers(
  db: Db,
  tenant: TenantContext,
  input: TParsed<typeof api.fileErrorLog.page>,
  lang: TLang,
): Promise<{ list: TFileTransferError[]; total: number }> {
  const t = fileTransferErrors;
  const page = await runListQuery(db, {
    table: t,
    tenantColumn: t.enterpriseUuid,
    ownerColumn: t.createdBy,
    tenant,
    select: {
      id: t.id,
      bizType: t.bizType,
      billType: t.billType,
      bizNo: t.bizNo,
      fileName: t.fileName,
      errorCode: t.errorCode,
      errorMsg: t.errorMsg,
      errorParams: t.errorParams,
      createdAt: t.createdAt,
    },
    where: [
      filters.eq(t.bizType, input.bizType),
      filters.eq(t.billType, input.billType),
      filters.contains(t.fileName, input.fileName),
      filters.from(t.createdAt, input.createdFrom),
      filters.to(t.createdAt, input.createdTo),
    ],
    sortable: { createdAt: t.createdAt },
    defaultSort: { column: t.createdAt, order: 'desc' },
    tieBreak: t.id,
    page: input,
  });
  return {
    list: page.list.map(({ errorParams, ...row }) => ({
      ...row,
      errorMsg: messageIn(lang, { ...row, errorParams }),
      createdAt: row.createdAt.getTime(),
    })),
    total: page.total,
  };
}
