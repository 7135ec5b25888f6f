import {
  LINKABLE_KINDS,
  type TLinkCandidate,
  type TListResponse,
  type TMaterialRelation,
  type TOwnItem,
  type TOwnItemKind,
  type TParsed,
  type TPartnerOption,
  type TRelationDirection,
  type TMaterialRelationEndpoints,
} from '@tracehub/contract';
import type { Db } from '../../db/client.ts';
import type { TenantContext } from '../../platform/context.ts';
import { uniqueAsError } from '../../platform/db-errors.ts';
import { existingNaturalKeys } from '../../platform/imports/natural-keys.ts';
import { AppError } from '../../platform/errors.ts';
import { appendEvidence, appendEvidenceBatch, type EvidenceKeys } from '../../platform/ledger/append.ts';
import { latestChainDetails } from '../../platform/ledger/records.ts';
import {
  EVIDENCE,
  materialRelationEvidence,
  type MaterialRelationEvidenceRow,
} from '../../platform/ledger/subjects.ts';
import { runListQuery } from '../../platform/list-query.ts';
import { assertNotReferenced } from '../../platform/references.ts';
import { findPartner, partnerChoices, partnersOfEnterprise, type PartnerRow } from '../partner/public.ts';
import { refreshSettlement } from '../partner/settlement.ts';
import { linkableItem, ownItemsByRef, ownRef, pageCandidates } from './own-items.ts';
import {
  deleteRelations,
  relationKeyAt,
  findRelations,
  insertRelations,
  relationListQuery,
  updateRelation,
  type RelationRow,
} from './repo.ts';

// Material code mappings of one direction (/basicData/materialRelation for suppliers,
// /basicData/custommaterialRelation for clients). Every function takes the tenant transaction; each change,
// link and unlink is recorded as evidence in it.

type Input<K extends keyof TMaterialRelationEndpoints> = TParsed<TMaterialRelationEndpoints[K]>;

const UNIQUE_MAPPING = 'material_relations_uq';
/** The most partners the mapping form offers at once (it searches by keyword for more). */
const PARTNER_OPTIONS_MAX = 100;

/** A concurrent request that won the unique index is the same duplicate as one found before. */
const duplicateAsExists = <T>(write: () => Promise<T>) =>
  uniqueAsError(write, { [UNIQUE_MAPPING]: 'MATERIAL_RELATION_EXISTS' });

