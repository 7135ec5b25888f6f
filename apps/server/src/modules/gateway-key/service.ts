import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { TGatewayKey, TGatewayKeySecret, TParsed, api } from '@tracehub/contract';
import type { Db } from '../../db/client.ts';
import { gatewayKeys } from '../../db/schema.ts';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { encryptSecret } from '../../platform/keys.ts';
import { filters, runListQuery } from '../../platform/list-query.ts';
import { creatorJoin, findKey, keyColumns, toGatewayKey, type KeyRow } from './repo.ts';

type Input<K extends keyof typeof api.gatewayKey> = TParsed<(typeof api.gatewayKey)[K]>;

/** The public id: 32 hex characters. */
const newAppKey = (): string => randomBytes(16).toString('hex');
/** The APPSecret: 32 random bytes, base64url (43 characters); its UTF-8 text is the HMAC key. */
export const newAppSecret = (): string => randomBytes(32).toString('base64url');

export async function pageKeys(db: Db, tenant: TenantContext, req: Input<'page'>) {
  const { list, total } = await runListQuery(db, {
    table: gatewayKeys,
    joins: [creatorJoin],
    select: keyColumns,
    tenantColumn: gatewayKeys.enterpriseUuid,
    tenant,
    where: [filters.contains(gatewayKeys.name, req.name), filters.eq(gatewayKeys.status, req.status)],
    sortable: {
      name: gatewayKeys.name,
      createdAt: gatewayKeys.createdAt,
      lastUsedAt: gatewayKeys.lastUsedAt,
    },
    defaultSort: { column: gatewayKeys.createdAt, order: 'desc' },
    tieBreak: gatewayKeys.id,
    page: req,
  });
  return { list: (list as KeyRow[]).map(toGatewayKey), total };
}

async function mustFindKey(db: Db, tenant: TenantContext, id: number, lock = false): Promise<KeyRow> {
  const row = await findKey(db, tenant, id, lock);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

export const keyDetail = async (db: Db, tenant: TenantContext, id: number): Promise<TGatewayKey> =>
  toGatewayKey(await mustFindKey(db, tenant, id));

/** A new key acting as the caller; the answer is the only one that holds its secret. */
export async function addKey(
  db: Db,
  masterKey: Buffer,
  tenant: TenantContext,
  input: Input<'add'>,
): Promise<TGatewayKeySecret> {
  const appSecret = newAppSecret();
  const [created] = await db
    .insert(gatewayKeys)
    .values({
      enterpriseUuid: tenant.enterpriseUuid,
      appKey: newAppKey(),
      secretCiphertext: encryptSecret(masterKey, Buffer.from(appSecret, 'utf8')),
      name: input.name,
      remark: input.remark,
      createdBy: tenant.userId,
    })
    .returning({ id: gatewayKeys.id });
  return { ...(await keyDetail(db, tenant, created!.id)), appSecret };
}

/** A new secret for a key: the old one fails from now on. */
export async function resetKey(
  db: Db,
  masterKey: Buffer,
  tenant: TenantContext,
  id: number,
): Promise<TGatewayKeySecret> {
  await mustFindKey(db, tenant, id, true);
  const appSecret = newAppSecret();
  await db
    .update(gatewayKeys)
    .set({
      secretCiphertext: encryptSecret(masterKey, Buffer.from(appSecret, 'utf8')),
      updatedAt: new Date(),
    })
    .where(and(eq(gatewayKeys.enterpriseUuid, tenant.enterpriseUuid), eq(gatewayKeys.id, id)));
  return { ...(await keyDetail(db, tenant, id)), appSecret };
}

export async function updateKeyStatus(
  db: Db,
  tenant: TenantContext,
  input: Input<'updateStatus'>,
): Promise<TGatewayKey> {
  await mustFindKey(db, tenant, input.id, true);
  await db
    .update(gatewayKeys)
    .set({ status: input.status, updatedAt: new Date() })
    .where(and(eq(gatewayKeys.enterpriseUuid, tenant.enterpriseUuid), eq(gatewayKeys.id, input.id)));
  return keyDetail(db, tenant, input.id);
}
