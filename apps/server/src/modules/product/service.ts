import { randomUUID } from 'node:crypto';
import type {
  api,
  TLang,
  TListResponse,
  TParsed,
  TProduct,
  TProductCreate,
  TProductMaterial,
  TProductOption,
  TProjectOption,
} from '@tracehub/contract';
import type { Db } from '../../db/client.ts';
import type { TenantContext } from '../../platform/context.ts';
import { uniqueAsError } from '../../platform/db-errors.ts';
import { decimalInput, decimalText } from '../../platform/decimal.ts';
import { AppError, fieldInvalid } from '../../platform/errors.ts';
import { materialOptions } from '../material/public.ts';
import { encodeKey } from '../../platform/imports/importer.ts';
import { existingNaturalKeys } from '../../platform/imports/natural-keys.ts';
import { appendEvidence, appendEvidenceBatch, type EvidenceKeys } from '../../platform/ledger/append.ts';
import { EVIDENCE } from '../../platform/ledger/subjects.ts';
import { runListQuery } from '../../platform/list-query.ts';
import { assertNotReferenced } from '../../platform/references.ts';
import { deleteFootprintsOf } from '../carbon/public.ts';
import { productEvidence } from './evidence.ts';
import {
  deleteProductRows,
  enterpriseDid,
  enterpriseMaterialIds,
  PRODUCT_KEY,
  findProduct,
  findProducts,
  insertProductMaterials,
  insertProducts,
  materialIdsOf,
  productKey,
  productListQuery,
  productOptionsQuery,
  projectNosOf,
  projectOptions,
  setProductMaterials,
  updateProductRow,
  type ProductRow,
  type ProductValues,
} from './repo.ts';
import { toProducts } from './view.ts';

// Products (/basicData/product). Every function takes the tenant transaction; each change is recorded as
// evidence in it, so there is never a change without its evidence or the reverse.

type Input<K extends keyof typeof api.product> = TParsed<(typeof api.product)[K]>;

const UNIQUE_KEY = 'products_enterprise_code_batch_vin_uq';

/** The product DID: the enterprise's DID URL with the path /products/<uuid> (null before certification). */
export const productDid = (enterprise: string | null, uuid: string): string | null =>
  enterprise ? `${enterprise}/products/${uuid}` : null;