async function mustFind(
  db: Db,
  tenant: TenantContext,
  direction: TRelationDirection,
  id: number,
): Promise<RelationRow> {
  const [row] = await findRelations(db, tenant, direction, [id]);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** The caller's partner of the direction's type, or B2062. */
async function mustFindPartner(
  db: Db,
  tenant: TenantContext,
  direction: TRelationDirection,
  id: number,
): Promise<PartnerRow> {
  const partner = await findPartner(db, tenant, id);
  if (!partner || partner.partnerType !== direction) throw new AppError('PARTNER_UNKNOWN');
  return partner;
}

async function assertFree(
  db: Db,
  tenant: TenantContext,
  direction: TRelationDirection,
  pair: { partnerCode: string; partnerMaterialNo: string },
): Promise<void> {
  const key = [pair.partnerCode, pair.partnerMaterialNo];
  if ((await existingNaturalKeys(db, tenant.enterpriseUuid, relationKeyAt(direction), [key])).length > 0) {
    throw new AppError('MATERIAL_RELATION_EXISTS');
  }
}

const linkedRef = (row: RelationRow) =>
  row.materialId
    ? ownRef('material', row.materialId)
    : row.productId
      ? ownRef('product', row.productId)
      : null;

/** The evidence of a mapping with its own side as the payload names it. */
function evidenceRow(row: RelationRow, own: TOwnItem | null): MaterialRelationEvidenceRow {
  return {
    ...row,
    own: own
      ? { kind: own.kind, id: own.id, code: own.code, name: own.name, batchNo: own.batchNo, vinSn: own.vinSn }
      : null,
  };
}

/**
 * The rows as the API shows them: each with its linked own item, its partner's settlement (refreshed, one
 * look-up) and DID, and the chain detail of its latest evidence.
 */
async function presentRelations(
  db: Db,
  tenant: TenantContext,
  rows: readonly RelationRow[],
): Promise<TMaterialRelation[]> {
  const own = await ownItemsByRef(db, tenant, rows);
  const named = await partnersOfEnterprise(
    db,
    tenant,
    rows.flatMap((r) => (r.partnerId ? [r.partnerId] : [])),
  );
  const { rows: partners, enterprises } = await refreshSettlement(db, tenant, named);
  const partnerOf = new Map(partners.map((p) => [p.id, p]));
  const chains = await latestChainDetails(
    db,
    EVIDENCE.materialRelationCreated.subjectType,
    rows.map((r) => String(r.id)),
  );
  return rows.map((r) => {
    const partner = r.partnerId ? partnerOf.get(r.partnerId) : undefined;
    const certified = partner?.partnerEnterpriseUuid ? enterprises.get(partner.usci) : undefined;
    const ref = linkedRef(r);
    return {
      id: r.id,
      direction: r.direction,
      partnerId: r.partnerId,
      partnerCode: r.partnerCode,
      partnerName: r.partnerName,
      partnerNameEn: partner?.nameEn || null,
      partnerSettled: certified !== undefined,
      partnerDid: certified?.did ?? null,
      partnerMaterialNo: r.partnerMaterialNo,
      partnerMaterialName: r.partnerMaterialName,
      notes: r.notes,
      own: ref ? (own.get(ref) ?? null) : null,
      createdAt: r.createdAt.getTime(),
      updatedAt: r.updatedAt.getTime(),
      chain: chains.get(String(r.id)) ?? null,
    };
  });
}

const detailOf = async (db: Db, tenant: TenantContext, row: RelationRow) =>
  (await presentRelations(db, tenant, [row]))[0]!;

async function ownOf(db: Db, tenant: TenantContext, row: RelationRow): Promise<TOwnItem | null> {
  const ref = linkedRef(row);
  return ref ? ((await ownItemsByRef(db, tenant, [row])).get(ref) ?? null) : null;
}

export async function pageRelations(
  db: Db,
  tenant: TenantContext,
  direction: TRelationDirection,
  req: Input<'page'>,
): Promise<TListResponse<TMaterialRelation>> {
  const { list, total } = await runListQuery(db, relationListQuery(tenant, direction, req));
  return { list: await presentRelations(db, tenant, list), total };
}

export async function relationDetail(
  db: Db,
  tenant: TenantContext,
  direction: TRelationDirection,
  id: number,
): Promise<TMaterialRelation> {
  return detailOf(db, tenant, await mustFind(db, tenant, direction, id));
}

export async function addRelation(
  db: Db,
  keys: EvidenceKeys,
  tenant: TenantContext,
  direction: TRelationDirection,
  input: Input<'add'>,
): Promise<TMaterialRelation> {
  const partner = await mustFindPartner(db, tenant, direction, input.partnerId);
  await assertFree(db, tenant, direction, { partnerCode: partner.code, ...input });
  const [row] = await duplicateAsExists(() =>
    insertRelations(db, tenant, direction, [
      {
        partnerId: partner.id,
        partnerCode: partner.code,
        partnerName: partner.name,
        partnerMaterialNo: input.partnerMaterialNo,
        partnerMaterialName: input.partnerMaterialName,
        notes: input.notes,
      },
    ]),
  );
  await appendEvidence(
    db,
    keys,
    materialRelationEvidence(EVIDENCE.materialRelationCreated, evidenceRow(row!, null)),
  );
  return detailOf(db, tenant, row!);
}

/** Changes the partner, material number, name or notes; the link stays. Nothing changed: nothing recorded. */
export async function editRelation(
  db: Db,
  keys: EvidenceKeys,
  tenant: TenantContext,
  direction: TRelationDirection,
  input: Input<'update'>,
): Promise<TMaterialRelation> {
  const current = await mustFind(db, tenant, direction, input.id);
  const partner =
    current.partnerId === input.partnerId
      ? { id: current.partnerId, code: current.partnerCode, name: current.partnerName }
      : await mustFindPartner(db, tenant, direction, input.partnerId);
  const changes = {
    partnerId: partner.id,
    partnerCode: partner.code,
    partnerName: partner.name,
    partnerMaterialNo: input.partnerMaterialNo,
    partnerMaterialName: input.partnerMaterialName,
    notes: input.notes,
  };
  const same = (Object.keys(changes) as (keyof typeof changes)[]).every((k) => current[k] === changes[k]);
  if (same) return detailOf(db, tenant, current);
  if (
    current.partnerCode !== changes.partnerCode ||
    current.partnerMaterialNo !== changes.partnerMaterialNo
  ) {
    await assertFree(db, tenant, direction, changes);
  }
  const row = await duplicateAsExists(() => updateRelation(db, tenant, direction, current.id, changes));
  if (!row) throw new AppError('NOT_FOUND');
  const own = await ownOf(db, tenant, row);
  await appendEvidence(
    db,
    keys,
    materialRelationEvidence(EVIDENCE.materialRelationUpdated, evidenceRow(row, own)),
  );
  return detailOf(db, tenant, row);
}

/** Deletes mappings that business data does not reference, all or none, and records each deletion. */
export async function removeRelations(
  db: Db,
  keys: EvidenceKeys,
  tenant: TenantContext,
  direction: TRelationDirection,
  ids: readonly number[],
): Promise<number> {
  const found = await findRelations(db, tenant, direction, ids);
  if (found.length !== new Set(ids).size) throw new AppError('NOT_FOUND');
  await assertNotReferenced(
    db,
    tenant,
    'materialRelation',
    found.map((r) => ({ id: r.id, code: r.partnerMaterialNo })),
  );
  const own = await ownItemsByRef(db, tenant, found);
  const deleted = await deleteRelations(
    db,
    tenant,
    direction,
    found.map((r) => r.id),
  );
  if (deleted.length !== found.length) throw new AppError('NOT_FOUND');
  await appendEvidenceBatch(
    db,
    keys,
    deleted.map((row) => {
      const ref = linkedRef(row);
      return materialRelationEvidence(
        EVIDENCE.materialRelationDeleted,
        evidenceRow(row, ref ? (own.get(ref) ?? null) : null),
      );
    }),
  );
  return deleted.length;
}

export async function partnerOptions(
  db: Db,
  tenant: TenantContext,
  direction: TRelationDirection,
  keyword: string | undefined,
): Promise<TPartnerOption[]> {
  const rows = await partnerChoices(db, tenant, direction, keyword, PARTNER_OPTIONS_MAX);
  return rows.map((r) => ({
    id: r.id,
    code: r.code,
    name: r.name,
    nameEn: r.nameEn,
    settled: r.partnerEnterpriseUuid !== null,
  }));
}

function kindOf(direction: TRelationDirection, kind: TOwnItemKind | undefined): TOwnItemKind {
  const allowed = LINKABLE_KINDS[direction];
  const chosen = kind ?? allowed[0]!;
  if (!allowed.includes(chosen)) throw new AppError('MATERIAL_RELATION_TARGET_INVALID');
  return chosen;
}

/** The link page: the mapping's candidates of one kind, each marked when the mapping is linked to it. */
export async function linkCandidates(
  db: Db,
  tenant: TenantContext,
  direction: TRelationDirection,
  req: Input<'candidates'>,
): Promise<TListResponse<TLinkCandidate>> {
  const mapping = await mustFind(db, tenant, direction, req.id);
  const kind = kindOf(direction, req.kind);
  const { list, total } = await pageCandidates(db, tenant, direction, { ...req, kind });
  const linked = linkedRef(mapping);
  return { list: list.map((item) => ({ ...item, linked: ownRef(item.kind, item.id) === linked })), total };
}

/** Links the mapping to one own item, replacing its link; the same link again changes nothing. */
export async function linkRelation(
  db: Db,
  keys: EvidenceKeys,
  tenant: TenantContext,
  direction: TRelationDirection,
  input: Input<'link'>,
): Promise<TMaterialRelation> {
  const current = await mustFind(db, tenant, direction, input.id);
  const target = await linkableItem(db, tenant, direction, input.kind, input.targetId);
  if (!target) throw new AppError('MATERIAL_RELATION_TARGET_INVALID');
  if (linkedRef(current) === ownRef(target.kind, target.id)) return detailOf(db, tenant, current);
  const row = await updateRelation(db, tenant, direction, current.id, {
    materialId: target.kind === 'material' ? target.id : null,
    productId: target.kind === 'product' ? target.id : null,
  });
  if (!row) throw new AppError('NOT_FOUND');
  await appendEvidence(
    db,
    keys,
    materialRelationEvidence(EVIDENCE.materialRelationLinked, evidenceRow(row, target)),
  );
  return detailOf(db, tenant, row);
}

/** Removes the mapping's link; an unlinked mapping stays as it is. */
export async function unlinkRelation(
  db: Db,
  keys: EvidenceKeys,
  tenant: TenantContext,
  direction: TRelationDirection,
  id: number,
): Promise<TMaterialRelation> {
  const current = await mustFind(db, tenant, direction, id);
  if (!linkedRef(current)) return detailOf(db, tenant, current);
  const row = await updateRelation(db, tenant, direction, current.id, { materialId: null, productId: null });
  if (!row) throw new AppError('NOT_FOUND');
  await appendEvidence(
    db,
    keys,
    materialRelationEvidence(EVIDENCE.materialRelationUnlinked, evidenceRow(row, null)),
  );
  return detailOf(db, tenant, row);
}
