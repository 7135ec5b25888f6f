import { and, eq } from 'drizzle-orm';
import type { TGatewayKey } from '@tracehub/contract';
import type { Db } from '../../db/client.ts';
import { gatewayKeys, users } from '../../db/schema.ts';
import type { TenantContext } from '../../platform/context.ts';
import { isRowId } from '../../platform/ids.ts';
import { creatorJoin as creatorOf } from '../../platform/list-query.ts';

type Tenant = Pick<TenantContext, 'enterpriseUuid'>;

/** What lists and details show of a key: never its sealed secret. */
export const keyColumns = {
  id: gatewayKeys.id,
  appKey: gatewayKeys.appKey,
  name: gatewayKeys.name,
  remark: gatewayKeys.remark,
  status: gatewayKeys.status,
  createdBy: users.username,
  createdAt: gatewayKeys.createdAt,
  lastUsedAt: gatewayKeys.lastUsedAt,
};
export const creatorJoin = creatorOf(gatewayKeys.createdBy);

export type KeyRow = {
  id: number;
  appKey: string;
  name: string;
  remark: string;
  status: 'enabled' | 'disabled';
  createdBy: string;
  createdAt: Date;
  lastUsedAt: Date | null;
};

export const toGatewayKey = (row: KeyRow): TGatewayKey => ({
  ...row,
  createdAt: row.createdAt.getTime(),
  lastUsedAt: row.lastUsedAt?.getTime() ?? null,
});

/** One key of the enterprise; `lock` holds it against a concurrent reset or status change. */
export async function findKey(db: Db, tenant: Tenant, id: number, lock = false): Promise<KeyRow | null> {
  if (!isRowId(id)) return null;
  const where = and(eq(gatewayKeys.enterpriseUuid, tenant.enterpriseUuid), eq(gatewayKeys.id, id));
  if (lock) await db.select({ id: gatewayKeys.id }).from(gatewayKeys).where(where).for('update');
  const [row] = await db
    .select(keyColumns)
    .from(gatewayKeys)
    .innerJoin(creatorJoin.table, creatorJoin.on)
    .where(where)
    .limit(1);
  return row ?? null;
}