async function mustFind(db: Db, tenant: TenantContext, id: number): Promise<ProductRow> {
  const row = await findProduct(db, tenant, id);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** A concurrent request that won the unique index is the same duplicate as one found before. */
const duplicateAsExists = <T>(write: () => Promise<T>) =>
  uniqueAsError(write, { [UNIQUE_KEY]: 'PRODUCT_EXISTS' });

export function productValues(input: Omit<TProductCreate, 'materialIds'>): ProductValues {
  return {
    name: input.name,
    nameEn: input.nameEn,
    code: input.code,
    batchNo: input.batchNo,
    vinSn: input.vinSn,
    spec: input.spec,
    unit: input.unit,
    weight: decimalInput(input.weight),
    projectCodeId: input.projectCodeId ?? null,
  };
}

/**
 * The project code and tracing materials of a request must be the enterprise's own: another enterprise's
 * ids are refused like unknown ones (E1001 on the field). Answers the project code's code.
 */
async function checkReferences(
  db: Db,
  tenant: TenantContext,
  input: Pick<TProductCreate, 'projectCodeId' | 'materialIds'>,
  lang: TLang,
): Promise<string | null> {
  let projectNo: string | null = null;
  if (input.projectCodeId !== null && input.projectCodeId !== undefined) {
    projectNo = (await projectNosOf(db, tenant, [input.projectCodeId])).get(input.projectCodeId) ?? null;
    if (projectNo === null) throw fieldInvalid(lang, 'projectCodeId', 'v.product.projectInvalid');
  }
  const own = await enterpriseMaterialIds(db, tenant, input.materialIds);
  if (input.materialIds.some((id) => !own.has(id))) {
    throw fieldInvalid(lang, 'materialIds', 'v.product.materialsInvalid');
  }
  return projectNo;
}

async function assertKeyFree(db: Db, tenant: TenantContext, values: ProductValues): Promise<void> {
  const found = await existingNaturalKeys(db, tenant.enterpriseUuid, PRODUCT_KEY, [productKey(values)]);
  if (found.length > 0) throw new AppError('PRODUCT_EXISTS');
}

const detailOf = async (db: Db, tenant: TenantContext, row: ProductRow): Promise<TProduct> =>
  (await toProducts(db, tenant, [row]))[0]!;

export async function pageProducts(
  db: Db,
  tenant: TenantContext,
  req: Input<'selectProductInfo'>,
): Promise<TListResponse<TProduct>> {
  const { list, total } = await runListQuery(db, productListQuery(tenant, req));
  return { list: await toProducts(db, tenant, list), total };
}

export async function productDetail(db: Db, tenant: TenantContext, id: number): Promise<TProduct> {
  return detailOf(db, tenant, await mustFind(db, tenant, id));
}

export async function addProduct(
  db: Db,
  keys: EvidenceKeys,
  tenant: TenantContext,
  input: Input<'addProduct'>,
  lang: TLang,
): Promise<TProduct> {
  const projectNo = await checkReferences(db, tenant, input, lang);
  const values = productValues(input);
  await assertKeyFree(db, tenant, values);
  const uuid = randomUUID();
  const did = productDid(await enterpriseDid(db, tenant), uuid);
  const [row] = await duplicateAsExists(() => insertProducts(db, tenant, [{ ...values, uuid, did }]));
  await insertProductMaterials(
    db,
    tenant,
    input.materialIds.map((materialId) => ({ productId: row!.id, materialId })),
  );
  await appendEvidence(
    db,
    keys,
    productEvidence(EVIDENCE.productCreated, row!, { projectNo, materialIds: input.materialIds }),
  );
  return detailOf(db, tenant, row!);
}

const sameIds = (a: readonly number[], b: readonly number[]) => {
  const sorted = (ids: readonly number[]) => [...ids].sort((x, y) => x - y).join(',');
  return sorted(a) === sorted(b);
};

/** Replaces every field and the tracing materials. Nothing changed: nothing recorded. */
export async function editProduct(
  db: Db,
  keys: EvidenceKeys,
  tenant: TenantContext,
  input: Input<'updateProduct'>,
  lang: TLang,
): Promise<TProduct> {
  const current = await mustFind(db, tenant, input.id);
  const projectNo = await checkReferences(db, tenant, input, lang);
  const values = productValues(input);
  const before = (await materialIdsOf(db, [current.id])).get(current.id) ?? [];
  const unchanged =
    (Object.keys(values) as (keyof ProductValues)[]).every((k) =>
      k === 'weight' ? decimalText(current.weight) === values.weight : current[k] === values[k],
    ) && sameIds(before, input.materialIds);
  if (unchanged) return detailOf(db, tenant, current);
  if (encodeKey(productKey(current)) !== encodeKey(productKey(values)))
    await assertKeyFree(db, tenant, values);
  const row = await duplicateAsExists(() => updateProductRow(db, tenant, current.id, values));
  if (!row) throw new AppError('NOT_FOUND');
  if (!sameIds(before, input.materialIds)) await setProductMaterials(db, tenant, row.id, input.materialIds);
  await appendEvidence(
    db,
    keys,
    productEvidence(EVIDENCE.productUpdated, row, { projectNo, materialIds: input.materialIds }),
  );
  return detailOf(db, tenant, row);
}

/**
 * Deletes products no business data references (spec 8), all or none, with their tracing materials and
 * carbon footprints, and records each deletion. Answers how many were deleted.
 */
export async function removeProducts(
  db: Db,
  keys: EvidenceKeys,
  tenant: TenantContext,
  ids: readonly number[],
): Promise<number> {
  const unique = [...new Set(ids)];
  const rows = await findProducts(db, tenant, unique);
  if (rows.length !== unique.length) throw new AppError('NOT_FOUND');
  await assertNotReferenced(db, tenant, 'product', rows);
  const materialIds = await materialIdsOf(
    db,
    rows.map((r) => r.id),
  );
  const projectNos = await projectNosOf(
    db,
    tenant,
    rows.flatMap((r) => (r.projectCodeId === null ? [] : [r.projectCodeId])),
  );
  await deleteFootprintsOf(db, tenant, unique);
  const deleted = await deleteProductRows(db, tenant, unique);
  if (deleted.length !== unique.length) throw new AppError('NOT_FOUND');
  await appendEvidenceBatch(
    db,
    keys,
    deleted.map((row) =>
      productEvidence(EVIDENCE.productDeleted, row, {
        projectNo: row.projectCodeId === null ? null : (projectNos.get(row.projectCodeId) ?? null),
        materialIds: materialIds.get(row.id) ?? [],
      }),
    ),
  );
  return deleted.length;
}

export function projectNoOptions(db: Db, tenant: TenantContext): Promise<TProjectOption[]> {
  return projectOptions(db, tenant);
}

export function materialPickerOptions(
  db: Db,
  tenant: TenantContext,
  query: Input<'materialOptions'>,
): Promise<TProductMaterial[]> {
  // Tracing materials may be of either nature: the materials module's picker query of both.
  return materialOptions(db, tenant, null, query);
}

export async function productPickerPage(
  db: Db,
  tenant: TenantContext,
  req: Input<'getProductList'>,
): Promise<TListResponse<TProductOption>> {
  return runListQuery(db, productOptionsQuery(tenant, req));
}
