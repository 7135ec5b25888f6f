import { eq } from 'drizzle-orm';
import type { TAddress, TCompanyInfo } from '@tracehub/contract';
import type { Db } from '../../db/client.ts';
import { enterprises } from '../../db/schema.ts';
import { writeAccountLog } from '../../platform/account-log.ts';
import type { RequestMeta, TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import type { EvidenceKeys } from '../../platform/ledger/append.ts';
import { recordCompanyUpdate } from '../../platform/ledger/subjects.ts';

// The user centre's company part (/userCenter/perfrom). Every function takes the tenant transaction: the
// enterprise is always the session's, never one named in a request.

type EnterpriseRow = typeof enterprises.$inferSelect;

function toCompanyInfo(row: EnterpriseRow): TCompanyInfo {
  return {
    enterpriseUuid: row.uuid,
    name: row.name,
    englishName: row.englishName,
    chineseShort: row.chineseShort,
    englishShort: row.englishShort,
    usci: row.usci,
    role: row.role,
    businessAttribute: row.businessAttribute,
    steelAttributes: row.steelAttributes,
    scene: row.scene,
    deploymentMethod: row.deploymentMethod,
    registeredAddress: (row.registeredAddress as TAddress | null) ?? null,
    operationAddress: (row.operationAddress as TAddress | null) ?? null,
    legalPersonName: row.legalPersonName,
    businessTermFrom: row.businessTermFrom,
    businessTermTo: row.businessTermTo,
    did: row.did,
    chainAccount: row.chainAddress,
    certifiedAt: row.certifiedAt?.getTime() ?? null,
    status: row.status,
  };
}

export async function companyInfo(db: Db, tenant: TenantContext): Promise<TCompanyInfo> {
  const [row] = await db
    .select()
    .from(enterprises)
    .where(eq(enterprises.uuid, tenant.enterpriseUuid))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND');
  return toCompanyInfo(row);
}

async function updateCompany(
  db: Db,
  keys: EvidenceKeys,
  tenant: TenantContext,
  meta: RequestMeta,
  changes: Partial<
    Pick<EnterpriseRow, 'registeredAddress' | 'operationAddress' | 'englishName' | 'englishShort'>
  >,
): Promise<TCompanyInfo> {
  const [row] = await db
    .update(enterprises)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(enterprises.uuid, tenant.enterpriseUuid))
    .returning();
  if (!row) throw new AppError('NOT_FOUND');
  // Evidence of the enterprise's own data, in the same tenant transaction.
  await recordCompanyUpdate(db, keys, tenant.enterpriseUuid, changes);
  await writeAccountLog(db, meta, {
    userId: tenant.userId,
    enterpriseUuid: tenant.enterpriseUuid,
    action: 'companyUpdate',
    result: 'success',
    detail: { fields: Object.keys(changes) },
  });
  return toCompanyInfo(row);
}

export const updateAddress = (
  db: Db,
  keys: EvidenceKeys,
  tenant: TenantContext,
  meta: RequestMeta,
  input: { registeredAddress: TAddress; operationAddress: TAddress },
) => updateCompany(db, keys, tenant, meta, input);

export const updateEnglishName = (
  db: Db,
  keys: EvidenceKeys,
  tenant: TenantContext,
  meta: RequestMeta,
  input: { englishName: string; englishShort: string },
) =>
  updateCompany(db, keys, tenant, meta, {
    englishName: input.englishName,
    englishShort: input.englishShort || null,
  });
