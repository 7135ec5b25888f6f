import type { TProduct } from '@tracehub/contract';
import type { Db } from '../../db/client.ts';
import type { TenantContext } from '../../platform/context.ts';
import { decimalText } from '../../platform/decimal.ts';
import { latestChainDetails } from '../../platform/ledger/records.ts';
import { EVIDENCE } from '../../platform/ledger/subjects.ts';
import { currentFootprints } from '../carbon/public.ts';
import { toFootprints } from '../carbon/view.ts';
import { materialsOf, projectNosOf, type ProductRow } from './repo.ts';

type ProductView = Omit<ProductRow, 'enterpriseUuid' | 'createdBy'>;

/**
 * Products as the API shows them, in the given order: their tracing materials, project code, current carbon
 * footprint and the chain detail of their latest change, each fetched for all rows at once.
 */
export async function toProducts(
  db: Db,
  tenant: Pick<TenantContext, 'enterpriseUuid'>,
  rows: readonly ProductView[],
): Promise<TProduct[]> {
  const ids = rows.map((r) => r.id);
  // Asked together: on PostgreSQL a read sends them all before the first answers (db/client.ts readWith).
  const [materials, projectNos, footprints, chains] = await Promise.all([
    materialsOf(db, ids),
    projectNosOf(
      db,
      tenant,
      rows.flatMap((r) => (r.projectCodeId === null ? [] : [r.projectCodeId])),
    ),
    currentFootprints(db, ids).then((current) => toFootprints(db, [...current.values()])),
    latestChainDetails(db, EVIDENCE.productCreated.subjectType, ids.map(String)),
  ]);
  const footprintOf = new Map(footprints.map((f) => [f.productId, f]));
  return rows.map((r) => ({
    id: r.id,
    uuid: r.uuid,
    name: r.name,
    nameEn: r.nameEn,
    code: r.code,
    batchNo: r.batchNo,
    vinSn: r.vinSn,
    spec: r.spec,
    unit: r.unit,
    weight: decimalText(r.weight),
    projectCodeId: r.projectCodeId,
    projectNo: r.projectCodeId === null ? null : (projectNos.get(r.projectCodeId) ?? null),
    did: r.did,
    materials: materials.get(r.id) ?? [],
    carbon: footprintOf.get(r.id) ?? null,
    createdAt: r.createdAt.getTime(),
    updatedAt: r.updatedAt.getTime(),
    chain: chains.get(String(r.id)) ?? null,
  }));
}
