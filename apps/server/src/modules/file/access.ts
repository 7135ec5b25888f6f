import { fileAccess, type TFileAccess } from '@tracehub/contract';
import type { Db } from '../../db/client.ts';
import type { SessionContext, TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { assertEndpointAccess } from '../../platform/permissions.ts';
import { fileWithinScope, recordVisible, type FileOwnerRow } from '../../platform/record-access.ts';

/*
 * Who may handle a file (security review, finding 7): the codes of contract fileAccess (the page of the
 * record the file belongs to) and the member's data permission on that record. Every file endpoint goes
 * through here, so that a file key, a rowkey or a bizNo grants nothing by itself.
 */

/** Certification uploads (licence, ID photos): read by the operators who audit them. */
export const CERTIFICATION_BIZ_TYPES: ReadonlySet<string> = new Set(['businessLicence', 'idPhoto']);

/** The tenant view of an enterprise-end session with a selected enterprise, as registerEndpoint builds it. */
export function tenantOfSession(session: SessionContext): TenantContext | null {
  if (session.kind !== 'enterprise' || !session.enterpriseUuid) return null;
  return {
    enterpriseUuid: session.enterpriseUuid,
    userId: session.userId,
    permissions: session.permissions,
    dataScope: session.dataScope,
    unconfigured: session.unconfigured,
  };
}

/**
 * May the caller upload a file of this business type under this bizNo? E1008 when the pair names nothing
 * the type is filed under or the caller lacks the write code (B2030 for an unconfigured page), F1009 when
 * bizNo names no record of the caller's enterprise within its data permission. `db` reads the record.
 */
export async function assertMayUpload(
  db: Db,
  session: SessionContext,
  input: { bizType: string; bizNo?: string | undefined },
): Promise<TFileAccess> {
  const access = fileAccess(input.bizType, input.bizNo);
  if (!access) throw new AppError('FORBIDDEN');
  // Certification uploads and the account's photo precede (or need no) enterprise: they carry no code.
  if (access.write.length === 0 && access.page === null) return access;
  const tenant = tenantOfSession(session);
  if (!tenant) throw new AppError('FORBIDDEN');
  assertEndpointAccess(access.write, tenant);
  if (access.page !== null && access.recordId !== null) {
    if (!(await recordVisible(db, tenant, access.page, access.recordId))) {
      throw new AppError('FILE_RECORD_UNKNOWN');
    }
  }
  return access;
}

/**
 * Whether the caller may read a file (view, download, its evidence's file): false (answered E1003 like an
 * unknown key) for another enterprise's file or one outside the caller's data permission; E1008 (B2030)
 * when the caller's enterprise holds it but the caller lacks its read code. A file of no record (a photo,
 * a licence, a letter) is always its uploader's to read; a record's file follows the record.
 */
export async function mayReadFile(db: Db, session: SessionContext, row: FileOwnerRow): Promise<boolean> {
  const access = fileAccess(row.bizType, row.bizNo);
  if (!access) return false;
  if (session.kind === 'operator') return CERTIFICATION_BIZ_TYPES.has(row.bizType);
  const tenant = tenantOfSession(session);
  if (!tenant) return access.page === null && row.ownerUserId === session.userId;
  return tenantMayRead(db, tenant, row, access);
}

async function tenantMayRead(db: Db, tenant: TenantContext, row: FileOwnerRow, access: TFileAccess) {
  if (access.page === null && row.ownerUserId === tenant.userId) return true;
  if (access.read === null || row.enterpriseUuid !== tenant.enterpriseUuid) return false;
  assertEndpointAccess(access.read, tenant);
  return fileWithinScope(db, tenant, row, access);
}

/** As mayReadFile, throwing E1003 when it answers false. */
export async function assertMayReadFile(db: Db, session: SessionContext, row: FileOwnerRow): Promise<void> {
  if (!(await mayReadFile(db, session, row))) throw new AppError('NOT_FOUND');
}

/** As assertMayReadFile for an enterprise endpoint's caller; `db` is its tenant transaction. */
export async function assertTenantMayReadFile(
  db: Db,
  tenant: TenantContext,
  row: FileOwnerRow,
): Promise<void> {
  const access = fileAccess(row.bizType, row.bizNo);
  if (!access || !(await tenantMayRead(db, tenant, row, access))) throw new AppError('NOT_FOUND');
}

/**
 * May the caller delete an attachment (/file/deleteByRowkey)? E1008 without the write code of its record's
 * page; E1003 when its record lies outside the caller's data permission.
 */
export async function assertMayDelete(db: Db, tenant: TenantContext, row: FileOwnerRow): Promise<void> {
  const access = fileAccess(row.bizType, row.bizNo);
  if (!access || access.page === null) throw new AppError('FORBIDDEN');
  assertEndpointAccess(access.write, tenant);
  if (!(await fileWithinScope(db, tenant, row, access))) throw new AppError('NOT_FOUND');
}
